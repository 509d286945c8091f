import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { noteFromDocument, type NoteDraftFields, type ProgressNoteDocument } from '../progress-note.ts';

/** The server has a newer revision than the one this text was written on: shown, never overwritten. */
export class NoteConflict extends Error {
  override name = 'NoteConflict';
  constructor(readonly current: ProgressNoteDocument) {
    super('This note was changed in another tab or on another device.');
  }
}

/** A new draft for the appointment (revision 1), the therapist's alone. */
export async function createNote(userId: string, ids: { appointmentId: string; clientId: string }, fields: NoteDraftFields): Promise<ProgressNoteDocument> {
  const created = await attempt(() =>
    appwrite().databases.createDocument<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'), documentId: uniqueId(), data: { ...ids, ...fields, userId, status: 'draft', revision: 1, signedAt: null, signerName: null, signerCredentials: null, contentHash: null }, permissions: ownerPermissions(userId),
    }),
  );
  return noteFromDocument(created);
}

/**
 * Saves a draft written on `baseRevision`: reads the stored revision first, and when another tab or
 * device saved meanwhile throws NoteConflict with what it saved instead of overwriting it.
 */
export async function saveNote(noteId: string, baseRevision: number, fields: NoteDraftFields): Promise<ProgressNoteDocument> {
  const collection = practiceCollection('progressNotes');
  const current = noteFromDocument(await attempt(() => appwrite().databases.getDocument<ProgressNoteDocument>({ ...collection, documentId: noteId })));
  if (current.revision !== baseRevision || current.status !== 'draft') throw new NoteConflict(current);
  const saved = await attempt(() => appwrite().databases.updateDocument<ProgressNoteDocument>({ ...collection, documentId: noteId, data: { ...fields, revision: baseRevision + 1 } }));
  return noteFromDocument(saved);
}
