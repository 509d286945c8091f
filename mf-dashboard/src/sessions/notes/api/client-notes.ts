import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';

/** A client's progress notes, newest first (the userId + clientId index). */
export async function listClientNotes(userId: string, clientId: string): Promise<ProgressNoteDocument[]> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('$createdAt'), Query.limit(200)],
      total: false,
    }),
  );
  return list.documents.filter((document) => ownedBy(document, userId)).map(noteFromDocument);
}
