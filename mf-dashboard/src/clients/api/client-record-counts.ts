import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

/** How many records hang off a client: while any exists the client can be archived, not deleted. */
export interface ClientRecordCounts {
  appointments: number;
  notes: number;
  ledgerEntries: number;
}

/**
 * The client's appointments, notes and ledger entries (issue #13: delete only a client with none).
 * Each is counted by Appwrite (one document read each, its total kept: the userId + clientId
 * indexes); the detail page asks only this function.
 */
export async function clientRecordCounts(userId: string, clientId: string): Promise<ClientRecordCounts> {
  const count = (collection: 'appointments' | 'progressNotes' | 'ledgerEntries') =>
    attempt(() =>
      appwrite().databases.listDocuments({
        ...practiceCollection(collection),
        queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.select(['$id']), Query.limit(1)],
        total: true,
      }),
    ).then((list) => list.total);
  const [appointments, notes, ledgerEntries] = await Promise.all([count('appointments'), count('progressNotes'), count('ledgerEntries')]);
  return { appointments, notes, ledgerEntries };
}

export function hasClientRecords(counts: ClientRecordCounts): boolean {
  return counts.appointments + counts.notes + counts.ledgerEntries > 0;
}
