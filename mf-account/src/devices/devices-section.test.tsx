import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = (id: string, current: boolean) => ({
  $id: id, current, ip: '10.0.0.1', countryName: 'Canada', clientName: 'Chrome', osName: 'Linux', deviceBrand: '', deviceModel: '',
  $createdAt: '2026-05-01T10:00:00.000Z', $updatedAt: '2026-05-02T10:00:00.000Z',
});
const getSessions = vi.fn();
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  getSessions: () => getSessions() as unknown,
  deleteSession: () => Promise.reject(new Error('down')),
  deleteOtherSessions: () => Promise.reject(new Error('down')),
  listTwoStepFactors: () => listTwoStepFactors() as unknown,
}));
const listTwoStepFactors = vi.fn();
const { DevicesSection } = await import('./devices-section.tsx');
const { QueryProvider } = await import('@cadence/shared-auth/query');

const renderSection = () => render(<QueryProvider><DevicesSection /></QueryProvider>);


beforeEach(() => {
  getSessions.mockReset();
  listTwoStepFactors.mockReset();
  listTwoStepFactors.mockResolvedValue({ totp: false, phone: false, email: true, recoveryCode: false, custom: false });
});
afterEach(() => vi.restoreAllMocks());

describe('DevicesSection failures (spec §8)', () => {
  it('alerts the exact texts and refreshes the list after each action', async () => {
    getSessions.mockResolvedValue([session('a', true), session('b', false)]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Active Sessions (2/5 max)')).toBeVisible();
    expect(screen.getAllByText('Chrome on Linux')).toHaveLength(2);
    expect(screen.getAllByText('Canada')).toHaveLength(2);
    expect(screen.getByText('Current')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Terminate' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to terminate session. Please try again.'));
    await waitFor(() => expect(getSessions).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Terminate All Others' }));
    const confirm = screen.getByRole('dialog', { name: 'Terminate all other sessions?' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to terminate all other sessions? This will log you out from all other devices.');
    await user.click(within(confirm).getByRole('button', { name: 'Terminate Sessions' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to terminate sessions. Please try again.'));
    await waitFor(() => expect(getSessions).toHaveBeenCalledTimes(3));
  });

  it('a failed load: the loading text, then an empty list, and the failure logged (one query cache, no retry in tests)', async () => {
    const failure = new Error('down');
    getSessions.mockRejectedValue(failure);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading sessions...');
    expect(await screen.findByText('Active Sessions (0/5 max)')).toBeVisible();
    expect(error).toHaveBeenCalledWith('Loading sessions failed', failure);
  });

  it.each([
    ['Terminate', 'Failed to terminate session. Please try again.'],
    ['Terminate All Others', 'Failed to terminate sessions. Please try again.'],
  ])('a failed %s (and a failed refresh) leaves the list as it was, with the error beside it (issue 18)', async (button, message) => {
    getSessions.mockResolvedValueOnce([session('a', true), session('b', false)]).mockRejectedValue(new Error('offline'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Active Sessions (2/5 max)')).toBeVisible();

    await user.click(screen.getByRole('button', { name: button }));
    const confirm = screen.queryByRole('dialog');
    if (confirm) await user.click(within(confirm).getByRole('button', { name: 'Terminate Sessions' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    await waitFor(() => expect(getSessions).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Active Sessions (2/5 max)')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('No active sessions')).toBeNull();
  });

  it('shows the account\'s two-step status and how each session signed in (issue 17)', async () => {
    const { useAuthStore } = await import('@cadence/shared-auth');
    useAuthStore.setState({ user: { $id: 'u1', mfa: true } as never, status: 'signedIn' });
    listTwoStepFactors.mockResolvedValue({ totp: true, phone: false, email: true, recoveryCode: true, custom: false });
    getSessions.mockResolvedValue([{ ...session('a', true), factors: ['password', 'totp'] }, { ...session('b', false), factors: ['password'] }]);
    renderSection();
    expect(await screen.findByText('On')).toBeVisible();
    expect(screen.getByText('Two-step verification:')).toBeVisible();
    const [current, other] = screen.getAllByRole('listitem');
    expect(within(current as HTMLElement).getByText('Two steps')).toBeVisible();
    expect(within(other as HTMLElement).getByText('One step')).toBeVisible();

    useAuthStore.setState({ user: { $id: 'u1', mfa: false } as never });
    expect(await screen.findByText('Off')).toBeVisible();
  });
});
