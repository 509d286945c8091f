// The permission matrix over every collection of backend/appwrite.json, driven through the SDKs,
// plus Appwrite's role matching rules (PROTOCOL §3.3, §3.4).
import { AppwriteException, Client, Databases, ID, Permission, Query, Role } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertGrantable, canAccessDocument, isAllowed, parsePermissions, userRoles } from '../src/permissions.ts';
import { API_KEY, backendProject, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';

type Attr = (typeof backendProject.collections)[number]['attributes'][number];

let h: Harness;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const dbFor = (session?: string): Databases => {
  const c = new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID);
  return new Databases(session ? c.setSession(session) : c);
};
let admin: server.Databases;

let n = 0;
/** Valid data for a collection, built from its attribute definitions. */
function sample(attrs: Attr[], userId: string): Record<string, unknown> {
  n += 1;
  const data: Record<string, unknown> = {};
  for (const a of attrs) {
    if (!a.required && a.key !== 'userId') continue;
    if (a.key === 'userId') data[a.key] = userId;
    else if (a.format === 'enum') data[a.key] = a.elements?.[0];
    else if (a.format === 'email') data[a.key] = `x${n}@example.com`;
    else if (a.format === 'url') data[a.key] = 'https://example.com';
    else if (a.type === 'string') data[a.key] = `v${n}-${Date.now()}`.slice(0, a.size ?? 10);
    else if (a.type === 'integer' || a.type === 'double') data[a.key] = 'min' in a && typeof a.min === 'number' ? Math.max(a.min, 1) : 1;
    else if (a.type === 'boolean') data[a.key] = true;
    else if (a.type === 'datetime') data[a.key] = new Date().toISOString();
    if ('array' in a && a.array === true && a.key in data) data[a.key] = [data[a.key]];
  }
  return data;
}

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException) return { code: e.code, type: e.type };
    throw e;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  h = await startServer();
  alice = await createUser(h.endpoint, 'alice');
  bob = await createUser(h.endpoint, 'bob');
  carol = await createUser(h.endpoint, 'carol');
  admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

// Consents (user_agreements) are written by the record-agreements function since issue 11; the
// practice's collections (issues 13, 14) by the therapist's browser — except appointment series,
// which only the schedule-series function writes (it checks the client and service are the
// caller's before a series, which the daily extension trusts, exists). Issue 15: note drafts and
// private notes are browser-written; addenda only the add-addendum function writes.
// Issue 31: a therapist's own copies of forms too. Issue 32: their working hours and booking rules.
const USER_WRITABLE = new Set(['notifications', 'practice_settings', 'services', 'clients', 'appointments', 'progress_notes', 'private_notes', 'forms', 'availability', 'booking_rules']);

describe('permission matrix: every collection of backend/appwrite.json', () => {
  const owned = (col: (typeof backendProject.collections)[number]) => col.attributes.some((a) => a.key === 'userId');

  // Server-only collections (no owner, e.g. processed webhook events): no user or guest sees them.
  for (const col of backendProject.collections.filter((c) => !owned(c))) {
    it(`${col.$id}: server-only; no user or guest can create, list or get`, async () => {
      const ref = { databaseId: 'main', collectionId: col.$id };
      const id = (await admin.createDocument({ ...ref, documentId: server.ID.unique(), data: sample(col.attributes, alice.id) })).$id;
      for (const db of [dbFor(alice.session), dbFor(bob.session), dbFor()]) {
        expect((await db.listDocuments(ref)).documents).toEqual([]);
        expect(await failure(db.getDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
        expect((await failure(db.createDocument({ ...ref, documentId: ID.unique(), data: sample(col.attributes, alice.id) }))).code).toBe(401);
      }
    });
  }

  for (const col of backendProject.collections.filter(owned)) {
    it(`${col.$id}: only the owner sees it; another user and guests can't list, get, update or delete`, async () => {
      const mine = dbFor(alice.session);
      const theirs = dbFor(bob.session);
      const guest = dbFor();
      const ref = { databaseId: 'main', collectionId: col.$id };

      let id: string;
      if (USER_WRITABLE.has(col.$id)) {
        id = (await mine.createDocument({ ...ref, documentId: ID.unique(), data: sample(col.attributes, alice.id) })).$id;
      } else {
        // Billing and profile collections: written by functions with the API key, readable by the owner.
        expect(await failure(mine.createDocument({ ...ref, documentId: ID.unique(), data: sample(col.attributes, alice.id) })))
          .toMatchObject({ code: 401, type: 'user_unauthorized' });
        id = (await admin.createDocument({ ...ref, documentId: server.ID.unique(), data: sample(col.attributes, alice.id), permissions: [server.Permission.read(server.Role.user(alice.id))] })).$id;
        expect(await failure(mine.updateDocument({ ...ref, documentId: id, data: {} , permissions: [] })))
          .toMatchObject({ code: 401, type: 'user_unauthorized' });
        expect(await failure(mine.deleteDocument({ ...ref, documentId: id }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
      }

      // owner
      expect((await mine.getDocument({ ...ref, documentId: id })).$id).toBe(id);
      expect((await mine.listDocuments({ ...ref, queries: [Query.equal('userId', alice.id)] })).documents.map((d) => d.$id)).toContain(id);

      // another user: nothing exists for them
      const bobList = await theirs.listDocuments({ ...ref, queries: [Query.equal('userId', alice.id)] });
      expect(bobList).toMatchObject({ total: 0, documents: [] });
      expect((await theirs.listDocuments(ref)).documents.some((d) => d.$id === id)).toBe(false);
      expect(await failure(theirs.getDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
      expect(await failure(theirs.updateDocument({ ...ref, documentId: id, permissions: [Permission.read(Role.user(bob.id))] }))).toMatchObject({ code: 404, type: 'document_not_found' });
      expect(await failure(theirs.deleteDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
      expect(await failure(theirs.incrementDocumentAttribute({ ...ref, documentId: id, attribute: 'userId' }))).toMatchObject({ code: 404 });

      // guests
      expect(await guest.listDocuments(ref)).toMatchObject({ total: 0, documents: [] });
      expect(await failure(guest.getDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
      expect(await failure(guest.createDocument({ ...ref, documentId: ID.unique(), data: sample(col.attributes, 'x') }))).toMatchObject({ code: 401, type: 'user_unauthorized' });

      // the API key bypasses everything, and the document is still there
      expect((await admin.getDocument({ ...ref, documentId: id })).$id).toBe(id);
    });
  }

  // Issue 31 "Guardians": what a function shares with a second login (a client's guardian) carries
  // read("user:<guardian>") beside the owner's; that login reads it and nothing more, a third user
  // sees nothing, and once the function takes the read away (a revoked guardian) it is gone for them.
  const portal = (col: (typeof backendProject.collections)[number]) => col.attributes.some((a) => a.key === 'clientUserId' || a.key === 'signerUserId');
  for (const col of backendProject.collections.filter((c) => owned(c) && portal(c))) {
    it(`${col.$id}: shared with a guardian's login, read-only for them, invisible to others, gone when revoked`, async () => {
      const ref = { databaseId: 'main', collectionId: col.$id };
      const guardian = dbFor(carol.session);
      const owner = server.Permission.read(server.Role.user(alice.id));
      const shared = server.Permission.read(server.Role.user(carol.id));
      const id = (await admin.createDocument({ ...ref, documentId: server.ID.unique(), data: sample(col.attributes, alice.id), permissions: [owner, shared] })).$id;
      expect((await guardian.getDocument({ ...ref, documentId: id })).$id).toBe(id);
      expect((await guardian.listDocuments({ ...ref, queries: [Query.equal('userId', alice.id)] })).documents.map((d) => d.$id)).toContain(id);
      expect(await failure(guardian.updateDocument({ ...ref, documentId: id, permissions: [owner, shared, server.Permission.update(server.Role.user(carol.id))] })))
        .toMatchObject({ code: 401, type: 'user_unauthorized' });
      expect(await failure(guardian.deleteDocument({ ...ref, documentId: id }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
      expect(await failure(dbFor(bob.session).getDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
      await admin.updateDocument({ ...ref, documentId: id, data: {}, permissions: [owner] });
      expect(await failure(guardian.getDocument({ ...ref, documentId: id }))).toMatchObject({ code: 404, type: 'document_not_found' });
      expect((await guardian.listDocuments(ref)).documents.some((d) => d.$id === id)).toBe(false);
      expect((await dbFor(alice.session).getDocument({ ...ref, documentId: id })).$id).toBe(id);
    });
  }

  it('the owner may update and delete their own notifications', async () => {
    const mine = dbFor(alice.session);
    const col = backendProject.collections.find((c) => c.$id === 'notifications');
    const doc = await mine.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: sample(col?.attributes ?? [], alice.id) });
    expect((await mine.updateDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id, data: { read: true } }))['read']).toBe(true);
    await mine.deleteDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id });
  });
});

describe('roles and permission strings', () => {
  const verified = userRoles({ id: 'u1', emailVerification: true, labels: ['subscribed'] });
  const unverified = userRoles({ id: 'u2', emailVerification: false, labels: [] });
  const guests = ['any', 'guests'];

  it('matches any, guests, users, users/verified, user:ID, user:ID/verified and label:X', () => {
    expect(isAllowed(['read("any")'], 'read', guests)).toBe(true);
    expect(isAllowed(['read("guests")'], 'read', guests)).toBe(true);
    expect(isAllowed(['read("guests")'], 'read', verified)).toBe(false);
    expect(isAllowed(['read("users")'], 'read', guests)).toBe(false);
    expect(isAllowed(['read("users")'], 'read', unverified)).toBe(true);
    expect(isAllowed(['read("users/verified")'], 'read', verified)).toBe(true);
    expect(isAllowed(['read("users/verified")'], 'read', unverified)).toBe(false);
    expect(isAllowed(['read("user:u1")'], 'read', verified)).toBe(true);
    expect(isAllowed(['read("user:u1/verified")'], 'read', verified)).toBe(true);
    expect(isAllowed(['read("user:u2/verified")'], 'read', unverified)).toBe(false);
    expect(isAllowed(['read("label:subscribed")'], 'read', verified)).toBe(true);
    expect(isAllowed(['read("label:subscribed")'], 'read', unverified)).toBe(false);
    expect(isAllowed(['update("user:u1")'], 'read', verified)).toBe(false);
  });

  it('write expands to update + delete; create is not a document permission', () => {
    expect(parsePermissions(['write("user:u1")', 'read("any")'])).toEqual(['update("user:u1")', 'delete("user:u1")', 'read("any")']);
    expect(() => parsePermissions(['create("users")'])).toThrow(/not allowed/);
    expect(() => parsePermissions(['read(users)'])).toThrow();
    expect(() => parsePermissions(['read("nobody:x")'])).toThrow(/Role/);
  });

  it('collection permissions or, with documentSecurity, document permissions', () => {
    const subject = { collectionPermissions: ['read("users")'], documentSecurity: false };
    expect(canAccessDocument(subject, [], 'read', unverified)).toBe(true);
    expect(canAccessDocument(subject, ['update("user:u2")'], 'update', unverified)).toBe(false);
    expect(canAccessDocument({ ...subject, documentSecurity: true }, ['update("user:u2")'], 'update', unverified)).toBe(true);
  });

  it('a user may only grant roles they hold', () => {
    expect(() => assertGrantable(['read("user:u1")', 'read("any")', 'read("label:subscribed")'], verified)).not.toThrow();
    expect(() => assertGrantable(['read("user:u9")'], verified)).toThrow(/Permissions must be one of/);
  });
});
