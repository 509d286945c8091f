import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getInvoices = vi.fn();
vi.mock('@cadence/shared-auth', async (original) => ({
  ...(await original<typeof import('@cadence/shared-auth')>()),
  getInvoices: () => getInvoices() as unknown,
}));
const { PaymentsSection } = await import('./payments-section.tsx');
const { QueryProvider, queryClient } = await import('@cadence/shared-auth/query');

const invoice = (n: number, status: string) => ({
  $id: `inv${n}`, stripeInvoiceId: `in_${n}`, status, total: 1000, createdAt: `2026-0${n}-08T00:00:00.000Z`,
  periodStart: `2026-0${n}-08T00:00:00.000Z`, periodEnd: `2026-0${n + 1}-08T00:00:00.000Z`, cardBrand: 'visa', cardLast4: '4242',
  invoicePdf: `https://example.test/${n}.pdf`, hostedInvoiceUrl: `https://example.test/${n}`,
});

const renderSection = () => render(<QueryProvider><PaymentsSection userId="u1" subscription={null} /></QueryProvider>);
const rows = () => within(screen.getByRole('table', { name: 'Invoices' })).getAllByRole('row').slice(1);

beforeEach(() => {
  getInvoices.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('PaymentsSection (spec §2 Payments, §8)', () => {
  it('the loading text while the invoices load, then one row per invoice with its links and Pay Now', async () => {
    getInvoices.mockResolvedValue([invoice(3, 'open'), invoice(2, 'paid')]);
    renderSection();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your payment history...');
    await screen.findByRole('table', { name: 'Invoices' });
    const [open, paid] = rows();
    expect(open).toHaveTextContent('$10.00');
    expect(open).toHaveTextContent('open');
    expect(open).toHaveTextContent('Current');
    expect(open).toHaveTextContent('visa •••• 4242');
    expect(within(open!).getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect(within(paid!).queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(within(paid!).getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', 'https://example.test/2.pdf');
  });

  it('a failed refresh keeps the invoices the therapist was looking at (issue 18), logged', async () => {
    getInvoices.mockResolvedValueOnce([invoice(3, 'paid'), invoice(2, 'paid')]).mockRejectedValue(new Error('offline'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSection();
    await screen.findByRole('table', { name: 'Invoices' });
    await act(() => queryClient.refetchQueries({ queryKey: ['invoices', 'u1'] }));
    // The cache tells its observers on the next tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(queryClient.getQueryState(['invoices', 'u1'])?.status).toBe('error');
    expect(getInvoices).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith('Loading invoices failed', expect.any(Error));
    expect(rows()).toHaveLength(2);
    expect(screen.queryByText('No invoices yet')).toBeNull();
  });
});
