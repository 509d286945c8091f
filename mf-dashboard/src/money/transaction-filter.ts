import { Query } from '@cadence/shared-auth';
import type { CsvCell } from '../shared/csv-writer.ts';
import { isPlainDate, type PlainDate } from '../schedule/calendar-dates.ts';
import { amountCell, ENTRY_KIND_LABELS, ENTRY_TYPE_LABELS, type LedgerEntryDocument } from './ledger.ts';
import { ENTRY_KINDS, type EntryKind } from './ledger-kinds.ts';

// All Transactions (issue #16): which entries the list shows, as the address keeps it (ids, never
// names) and as Appwrite queries ask for it. Pure, so the page, the CSV and the tests share one rule.

export interface TransactionFilter {
  clientId: string;
  kind: EntryKind | '';
  /** Plain dates of the practice's calendar, both ends included; '' = open. */
  from: PlainDate | '';
  to: PlainDate | '';
}

export const NO_TRANSACTION_FILTER: TransactionFilter = { clientId: '', kind: '', from: '', to: '' };

/** Rows per page: the DOM holds one page, never the whole ledger. */
export const TRANSACTIONS_PAGE_SIZE = 50;

export const TRANSACTION_PARAMS = { clientId: 'client', kind: 'type', from: 'from', to: 'to' } as const satisfies Record<keyof TransactionFilter, string>;

const APPWRITE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export function transactionFilterFromParams(params: URLSearchParams): TransactionFilter & { page: number } {
  const clientId = params.get(TRANSACTION_PARAMS.clientId) ?? '';
  const kind = params.get(TRANSACTION_PARAMS.kind);
  const from = params.get(TRANSACTION_PARAMS.from);
  const to = params.get(TRANSACTION_PARAMS.to);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    clientId: APPWRITE_ID.test(clientId) ? clientId : '',
    kind: ENTRY_KINDS.includes(kind as EntryKind) ? (kind as EntryKind) : '',
    from: isPlainDate(from) ? from : '',
    to: isPlainDate(to) ? to : '',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

export function isFilteringTransactions(filter: TransactionFilter): boolean {
  return filter.clientId !== '' || filter.kind !== '' || filter.from !== '' || filter.to !== '';
}

/** The therapist's entries, then each chosen field (no order, limit or cursor). */
export function transactionQueries(userId: string, filter: TransactionFilter): string[] {
  return [
    Query.equal('userId', userId),
    ...(filter.clientId ? [Query.equal('clientId', filter.clientId)] : []),
    ...(filter.kind ? [Query.equal('kind', filter.kind)] : []),
    ...(filter.from ? [Query.greaterThanEqual('date', filter.from)] : []),
    ...(filter.to ? [Query.lessThanEqual('date', filter.to)] : []),
  ];
}

export interface TransactionTotals {
  count: number;
  /** Σ amount: what the selected entries add to what clients owe. */
  net: number;
  /** Per kind, as the therapist reads them: charges and refunds as added, payments and adjustments as received. */
  byKind: Record<EntryKind, number>;
}

export function transactionTotals(amounts: ArrayLike<number>, kinds: readonly EntryKind[]): TransactionTotals {
  const byKind: Record<EntryKind, number> = { charge: 0, payment: 0, adjustment: 0, refund: 0 };
  let net = 0;
  for (let index = 0; index < amounts.length; index += 1) {
    const amount = amounts[index]!;
    net += amount;
    const kind = kinds[index]!;
    byKind[kind] += kind === 'payment' || kind === 'adjustment' ? -amount : amount;
  }
  return { count: amounts.length, net, byKind };
}

/**
 * A client's balance after each of their entries, by entry id, from a scan of their whole ledger
 * (newest first). All Transactions shows it only when filtered by one client: a type or date filter
 * then still shows the client's real balance at that entry, not a sum of the rows listed, and
 * across clients a running sum is nobody's balance, so the column is left out.
 */
export function balancesAfter(ids: readonly string[], amounts: ArrayLike<number>): Map<string, number> {
  let balance = 0;
  for (let index = 0; index < amounts.length; index += 1) balance += amounts[index]!;
  const after = new Map<string, number>();
  for (let index = 0; index < ids.length; index += 1) {
    after.set(ids[index]!, balance);
    balance -= amounts[index]!;
  }
  return after;
}

export const TRANSACTIONS_CSV_HEADER = ['Date', 'Client', 'Entry', 'Type', 'Amount', 'Running balance', 'Currency', 'Reference', 'Memo', 'Reason', 'Voids entry', 'Entry id'] as const;

/** One CSV row; amounts as signed plain numbers (what the client owes goes up or down by it). */
export function transactionCsvRow(entry: LedgerEntryDocument, clientName: string, running: number): CsvCell[] {
  return [
    entry.date,
    clientName,
    ENTRY_KIND_LABELS[entry.kind] + (entry.voidsEntryId ? ' (void)' : ''),
    ENTRY_TYPE_LABELS[entry.type] ?? entry.type,
    amountCell(entry.amount, entry.currency),
    amountCell(running, entry.currency),
    entry.currency,
    entry.reference ?? '',
    entry.memo ?? '',
    entry.reason ?? '',
    entry.voidsEntryId ?? '',
    entry.$id,
  ];
}
