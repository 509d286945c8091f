import { appwrite, attempt, isAppError, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { entryFromDocument, type ClientBalanceDocument, type ClientInvoiceDocument, type LedgerEntryDocument } from '../ledger.ts';
import { partialRanges, type EdgeEntries } from '../filter-totals.ts';
import { transactionQueries, type TransactionFilter } from '../transaction-filter.ts';
import { ENTRY_ORDER, listBalances, listEntries, MAX_PAGE, scanEntries } from './read-totals.ts';

// Reads of the money collections with the therapist's own session. Only the functions write them
// (server key, [read("user:<id>")]), so a document the therapist can read is theirs; ownedBy still
// guards full documents as everywhere else.

const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export interface EntryPage {
  entries: LedgerEntryDocument[];
  /** Which of them a reversal voids (wherever that reversal is listed). */
  voided: string[];
}

/** One page of entries after `cursor` (the last id of the page above) or `offset` entries in, newest first, with which of them are voided. */
export async function listEntryPage(userId: string, filter: string[], cursor: string | null, size: number, offset = 0): Promise<EntryPage> {
  const found = await listEntries([...filter, ...ENTRY_ORDER, Query.limit(size), ...(cursor ? [Query.cursorAfter(cursor)] : offset > 0 ? [Query.offset(offset)] : [])]);
  const entries = found.documents.filter((document) => ownedBy(document, userId)).map(entryFromDocument);
  const ids = entries.filter((entry) => entry.voidsEntryId === null).map((entry) => entry.$id);
  if (ids.length === 0) return { entries, voided: [] };
  // Appwrite takes up to 100 values in one equal: a page is 50.
  const reversals = await listEntries([Query.equal('userId', userId), Query.equal('voidsEntryId', ids), Query.select(['$id', 'userId', 'voidsEntryId']), Query.limit(ids.length)]);
  return { entries, voided: reversals.documents.filter((document) => ownedBy(document, userId)).map((document) => document.voidsEntryId!).filter(Boolean) };
}

/** Every entry of the filter, newest first, read a page at a time (a client's ledger, a CSV). */
export async function listAllEntries(userId: string, filter: string[], onProgress: (count: number) => void = () => {}): Promise<LedgerEntryDocument[]> {
  const PAGE = 1000;
  const found: LedgerEntryDocument[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await listEntries([...filter, ...ENTRY_ORDER, Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    for (const document of page.documents) if (ownedBy(document, userId)) found.push(entryFromDocument(document));
    onProgress(found.length);
    if (page.documents.length < PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/** The clients who owe or hold credit (the Outstanding report's rows), only the columns it shows. */
export async function listOwingBalances(userId: string): Promise<ClientBalanceDocument[]> {
  const page = await attempt(() =>
    appwrite().databases.listDocuments<ClientBalanceDocument>({
      ...practiceCollection('clientBalances'),
      queries: [
        Query.equal('userId', userId),
        Query.or([Query.greaterThan('balance', 0), Query.greaterThan('credit', 0)]),
        Query.select(['$id', '$permissions', 'userId', 'clientId', 'balance', 'credit', 'openCharges']),
        Query.limit(MAX_PAGE),
      ],
      total: false,
    }),
  );
  const found = page.documents.filter((document) => ownedBy(document, userId));
  // More than a page owes: the rest as every balance is read.
  return page.documents.length < MAX_PAGE ? found : (await listBalances(userId)).filter((balance) => balance.balance > 0 || balance.credit > 0);
}

/** The entries of the days a date filter cuts from a month (what the totals can't answer), columns only. */
export async function readCutMonths(userId: string, filter: TransactionFilter): Promise<EdgeEntries> {
  const scans = await Promise.all(partialRanges(filter.from, filter.to).map((range) => scanEntries(userId, transactionQueries(userId, { ...filter, ...range }))));
  return { amounts: scans.flatMap((each) => [...each.amounts]), kinds: scans.flatMap((each) => each.kinds), dates: scans.flatMap((each) => each.dates) };
}

/** A client's balance document (its id is the client's), or null before their first entry. */
export async function getClientBalance(userId: string, clientId: string): Promise<ClientBalanceDocument | null> {
  if (!DOCUMENT_ID.test(clientId)) return null;
  try {
    const document = await attempt(() => appwrite().databases.getDocument<ClientBalanceDocument>({ ...practiceCollection('clientBalances'), documentId: clientId }));
    return ownedBy(document, userId) ? document : null;
  } catch (error) {
    if (isAppError(error) && error.code === 404) return null;
    throw error;
  }
}

/** A client's invoices, newest number first. */
export async function listClientInvoices(userId: string, clientId: string): Promise<ClientInvoiceDocument[]> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ClientInvoiceDocument>({
      ...practiceCollection('clientInvoices'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('seq'), Query.limit(500)],
      total: false,
    }),
  );
  return list.documents.filter((document) => ownedBy(document, userId));
}
