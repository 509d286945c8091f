import { listDocumentPage, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ClientStatus } from '../client-schema.ts';
import { clientFromDocument, type ClientDocument } from './client-document.ts';

/** The therapist's clients by last name, optionally of one status (the userId + lastName / status indexes). */
export async function listClients(userId: string, { status }: { status?: ClientStatus } = {}): Promise<ClientDocument[]> {
  const queries = [Query.equal('userId', userId), ...(status ? [Query.equal('status', status)] : []), Query.orderAsc('lastName'), Query.limit(5000)];
  const list = await listDocumentPage<ClientDocument>({ ...practiceCollection('clients'), queries });
  return list.documents.filter((document) => ownedBy(document, userId)).map(clientFromDocument);
}
