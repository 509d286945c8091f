import { appwrite, attempt } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';
import { appointmentFromDocument, type Appointment, type AppointmentDocument } from '../appointment.ts';

/** One occurrence's time, status or details: never its series' other occurrences. */
export async function updateAppointment(appointmentId: string, changes: Partial<Appointment>): Promise<AppointmentDocument> {
  const updated = await attempt(() =>
    appwrite().databases.updateDocument<AppointmentDocument>({ ...practiceCollection('appointments'), documentId: appointmentId, data: changes }),
  );
  return appointmentFromDocument(updated);
}
