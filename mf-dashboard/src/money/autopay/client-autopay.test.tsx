// The client's AutoPay on the Billing tab (issue 33): the autopay function's answers are replaced; the
// function runs against the local Appwrite and Stripe in backend/test/autopay.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { executeFunction, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { QueryProvider } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { ClientAutoPay } from './client-autopay.tsx';

vi.mock('@cadence/shared-auth', async (original) => ({ ...(await original<typeof import('@cadence/shared-auth')>()), executeFunction: vi.fn() }));

const CLIENT = { $id: 'c1', firstName: 'Jane', lastName: 'Doe', preferredName: null } as unknown as ClientDocument;
const OFF = {
  success: true, online: true, enabled: false, card: null, cards: [{ id: 'pm_1', label: 'Visa •••• 4242' }], terms: 'Terms', termsVersion: 'v', consentBy: null, consent: null,
  enabledAt: null, allowInsurance: false, usesInsurance: true, attentionReason: null, delayDays: 1, currency: 'USD', upcoming: [],
};
const ON = { ...OFF, enabled: true, card: 'Visa •••• 4242', consentBy: 'therapist', consent: 'Signed form, Nov 20', enabledAt: '2026-11-29T15:00:00.000Z', upcoming: [{ date: '2026-12-02', amount: 12000, kind: 'balance' }] };

const show = () => render(<QueryProvider><ClientAutoPay client={CLIENT} /></QueryProvider>);

beforeEach(() => {
  vi.mocked(executeFunction).mockReset();
  useAuthStore.setState({ user: { $id: 'therapist1', email: 't@example.com', name: 'T' } as unknown as AuthUser });
});

describe('AutoPay on the Billing tab', () => {
  it('turns on only with the client’s consent named and confirmed; shows the notices; insurance needs its own yes', async () => {
    vi.mocked(executeFunction).mockResolvedValueOnce(OFF);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on AutoPay…' }));
    const dialog = await screen.findByRole('dialog', { name: /Turn on AutoPay for/ });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on AutoPay' }));
    expect(dialog).toHaveTextContent('Name the client’s consent (how and when they agreed) and confirm it to turn AutoPay on.');
    await userEvent.type(screen.getByRole('textbox', { name: /The client’s consent/ }), 'Signed form, Nov 20');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on AutoPay' }));
    expect(executeFunction).toHaveBeenCalledTimes(1);

    vi.mocked(executeFunction).mockResolvedValueOnce(ON);
    await userEvent.click(screen.getByRole('checkbox', { name: /agreed to AutoPay as described above/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on AutoPay' }));
    expect(executeFunction).toHaveBeenLastCalledWith('autopay', { clientId: 'c1', action: 'enable', consent: 'Signed form, Nov 20', confirmed: true });
    expect(await screen.findByText('AutoPay will charge $120.00 to Visa •••• 4242 on Wed, Dec 2, 2026')).toBeInTheDocument();
    expect(screen.getByText(/on the consent: Signed form, Nov 20/)).toBeInTheDocument();

    vi.mocked(executeFunction).mockResolvedValueOnce(Object.assign({}, ON, { allowInsurance: true }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Charge this client’s balance although they use insurance' }));
    expect(executeFunction).toHaveBeenLastCalledWith('autopay', { clientId: 'c1', action: 'allowInsurance', allow: true });
  });

  it('shows a failure left to the therapist with its reason, and Try again tonight', async () => {
    vi.mocked(executeFunction).mockResolvedValueOnce(Object.assign({}, ON, { attentionReason: 'The card was declined by the bank.' }));
    show();
    expect(await screen.findByText(/AutoPay could not charge the card: The card was declined by the bank\./)).toBeInTheDocument();
    vi.mocked(executeFunction).mockResolvedValueOnce(ON);
    await userEvent.click(screen.getByRole('button', { name: 'Try again tonight' }));
    expect(executeFunction).toHaveBeenLastCalledWith('autopay', { clientId: 'c1', action: 'retry' });
  });
});
