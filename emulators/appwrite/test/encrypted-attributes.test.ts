// `encrypt: true` string attributes (issue 15: clinical text), through the official SDKs as
// Appwrite serves them: sealed at rest as the `encrypt` filter's envelope under a key file beside
// the database, opened for readers with permission, refused in every query, size ≥ 150 and never
// indexed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppwriteException, Client, Databases, ID, Query } from 'appwrite';
import Database from 'better-sqlite3';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTES_KEY_FILE } from '../src/databases/attribute-cipher.ts';
import { parseSchema } from '../src/databases/schema.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { API_KEY, createUser, PROJECT_ID, type TestUser } from './support/dbfn-harness.ts';

const ref = { databaseId: 'main', collectionId: 'progress_notes' };
const SECRET = 'Client disclosed passive suicidal ideation; safety plan reviewed 7f3a9c';
const RISK = 'Denies plan or intent; protective factors: daughter, work 51d2e0';

let h: TestServer;
let alice: TestUser;
let bob: TestUser;
const dbFor = (session?: string): Databases => {
  const c = new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID);
  return new Databases(session ? c.setSession(session) : c);
};

/** Database and WAL bytes: plaintext anywhere in them would show here. */
function storedBytes(dir: string): string {
  return ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1')).join('');
}

function storedData(dir: string, id: string): Record<string, unknown> {
  const db = new Database(path.join(dir, 'appwrite.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT data FROM documents WHERE id = ?').get(id) as { data: string };
    return JSON.parse(row.data) as Record<string, unknown>;
  } finally {
    db.close();
  }
}

/** Every staged transaction operation still stored (Appwrite keeps them until the transaction settles). */
function stagedOperations(dir: string): string {
  const db = new Database(path.join(dir, 'appwrite.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT operation FROM transaction_operations').all() as Array<{ operation: string }>).map((r) => r.operation).join('\n');
  } finally {
    db.close();
  }
}

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  try {
    await p;
  } catch (e) {
    // appwrite's and node-appwrite's AppwriteException are two classes.
    if (e instanceof AppwriteException || e instanceof server.AppwriteException) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}

async function note(db: Databases, userId: string, extra: Record<string, unknown> = {}) {
  return db.createDocument({
    ...ref, documentId: ID.unique(),
    data: { userId, appointmentId: ID.unique(), clientId: 'c1', template: 'soap', content: JSON.stringify({ sections: { subjective: SECRET } }), riskLevel: 'low', riskDetails: RISK, ...extra },
  });
}

beforeAll(async () => {
  h = await startTestServer();
  alice = await createUser(h.endpoint, 'alice');
  bob = await createUser(h.endpoint, 'bob');
}, 30_000);
afterAll(async () => { await h.close(); });

describe('encrypted attributes at rest', () => {
  it('stores the envelope of Appwrite’s encrypt filter, never the plaintext, under a 0600 key file outside the database', async () => {
    const created = await note(dbFor(alice.session), alice.id);
    expect(created['riskDetails']).toBe(RISK);
    const data = storedData(h.dataDir, created.$id);
    for (const key of ['content', 'riskDetails']) {
      const envelope = JSON.parse(String(data[key])) as Record<string, string>;
      expect(Object.keys(envelope).sort()).toEqual(['data', 'iv', 'method', 'tag', 'version']);
      expect(envelope).toMatchObject({ method: 'aes-128-gcm', version: '1', iv: expect.stringMatching(/^[0-9a-f]{24}$/), tag: expect.stringMatching(/^[0-9a-f]{32}$/) });
    }
    // Unencrypted attributes stay as they are (they are queried).
    expect(data['template']).toBe('soap');
    const bytes = storedBytes(h.dataDir);
    expect(bytes).not.toContain('7f3a9c');
    expect(bytes).not.toContain('51d2e0');

    const keyFile = path.join(h.dataDir, ATTRIBUTES_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const secret = fs.readFileSync(keyFile, 'utf8').trim();
    expect(bytes).not.toContain(secret);
    // AES-128-GCM under that key: the envelope opens with it (and only the tag proves it unaltered).
    const envelope = JSON.parse(String(data['riskDetails'])) as Record<string, string>;
    const decipher = crypto.createDecipheriv('aes-128-gcm', crypto.createHash('sha256').update(secret).digest().subarray(0, 16), Buffer.from(envelope['iv'] ?? '', 'hex'));
    decipher.setAuthTag(Buffer.from(envelope['tag'] ?? '', 'hex'));
    expect(Buffer.concat([decipher.update(Buffer.from(envelope['data'] ?? '', 'base64')), decipher.final()]).toString('utf8')).toBe(RISK);
  });

  it('gives the owner the plaintext on get, list, select and update; a new value is sealed again with a fresh iv', async () => {
    const mine = dbFor(alice.session);
    const created = await note(mine, alice.id);
    const before = storedData(h.dataDir, created.$id);
    expect((await mine.getDocument({ ...ref, documentId: created.$id }))['riskDetails']).toBe(RISK);
    const listed = await mine.listDocuments({ ...ref, queries: [Query.equal('userId', alice.id), Query.limit(100)] });
    expect(listed.documents.find((d) => d.$id === created.$id)?.['riskDetails']).toBe(RISK);
    const selected = await mine.listDocuments({ ...ref, queries: [Query.select(['content', 'riskDetails']), Query.equal('userId', alice.id)] });
    expect(selected.documents.find((d) => d.$id === created.$id)?.['riskDetails']).toBe(RISK);

    const updated = await mine.updateDocument({ ...ref, documentId: created.$id, data: { goalsProgress: 'Sleep improved d81c4b' } });
    expect(updated).toMatchObject({ riskDetails: RISK, goalsProgress: 'Sleep improved d81c4b' });
    const after = storedData(h.dataDir, created.$id);
    // Appwrite encodes the whole merged document on update: unchanged encrypted values get a fresh iv too.
    expect(after['riskDetails']).not.toBe(before['riskDetails']);
    expect(String(after['goalsProgress'])).toContain('aes-128-gcm');
    expect(storedBytes(h.dataDir)).not.toContain('d81c4b');
    // The server key reads plaintext too; another therapist reads nothing.
    const admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    expect((await admin.getDocument({ ...ref, documentId: created.$id }))['goalsProgress']).toBe('Sleep improved d81c4b');
    expect(await failure(dbFor(bob.session).getDocument({ ...ref, documentId: created.$id }))).toMatchObject({ code: 404, type: 'document_not_found' });
  });

  it('keeps no staged operation of a committed or rolled-back transaction (they may hold encrypted attributes’ values in clear)', async () => {
    const mine = dbFor(alice.session);
    for (const [marker, settle] of [['c0ff1e', { commit: true }], ['r011ed', { rollback: true }]] as const) {
      const tx = await mine.createTransaction();
      await mine.createOperations({
        transactionId: tx.$id,
        operations: [{ action: 'create', ...ref, documentId: ID.unique(), data: { userId: alice.id, appointmentId: ID.unique(), clientId: 'c1', riskDetails: `staged ${marker}` } }],
      });
      expect(stagedOperations(h.dataDir)).toContain(marker);
      await mine.updateTransaction({ transactionId: tx.$id, ...settle });
      expect(stagedOperations(h.dataDir)).not.toContain(marker);
    }
  });

  it('counts the size limit on the plaintext', async () => {
    const mine = dbFor(alice.session);
    await expect(note(mine, alice.id, { riskDetails: 'x'.repeat(5000) })).resolves.toBeTruthy();
    expect(await failure(note(mine, alice.id, { riskDetails: 'x'.repeat(5001) }))).toMatchObject({ code: 400, type: 'document_invalid_structure' });
  });

  it('refuses every query on an encrypted attribute with Appwrite’s error, for users and the server key alike', async () => {
    const admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const queries = [
      Query.equal('content', SECRET), Query.search('content', 'suicidal'), Query.startsWith('riskDetails', 'Denies'),
      Query.isNull('goalsProgress'), Query.contains('riskDetails', 'plan'), Query.orderAsc('content'),
      Query.or([Query.equal('userId', alice.id), Query.equal('riskDetails', RISK)]),
    ];
    for (const q of queries) {
      const attribute = /"attribute":"(\w+)"/.exec(q)?.[1] ?? /"attribute":"(\w+)"/.exec(JSON.stringify(JSON.parse(q).values))?.[1];
      const expected = attribute === 'userId' ? 'riskDetails' : attribute;
      expect(await failure(dbFor(alice.session).listDocuments({ ...ref, queries: [q] })), q).toEqual({
        code: 400, type: 'general_query_invalid', message: `Invalid query: Cannot query encrypted attribute: ${expected}`,
      });
      expect((await failure(admin.listDocuments({ ...ref, queries: [q] }))).type).toBe('general_query_invalid');
    }
  });
});

describe('the attribute model', () => {
  it('answers encrypt: true for encrypted strings and false for the others (API key; users lack collections.read)', async () => {
    const admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const content = await admin.getAttribute({ ...ref, key: 'content' });
    expect(content).toMatchObject({ key: 'content', type: 'string', status: 'available', error: '', required: false, array: false, size: 100000, default: null, encrypt: true });
    const list = await admin.listAttributes(ref);
    const byKey = new Map(list.attributes.map((a) => [(a as { key: string }).key, a as Record<string, unknown>]));
    expect(list.total).toBe(byKey.size);
    expect(byKey.get('riskDetails')).toMatchObject({ encrypt: true, size: 5000 });
    expect(byKey.get('signerName')).toMatchObject({ encrypt: false, size: 100 });
    expect(byKey.get('status')).toMatchObject({ format: 'enum', elements: ['draft', 'signed'], default: 'draft' });
    expect(byKey.get('status')).not.toHaveProperty('encrypt');
    expect(await failure(admin.getAttribute({ ...ref, key: 'nope' }))).toMatchObject({ code: 404, type: 'attribute_not_found' });
    const asUser = await fetch(`${h.endpoint}/databases/main/collections/progress_notes/attributes`, { headers: { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': alice.session } });
    expect(asUser.status).toBe(401);
  });
});

describe('declaring encrypted attributes', () => {
  const project = (attributes: unknown[], indexes: unknown[] = []) => ({
    databases: [{ $id: 'main', name: 'main' }],
    collections: [{ $id: 'vault', databaseId: 'main', name: 'vault', documentSecurity: true, attributes, indexes }],
  });
  const secret = (size: number) => ({ key: 'secret', type: 'string', size, required: false, array: false, encrypt: true });

  it('needs a size of at least 150 (Appwrite’s message), checked when appwrite.json is loaded', () => {
    expect(() => parseSchema(project([secret(149)]))).toThrow('appwrite.json, vault.secret: Size too small. Encrypted strings require a minimum size of 150 characters.');
    expect(parseSchema(project([secret(150)])).get('main')?.collections.get('vault')?.attributes.get('secret')?.encrypt).toBe(true);
  });

  it('cannot be indexed', () => {
    expect(() => parseSchema(project([secret(200)], [{ key: 'by_secret', type: 'key', attributes: ['secret'], orders: ['ASC'] }])))
      .toThrow('appwrite.json, vault index by_secret: Cannot create an index on encrypted attribute: secret');
  });

  it('seals, at the next start, values stored before the attribute was declared encrypted', async () => {
    const plain = { ...project([{ ...secret(200), encrypt: false }, { key: 'userId', type: 'string', size: 36, required: true }]), projectId: 'cadence' };
    const dataDir = fs.mkdtempSync(path.join(h.dataDir, '..', 'legacy-'));
    let s = await startTestServer({ project: plain, dataDir });
    const admin = () => new server.Databases(new server.Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const doc = await admin().createDocument({ databaseId: 'main', collectionId: 'vault', documentId: ID.unique(), data: { userId: 'u1', secret: 'legacy value 0be8f1' } });
    await s.close();
    expect(storedBytes(dataDir)).toContain('0be8f1');

    s = await startTestServer({ project: project([secret(200), { key: 'userId', type: 'string', size: 36, required: true }]), dataDir });
    try {
      expect(storedBytes(dataDir)).not.toContain('0be8f1');
      expect((await admin().getDocument({ databaseId: 'main', collectionId: 'vault', documentId: doc.$id }))['secret']).toBe('legacy value 0be8f1');
    } finally {
      await s.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
