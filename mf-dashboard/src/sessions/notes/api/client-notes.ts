import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { AppointmentDocument } from '../../../schedule/appointment.ts';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { isSigned, noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';
import { signaturesOfAppointments } from './note-signatures.ts';

export interface ClientNote {
  note: ProgressNoteDocument;
  /** Signed by sign-note (its signature holds the note's hash); a note only marked signed is not. */
  signed: boolean;
  /** When the note's session began (its appointment's start); null if that appointment is gone. */
  sessionStart: string | null;
}

/** Appwrite takes at most 100 values in one equal(). */
const IDS_PER_QUERY = 100;

/** The starts of the therapist's appointments with these ids. */
async function sessionStarts(userId: string, appointmentIds: readonly string[]): Promise<Map<string, string>> {
  const starts = new Map<string, string>();
  const unique = [...new Set(appointmentIds)];
  for (let i = 0; i < unique.length; i += IDS_PER_QUERY) {
    const ids = unique.slice(i, i + IDS_PER_QUERY);
    const list = await attempt(() =>
      appwrite().databases.listDocuments<AppointmentDocument>({
        ...practiceCollection('appointments'),
        queries: [Query.equal('userId', userId), Query.equal('$id', ids), Query.limit(ids.length)],
        total: false,
      }),
    );
    for (const appointment of list.documents) if (ownedBy(appointment, userId)) starts.set(appointment.$id, appointment.start);
  }
  return starts;
}

/**
 * A client's progress notes by session date, newest session first (issue 37), each with whether it
 * is signed; a note whose appointment is gone sorts by when it was started.
 */
export async function listClientNotes(userId: string, clientId: string): Promise<ClientNote[]> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('$createdAt'), Query.limit(200)],
      total: false,
    }),
  );
  const notes = list.documents.filter((document) => ownedBy(document, userId)).map(noteFromDocument);
  const [signatures, starts] = await Promise.all([
    signaturesOfAppointments(userId, notes.filter((note) => note.status === 'signed').map((note) => note.appointmentId)),
    sessionStarts(userId, notes.map((note) => note.appointmentId)),
  ]);
  return notes
    .map((note) => ({ note, signed: isSigned(note, signatures.get(note.appointmentId) ?? null), sessionStart: starts.get(note.appointmentId) ?? null }))
    .sort((a, b) => Date.parse(b.sessionStart ?? b.note.$createdAt) - Date.parse(a.sessionStart ?? a.note.$createdAt));
}
