// The therapist's audit log (`audit_log`, written only by the audit function; each entry readable by
// its therapist alone): one page at a time for the table, the whole filtered log for the CSV and the
// whole chain, oldest first, for Verify log.
import { appwrite, getConfig, listDocumentPage, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { dateBounds, PAGE_SIZE, type AuditEntry, type LogFilter } from './security-log-rules.ts';

export const AUDIT_LOG_COLLECTION = 'audit_log';
const BATCH = 500;

type AuditDocument = AuditEntry & Models.Document;

function filterQueries(userId: string, filter: LogFilter): string[] {
  const { fromIso, beforeIso } = dateBounds(filter);
  return [
    Query.equal('userId', userId),
    ...(filter.action ? [Query.equal('action', filter.action)] : []),
    ...(fromIso ? [Query.greaterThanEqual('at', fromIso)] : []),
    ...(beforeIso ? [Query.lessThan('at', beforeIso)] : []),
  ];
}

const where = () => ({ databaseId: getConfig().databaseId, collectionId: AUDIT_LOG_COLLECTION });

/** Page `page` (1-based), newest first, and how many entries match. */
export async function listAuditPage(userId: string, filter: LogFilter, page: number): Promise<{ total: number; entries: AuditEntry[] }> {
  const list = await appwrite().databases.listDocuments<AuditDocument>({
    ...where(),
    queries: [...filterQueries(userId, filter), Query.orderDesc('seq'), Query.limit(PAGE_SIZE), Query.offset((page - 1) * PAGE_SIZE)],
  });
  return { total: list.total, entries: list.documents };
}

/** Every entry matching the filter, in `order` of seq, a batch at a time (cursor paging). */
export async function allAuditEntries(userId: string, filter: LogFilter, order: 'asc' | 'desc', onProgress?: (loaded: number) => void): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  let cursor: string | null = null;
  for (;;) {
    const list: Models.DocumentList<AuditDocument> = await listDocumentPage<AuditDocument>({
      ...where(),
      queries: [
        ...filterQueries(userId, filter), order === 'asc' ? Query.orderAsc('seq') : Query.orderDesc('seq'), Query.limit(BATCH),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ],
      total: false,
    });
    all.push(...list.documents);
    onProgress?.(all.length);
    const last: AuditDocument | undefined = list.documents[list.documents.length - 1];
    if (list.documents.length < BATCH || !last) return all;
    cursor = last.$id;
  }
}
