// The practice a therapist has set up, written through the API with the server key exactly as the
// browser writes it (owner-only documents): settings, services and clients, for specs that start
// from a working practice rather than walking through its set-up again.
import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { appwriteUrl } from './ports.ts';

export const practiceDatabases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

const owner = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];

/** Writes one owner-only document of a practice collection. */
export async function createPracticeDocument(userId: string, collectionId: string, data: Record<string, unknown>, documentId: string = ID.unique()): Promise<string> {
  const created = await practiceDatabases.createDocument({ databaseId: 'main', collectionId, documentId, data: { userId, ...data }, permissions: owner(userId) });
  return created.$id;
}

export interface SeededPractice {
  serviceId: string;
  clients: Record<string, string>;
}

export interface PracticeSeed {
  timeZone?: string;
  cancellationWindowHours?: number;
  /** Issue 32: opts the practice in to the public booking page /book/<slug>. */
  bookingSlug?: string;
  clients?: {
    firstName: string; lastName: string; preferredName?: string; email?: string; reminderConsent?: boolean;
    dateOfBirth?: string; emergencyContactName?: string; emergencyContactRelationship?: string;
  }[];
}

/** Settings (fees for late cancel and no-show), one 45-minute psychotherapy service at $150, and clients. */
export async function seedPractice(userId: string, seed: PracticeSeed = {}): Promise<SeededPractice> {
  await createPracticeDocument(userId, 'practice_settings', {
    practiceName: 'Calm Harbor Counseling', therapistName: 'Dana Reyes', credentials: 'LCSW', timeZone: seed.timeZone ?? 'America/New_York', currency: 'USD',
    phone: '(555) 201-3344', cancellationWindowHours: seed.cancellationWindowHours ?? 24, lateCancelFeeType: 'fixed', lateCancelFeeAmount: 5000,
    noShowFeeType: 'fixed', noShowFeeAmount: 7500, reminderLeadHours: 24, defaultNoteTemplate: 'soap', bookingSlug: seed.bookingSlug ?? null,
  });
  const serviceId = await createPracticeDocument(userId, 'services', { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 0 });
  const clients: Record<string, string> = {};
  for (const client of seed.clients ?? []) {
    clients[client.firstName] = await createPracticeDocument(userId, 'clients', {
      firstName: client.firstName, lastName: client.lastName, preferredName: client.preferredName ?? null, email: client.email ?? null, status: 'active',
      tags: [], diagnosisCodes: [], currency: 'USD', reminderConsent: client.reminderConsent ?? false, defaultServiceId: serviceId,
      dateOfBirth: client.dateOfBirth ?? null, emergencyContactName: client.emergencyContactName ?? null, emergencyContactRelationship: client.emergencyContactRelationship ?? null,
    });
  }
  return { serviceId, clients };
}
