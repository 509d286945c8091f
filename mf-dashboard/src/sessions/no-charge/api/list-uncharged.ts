import { listDocumentPage, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../../shared/owned-by.ts';
import { practiceCollection } from '../../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../../../schedule/appointment.ts';
import { needsChargeDecision } from '../../../schedule/no-charge.ts';

/** How many Today lists (the count covers them all). */
const SHOWN = 20;

/**
 * Attended sessions with no fee and no "No charge" decision (issue 29), newest first, with how many
 * there are: one read on the userId + status + start index.
 */
export async function listUndecidedUncharged(userId: string): Promise<{ total: number; appointments: AppointmentDocument[] }> {
  const list = await listDocumentPage<AppointmentDocument>({
    ...practiceCollection('appointments'),
    queries: [
      Query.equal('userId', userId), Query.equal('status', 'show'), Query.or([Query.isNull('feeAmount'), Query.equal('feeAmount', 0)]), Query.isNull('noChargeAt'),
      Query.orderDesc('start'), Query.limit(SHOWN),
    ],
  });
  const appointments = list.documents.filter((document) => ownedBy(document, userId)).map(appointmentFromDocument).filter(needsChargeDecision);
  return { total: Math.max(list.total, appointments.length), appointments };
}
