// Documents API through the official SDKs: every endpoint, success and error types (PROTOCOL §3).
import { AppwriteException, Client, Databases, ID, Permission, Role, TablesDB } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';
import { assertModel } from './support/models.ts';

let h: Harness;
let alice: TestUser;
let db: Databases;
let tables: TablesDB;
let admin: server.Databases;

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof server.AppwriteException) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  h = await startServer();
  alice = await createUser(h.endpoint, 'alice');
  const client = new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session);
  db = new Databases(client);
  tables = new TablesDB(client);
  admin = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

/** Document data without the SDK's excess-property check on literals. */
const loose = (x: Record<string, unknown>): Record<string, unknown> => x;
const notif = (n: string): Record<string, unknown> => ({ userId: alice.id, notificationId: n, type: 'welcome', title: `T${n}`, message: 'hello' });

describe('documents', () => {
  it('creates (201) with default permissions for the creator, then gets it', async () => {
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: notif('n1') });
    assertModel('document', doc);
    expect([...doc.$permissions].sort()).toEqual([`delete("user:${alice.id}")`, `read("user:${alice.id}")`, `update("user:${alice.id}")`]);
    expect(doc['priority']).toBe('medium');
    expect(doc['read']).toBe(false);
    expect(doc['actionUrl']).toBeNull();
    expect(typeof doc.$sequence).toBe('string');
    const got = await db.getDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id });
    assertModel('document', got);
    expect(got).toEqual(doc);
  });

  it('accepts the literal unique() and generates a 20-char id', async () => {
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'unique()', data: notif('n2') });
    expect(doc.$id).toMatch(/^[0-9a-f]{20}$/);
  });

  it('rejects duplicates: id → document_already_exists, unique index → document_unique_constraint_violation', async () => {
    await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'dup', data: notif('n3') });
    const byId = await failure(db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'dup', data: notif('n4') }));
    expect(byId).toMatchObject({ code: 409, type: 'document_already_exists' });
    expect(byId.message).toBe("Document with the requested ID 'dup' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.");
    // `things` has a unique index (notifications' (userId, notificationId) key is not unique: another
    // user's planted document must not block the owner's).
    await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: loose({ title: 'a', slug: 'taken' }) });
    const byIndex = await failure(db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: loose({ title: 'b', slug: 'taken' }) }));
    expect(byIndex).toMatchObject({ code: 409, type: 'document_unique_constraint_violation' });
  });

  it('validates structure against the attribute definitions', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...notif('s1'), title: undefined }, 'Missing required attribute "title"'],
      [{ ...notif('s2'), bogus: 1 }, 'Unknown attribute: "bogus"'],
      [{ ...notif('s3'), type: 'nope' }, 'Attribute "type" has invalid type'],
      [{ ...notif('s4'), read: 'yes' }, 'Value must be a valid boolean'],
      [{ ...notif('s5'), actionUrl: 'not a url' }, 'Value must be a valid URL'],
      [{ ...notif('s6'), title: 'x'.repeat(256) }, 'at most 255 chars'],
      [{ ...notif('s7'), timestamp: 'yesterday' }, 'ISO 8601'],
    ];
    for (const [data, text] of cases) {
      const f = await failure(db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: JSON.parse(JSON.stringify(data)) as object }));
      expect(f.type).toBe('document_invalid_structure');
      expect(f.code).toBe(400);
      expect(f.message).toContain(text);
    }
  });

  it('create errors: missing data, bad id, unknown database/collection, no create permission', async () => {
    expect(await failure(db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: {} })))
      .toMatchObject({ code: 400, type: 'document_missing_data' });
    expect(await failure(db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: '_bad', data: notif('e1') })))
      .toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(db.createDocument({ databaseId: 'nope', collectionId: 'notifications', documentId: ID.unique(), data: notif('e2') })))
      .toMatchObject({ code: 404, type: 'database_not_found', message: "Database with the requested ID 'nope' could not be found." });
    expect(await failure(db.createDocument({ databaseId: 'main', collectionId: 'nope', documentId: ID.unique(), data: notif('e3') })))
      .toMatchObject({ code: 404, type: 'collection_not_found' });
    expect(await failure(db.createDocument({ databaseId: 'main', collectionId: 'invoices', documentId: ID.unique(), data: loose({ userId: alice.id, stripeInvoiceId: 'in_1', status: 'paid' }) })))
      .toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: notif('e4'), permissions: [Permission.read(Role.user('someone-else'))] })))
      .toMatchObject({ code: 401, type: 'user_unauthorized' });
  });

  it('updates partially (PATCH), keeps permissions, and reports missing payload / not found', async () => {
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: notif('u1') });
    await new Promise((r) => setTimeout(r, 5));
    const updated = await db.updateDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id, data: loose({ read: true }) });
    assertModel('document', updated);
    expect(updated['read']).toBe(true);
    expect(updated['title']).toBe('Tu1');
    expect(updated.$permissions).toEqual(doc.$permissions);
    expect(updated.$updatedAt > doc.$updatedAt).toBe(true);
    expect(updated.$createdAt).toBe(doc.$createdAt);
    expect(await failure(db.updateDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id })))
      .toMatchObject({ code: 400, type: 'document_missing_payload' });
    expect(await failure(db.updateDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'missing', data: loose({ read: true }) })))
      .toMatchObject({ code: 404, type: 'document_not_found', message: "Document with the requested ID 'missing' could not be found." });
    expect(await failure(db.updateDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id, data: loose({ priority: 'urgent' }) })))
      .toMatchObject({ code: 400, type: 'document_invalid_structure' });
  });

  it('upserts (PUT): creates when missing, replaces when present', async () => {
    const created = await db.upsertDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'up1', data: notif('p1') });
    assertModel('document', created);
    const replaced = await db.upsertDocument({ databaseId: 'main', collectionId: 'notifications', documentId: 'up1', data: { ...notif('p1'), title: 'new', read: true } });
    expect(replaced['title']).toBe('new');
    expect(replaced.$sequence).toBe(created.$sequence);
  });

  it('deletes (204) and then the document is gone', async () => {
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: notif('d1') });
    const res = await fetch(`${h.endpoint}/databases/main/collections/notifications/documents/${doc.$id}`, {
      method: 'DELETE', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': alice.session }, body: '{}',
    });
    expect(res.status).toBe(204);
    expect(await failure(db.getDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id }))).toMatchObject({ code: 404, type: 'document_not_found' });
    expect(await failure(db.deleteDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id }))).toMatchObject({ code: 404, type: 'document_not_found' });
  });

  it('increments and decrements with bounds', async () => {
    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: 'c' } });
    const inc = await db.incrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'count', value: 2, max: 3 });
    assertModel('document', inc);
    expect(inc['count']).toBe(2);
    expect(await failure(db.incrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'count', value: 2, max: 3 })))
      .toMatchObject({ code: 400, type: 'attribute_limit_exceeded', message: 'databases "count" has reached the maximum value of 3' });
    const dec = await db.decrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'count' });
    expect(dec['count']).toBe(1);
    expect(await failure(db.decrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'count', value: 5, min: 0 })))
      .toMatchObject({ code: 400, type: 'attribute_limit_exceeded', message: 'databases "count" has reached the minimum value of 0' });
    expect(await failure(db.incrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'title' })))
      .toMatchObject({ code: 400, type: 'attribute_type_invalid' });
    expect(await failure(db.incrementDocumentAttribute({ databaseId: 'main', collectionId: 'things', documentId: doc.$id, attribute: 'nope' })))
      .toMatchObject({ code: 404, type: 'attribute_not_found' });
  });

  it('lets the API key write billing collections and set $createdAt, with empty default permissions', async () => {
    const doc = await admin.createDocument({
      databaseId: 'main', collectionId: 'invoices', documentId: server.ID.unique(),
      data: { userId: alice.id, stripeInvoiceId: 'in_key', status: 'paid', total: 1000, $createdAt: '2024-01-02T03:04:05.000Z' },
    });
    expect(doc.$permissions).toEqual([]);
    expect(doc.$createdAt).toBe('2024-01-02T03:04:05.000+00:00');
    expect(await failure(db.getDocument({ databaseId: 'main', collectionId: 'invoices', documentId: doc.$id }))).toMatchObject({ code: 404 });
  });

  it('lists with total and model shape', async () => {
    const list = await db.listDocuments({ databaseId: 'main', collectionId: 'notifications' });
    assertModel('documentList', list);
    expect(list.total).toBe(list.documents.length);
    expect(list.total).toBeGreaterThan(3);
    const noTotal = await db.listDocuments({ databaseId: 'main', collectionId: 'notifications', total: false });
    expect(noTotal.total).toBe(0);
  });
});

describe('bulk methods (node-appwrite, API key only)', () => {
  it('createDocuments, upsertDocuments, updateDocuments and deleteDocuments', async () => {
    const created = await admin.createDocuments({ databaseId: 'main', collectionId: 'things', documents: [
      { $id: 'bulk1', title: 'bulk', count: 1 }, { $id: 'bulk2', title: 'bulk', count: 2, $permissions: [server.Permission.read(server.Role.any())] },
    ] });
    assertModel('documentList', created);
    expect(created.total).toBe(2);
    expect(created.documents[1]?.$permissions).toEqual(['read("any")']);
    const upserted = await admin.upsertDocuments({ databaseId: 'main', collectionId: 'things', documents: [{ $id: 'bulk1', title: 'bulk', count: 7 }, { $id: 'bulk3', title: 'bulk' }] });
    expect(upserted.documents.map((d) => d['count'])).toEqual([7, 0]);
    const updated = await admin.updateDocuments({ databaseId: 'main', collectionId: 'things', data: { done: true }, queries: [server.Query.equal('title', 'bulk')] });
    expect(updated.total).toBe(3);
    expect(updated.documents.every((d) => d['done'] === true)).toBe(true);
    const deleted = await admin.deleteDocuments({ databaseId: 'main', collectionId: 'things', queries: [server.Query.equal('title', 'bulk')] });
    expect(deleted.total).toBe(3);
    expect((await admin.listDocuments({ databaseId: 'main', collectionId: 'things', queries: [server.Query.equal('title', 'bulk')] })).total).toBe(0);
  });

  it('refuses bulk writes from a session', async () => {
    const res = await fetch(`${h.endpoint}/databases/main/collections/things/documents`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': alice.session },
      body: JSON.stringify({ documents: [{ $id: 'x1', title: 'x' }] }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { type: string }).type).toBe('general_unauthorized_scope');
  });
});

describe('TablesDB rows (same engine, renamed)', () => {
  it('creates, lists, gets, updates, increments and deletes rows', async () => {
    const row = await tables.createRow({ databaseId: 'main', tableId: 'things', rowId: ID.unique(), data: { title: 'row' } });
    assertModel('row', row);
    expect(row.$tableId).toBe('things');
    const list = await tables.listRows({ databaseId: 'main', tableId: 'things' });
    assertModel('rowList', list);
    expect(list.rows.some((r) => r.$id === row.$id)).toBe(true);
    expect((await tables.getRow({ databaseId: 'main', tableId: 'things', rowId: row.$id })).$id).toBe(row.$id);
    expect((await tables.updateRow({ databaseId: 'main', tableId: 'things', rowId: row.$id, data: { done: true } }))['done']).toBe(true);
    expect((await tables.incrementRowColumn({ databaseId: 'main', tableId: 'things', rowId: row.$id, column: 'count' }))['count']).toBe(1);
    await tables.deleteRow({ databaseId: 'main', tableId: 'things', rowId: row.$id });
    expect(await failure(tables.getRow({ databaseId: 'main', tableId: 'things', rowId: row.$id }))).toMatchObject({ code: 404, type: 'row_not_found' });
    expect(await failure(tables.createRow({ databaseId: 'main', tableId: 'nope', rowId: ID.unique(), data: loose({ title: 'x' }) }))).toMatchObject({ code: 404, type: 'table_not_found' });
  });
});

describe('document write rate limits (on by default outside tests)', () => {
  it('allows 120 creates per minute per user, then 429 with X-RateLimit headers; API keys are exempt', async () => {
    // A fixed clock: the fixed one-minute window must not roll over while a busy machine sends 121 requests.
    const frozen = Date.now();
    const limited = await startServer({ rateLimits: true, now: () => frozen });
    try {
      const user = await createUser(limited.endpoint, 'rl');
      const headers = { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': user.session };
      const create = (): Promise<Response> => fetch(`${limited.endpoint}/databases/main/collections/things/documents`, {
        method: 'POST', headers, body: JSON.stringify({ documentId: 'unique()', data: { title: 'rl' } }),
      });
      for (let i = 0; i < 120; i++) expect((await create()).status).toBe(201);
      const blocked = await create();
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(((await blocked.json()) as { type: string }).type).toBe('general_rate_limit_exceeded');
      const key = new server.Databases(new server.Client().setEndpoint(limited.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
      expect((await key.createDocument({ databaseId: 'main', collectionId: 'things', documentId: 'unique()', data: { title: 'k' } })).$id).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});

describe('hostile document bodies (raw JSON: the SDK would drop a `__proto__` key)', () => {
  const send = (method: string, path: string, json: string): Promise<Response> => fetch(`${h.endpoint}/databases/main/collections/notifications/documents${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': alice.session },
    body: json,
  });
  const unknown = (key: string) => ({ code: 400, type: 'document_invalid_structure', message: `Invalid document structure: Unknown attribute: "${key}"` });

  it('refuses `__proto__`, `constructor` and `prototype` as unknown attributes instead of reading attributes through them', async () => {
    const planted = '{"userId":"victim","title":"planted","notificationId":"proto","type":"welcome","message":"m"}';
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const created = await send('POST', '', `{"documentId":"proto-${key.replaceAll('_', '')}","data":{"${key}":${planted}}}`);
      expect(await created.json()).toMatchObject(unknown(key));
    }
    const mixed = await send('POST', '', `{"documentId":"unique()","data":{"__proto__":{"userId":"victim"},"notificationId":"p2","type":"welcome","title":"t","message":"m"}}`);
    expect(await mixed.json()).toMatchObject(unknown('__proto__'));
    expect((await admin.listDocuments({ databaseId: 'main', collectionId: 'notifications' })).documents.filter((d) => d['userId'] === 'victim')).toEqual([]);

    const doc = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: notif('proto-update') });
    const updated = await send('PATCH', `/${doc.$id}`, '{"data":{"__proto__":{"userId":"victim","title":"changed"}}}');
    expect(await updated.json()).toMatchObject(unknown('__proto__'));
    expect(await db.getDocument({ databaseId: 'main', collectionId: 'notifications', documentId: doc.$id })).toMatchObject({ userId: alice.id, title: 'Tproto-update' });
  });

  it('refuses data nested deeper than JSON allows with general_argument_invalid, never a 500', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const response = await send('POST', '', `{"documentId":"unique()","data":{"title":${deep}}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    // A string full of brackets is not nesting.
    const text = await db.createDocument({ databaseId: 'main', collectionId: 'notifications', documentId: ID.unique(), data: { ...notif('brackets'), message: '{['.repeat(1_000) } });
    expect(text['message']).toBe('{['.repeat(1_000));
  });
});
