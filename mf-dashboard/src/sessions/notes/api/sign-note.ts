import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';
import { noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';

/** The sign-note function refused (a wrong password, a note already signed): its own words. */
export class SignRefusal extends Error {
  override name = 'SignRefusal';
}

async function run<T>(name: 'signNote' | 'addAddendum', body: Record<string, unknown>): Promise<T> {
  try {
    return await executeFunction<T & { success?: boolean }>(name, body);
  } catch (error) {
    if (error instanceof FunctionRefusedError) throw new SignRefusal(error.reason ?? 'The note could not be signed.');
    throw error;
  }
}

/** Signs and locks the note on the server (hash, signer, read-only permissions) after checking the password. */
export async function signNote(noteId: string, password: string): Promise<ProgressNoteDocument> {
  const answer = await run<{ note: ProgressNoteDocument }>('signNote', { noteId, password });
  return noteFromDocument(answer.note);
}

/** Adds a signed addendum to a signed note. */
export async function addAddendum(noteId: string, text: string, password: string): Promise<void> {
  await run('addAddendum', { noteId, text, password });
}
