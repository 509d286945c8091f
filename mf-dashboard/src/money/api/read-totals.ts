import { appwrite, attempt, listDocumentPage, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ClientBalanceDocument, LedgerEntryDocument } from '../ledger.ts';
import type { EntryKind } from '../ledger-kinds.ts';
import { totalsFromDocuments, type LedgerTotals, type LedgerTotalsFields } from '../ledger-totals.ts';

// The practice-wide money reads — its ledger totals, every balance, a period's payments — apart from
// read-ledger.ts, since Today's money card needs only these (the reports and the lists use them too).
// Read with the therapist's own session, each document checked with ownedBy as everywhere else.

/** Appwrite's largest page (and the emulator's). */
export const MAX_PAGE = 5000;

/** Newest first; entries of the same day in the order they were written. */
export const ENTRY_ORDER = [Query.orderDesc('date'), Query.orderDesc('$createdAt')];

export function listEntries(queries: string[]): Promise<Models.DocumentList<LedgerEntryDocument>> {
  return listDocumentPage<LedgerEntryDocument>({ ...practiceCollection('ledgerEntries'), queries, total: false });
}

/** Just what sums need, for a long filter (100,000 entries is twenty reads). */
export interface EntryScan {
  ids: string[];
  amounts: Float64Array;
  kinds: EntryKind[];
  dates: string[];
}

/** The filter's ids, amounts, kinds and dates, newest first, selected columns only. */
export async function scanEntries(userId: string, filter: string[], onProgress: (count: number) => void = () => {}): Promise<EntryScan> {
  const ids: string[] = [];
  const amounts: number[] = [];
  const kinds: EntryKind[] = [];
  const dates: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await listEntries([...filter, ...ENTRY_ORDER, Query.select(['$id', 'userId', 'amount', 'kind', 'date']), Query.limit(MAX_PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    for (const document of page.documents) {
      if (!ownedBy(document, userId)) continue;
      ids.push(document.$id);
      amounts.push(document.amount);
      kinds.push(document.kind);
      dates.push(document.date);
    }
    onProgress(ids.length);
    if (page.documents.length < MAX_PAGE) return { ids, amounts: Float64Array.from(amounts), kinds, dates };
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/** Every client balance of the therapist (one document per client with any entry). */
export async function listBalances(userId: string): Promise<ClientBalanceDocument[]> {
  const found: ClientBalanceDocument[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: Models.DocumentList<ClientBalanceDocument> = await attempt(() =>
      appwrite().databases.listDocuments<ClientBalanceDocument>({
        ...practiceCollection('clientBalances'),
        queries: [Query.equal('userId', userId), Query.limit(MAX_PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
        total: false,
      }),
    );
    for (const document of page.documents) if (ownedBy(document, userId)) found.push(document);
    if (page.documents.length < MAX_PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/**
 * The practice's ledger totals (issue 35: a document per month and one for the balances, a few
 * dozen), or null when the practice has none yet.
 */
export async function getLedgerTotals(userId: string): Promise<LedgerTotals | null> {
  const page = await attempt(() =>
    appwrite().databases.listDocuments<OwnedTotals>({ ...practiceCollection('ledgerTotals'), queries: [Query.equal('userId', userId), Query.limit(MAX_PAGE)], total: false }),
  );
  return totalsFromDocuments(page.documents.filter((document) => ownedBy(document, userId)));
}

type OwnedTotals = Models.Document & LedgerTotalsFields & { userId: string };

/** Payments and refunds dated in [from, to] (the Income report, the Today card), selected columns only. */
export async function listIncomeEntries(userId: string, from: string, to: string): Promise<Pick<LedgerEntryDocument, 'kind' | 'amount' | 'date'>[]> {
  const scan = await scanEntries(userId, [Query.equal('userId', userId), Query.equal('kind', ['payment', 'refund']), Query.greaterThanEqual('date', from), Query.lessThanEqual('date', to)]);
  return scan.ids.map((_, index) => ({ kind: scan.kinds[index]!, amount: scan.amounts[index]!, date: scan.dates[index]! }));
}
