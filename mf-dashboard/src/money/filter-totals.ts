import type { PlainDate } from '../schedule/calendar-dates.ts';
import { ENTRY_KINDS, type EntryKind } from './ledger-kinds.ts';
import type { LedgerTotals } from './ledger-totals.ts';
import { monthEnd, monthStart } from './months.ts';
import type { TransactionFilter, TransactionTotals } from './transaction-filter.ts';

// All Transactions from the ledger totals (issue 35): a filter's whole months from the totals, the
// days it cuts from a month read entry by entry, and where each page starts.

/** A stretch of days [from, to] (both included) that the totals can't answer: read its entries. */
export interface DateRange {
  from: PlainDate;
  to: PlainDate;
}

const monthOf = (date: PlainDate) => date.slice(0, 7);

/**
 * The months a date filter cuts in two (at most two: the first and the last), as the days of each
 * the filter keeps; every other month the filter touches is whole.
 */
export function partialRanges(from: PlainDate | '', to: PlainDate | ''): DateRange[] {
  const ranges: DateRange[] = [];
  if (from && to && monthOf(from) === monthOf(to)) {
    return from === monthStart(from) && to === monthEnd(to) ? [] : [{ from, to }];
  }
  if (from && from !== monthStart(from)) ranges.push({ from, to: monthEnd(from) });
  if (to && to !== monthEnd(to)) ranges.push({ from: monthStart(to), to });
  return ranges;
}

/** Whether a whole month lies in the filter's dates. */
function wholeMonthIn(month: string, from: PlainDate | '', to: PlainDate | ''): boolean {
  const first = `${month}-01`;
  return (!from || from <= first) && (!to || to >= monthEnd(first));
}

/** What the entries of the cut months add, read entry by entry (ids not needed). */
export interface EdgeEntries {
  amounts: ArrayLike<number>;
  kinds: readonly EntryKind[];
  dates: readonly string[];
}

export interface FilterTotals {
  totals: TransactionTotals;
  /** Newest month first: how many of the filter's entries each month holds (for page positions). */
  monthCounts: Array<[month: string, count: number]>;
}

/**
 * All Transactions' totals for a filter without a client: the whole months from the totals, the cut
 * months from their entries (`edges`, already limited to the filter's kind and dates).
 */
export function filterTotals(totals: LedgerTotals, filter: Pick<TransactionFilter, 'kind' | 'from' | 'to'>, edges: EdgeEntries): FilterTotals {
  const byKind: Record<EntryKind, number> = { charge: 0, payment: 0, adjustment: 0, refund: 0 };
  const counts = new Map<string, number>();
  let net = 0;
  let count = 0;
  const kinds = filter.kind ? [filter.kind] : ENTRY_KINDS;
  const add = (month: string, kind: EntryKind, amount: number, n: number) => {
    net += amount;
    count += n;
    byKind[kind] += kind === 'payment' || kind === 'adjustment' ? -amount : amount;
    counts.set(month, (counts.get(month) ?? 0) + n);
  };
  for (const [month, sums] of totals.months) {
    if (!wholeMonthIn(month, filter.from, filter.to)) continue;
    for (const kind of kinds) if (sums[kind].count) add(month, kind, sums[kind].amount, sums[kind].count);
  }
  for (let index = 0; index < edges.amounts.length; index += 1) add(monthOf(edges.dates[index]!), edges.kinds[index]!, edges.amounts[index]!, 1);
  const monthCounts = [...counts].filter(([, n]) => n > 0).sort(([a], [b]) => b.localeCompare(a));
  return { totals: { count, net, byKind }, monthCounts };
}

/**
 * Where a page starts, newest first: entries dated up to the end of `month`, skipping `offset` of
 * them (Appwrite's offset stays within one month's entries instead of the whole ledger's). Null
 * past the end.
 */
export function pagePosition(monthCounts: ReadonlyArray<readonly [string, number]>, skip: number): { through: PlainDate; offset: number } | null {
  let before = 0;
  for (const [month, n] of monthCounts) {
    if (skip < before + n) return { through: monthEnd(`${month}-01`), offset: skip - before };
    before += n;
  }
  return null;
}
