// Pay by card in the portal (issue 33): portal-pay's answers are replaced; the function runs against the
// local Appwrite and Stripe in backend/test/online-payments.test.ts.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from '@cadence/shared-router/testing';
import { paymentState, paymentSummary, startPayment, type PaymentSummary } from './payments-api.ts';
import { PracticePayments } from './practice-payments.tsx';

vi.mock('./payments-api.ts', () => ({ paymentSummary: vi.fn(), startPayment: vi.fn(), paymentState: vi.fn() }));

const SUMMARY: PaymentSummary = {
  online: true, balance: 24000, allowPrepayment: false, currency: 'USD', cardTerms: 'Your card will be saved with Stripe for this practice.',
  invoices: [{ id: 'inv1', number: 'INV-0001', dueDate: null, open: 24000 }],
};

const show = (path = '/portal') => render(<MemoryRouter initialEntries={[path]}><PracticePayments practiceId="p1" clientId="c1" /></MemoryRouter>);

beforeEach(() => {
  vi.mocked(paymentSummary).mockReset();
  vi.mocked(startPayment).mockReset();
  vi.mocked(paymentState).mockReset();
});

describe('Pay by card', () => {
  it('reads an amount as a person types it, in the practice’s currency and its minor units', async () => {
    vi.mocked(paymentSummary).mockResolvedValue({ ...SUMMARY, currency: 'JPY', balance: 24000, invoices: [{ id: 'inv1', number: 'INV-0001', dueDate: null, open: 24000 }] });
    vi.mocked(startPayment).mockRejectedValue(new Error('Stripe could not be reached.'));
    show();
    expect(await screen.findByRole('radio', { name: 'Invoice INV-0001 — ¥24,000' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Another amount' }));
    const amount = screen.getByRole('textbox', { name: 'Amount (JPY)' });
    await userEvent.type(amount, '1,200.5');
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText('JPY amounts have no decimal places.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '¥1,200');
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(startPayment).toHaveBeenCalledWith('p1', 'c1', { what: 'amount', amount: 1200 }, false);
  });

  it('refuses an amount under $1 or over the balance in the words of the spec, and starts nothing', async () => {
    vi.mocked(paymentSummary).mockResolvedValue(SUMMARY);
    show();
    await userEvent.click(await screen.findByRole('radio', { name: 'Another amount' }));
    const amount = screen.getByRole('textbox', { name: 'Amount (USD)' });
    await userEvent.type(amount, '0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText('Enter at least $1.00.')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '240.01');
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText('Enter no more than what you owe.')).toBeInTheDocument();
    expect(startPayment).not.toHaveBeenCalled();
  });

  it('pays part of the balance with the card saved, under the terms shown', async () => {
    vi.mocked(paymentSummary).mockResolvedValue(SUMMARY);
    vi.mocked(startPayment).mockRejectedValue(new Error('This practice does not take card payments online.'));
    show();
    expect(await screen.findByRole('radio', { name: 'Invoice INV-0001 — $240.00' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Another amount' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USD)' }), '50');
    const save = screen.getByRole('checkbox', { name: 'Save this card for future payments' });
    expect(save).toHaveAccessibleDescription('Your card will be saved with Stripe for this practice.');
    await userEvent.click(save);
    await userEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(startPayment).toHaveBeenCalledWith('p1', 'c1', { what: 'amount', amount: 5000 }, true);
    expect(await screen.findByRole('alert')).toHaveTextContent('This practice does not take card payments online.');
  });

  it('back from Checkout: "processing" until the practice has it', async () => {
    vi.mocked(paymentSummary).mockResolvedValue(SUMMARY);
    vi.mocked(paymentState).mockResolvedValue('processing');
    show('/portal?paid=cs_test_1');
    expect(await screen.findByText('Your payment is processing. It will show here shortly.')).toBeInTheDocument();
    expect(paymentState).toHaveBeenCalledWith('p1', 'c1', 'cs_test_1');
  });

  it('back from Checkout with the payment recorded: thanks, and the balance read again (once)', async () => {
    vi.mocked(paymentSummary).mockResolvedValueOnce(SUMMARY).mockResolvedValue({ ...SUMMARY, balance: 19000 });
    vi.mocked(paymentState).mockResolvedValue('recorded');
    show('/portal?paid=cs_test_2');
    expect(await screen.findByText('Payment received — thank you.')).toBeInTheDocument();
    expect(await screen.findByText('$190.00')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(paymentState).toHaveBeenCalledTimes(1);
    expect(paymentSummary).toHaveBeenCalledTimes(2);
  });

  it('a practice without card payments shows the balance and says so', async () => {
    vi.mocked(paymentSummary).mockResolvedValue({ ...SUMMARY, online: false });
    show();
    expect(await screen.findByText('This practice does not take card payments online.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });
});
