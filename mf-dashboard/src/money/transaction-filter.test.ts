import { describe, expect, it } from 'vitest';
import { Query } from '@cadence/shared-auth';
import { toCsv } from '../shared/csv-writer.ts';
import type { LedgerEntryDocument } from './ledger.ts';
import { balancesAfter, transactionCsvRow, transactionFilterFromParams, transactionQueries, transactionTotals } from './transaction-filter.ts';

describe('All Transactions filter', () => {
  it('reads ids, a kind and dates from the address, leaving out anything else', () => {
    expect(transactionFilterFromParams(new URLSearchParams('client=jane1&type=payment&from=2026-01-01&to=2026-01-31&page=3'))).toEqual({
      clientId: 'jane1', kind: 'payment', from: '2026-01-01', to: '2026-01-31', page: 3,
    });
    expect(transactionFilterFromParams(new URLSearchParams('client=Jane%20Doe&type=gift&from=yesterday&page=-1'))).toEqual({ clientId: '', kind: '', from: '', to: '', page: 1 });
  });

  it('asks Appwrite for the therapist’s own entries and each chosen field', () => {
    expect(transactionQueries('t1', { clientId: 'jane1', kind: 'charge', from: '2026-01-01', to: '2026-01-31' })).toEqual([
      Query.equal('userId', 't1'), Query.equal('clientId', 'jane1'), Query.equal('kind', 'charge'), Query.greaterThanEqual('date', '2026-01-01'), Query.lessThanEqual('date', '2026-01-31'),
    ]);
    expect(transactionQueries('t1', { clientId: '', kind: '', from: '', to: '' })).toEqual([Query.equal('userId', 't1')]);
  });

  it('totals the filter per kind as the therapist reads them, and the net change', () => {
    const totals = transactionTotals([12_000, -5_000, -2_000, 1_000, 5_000], ['charge', 'payment', 'adjustment', 'refund', 'payment']);
    expect(totals).toEqual({ count: 5, net: 11_000, byKind: { charge: 12_000, payment: 0, adjustment: 2_000, refund: 1_000 } });
    // Newest first: the newest entry carries the whole balance, each older one what it was then.
    expect(balancesAfter(['c', 'b', 'a'], [-3000, 12000, 5000])).toEqual(new Map([['c', 14000], ['b', 17000], ['a', 5000]]));
    expect(balancesAfter([], [])).toEqual(new Map());
  });

  it('writes CSV rows with formula cells defused', () => {
    const entry = { $id: 'e1', kind: 'payment', type: 'check', amount: -4_000, currency: 'USD', date: '2026-01-05', reference: '=1+2', memo: '@SUM(A1)', reason: null, voidsEntryId: null } as unknown as LedgerEntryDocument;
    const csv = toCsv([transactionCsvRow(entry, '-Jane', 8_000)]);
    expect(csv).toBe("2026-01-05,'-Jane,Payment,Check,-40,80.00,USD,'=1+2,'@SUM(A1),,,e1\r\n");
  });
});
