// A list's total (up to 5,000 readable matches) is reused between identical lists only while no
// document changed: every create, update (permissions too), delete and bulk write shows at once.
import { Client, Databases, ID, Permission, Query, Role } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';

let h: Harness;
let alice: TestUser;
let db: Databases;
let admin: server.Databases;

beforeAll(async () => {
  h = await startServer();
  alice = await createUser(h.endpoint, 'alice-totals');
  db = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
  admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

const target = { databaseId: 'main', collectionId: 'notifications' };
const total = async (): Promise<number> =>
  (await db.listDocuments({ ...target, queries: [Query.equal('userId', alice.id), Query.limit(1)] })).total;
const notification = (n: string) => ({ userId: alice.id, notificationId: n, type: 'welcome', title: 'Welcome', message: 'Hello' });

describe('list totals follow every write', () => {
  it('create, permission change, delete and a bulk create each change the next identical list’s total', async () => {
    expect(await total()).toBe(0);
    const first = await db.createDocument({ ...target, documentId: ID.unique(), data: notification('t1') });
    expect(await total()).toBe(1);
    expect(await total()).toBe(1);

    // Taking away the user's read permission (server key) hides the document from her count.
    await admin.updateDocument({ ...target, documentId: first.$id, permissions: [Permission.read(Role.user('someone-else'))] });
    expect(await total()).toBe(0);
    await admin.updateDocument({ ...target, documentId: first.$id, permissions: [Permission.read(Role.user(alice.id))] });
    expect(await total()).toBe(1);

    await admin.createDocuments({
      ...target,
      documents: ['t2', 't3'].map((n) => ({ $id: ID.unique(), $permissions: [Permission.read(Role.user(alice.id))], ...notification(n) })),
    });
    expect(await total()).toBe(3);

    await admin.deleteDocument({ ...target, documentId: first.$id });
    expect(await total()).toBe(2);
  });
});
