// Document reads answered again while nothing was written (databases/read-cache.ts) and compressed
// as the client asks (compression.ts). A repeated read is not drawn again; every kind of write —
// through each write route, a transaction, a commit on another connection, a deployed attribute — is
// in the very next read; another caller (another user, a guest, the same user with a new label) never
// gets an answer kept for someone else. Each of these reads would be the stale kept one if the cache
// missed that case.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client, Databases, ID, Permission, Query, Role, TablesDB, Users, type Models } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/compression.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { API_KEY, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';

const things = { databaseId: 'main', collectionId: 'things' };
type Thing = Models.Document & { title: string; count: number };
let h: Harness;
let alice: TestUser;
let bob: TestUser;
let admin: Databases;

const sessionHeaders = (user: TestUser | null, acceptEncoding = 'identity') => ({
  'x-appwrite-project': PROJECT_ID, 'accept-encoding': acceptEncoding, ...(user ? { 'x-appwrite-session': user.session } : {}),
});
const listUrl = (queries: string[]) => `${h.endpoint}/databases/main/collections/things/documents?${queries.map((q, i) => `queries[${i}]=${encodeURIComponent(q)}`).join('&')}`;
/** Reads drawn by the pool (a worker or the main thread): what a kept answer saves. */
const drawn = () => h.app.documentReads.served.worker + h.app.documentReads.served.main;

/** Alice's things by title, as the raw bytes' JSON; `drawn` says whether the read was drawn or kept. */
async function titles(user: TestUser | null = alice, queries: string[] = [Query.orderAsc('title'), Query.limit(100)]): Promise<{ titles: string[]; drawn: boolean }> {
  const before = drawn();
  const response = await fetch(listUrl(queries), { headers: sessionHeaders(user) });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { documents: Array<{ title: string; count: number }> };
  return { titles: body.documents.map((d) => `${d.title}:${d.count}`), drawn: drawn() > before };
}

beforeAll(async () => {
  h = await startServer({ env: { APPWRITE_READ_WORKERS: '1' } });
  alice = await createUser(h.endpoint, 'alice-cache');
  bob = await createUser(h.endpoint, 'bob-cache');
  admin = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
  const own = (u: TestUser) => [Permission.read(Role.user(u.id)), Permission.update(Role.user(u.id)), Permission.delete(Role.user(u.id))];
  await admin.createDocuments({
    ...things,
    documents: [
      ...['a', 'b', 'c'].map((t) => ({ $id: `alice-${t}`, $permissions: own(alice), title: t, count: 1 })),
      { $id: 'bob-z', $permissions: own(bob), title: 'z', count: 1 },
      { $id: 'vip-v', $permissions: [Permission.read(Role.label('vip'))], title: 'v', count: 1 },
    ],
  });
});
afterAll(async () => { await h.close(); });

describe('kept answers', () => {
  it('a repeated read is answered again, byte for byte, without being drawn', async () => {
    const first = await fetch(listUrl([Query.limit(10)]), { headers: sessionHeaders(alice) });
    const before = drawn();
    const hits = h.app.documentAnswers.counts.hit;
    const again = await fetch(listUrl([Query.limit(10)]), { headers: sessionHeaders(alice) });
    expect(await again.text()).toBe(await first.text());
    expect(drawn()).toBe(before);
    expect(h.app.documentAnswers.counts.hit).toBe(hits + 1);
    // getDocument too.
    const one = `${h.endpoint}/databases/main/collections/things/documents/alice-a`;
    const a = await (await fetch(one, { headers: sessionHeaders(alice) })).text();
    const beforeGet = drawn();
    expect(await (await fetch(one, { headers: sessionHeaders(alice) })).text()).toBe(a);
    expect(drawn()).toBe(beforeGet);
  });

  it('every write route is in the next read', async () => {
    const aliceDb = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
    expect(await titles()).toMatchObject({ titles: ['a:1', 'b:1', 'c:1'] });
    expect((await titles()).drawn).toBe(false);
    const steps: Array<[string, () => Promise<unknown>, string[]]> = [
      ['update', () => aliceDb.updateDocument<Thing>({ ...things, documentId: 'alice-a', data: { count: 2 } }), ['a:2', 'b:1', 'c:1']],
      ['create', () => aliceDb.createDocument<Thing>({ ...things, documentId: 'alice-d', data: { title: 'd', count: 1 } }), ['a:2', 'b:1', 'c:1', 'd:1']],
      ['increment', () => aliceDb.incrementDocumentAttribute({ ...things, documentId: 'alice-b', attribute: 'count', value: 4 }), ['a:2', 'b:5', 'c:1', 'd:1']],
      ['upsert', () => aliceDb.upsertDocument<Thing>({ ...things, documentId: 'alice-c', data: { title: 'c', count: 7 } }), ['a:2', 'b:5', 'c:7', 'd:1']],
      ['delete', () => aliceDb.deleteDocument({ ...things, documentId: 'alice-d' }), ['a:2', 'b:5', 'c:7']],
      ['bulk update', () => admin.updateDocuments({ ...things, data: { count: 9 }, queries: [Query.equal('title', ['a', 'b'])] }), ['a:9', 'b:9', 'c:7']],
      ['bulk create', () => admin.createDocuments({ ...things, documents: [{ $id: 'alice-e', $permissions: [Permission.read(Role.user(alice.id))], title: 'e', count: 3 }] }), ['a:9', 'b:9', 'c:7', 'e:3']],
      ['bulk upsert', () => admin.upsertDocuments({ ...things, documents: [{ $id: 'alice-e', $permissions: [Permission.read(Role.user(alice.id))], title: 'e', count: 4 }] }), ['a:9', 'b:9', 'c:7', 'e:4']],
      ['bulk delete', () => admin.deleteDocuments({ ...things, queries: [Query.equal('title', ['e'])] }), ['a:9', 'b:9', 'c:7']],
      ['permissions', () => admin.updateDocument({ ...things, documentId: 'alice-c', permissions: [Permission.read(Role.user(bob.id))] }), ['a:9', 'b:9']],
    ];
    for (const [name, write, expected] of steps) {
      await write();
      const read = await titles();
      expect({ name, titles: read.titles, drawn: read.drawn }).toEqual({ name, titles: expected, drawn: true });
      expect((await titles()).drawn).toBe(false);
    }
  });

  it('a transaction is in the next read once committed, not while staged', async () => {
    const tables = new TablesDB(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
    const before = (await titles()).titles;
    const tx = await tables.createTransaction();
    await tables.createOperations({ transactionId: tx.$id, operations: [{ action: 'create', databaseId: 'main', tableId: 'things', rowId: 'alice-t', data: { title: 't', count: 1 } }] });
    expect((await titles()).titles).toEqual(before);
    await tables.updateTransaction({ transactionId: tx.$id, commit: true });
    expect((await titles()).titles).toEqual([...before, 't:1']);
  });

  it('a commit by another connection to the database file is in the next read', async () => {
    expect((await titles()).drawn).toBe(false);
    const other = new Database(path.join(h.dataDir, 'appwrite.sqlite'));
    try {
      other.prepare("UPDATE documents SET data = json_set(data, '$.count', 42) WHERE collection_id = 'things' AND id = 'alice-a'").run();
    } finally {
      other.close();
    }
    expect((await titles()).titles[0]).toBe('a:42');
  });

  it('nobody gets an answer kept for another caller: another user, a guest, a new label', async () => {
    const queries = [Query.orderAsc('title'), Query.limit(50)];
    const aliceSees = (await titles(alice, queries)).titles;
    expect(aliceSees.length).toBeGreaterThan(0);
    expect((await titles(bob, queries)).titles).toEqual(['c:7', 'z:1']);
    expect((await titles(null, queries)).titles).toEqual([]);
    // A label is a role: no document is written, yet the next read is the label's.
    await new Users(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY)).updateLabels({ userId: bob.id, labels: ['therapist', 'vip'] });
    expect((await titles(bob, queries)).titles).toEqual(['c:7', 'v:1', 'z:1']);
    // And the API key reads everything.
    const all = await admin.listDocuments({ ...things, queries });
    expect(all.documents.map((d) => d['title'])).toEqual(expect.arrayContaining(['a', 'b', 'c', 'v', 'z']));
  });

  it("one caller's writes leave another's kept answers kept; a document given to a caller or taken away is in their next read", async () => {
    const queries = [Query.orderAsc('title'), Query.limit(50)];
    const aliceBefore = await titles(alice, queries);
    expect((await titles(alice, queries)).drawn).toBe(false);
    const bobDb = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(bob.session));
    await bobDb.updateDocument<Thing>({ ...things, documentId: 'bob-z', data: { count: 2 } });
    // Bob's write is no document Alice can read: her answer stays kept. Bob's own is drawn again.
    expect(await titles(alice, queries)).toEqual({ titles: aliceBefore.titles, drawn: false });
    expect((await titles(bob, queries)).titles).toContain('z:2');
    // Given to Alice (read by her after the write), then taken from Bob (read by him before it).
    expect((await titles(bob, queries)).drawn).toBe(false);
    await admin.updateDocument({ ...things, documentId: 'bob-z', permissions: [Permission.read(Role.user(alice.id))] });
    expect((await titles(alice, queries)).titles).toContain('z:2');
    expect((await titles(bob, queries)).titles).not.toContain('z:2');
  });

  it('identical reads at once are drawn once', async () => {
    await admin.updateDocument({ ...things, documentId: 'alice-b', data: { count: 10 } });
    const before = drawn();
    const reads = await Promise.all(Array.from({ length: 20 }, () => fetch(listUrl([Query.orderDesc('count'), Query.limit(5)]), { headers: sessionHeaders(alice) }).then((r) => r.text())));
    expect(new Set(reads).size).toBe(1);
    expect(drawn() - before).toBe(1);
  });
});

describe('compression', () => {
  it('answers of 1 KB or more in Brotli or gzip as the client asks, the same JSON; smaller ones as they are', async () => {
    await admin.createDocuments({
      ...things,
      documents: Array.from({ length: 40 }, (_, i) => ({ $id: `long-${i}`, $permissions: [Permission.read(Role.user(alice.id))], title: `long ${i}`, body: 'A body of some length. '.repeat(8) })),
    });
    const url = listUrl([Query.startsWith('title', 'long'), Query.limit(40)]);
    const plain = await fetch(url, { headers: sessionHeaders(alice) });
    const json = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(json.length).toBeGreaterThan(8000);
    // Raw bytes (node:http would not decode them for us; fetch would): the encoding and its size.
    const raw = async (acceptEncoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        request(url, { headers: sessionHeaders(alice, acceptEncoding) }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers['vary'], body: Buffer.concat(chunks) }));
        }).on('error', reject).end();
      });
    };
    for (let round = 0; round < 2; round += 1) { // drawn, then kept
      const br = await raw('gzip, deflate, br, zstd');
      expect(br.encoding).toBe('br');
      expect(br.vary).toBe('Origin, Accept-Encoding'); // CORS's stays
      expect(brotliDecompressSync(br.body).equals(json)).toBe(true);
      expect(br.body.length).toBeLessThan(json.length / 4);
      const gz = await raw('br;q=0, gzip');
      expect(gz.encoding).toBe('gzip');
      expect(gunzipSync(gz.body).equals(json)).toBe(true);
      const none = await raw('identity');
      expect(none.encoding).toBeUndefined();
      expect(none.body.equals(json)).toBe(true);
    }
    // A small answer goes as it is (Appwrite's 1 KB minimum).
    const small = await fetch(listUrl([Query.equal('title', ['z'])]), { headers: sessionHeaders(bob, 'br') });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it("reads Accept-Encoding's preferences", () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate, GZIP;Q=1')).toBe('gzip');
  });
});

/** A deploy target with one string attribute `key` in `databaseId`/`collectionId`, its server-key client handed to `run`. */
async function withDeployedCollection(at: { databaseId: string; collectionId: string }, key: string, permissions: string[], documentSecurity: boolean, run: (server: TestServer, d: Databases) => Promise<void>): Promise<void> {
  const server = await startTestServer({ project: 'deploy' });
  try {
    const d = new Databases(new Client().setEndpoint(server.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    await d.create({ databaseId: at.databaseId, name: at.databaseId });
    await d.createCollection({ ...at, name: at.collectionId, permissions, documentSecurity });
    await d.createStringAttribute({ ...at, key, size: 40, required: true });
    await run(server, d);
  } finally {
    await server.close();
  }
}

describe('without a cache, or with a deployed schema', () => {
  it('APPWRITE_READ_CACHE_MB=0 keeps nothing: each read is drawn', async () => {
    const server = await startTestServer({ env: { APPWRITE_READ_CACHE_MB: '0' } });
    try {
      const db = new Databases(new Client().setEndpoint(server.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
      const served = () => server.app.documentReads.served.worker + server.app.documentReads.served.main;
      await db.listDocuments({ databaseId: 'main', collectionId: 'clients' });
      const before = served();
      await db.listDocuments({ databaseId: 'main', collectionId: 'clients' });
      expect(served() - before).toBe(1);
      expect(server.app.documentAnswers.counts.hit).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("a collection's own readers see every write in it, whoever's document it is", async () => {
    const at = { databaseId: 'board', collectionId: 'posts' };
    await withDeployedCollection(at, 'text', [Permission.read(Role.users()), Permission.create(Role.users())], true, async (server) => {
      const [reader, writer] = [await createUser(server.endpoint, 'reader'), await createUser(server.endpoint, 'writer')];
      const as = (u: TestUser) => new Databases(new Client().setEndpoint(server.endpoint).setProject(PROJECT_ID).setSession(u.session));
      const texts = async () => (await as(reader).listDocuments(at)).documents.map((p) => p['text'] as string);
      expect(await texts()).toEqual([]);
      expect(await texts()).toEqual([]);
      // Only the writer is named on the post; the reader reads it through the collection's read("users").
      await as(writer).createDocument({ ...at, documentId: ID.unique(), data: { text: 'Hello' }, permissions: [Permission.read(Role.user(writer.id))] });
      expect(await texts()).toEqual(['Hello']);
    });
  });

  it('a deployed attribute is in the next answer', async () => {
    const at = { databaseId: 'shop', collectionId: 'items' };
    await withDeployedCollection(at, 'name', [], false, async (_server, d) => {
      await d.createDocument({ ...at, documentId: ID.custom('i1'), data: { name: 'Kettle' } });
      expect((await d.listDocuments(at)).documents[0]).not.toHaveProperty('stock');
      expect((await d.listDocuments(at)).documents[0]).not.toHaveProperty('stock');
      await d.createIntegerAttribute({ ...at, key: 'stock', required: false, xdefault: 3 });
      expect((await d.listDocuments(at)).documents[0]).toMatchObject({ name: 'Kettle', stock: 3 });
    });
  });
});
