// AutoPay in the portal (issue 33): the autopay function's answers are replaced; the function runs
// against the local Appwrite and Stripe in backend/test/autopay.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { executeFunction } from '@cadence/shared-auth';
import { PracticeAutoPay } from './practice-autopay.tsx';

vi.mock('@cadence/shared-auth', async (original) => ({ ...(await original<typeof import('@cadence/shared-auth')>()), executeFunction: vi.fn() }));

const OFF = {
  success: true, online: true, enabled: false, card: null, cards: [{ id: 'pm_1', label: 'Visa •••• 4242' }], terms: 'I authorize this practice to charge my saved card.',
  termsVersion: '2026-11-29', consentBy: null, enabledAt: null, allowInsurance: false, usesInsurance: false, attentionReason: null, delayDays: 1, currency: 'USD', upcoming: [],
};
const ON = {
  ...OFF, enabled: true, card: 'Visa •••• 4242', consentBy: 'client',
  upcoming: [{ date: '2026-12-02', amount: 12000, kind: 'balance' }, { date: '2026-12-09', amount: 12000, kind: 'session' }],
};

beforeEach(() => vi.mocked(executeFunction).mockReset());

describe('AutoPay in the portal', () => {
  it('turns on only with the terms accepted, then shows every upcoming charge and turns off at once', async () => {
    vi.mocked(executeFunction).mockResolvedValueOnce(OFF);
    render(<PracticeAutoPay practiceId="p1" clientId="c1" />);
    const agree = await screen.findByRole('checkbox', { name: 'I agree to the AutoPay terms' });
    expect(agree).toHaveAccessibleDescription('I authorize this practice to charge my saved card.');
    expect(screen.getByText('Card: Visa •••• 4242')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on AutoPay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Read and accept the AutoPay terms to turn AutoPay on.');
    expect(executeFunction).toHaveBeenCalledTimes(1);

    vi.mocked(executeFunction).mockResolvedValueOnce(ON);
    await userEvent.click(agree);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on AutoPay' }));
    expect(executeFunction).toHaveBeenLastCalledWith('autopay', { practiceId: 'p1', clientId: 'c1', action: 'enable', termsVersion: '2026-11-29' });
    expect(await screen.findByText('AutoPay will charge $120.00 to Visa •••• 4242 on Wed, Dec 2, 2026')).toBeInTheDocument();
    expect(screen.getByText('AutoPay will charge $120.00 to Visa •••• 4242 on Wed, Dec 9, 2026')).toBeInTheDocument();

    vi.mocked(executeFunction).mockResolvedValueOnce(OFF);
    await userEvent.click(screen.getByRole('button', { name: 'Turn off AutoPay' }));
    expect(executeFunction).toHaveBeenLastCalledWith('autopay', { practiceId: 'p1', clientId: 'c1', action: 'disable' });
    expect(await screen.findByRole('button', { name: 'Turn on AutoPay' })).toBeInTheDocument();
  });

  it('offers nothing without a saved card or online payments', async () => {
    vi.mocked(executeFunction).mockResolvedValueOnce(Object.assign({}, OFF, { cards: [] }));
    const { container } = render(<PracticeAutoPay practiceId="p1" clientId="c1" />);
    await vi.waitFor(() => expect(executeFunction).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
  });
});
