import { appwrite, attempt, Query } from '@cadence/shared-auth';
import type { Models } from 'appwrite';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../../schedule/appointment.ts';

/** How many "notes to write" Today lists (the count covers them all). */
const SHOWN = 20;

/**
 * Notes to write (issue #15): attended sessions (status Show) that have started and have no signed
 * note yet, oldest first — the userId + status + start index — with how many there are.
 */
export async function notesDue(userId: string, now: Date = new Date()): Promise<{ total: number; appointments: AppointmentDocument[] }> {
  const list: Models.DocumentList<AppointmentDocument> = await attempt(() =>
    appwrite().databases.listDocuments<AppointmentDocument>({
      ...practiceCollection('appointments'),
      queries: [
        Query.equal('userId', userId), Query.equal('status', 'show'), Query.lessThan('start', now.toISOString()),
        Query.notEqual('noteState', 'signed'), Query.orderAsc('start'), Query.limit(SHOWN),
      ],
    }),
  );
  const appointments = list.documents.filter((document) => ownedBy(document, userId)).map(appointmentFromDocument);
  return { total: list.total, appointments };
}
