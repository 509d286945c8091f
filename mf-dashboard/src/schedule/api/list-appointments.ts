import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { APPOINTMENT_FIELDS, appointmentFromDocument, type AppointmentDocument } from '../appointment.ts';

/** Appointments come in pages of this many; a week is one page, a busy month a few. */
const PAGE = 500;

/**
 * The therapist's appointments starting in [from, to) (UTC instants), by start time — the
 * userId + start index. Paged with a cursor, so a range of any size arrives whole. Each appointment
 * comes with the fields the schedule reads (APPOINTMENT_FIELDS), not whatever else it holds.
 */
export async function listAppointments(userId: string, from: string, to: string, { clientId }: { clientId?: string } = {}): Promise<AppointmentDocument[]> {
  const found: AppointmentDocument[] = [];
  let cursor: string | null = null;
  for (;;) {
    const queries: string[] = [
      Query.equal('userId', userId),
      ...(clientId ? [Query.equal('clientId', clientId)] : []),
      Query.greaterThanEqual('start', from),
      Query.lessThan('start', to),
      Query.orderAsc('start'),
      Query.select([...APPOINTMENT_FIELDS]),
      Query.limit(PAGE),
      ...(cursor ? [Query.cursorAfter(cursor)] : []),
    ];
    const page: Models.DocumentList<AppointmentDocument> = await attempt(() => appwrite().databases.listDocuments<AppointmentDocument>({ ...practiceCollection('appointments'), queries, total: false }));
    for (const document of page.documents) if (ownedBy(document, userId)) found.push(appointmentFromDocument(document));
    if (page.documents.length < PAGE) return found;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}
