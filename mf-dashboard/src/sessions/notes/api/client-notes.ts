import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { isSigned, noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';
import { signaturesOfAppointments } from './note-signatures.ts';

export interface ClientNote {
  note: ProgressNoteDocument;
  /** Signed by sign-note (its signature holds the note's hash); a note only marked signed is not. */
  signed: boolean;
}

/** A client's progress notes, newest first (the userId + clientId index), each with whether it is signed. */
export async function listClientNotes(userId: string, clientId: string): Promise<ClientNote[]> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('$createdAt'), Query.limit(200)],
      total: false,
    }),
  );
  const notes = list.documents.filter((document) => ownedBy(document, userId)).map(noteFromDocument);
  const signatures = await signaturesOfAppointments(userId, notes.filter((note) => note.status === 'signed').map((note) => note.appointmentId));
  return notes.map((note) => ({ note, signed: isSigned(note, signatures.get(note.appointmentId) ?? null) }));
}
