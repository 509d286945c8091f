import { appwrite, attempt, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { isSigned, noteFromDocument, type ProgressNoteDocument } from '../progress-note.ts';

/** The client's most recently signed note other than this appointment's ("Start from last note"). */
export async function lastSignedNote(userId: string, clientId: string, exceptAppointmentId: string): Promise<ProgressNoteDocument | null> {
  const list = await attempt(() =>
    appwrite().databases.listDocuments<ProgressNoteDocument>({
      ...practiceCollection('progressNotes'),
      queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.equal('status', 'signed'), Query.orderDesc('signedAt'), Query.limit(5)],
      total: false,
    }),
  );
  const note = list.documents.find((document) => ownedBy(document, userId) && isSigned(document) && document.appointmentId !== exceptAppointmentId);
  return note ? noteFromDocument(note) : null;
}
