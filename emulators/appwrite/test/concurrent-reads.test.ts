// Concurrent readers (issue 35): document reads run on worker threads with their own SQLite
// connections (databases/read-pool.ts). A 5,000-document page no longer holds up short reads sent
// after it; a read after an acknowledged write sees it; a deployed schema change reaches the
// workers; permissions filter the same there. With the reads on the main thread (no workers) the
// short reads wait behind the page: the control that shows the first test can fail.
import { Client, Databases, ID, Permission, Query, Role } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';
import { startTestServer } from '../src/testing.ts';

const PAGE = 5000;
const SHORT_READS = 50;

async function seed(h: Harness, owner: TestUser): Promise<Databases> {
  const db = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
  const batches = Array.from({ length: PAGE / 100 }, (_, b) => Array.from({ length: 100 }, (_, k) => ({
    $id: `t${String(b * 100 + k).padStart(5, '0')}`, $permissions: [Permission.read(Role.user(owner.id))],
    title: `thing ${b * 100 + k}`, body: 'A body of some length, as documents have. '.repeat(4), count: k, tags: ['a', 'b'],
  })));
  for (let i = 0; i < batches.length; i += 5) {
    await Promise.all(batches.slice(i, i + 5).map((documents) => db.createDocuments({ databaseId: 'main', collectionId: 'things', documents })));
  }
  return db;
}

/** 50 short reads at once (a document by id, and a 25-document list, in turn): each one's time until its response's headers. */
function shortReads(h: Harness, owner: TestUser): Array<Promise<number>> {
  // Uncompressed (compression.ts would add the page's compression to its time, not to the short reads').
  const headers = { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': owner.session, 'accept-encoding': 'identity' };
  const base = `${h.endpoint}/databases/main/collections/things/documents`;
  return Array.from({ length: SHORT_READS }, async (_, i) => {
    const url = i % 2 === 0 ? `${base}/t${String(i * 97).padStart(5, '0')}` : `${base}?queries[0]=${encodeURIComponent(Query.limit(25))}&queries[1]=${encodeURIComponent(Query.offset(i * 50))}`;
    const sent = performance.now();
    const response = await fetch(url, { headers });
    const ms = performance.now() - sent;
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    return ms;
  });
}

/**
 * The short reads alone; then the page, and once the server has it the same short reads. Times
 * are until the response's headers: what the server held up, not how long this process (the
 * server's too) takes to parse 5,000 documents.
 */
async function pageThenShortReads(h: Harness, owner: TestUser): Promise<{ aloneMs: number[]; pageMs: number; shortMs: number[] }> {
  const aloneMs = await Promise.all(shortReads(h, owner));
  // Uncompressed (compression.ts would add the page's compression to its time, not to the short reads').
  const headers = { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': owner.session, 'accept-encoding': 'identity' };
  const started = performance.now();
  const page = fetch(`${h.endpoint}/databases/main/collections/things/documents?queries[0]=${encodeURIComponent(Query.limit(PAGE))}`, { headers }).then(async (r) => {
    const ms = performance.now() - started;
    expect((JSON.parse(await r.text()) as { documents: unknown[] }).documents).toHaveLength(PAGE);
    return ms;
  });
  await new Promise((resolve) => setTimeout(resolve, 15));
  const shortMs = await Promise.all(shortReads(h, owner));
  return { aloneMs, pageMs: await page, shortMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe('read workers', () => {
  let h: Harness;
  let owner: TestUser;

  beforeAll(async () => {
    // Answers kept between identical reads (read-cache.ts, its own test) would spare the pool the repeats measured here.
    h = await startServer({ env: { APPWRITE_READ_WORKERS: '2', APPWRITE_READ_CACHE_MB: '0' } });
    owner = await createUser(h.endpoint, 'reader');
    await seed(h, owner);
    await h.app.documentReads.ready();
  }, 120_000);
  afterAll(async () => { await h.close(); });

  it('a 5,000-document page does not hold up 50 short reads sent after it', { timeout: 60_000, retry: 2 }, async () => {
    await pageThenShortReads(h, owner); // warm: statements prepared on both workers
    const before = h.app.documentReads.served.worker;
    const { aloneMs, pageMs, shortMs } = await pageThenShortReads(h, owner);
    // The page on a worker (short reads on the other, or on the main thread when none is free).
    expect(h.app.documentReads.served.worker - before).toBeGreaterThanOrEqual(1);
    // Relative, whatever the machine's load: the short reads take no more than half the page's time
    // longer than alone. Behind the page (the control below) they take about the page's time longer.
    expect(median(shortMs)).toBeLessThan(median(aloneMs) + pageMs / 2);
  });

  it('a read after an acknowledged write sees it, whichever worker answers', async () => {
    const session = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(owner.session));
    const key = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const before = h.app.documentReads.served.worker;
    for (let i = 0; i < 40; i += 1) {
      const id = ID.unique();
      await key.createDocument({ databaseId: 'main', collectionId: 'things', documentId: id, data: { title: `ryw ${i}`, count: i }, permissions: [Permission.read(Role.user(owner.id))] });
      // Two reads at once: both workers answer, each must see the write.
      const [one, list] = await Promise.all([
        session.getDocument({ databaseId: 'main', collectionId: 'things', documentId: id }),
        session.listDocuments({ databaseId: 'main', collectionId: 'things', queries: [Query.equal('title', `ryw ${i}`)] }),
      ]);
      expect(one.count).toBe(i);
      expect(list.documents.map((d) => d.$id)).toEqual([id]);
      expect(list.total).toBe(1);
      await key.updateDocument({ databaseId: 'main', collectionId: 'things', documentId: id, data: { count: i + 1 } });
      expect((await session.getDocument({ databaseId: 'main', collectionId: 'things', documentId: id })).count).toBe(i + 1);
    }
    expect(h.app.documentReads.served.worker - before).toBe(120);
  }, 60_000);

  it('a total counted on a worker follows writes made since (no stale count reused)', async () => {
    const session = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(owner.session));
    const key = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    const queries = [Query.equal('kind', 'c'), Query.limit(1)];
    const totals: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // Asked twice between writes: the second may reuse the count, the next after a write may not.
      totals.push((await session.listDocuments({ databaseId: 'main', collectionId: 'things', queries })).total);
      totals.push((await session.listDocuments({ databaseId: 'main', collectionId: 'things', queries })).total);
      await key.createDocument({ databaseId: 'main', collectionId: 'things', documentId: ID.unique(), data: { title: `kind ${i}`, kind: 'c' }, permissions: [Permission.read(Role.user(owner.id))] });
    }
    expect(totals).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it("a worker filters by the caller's permissions: another user reads nothing of the owner's", async () => {
    const other = await createUser(h.endpoint, 'stranger');
    const db = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(other.session));
    const before = h.app.documentReads.served.worker;
    const list = await db.listDocuments({ databaseId: 'main', collectionId: 'things', queries: [Query.limit(5000)] });
    expect(list).toMatchObject({ total: 0, documents: [] });
    await expect(db.getDocument({ databaseId: 'main', collectionId: 'things', documentId: 't00001' })).rejects.toMatchObject({ code: 404, type: 'document_not_found' });
    await expect(db.listDocuments({ databaseId: 'main', collectionId: 'things', queries: ['not a query'] })).rejects.toMatchObject({ code: 400, type: 'general_query_invalid' });
    expect(h.app.documentReads.served.worker - before).toBe(3);
  });

  it('a burst of short reads is shared with the workers (a few each), never put behind a long page', async () => {
    const pool = h.app.documentReads;
    const actor = { isKey: false, userId: owner.id, roles: ['any', 'users', `user:${owner.id}`] };
    const get = (i: number) => ({
      op: 'get' as const, actor, databaseId: 'main', collectionId: 'things', documentId: `t${String(i).padStart(5, '0')}`, queries: [], total: false, flavor: 'document' as const, listKey: 'documents',
    });
    // 20 in one tick: no worker has answered any when the last is sent. One read a worker at a
    // time sent 2 of them to the workers and ran 18 on the main thread.
    let before = { ...pool.served };
    let answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.read(get(i))));
    expect(answers.map((a) => (JSON.parse(a.toString()) as { $id: string }).$id)).toEqual(Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(5, '0')}`));
    expect(pool.served.worker - before.worker).toBe(16);
    expect(pool.served.main - before.main).toBe(4);
    // A long page first: the worker with it takes no short read, the other takes 8, the rest run here.
    before = { ...pool.served };
    const page = pool.read({ ...get(0), op: 'list', documentId: '', queries: [Query.limit(PAGE)] });
    answers = await Promise.all(Array.from({ length: 20 }, (_, i) => pool.read(get(i))));
    expect(answers).toHaveLength(20);
    expect((JSON.parse((await page).toString()) as { documents: unknown[] }).documents).toHaveLength(PAGE);
    expect(pool.served.worker - before.worker).toBe(9);
    expect(pool.served.main - before.main).toBe(12);
  });

  it('the control: with every read on the main thread, the same short reads wait for the page', { timeout: 60_000, retry: 2 }, async () => {
    h.config.readWorkers = 0;
    await h.restart();
    await pageThenShortReads(h, owner);
    const { aloneMs, pageMs, shortMs } = await pageThenShortReads(h, owner);
    expect(h.app.documentReads.served.worker).toBe(0);
    expect(median(shortMs)).toBeGreaterThan(median(aloneMs) + pageMs / 2);
  });
});

describe('a deploy target', () => {
  it("workers read with the deployed schema: a new attribute is in the next read's documents", async () => {
    const h = await startTestServer({ project: 'deploy', env: { APPWRITE_READ_WORKERS: '2', APPWRITE_READ_CACHE_MB: '0' } });
    try {
      await h.app.documentReads.ready();
      const d = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
      const at = { databaseId: 'shop', collectionId: 'items' };
      const list = async () => (await d.listDocuments(at)).documents;
      await d.create({ databaseId: 'shop', name: 'Shop' });
      await d.createCollection({ ...at, name: 'Items', permissions: [], documentSecurity: false });
      await d.createStringAttribute({ ...at, key: 'name', size: 40, required: true });
      await d.createDocument({ ...at, documentId: 'i1', data: { name: 'Kettle' } });
      // Reads at once, so both workers answer some: whichever answers after the change has its schema.
      const together = async () => (await Promise.all([list(), list(), list(), list()])).flat();
      expect(await together()).toMatchObject(Array.from({ length: 4 }, () => ({ $id: 'i1', name: 'Kettle' })));
      const before = h.app.documentReads.served.worker;
      await d.createIntegerAttribute({ ...at, key: 'stock', required: false, xdefault: 3 });
      for (let i = 0; i < 5; i += 1) expect(await together()).toEqual(Array.from({ length: 4 }, () => expect.objectContaining({ $id: 'i1', name: 'Kettle', stock: 3 })));
      expect(await d.getDocument({ ...at, documentId: 'i1' })).toMatchObject({ name: 'Kettle', stock: 3 });
      expect(h.app.documentReads.served.worker - before).toBeGreaterThanOrEqual(5);
    } finally {
      await h.close();
    }
  }, 60_000);
});
