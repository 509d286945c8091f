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
 * Appointments are counted by Appwrite (one document read, its total kept: the userId + clientId
 * index). Notes and the ledger do not exist yet, so they are 0 until their issues replace them here
 * with the same kind of count; the detail page asks only this function, so nothing else changes.
 */
export async function clientRecordCounts(userId: string, clientId: string): Promise<ClientRecordCounts> {
  const appointments = await attempt(() =>
    appwrite().databases.listDocuments({
      ...practiceCollection('appointments'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.select(['$id']), Query.limit(1)],
      total: true,
    }),
  );
  return { appointments: appointments.total, notes: 0, ledgerEntries: 0 };
}

export function hasClientRecords(counts: ClientRecordCounts): boolean {
  return counts.appointments + counts.notes + counts.ledgerEntries > 0;
}
