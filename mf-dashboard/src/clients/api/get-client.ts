import { appwrite, attempt } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ClientDocument } from './client-document.ts';

/** One client, or null when it is not the therapist's own (a planted document is not shown). */
export async function getClient(userId: string, clientId: string): Promise<ClientDocument | null> {
  const document = await attempt(() => appwrite().databases.getDocument<ClientDocument>({ ...practiceCollection('clients'), documentId: clientId }));
  return ownedBy(document, userId) ? document : null;
}
