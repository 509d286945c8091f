import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { isSigned, noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';
import { signaturesOfAppointments } from './note-signatures.ts';

/** The client's most recently signed note other than this appointment's ("Start from last note"). */
export async function lastSignedNote(userId: string, clientId: string, exceptAppointmentId: string): Promise<ProgressNoteDocument | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.equal('status', 'signed'), Query.orderDesc('signedAt'), Query.limit(5)],
      total: false,
    }),
  );
  const candidates = list.documents.filter((document) => ownedBy(document, userId) && document.appointmentId !== exceptAppointmentId).map(noteFromDocument);
  const signatures = await signaturesOfAppointments(userId, candidates.map((note) => note.appointmentId));
  return candidates.find((note) => isSigned(note, signatures.get(note.appointmentId) ?? null)) ?? null;
}
