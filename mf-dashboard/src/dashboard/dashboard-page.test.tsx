import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cadence/shared-router';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import DashboardPage from './dashboard-page.tsx';
import { screens } from './section-screens.ts';

function renderDashboard(path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/*" element={<DashboardPage />} />
        <Route path="*" element={<p>outside the dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const sectionNav = () => screen.getByRole('navigation', { name: 'Dashboard sections' });

// Each section's screen is its own chunk; importing them all once here (a cold import of a screen and
// its libraries can outlast findBy's wait on a busy machine) leaves each test the rendering.
beforeAll(async () => {
  await Promise.all(Object.values(screens).map((screen) => screen.prefetch()));
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DashboardPage (spec §2 Dashboard, one route per section)', () => {
  it('lists the sections as links — the spec’s five, plus Today, Inbox, Reports and Practice — without Notifications; /dashboard is Today', async () => {
    renderDashboard();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Dashboard']);
    const links = within(sectionNav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Today', 'Inbox', 'Clients', 'Schedule', 'Payments', 'All Sessions', 'All Transactions', 'Reports', 'Practice',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard', '/dashboard/inbox', '/dashboard/clients', '/dashboard/schedule', '/dashboard/payments', '/dashboard/sessions',
      '/dashboard/transactions', '/dashboard/reports', '/dashboard/practice',
    ]);
    expect(screen.queryByText(/Notifications/)).toBeNull();
    // Each section's screen is its own chunk, loaded with its route.
    expect(await screen.findByRole('heading', { level: 2, name: 'Today' }, { timeout: 5000 })).toBeVisible();
    expect(within(sectionNav()).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/dashboard/payments', 'Payments', 'Record what clients pay, and see who owes what.'],
    ['/dashboard/reports', 'Reports', 'Income, sessions, fees by service and what clients owe — each as a table you can download or print.'],
    ['/dashboard/transactions/', 'All Transactions', 'Every charge, payment, adjustment and refund. Choose a client to see their balance after each entry.'],
  ])('a deep link to %s opens that section, marked current', async (path, label, text) => {
    renderDashboard(path);
    expect(await screen.findByRole('heading', { name: label }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(text)).toBeVisible();
    expect(within(sectionNav()).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    expect(within(sectionNav()).getByRole('link', { name: 'Today' })).not.toHaveAttribute('aria-current');
  });

  it('moves between sections by click and from the keyboard', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(within(sectionNav()).getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'Payments' }, { timeout: 5000 })).toBeVisible();
    expect(within(sectionNav()).getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');

    within(sectionNav()).getByRole('link', { name: 'All Transactions' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'All Transactions' }, { timeout: 5000 })).toBeVisible();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Reports' }, { timeout: 5000 })).toBeVisible();
  });

  it('a path under /dashboard that no section owns says so, with the way back', () => {
    renderDashboard('/dashboard/nope');
    expect(screen.getByRole('heading', { level: 2, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Today' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows no promo banner on a desktop device', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    );
    renderDashboard();
    expect(screen.queryByText('Get the Cadence App')).toBeNull();
  });
});

describe('mobile section nav (spec §2: sticky after scrolling)', () => {
  it('is pinned once the page has scrolled past its place, and released when scrolled back', async () => {
    let slotTop = 120;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.classList.contains('dash-nav-slot') ? slotTop : 0;
      return DOMRect.fromRect({ x: 0, y: top, width: 100, height: 40 });
    });
    renderDashboard();
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(nav.className).not.toContain('dash-nav--stuck');

    slotTop = -200;
    fireEvent.scroll(window);
    await waitFor(() => expect(nav.className).toContain('dash-nav--stuck'));

    slotTop = 120;
    fireEvent.scroll(window);
    await waitFor(() => expect(nav.className).not.toContain('dash-nav--stuck'));
  });
});
