import { appwrite, attempt, isAppError } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { appointmentFromDocument, type AppointmentDocument } from '../appointment.ts';

/** One appointment by id; null when there is none the therapist owns. */
export async function getAppointment(userId: string, appointmentId: string): Promise<AppointmentDocument | null> {
  try {
    const document = await attempt(() => appwrite().databases.getDocument<AppointmentDocument>({ ...practiceCollection('appointments'), documentId: appointmentId }));
    return ownedBy(document, userId) ? appointmentFromDocument(document) : null;
  } catch (error) {
    if (isAppError(error) && error.code === 404) return null;
    throw error;
  }
}
