// A practice open for online booking as book-slot's tests need it: the therapist's practice, working
// hours 08:00–20:00 every day, and two clients invited to the portal (Ada and Bob). Services and
// their booking rules are each test file's own.
import { ID } from 'appwrite';
import { DATABASE_ID, type LocalAppwrite, type SignedInUser } from './billing-appwrite.ts';
import { createClient, createPractice } from './practice-fixtures.ts';
import { invitedClient, type PortalClient } from './portal-fixtures.ts';

/** A document the therapist's browser writes (owner-only by Appwrite's default). */
export const createOwned = (user: SignedInUser, collectionId: string, data: Record<string, unknown>) =>
  user.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: { userId: user.id, ...data } });

export interface BookingPractice { clientA: PortalClient; clientB: PortalClient; accessA: string; accessB: string }

export async function bookingPractice(aw: LocalAppwrite, therapist: SignedInUser, practice: Record<string, unknown>): Promise<BookingPractice> {
  await createPractice(therapist, practice);
  const everyDay = Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
  await createOwned(therapist, 'availability', { weekly: JSON.stringify(everyDay), overrides: '[]' });
  const recordA = await createClient(therapist, { firstName: 'Ada', lastName: 'Lovelace' });
  const recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  return {
    clientA: await invitedClient(aw, therapist, recordA.$id, String(recordA.email)),
    clientB: await invitedClient(aw, therapist, recordB.$id, String(recordB.email)),
    accessA: recordA.$id,
    accessB: recordB.$id,
  };
}
