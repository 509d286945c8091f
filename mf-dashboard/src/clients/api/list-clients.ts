import { listDocumentPage, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import type { ClientStatus } from '../client-schema.ts';
import type { Models } from 'appwrite';
import { clientFromDocument, type ClientDocument } from './client-document.ts';

/** The therapist's clients by last name, optionally of one status (the userId + lastName / status indexes). */
export async function listClients(userId: string, { status }: { status?: ClientStatus } = {}): Promise<ClientDocument[]> {
  const queries = [Query.equal('userId', userId), ...(status ? [Query.equal('status', status)] : []), Query.orderAsc('lastName'), Query.limit(5000)];
  const list = await listDocumentPage<ClientDocument>({ ...practiceCollection('clients'), queries });
  return list.documents.filter((document) => ownedBy(document, userId)).map(clientFromDocument);
}

/** What the client list (/dashboard/clients) shows and searches of each client: its columns, search, and the tag filter. */
export const CLIENT_ROW_FIELDS = ['userId', 'firstName', 'lastName', 'preferredName', 'pronouns', 'status', 'tags', 'email', 'phone'] as const satisfies readonly (keyof ClientDocument)[];

export type ClientRow = Pick<ClientDocument, (typeof CLIENT_ROW_FIELDS)[number] | keyof Models.Document>;

/**
 * The client list's rows (issue 35): every client by last name with only the list's attributes
 * (Query.select), not the whole documents.
 */
export async function listClientRows(userId: string): Promise<ClientRow[]> {
  const queries = [Query.equal('userId', userId), Query.orderAsc('lastName'), Query.select([...CLIENT_ROW_FIELDS]), Query.limit(5000)];
  const list = await listDocumentPage<ClientRow & Models.Document>({ ...practiceCollection('clients'), queries });
  return list.documents.filter((document) => ownedBy(document, userId)).map((document) => (document.tags ? document : { ...document, tags: [] }));
}
