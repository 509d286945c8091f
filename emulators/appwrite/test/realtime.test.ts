// Appwrite Realtime (issue 34's signalling) driven by the official Web SDK 27 over a real WebSocket,
// with backend/appwrite.json's collections and real sessions: two therapists and a portal client.
// Each person receives only what they may read; the protocol's details are checked with a raw socket.
import * as server from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { Account, Databases, ID, Permission, Query, Realtime, Role, type Models } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import {
  admin, connectionsOf, DB, Inbox, localStorage, login, person, PROJECT, rawSocket, startRealtimeServer, until, web, type Person,
} from './support/realtime-harness.ts';

type Doc = Models.Document & Record<string, unknown>;
type Message = { events: string[]; channels: string[]; timestamp: string; payload: Doc; subscriptions?: string[] };

let s: TestServer;
let therapistA: Person;
let therapistB: Person;
let client: Person;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  s = await startRealtimeServer();
  [therapistA, therapistB, client] = await Promise.all([person(s, 'therapist'), person(s, 'therapist'), person(s, 'client')]);
});

// The SDK keeps a session it is sent in localStorage (cookieFallback); every client here names its own.
afterEach(() => localStorage.clear());

afterAll(async () => {
  await Promise.all(open.map((o) => o.close()));
  await s.close();
});

/** A subscription through the SDK's Realtime service, active on the server when this resolves. */
async function subscribe(who: Person | { jwt: string; id: string }, channels: string[], queries: string[] = []): Promise<{ inbox: Inbox<Message>; sub: { close(): Promise<void>; unsubscribe(): Promise<void> }; realtime: Realtime }> {
  const sdk = 'jwt' in who ? web(s).setJWT(who.jwt) : web(s, who.session);
  const realtime = new Realtime(sdk);
  const inbox = new Inbox<Message>();
  const before = connectionsOf(s, who.id).length;
  const sub = await realtime.subscribe(channels, inbox.push as (m: unknown) => void, queries);
  open.push(sub);
  await until(() => connectionsOf(s, who.id).length > before, 5_000, 'the subscription');
  return { inbox, sub, realtime };
}

function appointment(who: Person, data: Record<string, unknown> = {}): Promise<Doc> {
  const start = new Date(Date.now() + 86_400_000);
  return new Databases(web(s, who.session)).createDocument({
    databaseId: DB, collectionId: 'appointments', documentId: ID.unique(),
    data: { userId: who.id, clientId: 'c1', serviceId: 's1', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), ...data },
  }) as Promise<Doc>;
}

const APPOINTMENTS = `databases.${DB}.collections.appointments.documents`;

describe('Realtime with the Web SDK', () => {
  it('delivers create, update and delete of a therapist\'s documents to that therapist only', async () => {
    const a = await subscribe(therapistA, [APPOINTMENTS]);
    const b = await subscribe(therapistB, [APPOINTMENTS, 'documents']);
    const c = await subscribe(client, [APPOINTMENTS, 'documents', 'rows']);

    const doc = await appointment(therapistA);
    const created = await a.inbox.next((m) => m.payload.$id === doc.$id);
    expect(created.events).toContain(`${APPOINTMENTS}.${doc.$id}.create`);
    expect(created.events).toContain(`databases.${DB}.tables.appointments.rows.${doc.$id}.create`);
    expect(created.channels).toEqual(expect.arrayContaining([
      'documents', APPOINTMENTS, `${APPOINTMENTS}.${doc.$id}`, 'rows', `databases.${DB}.tables.appointments.rows`,
      `tablesdb.${DB}.tables.appointments.rows.${doc.$id}`, `${APPOINTMENTS}.create`, `${APPOINTMENTS}.${doc.$id}.create`, 'documents.create',
    ]));
    expect(created.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    expect(created.payload).toMatchObject({ $id: doc.$id, userId: therapistA.id, $permissions: doc.$permissions });
    expect(created.subscriptions).toHaveLength(1);

    await new Databases(web(s, therapistA.session)).updateDocument({ databaseId: DB, collectionId: 'appointments', documentId: doc.$id, data: { serviceId: 's2' } });
    const updated = await a.inbox.next((m) => m.events.includes(`${APPOINTMENTS}.${doc.$id}.update`));
    expect(updated.payload.serviceId).toBe('s2');
    await new Databases(web(s, therapistA.session)).deleteDocument({ databaseId: DB, collectionId: 'appointments', documentId: doc.$id });
    await a.inbox.next((m) => m.events.includes(`${APPOINTMENTS}.${doc.$id}.delete`));

    // B's own document reaches B (so B's socket works), A's never did; nor did any reach the client.
    const own = await appointment(therapistB);
    await b.inbox.next((m) => m.payload.$id === own.$id);
    expect(b.inbox.received.map((m) => m.payload.$id)).toEqual([own.$id]);
    expect(a.inbox.received.some((m) => m.payload.$id === own.$id)).toBe(false);
    expect(c.inbox.received).toEqual([]);
  });

  it('gives a portal client the documents shared with them and never another client\'s', async () => {
    const other = await person(s, 'client');
    const c = await subscribe(client, [`databases.${DB}.collections.measure_requests.documents`]);
    const a = await subscribe(therapistA, [`databases.${DB}.collections.measure_requests.documents`]);
    const databases = new server.Databases(admin(s));
    const request = (clientUserId: string) => databases.createDocument({
      databaseId: DB, collectionId: 'measure_requests', documentId: ID.unique(),
      data: { userId: therapistA.id, clientId: 'c1', instrument: 'phq-9', status: 'sent', sentAt: new Date().toISOString() },
      // As send-measure shares a request: the therapist and that client read it.
      permissions: [Permission.read(Role.user(therapistA.id)), Permission.read(Role.user(clientUserId))],
    });
    const forOther = await request(other.id);
    const mine = await request(client.id);
    await c.inbox.next((m) => m.payload.$id === mine.$id);
    await a.inbox.next((m) => m.payload.$id === mine.$id);
    expect(a.inbox.received.some((m) => m.payload.$id === forOther.$id)).toBe(true);
    expect(c.inbox.received.map((m) => m.payload.$id)).toEqual([mine.$id]);
  });

  it('follows a permission change: shared, the client gets updates; unshared, none', async () => {
    const doc = await appointment(therapistA);
    const c = await subscribe(client, [`${APPOINTMENTS}.${doc.$id}`]);
    const databases = new server.Databases(admin(s));
    const update = (permissions: string[], serviceId: string) => databases.updateDocument({ databaseId: DB, collectionId: 'appointments', documentId: doc.$id, data: { serviceId }, permissions });
    await update([...doc.$permissions, Permission.read(Role.user(client.id))], 'shared');
    await c.inbox.next((m) => m.payload.serviceId === 'shared');
    await update(doc.$permissions, 'unshared');
    await update(doc.$permissions, 'still unshared');
    // The therapist sees both later updates; by then the client's would have arrived.
    const a = await subscribe(therapistA, [`${APPOINTMENTS}.${doc.$id}`]);
    await update(doc.$permissions, 'marker');
    await a.inbox.next((m) => m.payload.serviceId === 'marker');
    expect(c.inbox.received.map((m) => m.payload.serviceId)).toEqual(['shared']);
  });

  it('authenticates by JWT (the ?jwt= parameter)', async () => {
    const jwt = (await new Account(web(s, therapistA.session)).createJWT()).jwt;
    const viaJwt = await subscribe({ jwt, id: therapistA.id }, [APPOINTMENTS]);
    // B's first: delivered in order, it would come before A's.
    const theirs = await appointment(therapistB);
    const mine = await appointment(therapistA);
    await viaJwt.inbox.next((m) => m.payload.$id === mine.$id);
    expect(viaJwt.inbox.received.some((m) => m.payload.$id === theirs.$id)).toBe(false);
  });

  it('stops delivering after unsubscribe and keeps the socket\'s other subscriptions', async () => {
    const realtime = new Realtime(web(s, therapistA.session));
    const first = new Inbox<Message>();
    const second = new Inbox<Message>();
    const one = await realtime.subscribe(APPOINTMENTS, first.push as (m: unknown) => void);
    const two = await realtime.subscribe(APPOINTMENTS, second.push as (m: unknown) => void);
    open.push(one, two);
    await until(() => connectionsOf(s, therapistA.id, 2).length > 0);
    await one.unsubscribe();
    await until(() => connectionsOf(s, therapistA.id, 2).length === 0);
    const doc = await appointment(therapistA);
    await second.next((m) => m.payload.$id === doc.$id);
    expect(first.received).toEqual([]);
  });

  it('reconnects after the server drops the socket and subscribes again', async () => {
    const a = await subscribe(therapistA, [APPOINTMENTS]);
    const before = connectionsOf(s, therapistA.id);
    for (const connection of before) connection.drop();
    // The SDK waits 1 s, opens a new socket, authenticates and re-sends its subscriptions.
    await until(() => connectionsOf(s, therapistA.id).some((c) => !before.includes(c)), 8_000, 'the reconnection');
    const doc = await appointment(therapistA);
    await a.inbox.next((m) => m.payload.$id === doc.$id);
  });

  it('stops a signed-out session\'s socket from receiving (checked again before each delivery)', async () => {
    const other = await person(s, 'therapist');
    const old = await subscribe(other, [APPOINTMENTS]);
    const first = await appointment(other);
    await old.inbox.next((m) => m.payload.$id === first.$id);
    await new Account(web(s, other.session)).deleteSession({ sessionId: 'current' });
    const fresh = { ...other, session: await login(s, other.email) };
    const current = await subscribe(fresh, [APPOINTMENTS]);
    const second = await appointment(fresh);
    await current.inbox.next((m) => m.payload.$id === second.$id);
    expect(old.inbox.received.map((m) => m.payload.$id)).toEqual([first.$id]);
  });

  it('narrows a subscription with queries', async () => {
    const a = await subscribe(therapistA, [APPOINTMENTS], [Query.equal('serviceId', ['wanted'])]);
    await appointment(therapistA, { serviceId: 'other' });
    const wanted = await appointment(therapistA, { serviceId: 'wanted' });
    await a.inbox.next((m) => m.payload.$id === wanted.$id);
    expect(a.inbox.received.map((m) => m.payload.$id)).toEqual([wanted.$id]);
  });

  it('sends account events to their user only, without secrets', async () => {
    const a = await subscribe(therapistA, ['account']);
    const b = await subscribe(therapistB, ['account']);
    await new Account(web(s, therapistA.session)).updatePrefs({ prefs: { theme: 'dark' } });
    const event = await a.inbox.next((m) => m.events.includes(`users.${therapistA.id}.update.prefs`));
    expect(event.channels).toEqual(expect.arrayContaining(['account', `account.${therapistA.id}`, 'account.update', `account.${therapistA.id}.update`]));
    await login(s, therapistA.email);
    const session = await a.inbox.next((m) => m.events.some((e) => /^users\.[^.]+\.sessions\.[^.*]+\.create$/.test(e)));
    expect(session.channels).toEqual(['account', `account.${therapistA.id}`]);
    expect(session.payload).toMatchObject({ userId: therapistA.id });
    expect(session.payload).not.toHaveProperty('secret');
    expect(b.inbox.received).toEqual([]);
  });

  it('delivers files a user may read (exports: file security)', async () => {
    const a = await subscribe(therapistA, ['files', 'buckets.exports.files']);
    const b = await subscribe(therapistB, ['files']);
    const storage = new server.Storage(admin(s));
    const file = await storage.createFile({
      bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.from('PK'), 'export.zip'),
      permissions: [Permission.read(Role.user(therapistA.id))],
    });
    const event = await a.inbox.next((m) => m.payload.$id === file.$id);
    expect(event.events).toContain(`buckets.exports.files.${file.$id}.create`);
    expect(event.channels).toEqual(expect.arrayContaining(['files', 'buckets.exports.files', `buckets.exports.files.${file.$id}`, 'files.create']));
    expect(b.inbox.received).toEqual([]);
  });

  it('works through the deprecated client.subscribe too, with the session from the cookie fallback', async () => {
    localStorage.setItem('cookieFallback', JSON.stringify({ [`a_session_${PROJECT}`]: therapistA.session }));
    try {
      const inbox = new Inbox<Message>();
      const sdk = web(s);
      const before = connectionsOf(s, therapistA.id).length;
      const unsubscribe = sdk.subscribe(APPOINTMENTS, inbox.push as (m: unknown) => void);
      await until(() => connectionsOf(s, therapistA.id).length > before);
      const doc = await appointment(therapistA);
      await inbox.next((m) => m.payload.$id === doc.$id);
      unsubscribe();
    } finally {
      localStorage.clear();
    }
  });
});

describe('Realtime protocol (raw socket)', () => {
  const cookie = (p: Person) => ({ cookie: `a_session_${PROJECT}=${p.session}` });

  it('answers connected with the user of the session cookie, and the URL\'s channels', async () => {
    const { socket, messages } = await rawSocket(s, `project=${PROJECT}&channels[]=account&channels[]=${APPOINTMENTS}`, cookie(therapistA));
    const connected = messages[0] as { type: string; data: { channels: string[]; subscriptions: string[]; user: { $id: string } | null } };
    expect(connected.type).toBe('connected');
    expect(connected.data.channels).toEqual(['account', `account.${therapistA.id}`, APPOINTMENTS]);
    expect(connected.data.subscriptions).toHaveLength(1);
    expect(connected.data.user?.$id).toBe(therapistA.id);
    expect(connected.data.user).not.toHaveProperty('password');
    const doc = await appointment(therapistA);
    await until(() => messages.some((m) => m.type === 'event'));
    expect(messages.find((m) => m.type === 'event')).toMatchObject({ data: { payload: { $id: doc.$id }, subscriptions: connected.data.subscriptions } });
    socket.close();
  });

  it('answers ping, authentication, subscribe and unsubscribe as Appwrite does', async () => {
    const { socket, messages } = await rawSocket(s, `project=${PROJECT}`, { 'x-fallback-cookies': '{}' });
    expect(messages[0]).toEqual({ type: 'connected', data: { channels: [], subscriptions: [], user: null } });
    const reply = async (message: unknown) => {
      const count = messages.length;
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
      await until(() => messages.length > count);
      return messages[count];
    };
    expect(await reply({ type: 'ping' })).toEqual({ type: 'pong' });
    expect(await reply({ type: 'authentication', data: { session: 'bm9wZQ==' } })).toEqual({ type: 'error', data: { code: 1003, message: 'Session is not valid.' } });
    expect(await reply({ type: 'authentication', data: {} })).toEqual({ type: 'error', data: { code: 1003, message: 'Payload is not valid. Session is required' } });
    expect(await reply({ type: 'authentication', data: { session: therapistB.session } })).toMatchObject({ type: 'response', data: { to: 'authentication', success: true, user: { $id: therapistB.id } } });
    expect(await reply({ type: 'subscribe', data: [{ subscriptionId: 'sub1', channels: ['account', 'account.someone-else', APPOINTMENTS] }] })).toEqual({
      type: 'response', data: { to: 'subscribe', success: true, subscriptions: [{ subscriptionId: 'sub1', channels: ['account', `account.${therapistB.id}`, APPOINTMENTS], queries: [] }] },
    });
    expect(await reply({ type: 'subscribe', data: [{ channels: 'x' }] })).toEqual({ type: 'error', data: { code: 1003, message: 'items: channels is not a valid array.' } });
    expect(await reply({ type: 'subscribe', data: [{ channels: ['x'], queries: [Query.limit(1)] }] })).toMatchObject({ type: 'error', data: { code: 1003, message: expect.stringContaining("Invalid query: Query method 'limit' is not supported in Realtime queries.") } });
    expect(await reply({ type: 'unsubscribe', data: [{ subscriptionId: 'sub1' }, { subscriptionId: 'none' }] })).toEqual({
      type: 'response', data: { to: 'unsubscribe', success: true, subscriptions: [{ subscriptionId: 'sub1', removed: true }, { subscriptionId: 'none', removed: false }] },
    });
    expect(await reply('not json')).toEqual({ type: 'error', data: { code: 1003, message: 'Message format is not valid.' } });
    expect(await reply({ type: 'presence', data: {} })).toEqual({ type: 'error', data: { code: 1003, message: 'Message type is not valid.' } });
    // None of those errors ends the connection.
    expect(await reply({ type: 'ping' })).toEqual({ type: 'pong' });
    socket.close();
  });

  it('refuses an unknown project, an unknown origin and a bad JWT with Appwrite\'s errors', async () => {
    const project = await rawSocket(s, 'project=nope');
    expect(project.messages[0]).toEqual({ type: 'error', data: { code: 1008, message: 'Missing or unknown project ID' } });
    expect(await project.closed).toBe(1008);

    const origin = await rawSocket(s, `project=${PROJECT}`, { origin: 'https://evil.example' });
    expect(origin.messages[0]).toEqual({ type: 'error', data: { code: 1008, message: 'Invalid Origin. Register your new client (evil.example) as a new Web platform on your project console dashboard' } });
    expect(await origin.closed).toBe(1008);

    const jwt = await rawSocket(s, `project=${PROJECT}&jwt=not.a.jwt`);
    expect(jwt.messages[0]).toMatchObject({ type: 'error', data: { code: 401 } });
    expect(await jwt.closed).toBe(4401);

    const both = await rawSocket(s, `project=${PROJECT}&jwt=x`, cookie(therapistA));
    expect(both.messages[0]).toMatchObject({ type: 'error', data: { code: 403 } });

    const platform = await rawSocket(s, `project=${PROJECT}`, { origin: 'http://localhost:3000', ...cookie(therapistA) });
    expect(platform.messages[0]).toMatchObject({ type: 'connected', data: { user: { $id: therapistA.id } } });
    platform.socket.close();
  });
});
