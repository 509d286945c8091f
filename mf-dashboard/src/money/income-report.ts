import type { LedgerEntry } from './ledger.ts';
import { MONTH_NAMES } from './months.ts';

// The Income report (issue #16) and Today's "Payments this month": payments and refunds per month.

export interface IncomeMonth {
  /** 1–12 */
  month: number;
  /** Payments received, net of voided payments (a positive number). */
  payments: number;
  /** Refunds paid back, net of voided refunds. */
  refunds: number;
  /** payments − refunds */
  net: number;
}

export interface IncomeReport {
  year: number;
  months: IncomeMonth[];
  total: Omit<IncomeMonth, 'month'>;
}

/**
 * Payments received per month of `year`, by each entry's date. A payment's amount is stored negative
 * (it lowers what the client owes) and its void positive, so the month's payments are −Σ of the
 * payment entries and a voided payment counts for nothing; refunds likewise.
 */
export function incomeReport(entries: readonly Pick<LedgerEntry, 'kind' | 'amount' | 'date'>[], year: number): IncomeReport {
  const months: IncomeMonth[] = MONTH_NAMES.map((_, index) => ({ month: index + 1, payments: 0, refunds: 0, net: 0 }));
  const prefix = `${year}-`;
  for (const entry of entries) {
    if (!entry.date.startsWith(prefix)) continue;
    const month = months[Number(entry.date.slice(5, 7)) - 1];
    if (!month) continue;
    if (entry.kind === 'payment') month.payments -= entry.amount;
    else if (entry.kind === 'refund') month.refunds += entry.amount;
  }
  const total = { payments: 0, refunds: 0, net: 0 };
  for (const month of months) {
    month.net = month.payments - month.refunds;
    total.payments += month.payments;
    total.refunds += month.refunds;
    total.net += month.net;
  }
  return { year, months, total };
}
