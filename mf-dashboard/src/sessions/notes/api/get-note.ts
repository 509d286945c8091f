import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { isLocked, noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';
import { getNoteSignature, type NoteSignature } from './note-signatures.ts';

/** A stored note and its signature (null: sign-note never signed it; read only for a locked note). */
export interface StoredNote {
  note: ProgressNoteDocument;
  signature: NoteSignature | null;
}

/** The appointment's progress note with its signature, or null when it has none the therapist owns. */
export async function getNoteForAppointment(userId: string, appointmentId: string): Promise<StoredNote | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'), queries: [Query.equal('userId', userId), Query.equal('appointmentId', appointmentId), Query.limit(1)], total: false,
    }),
  );
  const found = list.documents.find((document) => ownedBy(document, userId));
  if (!found) return null;
  const note = noteFromDocument(found);
  return { note, signature: isLocked(note) ? await getNoteSignature(note.$id) : null };
}
