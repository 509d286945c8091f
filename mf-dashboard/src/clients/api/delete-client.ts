import { appwrite, attempt } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

/**
 * Deletes a client for good. Issue #13: only for a client with no appointments, notes or ledger
 * entries (clientRecordCounts); everyone else is archived (updateClient with an archived status).
 */
export async function deleteClient(clientId: string): Promise<void> {
  await attempt(() => appwrite().databases.deleteDocument({ ...practiceCollection('clients'), documentId: clientId }));
}
