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
  totals: (userId: string) => ['money', userId, 'totals'] as const,
  edges: (userId: string, filter: readonly string[]) => ['money', userId, 'edges', ...filter] as const,
  owing: (userId: string) => ['money', userId, 'owing'] as const,
};

/** Money reads are refetched on each visit (see above). */
export const FRESH = { staleTime: 0 } as const;

