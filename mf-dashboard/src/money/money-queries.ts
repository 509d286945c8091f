import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { useUserId } from '../shared/use-user-id.ts';
import { instantAt } from '../schedule/calendar-dates.ts';
import { appointmentKeys } from '../schedule/schedule-queries.ts';
import { listSessionStatuses } from './api/list-session-statuses.ts';
import { getClientBalance, listAllEntries, listBalances, listClientInvoices, listEntryPage, listIncomeEntries, MAX_PAGE, scanEntries } from './api/read-ledger.ts';
import { Query } from '@cadence/shared-auth';

// Money's server state. Every write (a function call) invalidates the therapist's whole 'money'
// key: a payment changes the client's ledger, balance, invoices, the lists and the reports at once.
// Attendance charges arrive from an event-triggered function moments after a status is set, so
// money reads are never taken as fresh from the cache (staleTime 0: refetched on each visit).

export const moneyKeys = {
  all: (userId: string) => ['money', userId] as const,
  scan: (userId: string, filter: readonly string[]) => ['money', userId, 'scan', ...filter] as const,
  page: (userId: string, filter: readonly string[], page: number) => ['money', userId, 'page', ...filter, page] as const,
  clientEntries: (userId: string, clientId: string) => ['money', userId, 'client', clientId, 'entries'] as const,
  clientBalance: (userId: string, clientId: string) => ['money', userId, 'client', clientId, 'balance'] as const,
  clientInvoices: (userId: string, clientId: string) => ['money', userId, 'client', clientId, 'invoices'] as const,
  balances: (userId: string) => ['money', userId, 'balances'] as const,
  recentPayments: (userId: string) => ['money', userId, 'recent-payments'] as const,
  income: (userId: string, from: string, to: string) => ['money', userId, 'income', from, to] as const,
};

const FRESH = { staleTime: 0 } as const;

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

/**
 * One page of the filter's entries. A page starts after the last id of the page above, which the
 * scan knows; until the scan is done, the first pages (up to Appwrite's offset limit of 5,000) are
 * read by offset, so paging works at once.
 */
export function useEntryPage(filter: readonly string[], page: number, size: number, cursor: string | null | undefined) {
  const userId = useUserId();
  const offset = (page - 1) * size;
  const byOffset = page > 1 && typeof cursor !== 'string' && offset <= MAX_PAGE;
  return useQuery({
    queryKey: [...moneyKeys.page(userId, filter, page), byOffset ? `offset:${offset}` : (cursor ?? null)],
    queryFn: () => listEntryPage(userId, [...filter], cursor ?? null, size, byOffset ? offset : 0),
    enabled: userId !== '' && filter.length > 0 && (page === 1 || typeof cursor === 'string' || byOffset),
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

export function useBalances() {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.balances(userId),
    queryFn: () => listBalances(userId),
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

/** Payments and refunds dated in [from, to]. */
export function useIncomeEntries(from: string, to: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: moneyKeys.income(userId, from, to),
    queryFn: () => listIncomeEntries(userId, from, to),
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
