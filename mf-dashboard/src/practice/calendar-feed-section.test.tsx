// The Calendar feed card (issue 14) as a therapist meets it: create a link (shown once, with Copy and
// how to subscribe), replace it and revoke it after a confirmation; failures say so and keep what
// was there. The calls themselves run over HTTP against the local Appwrite in
// backend/test/calendar-feed.test.ts and e2e/tests/reminders-and-feed.spec.ts.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { createCalendarFeed } from './api/create-calendar-feed.ts';
import { getCalendarFeed } from './api/get-calendar-feed.ts';
import { revokeCalendarFeed } from './api/revoke-calendar-feed.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';

vi.mock('./api/get-calendar-feed.ts', () => ({ getCalendarFeed: vi.fn() }));
vi.mock('./api/create-calendar-feed.ts', () => ({ createCalendarFeed: vi.fn() }));
vi.mock('./api/revoke-calendar-feed.ts', () => ({ revokeCalendarFeed: vi.fn() }));

const URL_ONE = 'https://feeds.example/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_TWO = 'https://feeds.example/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

function renderSection() {
  useAuthStore.setState({ user: { $id: 'therapist1', name: 'Ada Lovelace', email: 'ada@example.test' } as AuthUser, status: 'signedIn' });
  return render(
    <QueryProvider>
      <CalendarFeedSection />
    </QueryProvider>,
  );
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('Calendar feed', () => {
  it('creates a link, shows it once with Copy and how to subscribe', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    vi.mocked(getCalendarFeed).mockResolvedValue(null);
    vi.mocked(createCalendarFeed).mockResolvedValue({ url: URL_ONE, createdAt: '2026-11-26T06:00:00.000+00:00' });
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    const link = await screen.findByRole('textbox', { name: 'Calendar link' });
    expect(link).toHaveValue(URL_ONE);
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByText(/shown only this once/)).toBeVisible();
    expect(screen.getByText('Google Calendar')).toBeVisible();
    expect(screen.getByText('Apple Calendar')).toBeVisible();
    expect(screen.getByText('Outlook')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(URL_ONE);
    expect(await screen.findByText('Link copied.')).toBeVisible();
  });

  it('an existing link is not shown again; Create new link asks first and shows the new one', async () => {
    const user = userEvent.setup();
    vi.mocked(getCalendarFeed).mockResolvedValue({ createdAt: '2026-11-20T12:00:00.000+00:00' });
    vi.mocked(createCalendarFeed).mockResolvedValue({ url: URL_TWO, createdAt: '2026-11-26T06:00:00.000+00:00' });
    renderSection();

    expect(await screen.findByText(/Your calendar link is active \(created Fri, Nov 20, 2026\)/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Calendar link' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create new link' }));
    const dialog = screen.getByRole('dialog', { name: 'Create a new calendar link?' });
    expect(within(dialog).getByText(/current link stops working at once/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Create new link' }));
    expect(await screen.findByRole('textbox', { name: 'Calendar link' })).toHaveValue(URL_TWO);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Revoke asks, then the link is gone and Create link comes back', async () => {
    const user = userEvent.setup();
    vi.mocked(getCalendarFeed).mockResolvedValue({ createdAt: '2026-11-20T12:00:00.000+00:00' });
    vi.mocked(revokeCalendarFeed).mockResolvedValue();
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke your calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revokeCalendarFeed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Revoke link' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke your calendar link?' })).getByRole('button', { name: 'Revoke link' }));
    expect(revokeCalendarFeed).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Calendar link revoked')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create link' })).toBeVisible();
  });

  it('a failed revoke says the link still works and keeps the controls', async () => {
    const user = userEvent.setup();
    vi.mocked(getCalendarFeed).mockResolvedValue({ createdAt: '2026-11-20T12:00:00.000+00:00' });
    vi.mocked(revokeCalendarFeed).mockRejectedValue(new Error('Revoking the calendar link failed. Please try again.'));
    renderSection();

    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Revoking the calendar link failed');
    expect(screen.getByRole('alert')).toHaveTextContent('The link still works.');
    expect(screen.getByRole('button', { name: 'Revoke link' })).toBeVisible();
  });

  it('a failed load offers Retry', async () => {
    const user = userEvent.setup();
    vi.mocked(getCalendarFeed).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(null);
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeVisible();
  });
});
