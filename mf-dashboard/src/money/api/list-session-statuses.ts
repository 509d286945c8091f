import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Appointment } from '../../schedule/appointment.ts';
import { MAX_PAGE } from './read-ledger.ts';

/** The start and status of every appointment starting in [from, to) (instants), for the Sessions report. */
export async function listSessionStatuses(userId: string, from: string, to: string): Promise<Pick<Appointment, 'start' | 'status'>[]> {
  const found: Pick<Appointment, 'start' | 'status'>[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: Models.DocumentList<Models.Document & Pick<Appointment, 'start' | 'status'> & { userId: string }> = await attempt(() =>
      appwrite().databases.listDocuments<Models.Document & Pick<Appointment, 'start' | 'status'> & { userId: string }>({
        ...practiceCollection('appointments'),
        queries: [
          Query.equal('userId', userId), Query.greaterThanEqual('start', from), Query.lessThan('start', to),
          Query.orderAsc('start'), Query.select(['$id', 'userId', 'start', 'status']), Query.limit(MAX_PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : []),
        ],
        total: false,
      }),
    );
    // Appointments are browser-written: only the therapist's own count (system fields come with a select).
    for (const document of page.documents) if (ownedBy(document, userId)) found.push({ start: document.start, status: document.status });
    if (page.documents.length < MAX_PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}
