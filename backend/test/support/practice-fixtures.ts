// A therapist's practice as their browser writes it (Web SDK with their session, owner-only
// documents): practice settings, a service, clients and appointments — the data the reminder and
// calendar-feed functions read.
import { ID, type Models } from 'appwrite';
import { DATABASE_ID, type SignedInUser } from './billing-appwrite.ts';

export const HOUR = 3_600_000;

export type Doc = Models.DefaultDocument;

async function create(user: SignedInUser, collectionId: string, data: Record<string, unknown>): Promise<Doc> {
  // No permissions given: Appwrite grants the creator read/update/delete, as the dashboard's writes do.
  return user.databases.createDocument<Doc>({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: { userId: user.id, ...data } });
}

export function createPractice(user: SignedInUser, data: Record<string, unknown> = {}): Promise<Doc> {
  return create(user, 'practice_settings', {
    practiceName: 'Calm Waters Therapy', therapistName: 'Dr. Ada Lane', timeZone: 'America/Chicago', currency: 'USD',
    reminderLeadHours: 24, phone: '(312) 555-0142', addressLine1: '200 E Randolph St', addressLine2: 'Suite 5100',
    city: 'Chicago', state: 'IL', postalCode: '60601', ...data,
  });
}

export function createService(user: SignedInUser): Promise<Doc> {
  return create(user, 'services', { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 12000, currency: 'USD', color: 'purple', archived: false, sortOrder: 1 });
}

export function createClient(user: SignedInUser, data: Record<string, unknown> = {}): Promise<Doc> {
  return create(user, 'clients', {
    firstName: 'Jane', lastName: 'Doe', preferredName: 'Janie', email: `jane.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    status: 'active', diagnosisCodes: ['F41.1'], adminNotes: 'Prefers late afternoons; history of panic attacks', reminderConsent: true, currency: 'USD', ...data,
  });
}

/** An appointment `startsIn` ms from now, 45 minutes long. */
export function createAppointment(user: SignedInUser, clientId: string, serviceId: string, startsIn: number, data: Record<string, unknown> = {}): Promise<Doc> {
  const start = new Date(Math.floor((Date.now() + startsIn) / 60_000) * 60_000);
  return create(user, 'appointments', {
    clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(),
    status: 'scheduled', locationType: 'office', adminNote: 'Discuss panic attack triggers', feeAmount: 12000, currency: 'USD', ...data,
  });
}

export function updateAppointment(user: SignedInUser, appointmentId: string, data: Record<string, unknown>): Promise<Doc> {
  return user.databases.updateDocument<Doc>({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appointmentId, data });
}

export interface DevMail { id: string; to: string; from: string; subject: string; text: string; html: string; createdAt: string }

export async function mailFor(origin: string, to: string): Promise<DevMail[]> {
  const response = await fetch(`${origin}/_dev/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox ${response.status}`);
  return (await response.json()) as DevMail[];
}
