import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { instantAt } from '../schedule/calendar-dates.ts';
import { appointmentKeys } from '../schedule/schedule-queries.ts';
import { listSessionStatuses } from './api/list-session-statuses.ts';
import { getClientBalance, readCutMonths, listAllEntries, listClientInvoices, listEntryPage, listOwingBalances } from './api/read-ledger.ts';
import { MAX_PAGE, scanEntries } from './api/read-totals.ts';
import { Query } from '@cadence/shared-auth';
import { filterTotals, partialRanges, type FilterTotals } from './filter-totals.ts';
import { FRESH, moneyKeys } from './money-keys.ts';
import { useLedgerTotals } from './practice-money-queries.ts';
import { transactionQueries, transactionTotals, type TransactionFilter, type TransactionTotals } from './transaction-filter.ts';

/** The filter's ids, amounts and kinds, newest first: totals, running balances and page cursors. */
export function useEntryScan(filter: readonly string[]) {
  const userId = useUserId();
  // How many entries the scan has read so far, for "Adding up… 35,000 entries".
  const [progress, setProgress] = useState(0);
  const query = useQuery({
    queryKey: moneyKeys.scan(userId, filter),
    queryFn: () => {
      setProgress(0);
      return scanEntries(userId, [...filter], setProgress);
    },
    // No placeholder from another filter: its totals and cursors would be wrong for this one.
    enabled: userId !== '' && filter.length > 0,
    ...FRESH,
    meta: { failure: 'Adding up transactions failed' },
  });
  return { ...query, progress };
}

export interface TransactionSummary {
  totals: TransactionTotals | null;
  /** Every id, newest first, when the entries were scanned (a client's, or a practice without totals): page cursors. */
  ids: readonly string[] | null;
  /** Per month, newest first, when the totals answered: page positions. */
  monthCounts: FilterTotals['monthCounts'] | null;
  /** Entries read so far by a scan ("Adding up… 3,000 transactions so far"). */
  progress: number;
  isError: boolean;
  refetch: () => void;
}

/**
 * All Transactions' totals for a filter (issue 35): without a client, the practice's ledger totals
 * plus the entries of any month the dates cut in two; a client's filter, or a practice without
 * totals, pages through the entries with its progress shown.
 */
export function useTransactionSummary(filter: TransactionFilter): TransactionSummary {
  const userId = useUserId();
  const queries = transactionQueries(userId, filter);
  const ledgerTotals = useLedgerTotals(filter.clientId === '');
  const practiceTotals = filter.clientId === '' ? ledgerTotals.data : null;
  const scan = useEntryScan(practiceTotals === null ? queries : []);
  const ranges = partialRanges(filter.from, filter.to);
  const edges = useQuery({
    queryKey: moneyKeys.edges(userId, [...queries, ...ranges.map((range) => `${range.from}..${range.to}`)]),
    queryFn: () => readCutMonths(userId, filter),
    enabled: userId !== '' && practiceTotals !== null && practiceTotals !== undefined,
    ...FRESH,
    meta: { failure: 'Adding up transactions failed' },
  });
  const { kind, from, to } = filter;

  const fromTotals = useMemo(() => (practiceTotals && edges.data ? filterTotals(practiceTotals, { kind, from, to }, edges.data) : null), [practiceTotals, edges.data, kind, from, to]);
  const scanned = useMemo(() => (scan.data ? transactionTotals(scan.data.amounts, scan.data.kinds) : null), [scan.data]);
  if (practiceTotals) {
    return {
      totals: fromTotals?.totals ?? null, ids: null, monthCounts: fromTotals?.monthCounts ?? null, progress: 0,
      isError: edges.isError, refetch: () => void edges.refetch(),
    };
  }
  return {
    totals: practiceTotals === undefined && filter.clientId === '' ? null : scanned,
    ids: scan.data?.ids ?? null,
    monthCounts: null,
    progress: scan.progress,
    isError: scan.isError || ledgerTotals.isError,
    refetch: () => void (ledgerTotals.isError ? ledgerTotals.refetch() : scan.refetch()),
  };
}

/**
 * One page of the filter's entries. A page starts after the last id of the page above when a scan
 * knows it, or at its position among the months the totals count (`position`: entries dated up to
 * a month's end, `offset` of them skipped); until either is known, the first pages (up to Appwrite's
 * offset limit of 5,000) are read by offset, so paging works at once.
 */
export function useEntryPage(filter: readonly string[], page: number, size: number, cursor: string | null | undefined, position: { through: string; offset: number } | null = null) {
  const userId = useUserId();
  const offset = (page - 1) * size;
  const positioned = page > 1 && typeof cursor !== 'string' && position !== null && position.offset <= MAX_PAGE;
  const byOffset = page > 1 && typeof cursor !== 'string' && !positioned && offset <= MAX_PAGE;
  return useQuery({
    queryKey: [...moneyKeys.page(userId, filter, page), positioned ? `through:${position.through}:${position.offset}` : byOffset ? `offset:${offset}` : (cursor ?? null)],
    queryFn: () =>
      positioned
        ? listEntryPage(userId, [...filter, Query.lessThanEqual('date', position.through)], null, size, position.offset)
        : listEntryPage(userId, [...filter], cursor ?? null, size, byOffset ? offset : 0),
    enabled: userId !== '' && filter.length > 0 && (page === 1 || typeof cursor === 'string' || positioned || byOffset),
    placeholderData: (previous) => previous,
    ...FRESH,
    meta: { failure: 'Loading transactions failed' },
  });
}

export function useClientEntries(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.clientEntries(userId, clientId),
    queryFn: () => listAllEntries(userId, [Query.equal('userId', userId), Query.equal('clientId', clientId)]),
    enabled: userId !== '' && clientId !== '',
    ...FRESH,
    meta: { failure: "Loading the client's ledger failed" },
  });
}

export function useClientBalance(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.clientBalance(userId, clientId),
    queryFn: () => getClientBalance(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    ...FRESH,
    meta: { failure: "Loading the client's balance failed" },
  });
}

export function useClientInvoices(clientId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.clientInvoices(userId, clientId),
    queryFn: () => listClientInvoices(userId, clientId),
    enabled: userId !== '' && clientId !== '',
    ...FRESH,
    meta: { failure: "Loading the client's invoices failed" },
  });
}

/** The clients who owe or hold credit (the Outstanding report). */
export function useOwingBalances() {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.owing(userId),
    queryFn: () => listOwingBalances(userId),
    enabled: userId !== '',
    ...FRESH,
    meta: { failure: 'Loading balances failed' },
  });
}

/** The latest payments (and their voids), newest first. */
export function useRecentPayments(count = 20) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...moneyKeys.recentPayments(userId), count],
    queryFn: () => listEntryPage(userId, [Query.equal('userId', userId), Query.equal('kind', 'payment')], null, count),
    enabled: userId !== '',
    ...FRESH,
    meta: { failure: 'Loading payments failed' },
  });
}

/** Every appointment's start and status in `year` on the practice's calendar (the Sessions report). */
export function useSessionStatuses(year: number, timeZone: string) {
  const userId = useUserId();
  const from = instantAt(`${year}-01-01`, 0, timeZone).toISOString();
  const to = instantAt(`${year + 1}-01-01`, 0, timeZone).toISOString();
  return useQuery({
    queryKey: [...appointmentKeys.all(userId), 'report', from, to],
    queryFn: () => listSessionStatuses(userId, from, to),
    enabled: userId !== '',
    ...FRESH,
    meta: { failure: 'Loading sessions failed' },
  });
}

/** Runs a money function call; on success every money read of the therapist is refreshed. */
export function useMoneyWrite<Input, Output>(write: (input: Input) => Promise<Output>) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    // Only the input: TanStack Query hands the mutation function a second argument the calls don't take.
    mutationFn: (input: Input) => write(input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: moneyKeys.all(userId) });
    },
  });
}
