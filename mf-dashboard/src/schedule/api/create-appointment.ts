import { appwrite, attempt, ownerPermissions, uniqueId } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { appointmentFromDocument, type Appointment, type AppointmentDocument } from '../appointment.ts';

/** A single appointment (no series): one document, the therapist's alone. */
export async function createAppointment(userId: string, appointment: Appointment): Promise<AppointmentDocument> {
  const created = await attempt(() =>
    appwrite().databases.createDocument<AppointmentDocument>({
      ...practiceCollection('appointments'), documentId: uniqueId(), data: { ...appointment, userId }, permissions: ownerPermissions(userId),
    }),
  );
  return appointmentFromDocument(created);
}
