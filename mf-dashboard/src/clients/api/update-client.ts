import { appwrite, attempt } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { Client } from '../client-schema.ts';
import type { ClientDocument } from './client-document.ts';

/** Issue #13: archiving a client is an update of status (inactive or discharged), never a delete. */
export async function updateClient(clientId: string, changes: Partial<Client>): Promise<ClientDocument> {
  return attempt(() => appwrite().databases.updateDocument<ClientDocument>({ ...practiceCollection('clients'), documentId: clientId, data: changes }));
}
