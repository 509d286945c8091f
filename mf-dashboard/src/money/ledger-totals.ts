import type { IncomeReport } from './income-report.ts';
import { ENTRY_KINDS, type EntryKind } from './ledger-kinds.ts';
import { MONTH_NAMES } from './months.ts';

// Issue 35: the practice's ledger totals (backend ledger_totals, kept by the money functions in the
// same transaction as each entry): one document per month with each kind's Σ amount and count,
// and one (`all`) with what clients owe and hold. All Transactions, the Income report and Today's
// money card add up these few dozen documents instead of every entry; only the part of a date
// filter that cuts a month in two is read entry by entry. A practice without the `all` document
// has none (entries from before them), and the screens page through the entries as before.

export type KindTotals = Record<EntryKind, { amount: number; count: number }>;

export interface LedgerTotals {
  /** 'YYYY-MM' → that month's sums. */
  months: ReadonlyMap<string, KindTotals>;
  /** Σ max(0, balance) over clients. */
  owed: number;
  /** Σ credit over clients. */
  credit: number;
}

/** A ledger_totals document as stored. */
export type LedgerTotalsFields = { month: string } & Partial<Record<`${EntryKind}${'Amount' | 'Count'}` | 'owed' | 'credit', number>>;

const ALL = 'all';
const MONTH = /^\d{4}-\d{2}$/;

/** The totals from their documents, or null without the practice-wide one. */
export function totalsFromDocuments(documents: readonly LedgerTotalsFields[]): LedgerTotals | null {
  const all = documents.find((document) => document.month === ALL);
  if (!all) return null;
  const months = new Map<string, KindTotals>();
  for (const document of documents) {
    if (!MONTH.test(document.month)) continue;
    const sums = Object.fromEntries(ENTRY_KINDS.map((kind) => [kind, { amount: document[`${kind}Amount`] ?? 0, count: document[`${kind}Count`] ?? 0 }])) as KindTotals;
    months.set(document.month, sums);
  }
  return { months, owed: all.owed ?? 0, credit: all.credit ?? 0 };
}

/** The Income report from the totals: payments and refunds per month of `year`, net of their voids. */
export function incomeFromTotals(totals: LedgerTotals, year: number): IncomeReport {
  const months = MONTH_NAMES.map((_, index) => {
    const sums = totals.months.get(`${year}-${String(index + 1).padStart(2, '0')}`);
    // 0 − amount, not −amount: a month without payments is 0, never −0.
    const payments = 0 - (sums?.payment.amount ?? 0);
    const refunds = sums?.refund.amount ?? 0;
    return { month: index + 1, payments, refunds, net: payments - refunds };
  });
  const total = months.reduce((sum, month) => ({ payments: sum.payments + month.payments, refunds: sum.refunds + month.refunds, net: sum.net + month.net }), { payments: 0, refunds: 0, net: 0 });
  return { year, months, total };
}
