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

/**
 * What the client list (/dashboard/clients) shows and searches of each client: its columns, search, and
 * the tag filter. Not userId: the list asks for the therapist's own (Query.equal), so every row has it.
 */
export const CLIENT_ROW_FIELDS = ['firstName', 'lastName', 'preferredName', 'pronouns', 'status', 'tags', 'email', 'phone'] as const satisfies readonly (keyof ClientDocument)[];

export type ClientRow = Pick<ClientDocument, (typeof CLIENT_ROW_FIELDS)[number] | 'userId' | keyof Models.Document>;

/**
 * The client list's rows (issue 35): every client by last name with only the list's attributes
 * (Query.select), not the whole documents.
 */
export async function listClientRows(userId: string): Promise<ClientRow[]> {
  const queries = [Query.equal('userId', userId), Query.orderAsc('lastName'), Query.select([...CLIENT_ROW_FIELDS]), Query.limit(5000)];
  const list = await listDocumentPage<Omit<ClientRow, 'userId'> & Models.Document>({ ...practiceCollection('clients'), queries });
  // userId comes from the query (~60 KB less for 2,000 clients); ownedBy still checks each row's permissions.
  return list.documents.map((document) => ({ ...document, userId, tags: document.tags ?? [] })).filter((document) => ownedBy(document, userId));
}
