// The appointment's "note signed" mark (issue 35): noteState `signed` exactly when the appointment's
// note has a signature in note_signatures, which only sign-note writes. Notes to write reads the mark
// in one indexed query, and Appwrite has no per-attribute permissions, so the therapist's own session
// can write it with the rest of the appointment. What the mark should be is decided here once, for
// sign-note's repair of a whole practice and for attendance-charges, which puts back a mark a person
// wrote (on their appointment's create and update events), so such a write does not hold.
import { Query } from 'node-appwrite';
import { ownedBy } from './owned-by.js';

/** @typedef {import('node-appwrite').Databases} Databases */
/** @typedef {import('./collections.js').Collections} Collections */

/**
 * The mark an appointment without a signature carries: `draft` when its note exists, else `none`.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} appointmentId
 */
export async function unsignedNoteState(databases, c, appointmentId) {
  const notes = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.progressNotes, queries: [Query.equal('appointmentId', appointmentId), Query.select(['$id']), Query.limit(1)], total: false,
  });
  return notes.documents.length > 0 ? 'draft' : 'none';
}

/**
 * Sets `noteState` (with the server key, so its own event changes nothing) and answers it.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} appointmentId
 * @param {string} noteState
 */
export async function setNoteMark(databases, c, appointmentId, noteState) {
  await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.appointments, documentId: appointmentId, data: { noteState } });
  return noteState;
}

/**
 * The appointment's mark made to agree with its signature: `signed` where its owner's signature
 * exists, `draft`/`none` where only the mark says so. Answers the mark written, or null when it
 * already agreed.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {{ $id: string, userId?: unknown, noteState?: unknown, $permissions: string[] }} appointment
 * @returns {Promise<string | null>}
 */
export async function keepNoteMark(databases, c, appointment) {
  const userId = String(appointment.userId ?? '');
  const signed = async () => (await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.noteSignatures,
    queries: [Query.equal('userId', userId), Query.equal('appointmentId', appointment.$id), Query.select(['$id', 'userId', '$permissions']), Query.limit(1)],
    total: false,
  })).documents.some((signature) => ownedBy(signature, userId));
  const hasSignature = await signed();
  if (hasSignature === (appointment.noteState === 'signed')) return null;
  if (hasSignature) return setNoteMark(databases, c, appointment.$id, 'signed');
  const unsigned = await setNoteMark(databases, c, appointment.$id, await unsignedNoteState(databases, c, appointment.$id));
  // A signing that committed meanwhile (sign-note's transaction) keeps its mark.
  return (await signed()) ? setNoteMark(databases, c, appointment.$id, 'signed') : unsigned;
}
