// The audit function (issue 17 "Audit log") against the local Appwrite, driven as the browser drives
// it (Web SDK sessions): a client edit, a sign-in, a password change and a sign-out each leave an entry
// in the therapist's `audit_log` with server time, actor, action, entity, IP and user agent and none
// of the record's values; nobody — not the owner, not another therapist — can change, delete or plant
// an entry, and another therapist reads none; concurrent events keep one linear hash chain.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppwriteException, Query } from 'appwrite';
import { ID, Permission, Role } from 'node-appwrite';
import type * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalEntry, GENESIS_HASH } from '../functions/lib/audit-chain.js';
import { DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createClient } from './support/practice-fixtures.ts';

const LOG = { databaseId: DATABASE_ID, collectionId: 'audit_log' };
const project = JSON.parse(fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../appwrite.json'), 'utf8')) as { collections: Array<{ $id: string }> };
const hasCollection = (id: string) => project.collections.some((c) => c.$id === id);
const PASSWORD = 'correct horse battery';

type Entry = server.Models.DefaultDocument & {
  userId: string; seq: number; at: string; actorId: string | null; action: string; entityType: string; entityId: string | null;
  ip: string | null; userAgent: string | null; prevHash: string; hash: string;
};

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;

/** The therapist's whole log, oldest first, read with the server key. */
async function entries(userId: string): Promise<Entry[]> {
  const list = await aw.databases.listDocuments<Entry>({ ...LOG, queries: [Query.equal('userId', userId), Query.orderAsc('seq'), Query.limit(5000)] });
  return list.documents;
}

async function until(userId: string, done: (log: Entry[]) => boolean, ms = 20_000): Promise<Entry[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const log = await entries(userId);
    if (done(log)) return log;
    if (Date.now() > deadline) throw new Error(`log of ${userId} not as expected: ${log.map((e) => e.action).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
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

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function assertLinear(log: Entry[]): void {
  let prev = GENESIS_HASH;
  log.forEach((e, i) => {
    expect(e.seq).toBe(i + 1);
    expect(e.prevHash).toBe(prev);
    expect(e.hash).toBe(sha(canonicalEntry(e)));
    prev = e.hash;
  });
}

beforeAll(async () => {
  aw = await startAppwrite();
  therapist = await signedInUser(aw, 'audited');
  other = await signedInUser(aw, 'other');
}, 60_000);
afterAll(async () => { await aw?.close(); });

describe('audit entries', () => {
  it('a sign-in is recorded with the session, its IP and device, by the therapist', async () => {
    const [login] = await until(therapist.id, (log) => log.some((e) => e.action === 'session.create'));
    expect(login).toMatchObject({ userId: therapist.id, seq: 1, actorId: therapist.id, action: 'session.create', entityType: 'session', ip: '127.0.0.1', prevHash: GENESIS_HASH });
    expect(login!.entityId).toMatch(/^[a-f0-9]{20}$/);
    expect(login!.userAgent).toBeTruthy();
    expect(Math.abs(Date.parse(login!.at) - Date.now())).toBeLessThan(60_000);
    // readable by the therapist only: read("user:<id>") and nothing else
    expect(login!.$permissions).toEqual([`read("user:${therapist.id}")`]);
  });

  it('a client edit is recorded — create and update, with entity and actor — and no value of the client appears anywhere in the log', async () => {
    const client = await createClient(therapist, { firstName: 'Marguerite', lastName: 'Okonkwo-Villanueva', phone: '(312) 555-0199' });
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: client.$id, data: { adminNotes: 'Trauma history discussed; sertraline 50 mg' } });
    // The audit function takes events as they come (two may run at once): wait for both, not only the later one.
    const log = await until(therapist.id, (l) => ['client.create', 'client.update'].every((action) => l.some((e) => e.action === action && e.entityId === client.$id)));
    const mine = log.filter((e) => e.entityId === client.$id);
    expect(mine.map((e) => e.action).sort()).toEqual(['client.create', 'client.update']);
    for (const e of mine) expect(e).toMatchObject({ actorId: therapist.id, entityType: 'client', ip: '127.0.0.1' });
    const text = JSON.stringify(log);
    for (const value of ['Marguerite', 'Okonkwo', '555-0199', 'F41.1', 'Trauma', 'sertraline', 'panic', 'Janie', client.email as string]) {
      expect(text).not.toContain(value);
    }
    assertLinear(log);
  });

  it('a password change and a sign-out are recorded', async () => {
    await therapist.account.updatePassword({ password: 'another horse battery', oldPassword: PASSWORD });
    await therapist.account.deleteSession({ sessionId: 'current' });
    // The audit function takes events as they come; wait for both, not only the later one.
    const log = await until(therapist.id, (l) => ['password.update', 'session.delete'].every((action) => l.some((e) => e.action === action)));
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['password.update', 'session.delete']));
    expect(log.find((e) => e.action === 'password.update')).toMatchObject({ entityType: 'account', entityId: therapist.id, actorId: therapist.id });
    assertLinear(log);
    therapist = await signedInAgain(therapist, 'another horse battery');
  });
});

/** A new session for a user whose password changed (signedInUser makes new users). */
async function signedInAgain(user: SignedInUser, password: string): Promise<SignedInUser> {
  const response = await fetch(`${aw.endpoint}/account/sessions/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID }, body: JSON.stringify({ email: user.email, password }),
  });
  if (response.status !== 201) throw new Error(`login ${response.status}`);
  const session = (JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>)[`a_session_${PROJECT_ID}`] ?? '';
  const { Client, Account, Databases, Functions } = await import('appwrite');
  const client = new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID).setSession(session);
  return { ...user, client, account: new Account(client), databases: new Databases(client), functions: new Functions(client) };
}

describe('nobody changes the log', () => {
  it('the owner can read but not update, delete or create an entry; another therapist reads none of it', async () => {
    const [entry] = await until(therapist.id, (l) => l.length > 0);
    const ref = { ...LOG, documentId: entry!.$id };
    expect((await therapist.databases.getDocument(ref)).$id).toBe(entry!.$id);
    expect(await failure(therapist.databases.updateDocument<Entry>({ ...ref, data: { action: 'client.view' } }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(therapist.databases.updateDocument({ ...ref, permissions: [`update("user:${therapist.id}")`] }))).toMatchObject({ code: 401 });
    expect(await failure(therapist.databases.deleteDocument(ref))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(therapist.databases.createDocument({ ...LOG, documentId: 'unique()', data: { ...pick(entry!), seq: 999 } as never }))).toMatchObject({ code: 401, type: 'user_unauthorized' });

    expect(await failure(other.databases.getDocument(ref))).toMatchObject({ code: 404, type: 'document_not_found' });
    expect(await failure(other.databases.updateDocument<Entry>({ ...ref, data: { action: 'client.view' } }))).toMatchObject({ code: 404 });
    expect(await failure(other.databases.deleteDocument(ref))).toMatchObject({ code: 404 });
    const theirs = await other.databases.listDocuments({ ...LOG, queries: [Query.equal('userId', therapist.id)] });
    expect(theirs).toMatchObject({ total: 0, documents: [] });
    // The second therapist's own log holds only their own sign-in.
    const own = await other.databases.listDocuments<Entry>({ ...LOG, queries: [Query.orderAsc('seq')] });
    expect(own.documents.every((e) => e.userId === other.id)).toBe(true);
    // Unchanged after all that.
    expect((await aw.databases.getDocument<Entry>(ref)).hash).toBe(entry!.hash);
  });
});

function pick(e: Entry): Record<string, unknown> {
  const { userId, seq, at, actorId, action, entityType, entityId, ip, userAgent, prevHash, hash } = e;
  return { userId, seq, at, actorId, action, entityType, entityId, ip, userAgent, prevHash, hash };
}

describe('account deletion', () => {
  it('a deleted therapist gets no new log from the late events of their records\' deletion', async () => {
    const gone = await aw.users.create({ userId: 'unique()', email: `gone.${Date.now()}@example.com`, password: PASSWORD });
    await aw.users.delete({ userId: gone.$id });
    const own = (id: string) => [`read("user:${id}")`, `update("user:${id}")`, `delete("user:${id}")`];
    await aw.databases.createDocument({ ...{ databaseId: DATABASE_ID, collectionId: 'clients' }, documentId: 'unique()', data: { userId: gone.$id, firstName: 'Late', lastName: 'Event' }, permissions: own(gone.$id) });
    // A control in the same breath, so the function has certainly run.
    const control = await aw.databases.createDocument({ ...{ databaseId: DATABASE_ID, collectionId: 'clients' }, documentId: 'unique()', data: { userId: therapist.id, firstName: 'Control', lastName: 'Event' }, permissions: own(therapist.id) });
    await until(therapist.id, (l) => l.some((e) => e.entityId === control.$id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await entries(gone.$id)).toEqual([]);
  });
});

describe('concurrency', () => {
  it('twenty-five edits at once keep one linear chain: every number once, each entry linked to the one before', async () => {
    const before = (await entries(therapist.id)).length;
    const clients = await Promise.all(Array.from({ length: 25 }, (_, i) => createClient(therapist, { firstName: `Concurrent${i}` })));
    const log = await until(therapist.id, (l) => clients.every((c) => l.some((e) => e.entityId === c.$id)), 60_000);
    expect(log.length).toBe(before + 25);
    assertLinear(log);
    expect(new Set(log.map((e) => e.seq)).size).toBe(log.length);
  }, 90_000);
});

describe('exports and imports: recorded by the function that does them', () => {
  it('an export is recorded as the therapist\'s own action before the ZIP is handed out', async () => {
    const user = await signedInUser(aw, 'exporter');
    const execution = await user.functions.createExecution({ functionId: 'export-data', body: '{}', async: false });
    expect(execution.responseStatusCode).toBe(200);
    const log = await until(user.id, (l) => l.some((e) => e.action === 'export'));
    expect(log.filter((e) => e.action === 'export')).toEqual([expect.objectContaining({ actorId: user.id, entityType: 'account', entityId: user.id, ip: '127.0.0.1' })]);
    assertLinear(log);
  });

  it("an import is recorded once the clients are the caller's own; not for another's clients, not without a session", async () => {
    const user = await signedInUser(aw, 'importer');
    const theirs = await createClient(other);
    const record = async (as: SignedInUser | null, clientIds: string[]) => {
      const functions = as ? as.functions : aw.functions;
      const e = await functions.createExecution({ functionId: 'record-import', body: JSON.stringify({ action: 'import', importId: 'imp1', clientIds }), async: false });
      return { status: e.responseStatusCode, body: JSON.parse(e.responseBody) as { success: boolean; clients?: number } };
    };
    expect((await record(user, [theirs.$id])).status).toBe(404);
    expect((await record(null, [theirs.$id])).status).toBe(401);
    expect((await record(user, [])).status).toBe(400);
    const mine = await Promise.all([createClient(user), createClient(user)]);
    expect(await record(user, [...mine.map((c) => c.$id), theirs.$id])).toEqual({ status: 200, body: expect.objectContaining({ success: true, clients: 2 }) });
    const log = await until(user.id, (l) => l.some((e) => e.action === 'import') && l.filter((e) => e.action === 'client.create').length === 2);
    expect(log.filter((e) => e.action === 'import')).toEqual([expect.objectContaining({ actorId: user.id, entityType: 'client_import', entityId: 'imp1' })]);
    assertLinear(log);
    expect((await entries(other.id)).some((e) => e.action === 'import')).toBe(false);
  });
});

describe('notes and money: the records functions write for the therapist', () => {
  const ownerRead = (id: string) => [Permission.read(Role.user(id))];

  it.runIf(hasCollection('note_signatures') && hasCollection('note_addenda'))('a note\'s signature and an addendum are recorded', async () => {
    const user = await signedInUser(aw, 'signer');
    const noteId = ID.unique();
    const signedAt = new Date().toISOString();
    await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'note_signatures', documentId: noteId, permissions: ownerRead(user.id),
      data: { userId: user.id, noteId, appointmentId: 'appt1', contentHash: 'a'.repeat(64), signedAt, signerName: 'Dr. Ada Lane', signerCredentials: 'PhD' } });
    const addendum = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'note_addenda', documentId: ID.unique(), permissions: ownerRead(user.id),
      data: { userId: user.id, noteId, appointmentId: 'appt1', text: 'Late detail', signedAt, signerName: 'Dr. Ada Lane', signerCredentials: 'PhD', contentHash: 'b'.repeat(64) } });
    const log = await until(user.id, (l) => l.some((e) => e.action === 'note_signature.create') && l.some((e) => e.action === 'note_addendum.create'));
    expect(log.find((e) => e.action === 'note_signature.create')).toMatchObject({ entityType: 'note_signature', entityId: noteId, actorId: '' });
    expect(log.find((e) => e.action === 'note_addendum.create')).toMatchObject({ entityType: 'note_addendum', entityId: addendum.$id });
    expect(JSON.stringify(log)).not.toContain('Late detail');
  });

  it.runIf(hasCollection('ledger_entries') && hasCollection('client_invoices'))('a payment recorded and an invoice issued and paid are recorded, without amounts', async () => {
    const user = await signedInUser(aw, 'biller');
    const entry = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', documentId: ID.unique(), permissions: ownerRead(user.id),
      data: { userId: user.id, clientId: 'client1', kind: 'payment', type: 'card', amount: -98765, currency: 'USD', date: '2026-11-20' } });
    const invoice = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: ID.unique(), permissions: ownerRead(user.id),
      data: { userId: user.id, clientId: 'client1', seq: 1, number: 'INV-0001', status: 'draft', issueDate: '2026-11-20', dueDate: '2026-12-20', periodStart: '2026-11-01', periodEnd: '2026-11-30', entryIds: [], total: 98765, currency: 'USD' } });
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: invoice.$id, data: { status: 'issued' } });
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: invoice.$id, data: { status: 'paid' } });
    const log = await until(user.id, (l) => l.filter((e) => e.entityId === invoice.$id).length === 3 && l.some((e) => e.entityId === entry.$id));
    expect(log.filter((e) => e.entityId === entry.$id).map((e) => e.action)).toEqual(['ledger_entry.create']);
    // Event executions run several at once, so the entries' order is not the writes' order.
    expect(log.filter((e) => e.entityId === invoice.$id).map((e) => e.action).sort()).toEqual(['invoice.create', 'invoice.update', 'invoice.update']);
    expect(JSON.stringify(log)).not.toContain('98765');
    assertLinear(log);
  });
});

