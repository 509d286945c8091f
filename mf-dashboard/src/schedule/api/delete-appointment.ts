import { appwrite, attempt } from '@cadence/shared-auth';
import { practiceCollection } from '../../shared/practice-collections.ts';

/** Deletes one appointment (the UI offers it only while it has no note and no charge). */
export async function deleteAppointment(appointmentId: string): Promise<void> {
  await attempt(() => appwrite().databases.deleteDocument({ ...practiceCollection('appointments'), documentId: appointmentId }));
}
