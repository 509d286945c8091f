import { appwrite, attempt, getCurrentUser, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { noteFromDocument, type NoteDraftFields, type ProgressNoteDocument } from '../progress-note.ts';

/** The server has a newer revision than the one this text was written on: shown, never overwritten. */
export class NoteConflict extends Error {
  override name = 'NoteConflict';
  constructor(readonly current: ProgressNoteDocument) {
    super('This note was changed in another tab or on another device.');
  }
}

/** The session ended (expired, signed out elsewhere) while the note was open: its text waits on the device. */
export class SessionEnded extends Error {
  override name = 'SessionEnded';
  readonly code = 401;
  constructor() {
    super('You are signed out. Sign in again to save this note.');
  }
}

/**
 * Appwrite answers a guest's read of an owner-only document with 404, as if the note were gone:
 * when a call fails so, a signed-out session is told apart (SessionEnded).
 */
async function signedIn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await attempt(call);
  } catch (error) {
    const code = (error as { code?: number }).code;
    if ((code === 404 || code === 401) && (await getCurrentUser().catch(() => undefined)) === null) throw new SessionEnded();
    throw error;
  }
}

/** A new draft for the appointment (revision 1), the therapist's alone. */
export async function createNote(userId: string, ids: { appointmentId: string; clientId: string }, fields: NoteDraftFields): Promise<ProgressNoteDocument> {
  const created = await signedIn(() =>
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
  const current = noteFromDocument(await signedIn(() => appwrite().databases.getDocument<ProgressNoteDocument>({ ...collection, documentId: noteId })));
  if (current.revision !== baseRevision || current.status !== 'draft') throw new NoteConflict(current);
  const saved = await signedIn(() => appwrite().databases.updateDocument<ProgressNoteDocument>({ ...collection, documentId: noteId, data: { ...fields, revision: baseRevision + 1 } }));
  return noteFromDocument(saved);
}
