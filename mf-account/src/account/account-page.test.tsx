import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  getSubscriptions: () => Promise.resolve([]),
  getInvoices: () => Promise.reject(new Error('offline')),
  getSessions: () => Promise.resolve([]),
  listTwoStepFactors: () => Promise.resolve({ totp: false, phone: false, email: false, recoveryCode: false, custom: false }),
}));
const { default: AccountPage } = await import('./account-page.tsx');

const user = {
  $id: 'u1', name: '', email: 'dana@example.test', emailVerification: false, labels: ['subscriptionCanceled', 'subscribed'],
  registration: '2026-03-03T10:00:00.000Z', $createdAt: '2026-03-03T10:00:00.000Z', prefs: {},
} as unknown as AuthUser;

function renderAt(url: string) {
  useAuthStore.setState({ user, status: 'signedIn' });
  return render(<MemoryRouter initialEntries={[url]}><AccountPage /></MemoryRouter>);
}

afterEach(() => vi.restoreAllMocks());

describe('AccountPage (spec §2 Account area)', () => {
  it('one h1, the six sections plus Log Out, profile texts, resume button', () => {
    renderAt('/account');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Account']);
    const nav = screen.getByRole('tablist', { name: 'Account sections' });
    expect(within(nav).getAllByRole('tab').map((b) => b.textContent)).toEqual(['Profile', 'Payments', 'Notifications', 'Devices', 'Settings', 'Security log']);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(screen.getByText('Not provided')).toBeVisible();
    expect(screen.getByText('Unverified')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
    expect(screen.getByText('Subscription Canceled')).toBeVisible();
    expect(screen.getByText('3rd of each month')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start new subscription' })).toBeNull();
  });

  it('?view=billing opens Payments; a failed invoice load is an empty list, logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/account?view=billing');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Payments');
    expect(await screen.findByText('No invoices yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeVisible();
    expect(logged).toHaveBeenCalled();
  });

  it('Devices empty state', async () => {
    renderAt('/account');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Devices' }));
    expect(await screen.findByText('No active sessions')).toBeVisible();
    expect(screen.getByText('Active Sessions (0/5 max)')).toBeVisible();
  });
});
