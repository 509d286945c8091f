import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { practiceCollection } from '../../../shared/practice-collections.ts';

/**
 * A note's signature (issue #15 "Sign & lock"): written only by the sign-note function, in the same
 * transaction that locks the note (note_signatures has no collection permissions; each document is
 * read("user:<id>") only and its id is the note's). A note counts as signed only with one whose
 * contentHash is the note's: a note its owner merely marked signed through the API has none.
 */
export interface NoteSignature extends Models.Document {
  userId: string;
  noteId: string;
  appointmentId: string;
  contentHash: string;
  signedAt: string;
  signerName: string | null;
  signerCredentials: string | null;
}

/** Appwrite's most values in one equal query. */
const VALUES = 100;

/** The note's signature, or null when sign-note never signed it. */
export async function getNoteSignature(noteId: string): Promise<NoteSignature | null> {
  try {
    return await attempt(() => appwrite().databases.getDocument<NoteSignature>({ ...practiceCollection('noteSignatures'), documentId: noteId }));
  } catch (error) {
    if ((error as { code?: number }).code === 404) return null;
    throw error;
  }
}

/** The signatures of these appointments' notes, by appointment id (100 appointments a read). */
export async function signaturesOfAppointments(userId: string, appointmentIds: readonly string[]): Promise<Map<string, NoteSignature>> {
  const ids = [...new Set(appointmentIds)];
  const found = new Map<string, NoteSignature>();
  for (let first = 0; first < ids.length; first += VALUES) {
    const chunk = ids.slice(first, first + VALUES);
    const list = await attempt(() =>
      appwrite().databases.listDocuments<NoteSignature>({
        ...practiceCollection('noteSignatures'), queries: [Query.equal('userId', userId), Query.equal('appointmentId', chunk), Query.limit(VALUES)], total: false,
      }),
    );
    for (const signature of list.documents) if (signature.userId === userId) found.set(signature.appointmentId, signature);
  }
  return found;
}

let pending: { userId: string; waiting: Map<string, Array<(signature: NoteSignature | null) => void>>; failed: Array<(error: unknown) => void> } | null = null;

/**
 * The signature of one appointment's note, read together with every other asked for in the same
 * tick (a list of appointments costs one read per 100, not one each).
 */
export function signatureOfAppointment(userId: string, appointmentId: string): Promise<NoteSignature | null> {
  return new Promise((resolve, reject) => {
    if (!pending || pending.userId !== userId) {
      const batch = { userId, waiting: new Map<string, Array<(signature: NoteSignature | null) => void>>(), failed: [] as Array<(error: unknown) => void> };
      pending = batch;
      setTimeout(() => {
        if (pending === batch) pending = null;
        signaturesOfAppointments(batch.userId, [...batch.waiting.keys()]).then(
          (found) => {
            for (const [id, resolvers] of batch.waiting) for (const done of resolvers) done(found.get(id) ?? null);
          },
          (error: unknown) => {
            for (const fail of batch.failed) fail(error);
          },
        );
      }, 0);
    }
    const resolvers = pending.waiting.get(appointmentId) ?? [];
    resolvers.push(resolve);
    pending.waiting.set(appointmentId, resolvers);
    pending.failed.push(reject);
  });
}
