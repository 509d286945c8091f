// Issue #13 "The practice": practice_settings, services and clients are written by the therapist's
// browser (collection-level create("users")), each document readable and writable only by its
// owner. Through the Web SDK over HTTP, as two signed-in therapists.
import { ID, Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../mf-dashboard/src/clients/api/create-client.ts';
import { getClient } from '../../mf-dashboard/src/clients/api/get-client.ts';
import { listClients } from '../../mf-dashboard/src/clients/api/list-clients.ts';
import { updateClient } from '../../mf-dashboard/src/clients/api/update-client.ts';
import { archiveService } from '../../mf-dashboard/src/practice/api/archive-service.ts';
import { createService } from '../../mf-dashboard/src/practice/api/create-service.ts';
import { getPracticeSettings } from '../../mf-dashboard/src/practice/api/get-practice-settings.ts';
import { listServices } from '../../mf-dashboard/src/practice/api/list-services.ts';
import { savePracticeSettings } from '../../mf-dashboard/src/practice/api/save-practice-settings.ts';
import { updateService } from '../../mf-dashboard/src/practice/api/update-service.ts';
import { clientSchemaFor } from '../../mf-dashboard/src/clients/client-schema.ts';
import { practiceSettingsSchema } from '../../mf-dashboard/src/practice/practice-settings.ts';
import { serviceSchema } from '../../mf-dashboard/src/practice/services.ts';
import { ownedBy } from '../../mf-dashboard/src/shared/owned-by.ts';
import { configureAppwrite } from '../../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../../shared-auth/src/config/config.ts';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

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
  setConfig(localRuntimeConfig({ endpoint: aw.endpoint, projectId: PROJECT_ID, databaseId: DATABASE_ID }));
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
  it('practice_settings: by userId; not unique, so a document planted with the owner\'s userId cannot block the owner\'s own', async () => {
    const where = { databaseId: DATABASE_ID, collectionId: 'practice_settings' };
    const d = await signedInUser(aw, 'therapist-d');
    await b.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES.practice_settings!.data(d.id), permissions: [Permission.read(Role.any())] });
    const own = await d.databases.createDocument({ ...where, documentId: ID.unique(), data: CASES.practice_settings!.data(d.id), permissions: owner(d.id) });
    const list = await d.databases.listDocuments({ ...where, queries: [Query.equal('userId', d.id)] });
    expect(list.documents.filter((doc) => ownedBy(doc, d.id)).map((doc) => doc.$id)).toEqual([own.$id]);
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

describe("the dashboard's practice data layer (mf-dashboard/src/{practice,clients}/api), as a therapist", () => {
  it('saves and reads settings, services and clients of the schemas, and never shows what another therapist planted', async () => {
    const c = await signedInUser(aw, 'therapist-c');
    for (const collectionId of COLLECTIONS) {
      await b.databases.createDocument({ databaseId: DATABASE_ID, collectionId, documentId: ID.unique(), data: CASES[collectionId]!.data(c.id), permissions: [Permission.read(Role.any())] });
    }
    configureAppwrite(c.client);

    expect(await getPracticeSettings(c.id)).toBeNull();
    expect(await listServices(c.id)).toEqual([]);
    expect(await listClients(c.id)).toEqual([]);

    const settings = practiceSettingsSchema.parse({ practiceName: 'Harbor Counseling', therapistName: 'Sam Ortiz', timeZone: 'Europe/London', currency: 'gbp', noShowFeeType: 'fixed', noShowFeeAmount: '£40' });
    const saved = await savePracticeSettings(c.id, settings);
    expect(saved).toMatchObject({ userId: c.id, currency: 'GBP', noShowFeeAmount: 4000, timeZone: 'Europe/London' });
    await savePracticeSettings(c.id, { ...settings, practiceName: 'Harbor Counselling' });
    expect(await getPracticeSettings(c.id)).toMatchObject({ $id: saved.$id, practiceName: 'Harbor Counselling' });

    // The first save brought the three suggested services (sort order 0–2; practice-setup.test.ts).
    const suggested = ['Intake assessment', 'Psychotherapy', 'Psychotherapy'];
    expect((await listServices(c.id)).map((s) => s.name)).toEqual(suggested);
    const intake = await createService(c.id, serviceSchema.parse({ name: 'Intake', serviceCode: '90791', durationMinutes: 60, fee: '150' }), 10);
    const therapy = await createService(c.id, serviceSchema.parse({ name: 'Couples', serviceCode: '90847', durationMinutes: 50, fee: 12000 }), 11);
    await updateService(intake.$id, { sortOrder: 12 });
    expect((await listServices(c.id)).map((s) => s.name)).toEqual([...suggested, 'Couples', 'Intake']);
    await archiveService(therapy.$id);
    expect((await listServices(c.id)).map((s) => s.name)).toEqual([...suggested, 'Intake']);
    expect((await listServices(c.id, { includeArchived: true })).slice(3).map((s) => [s.name, s.archived])).toEqual([['Couples', true], ['Intake', false]]);

    const client = await createClient(c.id, clientSchemaFor().parse({ firstName: 'Mia', lastName: 'Costa', tags: 'evenings; sliding scale', diagnosisCodes: 'F41.1', email: 'mia@example.com', reminderConsent: true }));
    expect(client).toMatchObject({ userId: c.id, tags: ['evenings', 'sliding scale'], diagnosisCodes: ['F41.1'], status: 'active' });
    await createClient(c.id, clientSchemaFor().parse({ firstName: 'Ben', lastName: 'Abbott' }));
    await updateClient(client.$id, { status: 'discharged' });
    expect((await listClients(c.id)).map((x) => x.lastName)).toEqual(['Abbott', 'Costa']);
    expect((await listClients(c.id, { status: 'discharged' })).map((x) => x.firstName)).toEqual(['Mia']);
    expect(await getClient(c.id, client.$id)).toMatchObject({ firstName: 'Mia', status: 'discharged' });
    const planted = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'clients', queries: [Query.equal('userId', c.id), Query.equal('firstName', 'Zoë')] });
    expect(planted.total).toBe(1);
    expect(await getClient(c.id, planted.documents[0]!.$id)).toBeNull();

    // Written by another tool without its list attributes: the screens still get lists.
    const bare = await aw.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(),
      data: { userId: c.id, firstName: 'Ada', lastName: 'Bare', status: 'active', currency: 'USD' },
      permissions: [Permission.read(Role.user(c.id)), Permission.update(Role.user(c.id)), Permission.delete(Role.user(c.id))],
    });
    expect(await getClient(c.id, bare.$id)).toMatchObject({ lastName: 'Bare', tags: [], diagnosisCodes: [] });
    expect((await listClients(c.id)).find((x) => x.$id === bare.$id)).toMatchObject({ tags: [], diagnosisCodes: [] });
  });
});
