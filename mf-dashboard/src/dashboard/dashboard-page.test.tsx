import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardPage from './dashboard-page.tsx';

function renderDashboard() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <DashboardPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DashboardPage (spec §2 Dashboard)', () => {
  it('lists the five sections, without Notifications, and opens on Clients (under construction)', () => {
    renderDashboard();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Dashboard']);
    const nav = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Clients',
      'Schedule',
      'Payments',
      'All Sessions',
      'All Transactions',
    ]);
    expect(screen.queryByText(/Notifications/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Clients' })).toBeVisible();
    expect(screen.getByText(/under construction/)).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Clients' }).getAttribute('aria-current')).toBe('true');
  });

  it('shows the selected section, by click and from the keyboard', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole('button', { name: 'Payments' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Payments' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Clients' }).getAttribute('aria-current')).toBeNull();

    screen.getByRole('button', { name: 'All Sessions' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { level: 2, name: 'All Sessions' })).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('heading', { level: 2, name: 'All Transactions' })).toBeVisible();
    expect(screen.getByText('A complete history of your transactions will be listed here.')).toBeVisible();
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
