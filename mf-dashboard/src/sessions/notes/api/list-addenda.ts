import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';

export interface Addendum extends Models.Document {
  userId: string;
  noteId: string;
  text: string;
  signedAt: string;
  signerName: string | null;
  signerCredentials: string | null;
  contentHash: string;
}

/** A signed note's addenda, oldest first. */
export async function listAddenda(userId: string, noteId: string): Promise<Addendum[]> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<Addendum>({
      ...practiceCollection('noteAddenda'), queries: [Query.equal('noteId', noteId), Query.orderAsc('signedAt'), Query.limit(100)], total: false,
    }),
  );
  return list.documents.filter((document) => ownedBy(document, userId));
}
