import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';

/** The appointment's progress note, or null when it has none the therapist owns. */
export async function getNoteForAppointment(userId: string, appointmentId: string): Promise<ProgressNoteDocument | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'), queries: [Query.equal('userId', userId), Query.equal('appointmentId', appointmentId), Query.limit(1)], total: false,
    }),
  );
  const note = list.documents.find((document) => ownedBy(document, userId));
  return note ? noteFromDocument(note) : null;
}
