// Event-triggered executions (issue 17) through the official SDKs: what a route emits, the names
// Appwrite generates (src/Appwrite/Event/Event.php), which functions run, and what the execution
// receives (Workers/Functions.php) — read back from the `recorder` fixture's response.
import { Account, Client, Databases, ID, TablesDB } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateEvents } from '../src/functions/event-names.ts';
import { API_KEY, createUser, fn, loggedJson, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';

const RECORDER_EVENTS = [
  'databases.*.collections.things.documents.*',
  'users.*.sessions.*.create',
  'users.*.sessions.*.delete',
  'users.*.update.password',
  'users.*.update.mfa',
];

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string>;
  bodyText: string;
  keyStatus: number;
}

let h: Harness;
let alice: TestUser;
let admin: server.Functions;

const as = (session: string) => new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(session);

async function recorded(functionId = 'recorder'): Promise<Array<{ execution: server.Models.Execution; got: Recorded }>> {
  const list = await admin.listExecutions({ functionId });
  return list.executions.filter((e) => e.status === 'completed').map((execution) => ({ execution, got: loggedJson<Recorded>(execution) }));
}

/** Waits until an execution recorded `event` (the concrete name) and returns it. */
async function waitFor(event: string, ms = 10_000): Promise<{ execution: server.Models.Execution; got: Recorded }> {
  const deadline = Date.now() + ms;
  for (;;) {
    const hit = (await recorded()).find((r) => r.got.headers['x-appwrite-event'] === event);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no execution for ${event}; saw ${(await recorded()).map((r) => r.got.headers['x-appwrite-event']).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Lets queued executions run, then the events recorded so far. */
async function settledEvents(): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return (await recorded()).map((r) => r.got.headers['x-appwrite-event'] ?? '');
}

beforeAll(async () => {
  h = await startServer({
    functions: [
      fn('recorder', { execute: [], events: RECORDER_EVENTS, timeout: 15 }),
      // Subscribed to a collection nobody writes: never runs.
      fn('echo', { execute: [], events: ['databases.*.collections.nothing.documents.*'] }),
      // Subscribed but without code: skipped, and the request still succeeds.
      fn('no-such-code', { execute: [], events: ['databases.*.collections.things.documents.*.create'] }),
    ],
  });
  alice = await createUser(h.endpoint, 'events');
  admin = new server.Functions(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

describe('event names', () => {
  it('generates the concrete name first, every id/* combination, the prefixes and the TablesDB twins', () => {
    const names = generateEvents('databases.[databaseId].collections.[collectionId].documents.[documentId].update',
      { databaseId: 'main', collectionId: 'clients', tableId: 'clients', documentId: 'c1', rowId: 'c1' });
    expect(names[0]).toBe('databases.main.collections.clients.documents.c1.update');
    for (const n of [
      'databases.*.collections.*.documents.*.update', 'databases.*.collections.*.documents.*',
      'databases.main.collections.clients.documents.*.update', 'databases.*.collections.clients.documents.*',
      'databases.main.collections.*.documents.c1', 'databases.main.collections.clients', 'databases.*.collections.*',
      'databases.main', 'databases.*', 'databases.*.tables.*.rows.*.update', 'databases.main.tables.clients.rows.c1.update',
    ]) expect(names).toContain(n);
    expect(names.some((n) => n.includes('['))).toBe(false);
    expect(new Set(names).size).toBe(names.length);
    expect(names).not.toContain('databases.*.collections.*.documents.*.create');
  });

  it('names user events with and without a sub-resource', () => {
    const session = generateEvents('users.[userId].sessions.[sessionId].create', { userId: 'u1', sessionId: 's1' });
    expect(session[0]).toBe('users.u1.sessions.s1.create');
    expect(session).toEqual(expect.arrayContaining(['users.*.sessions.*.create', 'users.u1.sessions.*.create', 'users.*.sessions.s1.create', 'users.*.sessions.*', 'users.u1', 'users.*']));
    const password = generateEvents('users.[userId].update.password', { userId: 'u1' });
    // The attribute comes second: the concrete name (x-appwrite-event) is `users.u1.update`.
    expect(password[0]).toBe('users.u1.update');
    expect(password).toEqual(expect.arrayContaining(['users.u1.update.password', 'users.*.update.password', 'users.*.update', 'users.*']));
    expect(password.some((n) => n.includes('tables'))).toBe(false);
  });
});

describe('document events', () => {
  it('a create through the Web SDK runs the subscribed function: trigger event, POST /, the document as body, the actor and a working key', async () => {
    const db = new Databases(as(alice.session));
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: 'created', count: 3 } });
    const { execution, got } = await waitFor(`databases.main.collections.things.documents.${doc.$id}.create`);
    expect(execution).toMatchObject({ trigger: 'event', status: 'completed', requestMethod: 'POST', requestPath: '/' });
    expect(got).toMatchObject({ method: 'POST', path: '/', keyStatus: 200 });
    expect(got.headers).toMatchObject({
      'x-appwrite-trigger': 'event',
      'x-appwrite-user-id': alice.id,
      'x-appwrite-user-jwt': '',
      'x-appwrite-execution-id': execution.$id,
      'x-appwrite-client-ip': '127.0.0.1',
      'x-appwrite-continent-eu': 'false',
      'user-agent': 'Appwrite/1.9.6',
      'content-type': 'application/json',
    });
    expect(got.headers['x-appwrite-key']).toMatch(/^ephemeral_/);
    expect(got.headers['x-appwrite-client-user-agent']).toBeTruthy();
    expect(JSON.parse(got.bodyText)).toEqual(JSON.parse(JSON.stringify(doc)));
    // The execution belongs to the actor, like Appwrite's (read("user:<id>")).
    const own = await new (await import('appwrite')).Functions(as(alice.session)).getExecution({ functionId: 'recorder', executionId: execution.$id });
    expect(own.trigger).toBe('event');
  });

  it('update, upsert, increment and delete each emit their own event; the delete carries the deleted document', async () => {
    const db = new Databases(as(alice.session));
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: 'x' } });
    const base = `databases.main.collections.things.documents.${doc.$id}`;
    await db.updateDocument({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, data: { title: 'y' } });
    await db.upsertDocument({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, data: { title: 'z' } });
    await db.incrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'count', value: 2 });
    await db.deleteDocument({ databaseId: 'main', collectionId: 'things', documentId: doc.$id });
    expect(JSON.parse((await waitFor(`${base}.update`)).got.bodyText)).toMatchObject({ $id: doc.$id });
    expect(JSON.parse((await waitFor(`${base}.upsert`)).got.bodyText)).toMatchObject({ title: 'z' });
    const deleted = JSON.parse((await waitFor(`${base}.delete`)).got.bodyText) as Record<string, unknown>;
    expect(deleted).toMatchObject({ $id: doc.$id, $collectionId: 'things', $databaseId: 'main', title: 'z', count: 2 });
    const events = (await settledEvents()).filter((e) => e.startsWith(base));
    expect(events.filter((e) => e === `${base}.update`)).toHaveLength(2); // update + increment
  });

  it('TablesDB rows are named with tables and rows first; the collection subscription still matches', async () => {
    const tables = new TablesDB(as(alice.session));
    const row = await tables.createRow({ databaseId: 'main', tableId: 'things', rowId: ID.unique(), data: { title: 'row' } });
    const { got } = await waitFor(`databases.main.tables.things.rows.${row.$id}.create`);
    expect(JSON.parse(got.bodyText)).toMatchObject({ $id: row.$id, $tableId: 'things' });
  });

  it('bulk routes (node-appwrite) emit one event per document', async () => {
    const db = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const ids = [ID.unique(), ID.unique()];
    await db.createDocuments({ databaseId: 'main', collectionId: 'things', documents: ids.map((id) => ({ $id: id, title: 'bulk', slug: `bulk-${id}` })) });
    for (const id of ids) {
      const { got } = await waitFor(`databases.main.collections.things.documents.${id}.create`);
      expect(got.headers['x-appwrite-user-id']).toBe(''); // an API key has no user
    }
    await db.deleteDocuments({ databaseId: 'main', collectionId: 'things', queries: [server.Query.equal('$id', ids)] });
    for (const id of ids) await waitFor(`databases.main.collections.things.documents.${id}.delete`);
  });

  it('a committed transaction emits its operations\' events (upsert as update; a delete only with data); a rolled-back one emits nothing', async () => {
    const tables = new TablesDB(as(alice.session));
    const keep = await tables.createRow({ databaseId: 'main', tableId: 'things', rowId: ID.unique(), data: { title: 'keep' } });
    const gone = await tables.createRow({ databaseId: 'main', tableId: 'things', rowId: ID.unique(), data: { title: 'gone' } });
    const silent = await tables.createRow({ databaseId: 'main', tableId: 'things', rowId: ID.unique(), data: { title: 'silent' } });
    const fresh = ID.unique();
    const op = (action: string, rowId: string, data?: Record<string, unknown>) => ({ action, databaseId: 'main', tableId: 'things', rowId, data });
    const t = await tables.createTransaction();
    await tables.createOperations({ transactionId: t.$id, operations: [
      op('create', fresh, { title: 'fresh' }), op('upsert', keep.$id, { title: 'kept' }), op('delete', gone.$id, { title: 'gone' }), op('delete', silent.$id),
    ] });
    await tables.updateTransaction({ transactionId: t.$id, commit: true });
    const rows = (id: string) => `databases.main.tables.things.rows.${id}`;
    expect(JSON.parse((await waitFor(`${rows(fresh)}.create`)).got.bodyText)).toMatchObject({ $id: fresh, $tableId: 'things', $collectionId: 'things', title: 'fresh' });
    expect(JSON.parse((await waitFor(`${rows(keep.$id)}.update`)).got.bodyText)).toMatchObject({ title: 'kept' });
    expect(JSON.parse((await waitFor(`${rows(gone.$id)}.delete`)).got.bodyText)).toMatchObject({ $id: gone.$id, title: 'gone' });

    const rolledBack = ID.unique();
    const r = await tables.createTransaction();
    await tables.createOperations({ transactionId: r.$id, operations: [op('create', rolledBack, { title: 'never' })] });
    await tables.updateTransaction({ transactionId: r.$id, rollback: true });
    const events = await settledEvents();
    expect(events.filter((e) => e.includes(silent.$id) && e.endsWith('.delete'))).toEqual([]);
    expect(events.filter((e) => e.includes(rolledBack))).toEqual([]);
  });

  it('a failed request emits nothing, and functions subscribed elsewhere or without code never hold a request up', async () => {
    const db = new Databases(as(alice.session));
    await expect(db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { count: 1 } })).rejects.toMatchObject({ code: 400 });
    await expect(db.updateDocument({ databaseId: 'main', collectionId: 'things', documentId: 'missing', data: { title: 'n' } })).rejects.toMatchObject({ code: 404 });
    expect((await admin.listExecutions({ functionId: 'echo' })).total).toBe(0);
    expect((await admin.listExecutions({ functionId: 'no-such-code' })).total).toBe(0);
    const events = await settledEvents();
    expect(events.some((e) => e.endsWith('.missing.update'))).toBe(false);
  });
});

describe('account events', () => {
  it('sign-in, password change and sign-out run the function with the session or account as body', async () => {
    const email = `events-login-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const account = new Account(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID));
    const user = await account.create({ userId: ID.unique(), email, password });
    // Node has no cookie jar: the session is carried by the key-created secret, as the SDK tests do.
    const serverAccount = new server.Account(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const session = await serverAccount.createEmailPasswordSession({ email, password });
    const created = await waitFor(`users.${user.$id}.sessions.${session.$id}.create`);
    expect(created.got.headers['x-appwrite-user-id']).toBe(user.$id);
    expect(JSON.parse(created.got.bodyText)).toMatchObject({ $id: session.$id, userId: user.$id, provider: 'email', ip: '127.0.0.1' });

    const mine = new Account(as(session.secret));
    await mine.updatePassword({ password: 'another horse battery', oldPassword: password });
    // Appwrite's first generated name for `users.[userId].update.password` is `users.<id>.update`
    // (the attribute comes second in Event::generateEvents), so that is what the header carries.
    const changed = await waitFor(`users.${user.$id}.update`);
    const body = JSON.parse(changed.got.bodyText) as Record<string, unknown>;
    expect(body).toMatchObject({ $id: user.$id, email });
    expect(changed.got.bodyText).not.toContain('argon2');

    await mine.deleteSession({ sessionId: 'current' });
    const ended = await waitFor(`users.${user.$id}.sessions.${session.$id}.delete`);
    expect(JSON.parse(ended.got.bodyText)).toMatchObject({ $id: session.$id, userId: user.$id, current: true });
    expect(ended.got.headers['x-appwrite-user-id']).toBe(user.$id);
  });

  it('a failed sign-in emits nothing (Appwrite has no event for it)', async () => {
    const account = new Account(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID));
    const logins = async () => (await settledEvents()).filter((e) => e.startsWith(`users.${alice.id}.sessions.`) && e.endsWith('.create')).length;
    const before = await logins();
    expect(before).toBe(1); // the sign-in of beforeAll
    await expect(account.createEmailPasswordSession({ email: alice.email, password: 'wrong password!' })).rejects.toMatchObject({ type: 'user_invalid_credentials' });
    expect(await logins()).toBe(before);
  });
});

describe('APPWRITE_EVENTS=off', () => {
  it('runs no function on events (bulk seeding for benches)', async () => {
    const s = await startServer({ functions: [fn('recorder', { execute: [], events: RECORDER_EVENTS })], env: { APPWRITE_EVENTS: 'off' } });
    try {
      const key = new server.Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setKey(API_KEY);
      await new server.Databases(key).createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: 'quiet' } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await new server.Functions(key).listExecutions({ functionId: 'recorder' })).total).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe('durability', () => {
  it('an event execution still waiting for a runtime runs after a restart', async () => {
    const s = await startServer({
      functions: [fn('recorder', { execute: [], events: RECORDER_EVENTS, timeout: 15 }), fn('napper', { timeout: 120 })],
      env: { APPWRITE_EXECUTIONS_TOTAL: '1' },
    });
    try {
      const key = () => new server.Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setKey(API_KEY);
      await new server.Functions(key()).createExecution({ functionId: 'napper', async: true, xpath: '/busy', body: '60000' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const doc = await new server.Databases(key()).createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: 'later' } });
      const waiting = (await new server.Functions(key()).listExecutions({ functionId: 'recorder' })).executions;
      expect(waiting.map((e) => e.status)).toEqual(['waiting']);
      await s.restart();
      const deadline = Date.now() + 10_000;
      let done: server.Models.Execution | undefined;
      while (!done && Date.now() < deadline) {
        done = (await new server.Functions(key()).listExecutions({ functionId: 'recorder' })).executions.find((e) => e.status === 'completed');
        if (!done) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(done?.$id).toBe(waiting[0]?.$id);
      const got = loggedJson<Recorded>(done);
      expect(got.headers['x-appwrite-event']).toBe(`databases.main.collections.things.documents.${doc.$id}.create`);
      expect(got.headers['x-appwrite-trigger']).toBe('event');
    } finally {
      await s.close();
    }
  });
});
