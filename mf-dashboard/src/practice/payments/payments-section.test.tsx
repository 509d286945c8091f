// Practice → Payments (issue 33) as the therapist meets it: the stripe-connect calls are replaced, so each
// test sets the account's state; the function itself runs against the local Appwrite and Stripe in
// backend/test/online-payments.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import { disconnectStripe, getStripeStatus, startStripeOnboarding } from './stripe-connect-api.ts';
import { PaymentsSection } from './payments-section.tsx';

vi.mock('./stripe-connect-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./stripe-connect-api.ts')>()),
  getStripeStatus: vi.fn(), startStripeOnboarding: vi.fn(), disconnectStripe: vi.fn(),
}));

const NOT_CONNECTED = { connected: false, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [] };

function renderSection() {
  return render(<QueryProvider><PaymentsSection /></QueryProvider>);
}

beforeEach(() => {
  vi.mocked(getStripeStatus).mockReset();
  vi.mocked(startStripeOnboarding).mockReset();
  vi.mocked(disconnectStripe).mockReset();
  useAuthStore.setState({ user: { $id: 'therapist1', email: 't@example.com', name: 'T' } as unknown as AuthUser });
});

describe('Practice → Payments', () => {
  it('offers Connect Stripe and sends the therapist to the onboarding link', async () => {
    vi.mocked(getStripeStatus).mockResolvedValue(NOT_CONNECTED);
    vi.mocked(startStripeOnboarding).mockRejectedValue(new Error('Stripe could not be reached. Please try again.'));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Stripe' }));
    expect(startStripeOnboarding).toHaveBeenCalledOnce();
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe could not be reached');
  });

  it('shows the account status with requirements in words, and Continue Stripe setup while they are due', async () => {
    vi.mocked(getStripeStatus).mockResolvedValue({ connected: true, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, requirementsDue: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'] });
    renderSection();
    expect(await screen.findByText('Stripe is connected, but your account is not ready to take payments yet.')).toBeInTheDocument();
    expect(screen.getByText('Charges enabled').nextElementSibling).toHaveTextContent('No');
    expect(screen.getByText('Bank account for payouts')).toBeInTheDocument();
    expect(screen.getAllByText("Acceptance of Stripe's terms")).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue Stripe setup' })).toBeInTheDocument();
  });

  it('Disconnect asks first, then says online payments are off', async () => {
    vi.mocked(getStripeStatus).mockResolvedValue({ connected: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] });
    vi.mocked(disconnectStripe).mockResolvedValue('Online payments are off: clients can no longer pay by card in the portal. Connect Stripe again to turn them back on.');
    renderSection();
    expect(await screen.findByText('Stripe is connected: clients can pay by card in the portal.')).toBeInTheDocument();
    expect(screen.getByText('Requirements due').nextElementSibling).toHaveTextContent('None');
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Clients will no longer be able to pay by card in the portal, starting now.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Disconnect' }).at(-1) as HTMLElement);
    expect(await screen.findByText(/Online payments are off/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Stripe' })).toBeInTheDocument();
  });
});
