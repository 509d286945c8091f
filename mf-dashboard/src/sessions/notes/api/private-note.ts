import { appwrite, attempt, ownerPermissions, Query, uniqueId } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';

/** Psychotherapy (process) notes: kept apart from the record, encrypted at rest, the therapist's alone. */
export interface PrivateNote extends Models.Document {
  userId: string;
  appointmentId: string;
  text: string;
}

export async function getPrivateNote(userId: string, appointmentId: string): Promise<PrivateNote | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<PrivateNote>({
      ...practiceCollection('privateNotes'), queries: [Query.equal('userId', userId), Query.equal('appointmentId', appointmentId), Query.limit(1)], total: false,
    }),
  );
  return list.documents.find((document) => ownedBy(document, userId)) ?? null;
}

export async function savePrivateNote(userId: string, appointmentId: string, noteId: string | null, text: string): Promise<PrivateNote> {
  const collection = practiceCollection('privateNotes');
  if (noteId) return attempt(() => appwrite().databases.updateDocument<PrivateNote>({ ...collection, documentId: noteId, data: { text } }));
  return attempt(() =>
    appwrite().databases.createDocument<PrivateNote>({ ...collection, documentId: uniqueId(), data: { userId, appointmentId, text }, permissions: ownerPermissions(userId) }),
  );
}
