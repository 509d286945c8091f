// Issue #13 "The practice": practice_settings, services and clients are written by the therapist's
// browser (collection-level create("users")), each document readable and writable only by its
// owner. Through the Web SDK over HTTP, as two signed-in therapists.
import { ID, Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownedBy } from '../../mf-dashboard/src/shared/owned-by.ts';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

const owner = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];

/** A valid document of each practice collection for `userId`, and one change to it. */
const CASES: Record<string, { data: (userId: string) => Record<string, unknown>; change: Record<string, unknown> }> = {
  practice_settings: {
    data: (userId) => ({
      userId, practiceName: 'Calm Waters Therapy', therapistName: 'Dr. Ada Lane', timeZone: 'America/Chicago', currency: 'USD',
      cancellationWindowHours: 24, lateCancelFeeType: 'fixed', lateCancelFeeAmount: 5000, noShowFeeType: 'percent', noShowFeePercent: 50,
      reminderLeadHours: 48, defaultNoteTemplate: 'dap', npi: '1234567893', taxId: '12-3456789', state: 'IL', postalCode: '60601-1234',
    }),
    change: { practiceName: 'Stolen Practice' },
  },
  services: {
    data: (userId) => ({ userId, name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 12000, currency: 'USD', color: 'purple', archived: false, sortOrder: 1 }),
    change: { fee: 1 },
  },
  clients: {
    data: (userId) => ({
      userId, firstName: 'Zoë', lastName: 'Nguyen', email: 'zoe@example.com', phone: '(555) 123-4567 ext. 12', status: 'active', dateOfBirth: '1990-04-01',
      tags: ['sliding scale', 'evenings'], diagnosisCodes: ['F41.1', 'F32.A'], feeOverride: 8000, currency: 'USD', reminderConsent: true,
    }),
    change: { adminNotes: 'planted' },
  },
};
const COLLECTIONS = Object.keys(CASES);

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;

beforeAll(async () => {
  aw = await startAppwrite();
  a = await signedInUser(aw, 'therapist-a');
  b = await signedInUser(aw, 'therapist-b');
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe.each(COLLECTIONS)('%s: one therapist’s documents are theirs alone (issue #13)', (collectionId) => {
  const where = { databaseId: DATABASE_ID, collectionId };

  it('the owner creates, reads, lists and updates; the other therapist can do none of it', async () => {
    const created = await a.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES[collectionId]!.data(a.id), permissions: owner(a.id) });
    expect(ownedBy(created, a.id)).toBe(true);
    expect((await a.databases.getDocument({ ...where, documentId: created.$id })).$id).toBe(created.$id);
    const mine = await a.databases.listDocuments({ ...where, queries: [Query.equal('userId', a.id)] });
    expect(mine.documents.map((d) => d.$id)).toEqual([created.$id]);

    const seen = await b.databases.listDocuments({ ...where, queries: [Query.equal('userId', a.id)] });
    expect(seen.total).toBe(0);
    await expect(b.databases.getDocument({ ...where, documentId: created.$id })).rejects.toMatchObject({ code: 404, type: 'document_not_found' });
    await expect(b.databases.updateDocument({ ...where, documentId: created.$id, data: CASES[collectionId]!.change })).rejects.toMatchObject({ code: 404 });
    await expect(b.databases.deleteDocument({ ...where, documentId: created.$id })).rejects.toMatchObject({ code: 404 });
    const stored = await aw.databases.getDocument({ ...where, documentId: created.$id });
    expect(stored).toMatchObject(CASES[collectionId]!.data(a.id));

    await a.databases.updateDocument({ ...where, documentId: created.$id, data: CASES[collectionId]!.change });
    await a.databases.deleteDocument({ ...where, documentId: created.$id });
  });

  it("the other therapist cannot grant the owner's role, and what they plant for the owner is not the owner's", async () => {
    for (const permissions of [owner(a.id), [Permission.read(Role.user(a.id))]]) {
      await expect(b.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES[collectionId]!.data(a.id), permissions }))
        .rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
    }
    const planted = await b.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES[collectionId]!.data(a.id), permissions: [Permission.read(Role.any())] });
    const readable = await a.databases.listDocuments({ ...where, queries: [Query.equal('userId', a.id)] });
    expect(readable.documents.map((d) => d.$id)).toContain(planted.$id);
    expect(readable.documents.filter((d) => ownedBy(d, a.id))).toEqual([]);
    await aw.databases.deleteDocument({ ...where, documentId: planted.$id });
  });
});

describe('the list queries the practice makes (indexes of backend/appwrite.json)', () => {
  it('practice_settings: one per therapist', async () => {
    const where = { databaseId: DATABASE_ID, collectionId: 'practice_settings' };
    await a.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES.practice_settings!.data(a.id), permissions: owner(a.id) });
    await expect(a.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES.practice_settings!.data(a.id), permissions: owner(a.id) }))
      .rejects.toMatchObject({ code: 409, type: 'document_unique_constraint_violation' });
  });

  it('services: by archived, then sort order', async () => {
    const where = { databaseId: DATABASE_ID, collectionId: 'services' };
    for (const [name, sortOrder, archived] of [['Family', 2, false], ['Intake', 0, false], ['Old', 1, true]] as const) {
      await a.databases.createDocument({ ...where, documentId: ID.unique(), data: { ...CASES.services!.data(a.id), name, sortOrder, archived }, permissions: owner(a.id) });
    }
    const active = await a.databases.listDocuments({ ...where, queries: [Query.equal('userId', a.id), Query.equal('archived', false), Query.orderAsc('sortOrder')] });
    expect(active.documents.map((d) => d['name'])).toEqual(['Intake', 'Family']);
  });

  it('clients: by last name, by status, by email, and a last-name search', async () => {
    const where = { databaseId: DATABASE_ID, collectionId: 'clients' };
    const people = [['Ravi', 'Patel', 'active', 'ravi@example.com'], ['Ann', 'Baker', 'discharged', 'ann@example.com'], ['Lee', 'Chen', 'active', 'lee@example.com']] as const;
    for (const [firstName, lastName, status, email] of people) {
      await a.databases.createDocument({ ...where, documentId: ID.unique(), data: { ...CASES.clients!.data(a.id), firstName, lastName, status, email }, permissions: owner(a.id) });
    }
    const mine = Query.equal('userId', a.id);
    const byName = await a.databases.listDocuments({ ...where, queries: [mine, Query.orderAsc('lastName')] });
    expect(byName.documents.map((d) => d['lastName'])).toEqual(['Baker', 'Chen', 'Patel']);
    const active = await a.databases.listDocuments({ ...where, queries: [mine, Query.equal('status', 'active'), Query.orderAsc('lastName')] });
    expect(active.documents.map((d) => d['lastName'])).toEqual(['Chen', 'Patel']);
    const byEmail = await a.databases.listDocuments({ ...where, queries: [mine, Query.equal('email', 'ann@example.com')] });
    expect(byEmail.documents.map((d) => d['firstName'])).toEqual(['Ann']);
    const search = await a.databases.listDocuments({ ...where, queries: [mine, Query.search('lastName', 'Patel')] });
    expect(search.documents.map((d) => d['firstName'])).toEqual(['Ravi']);
  });
});
