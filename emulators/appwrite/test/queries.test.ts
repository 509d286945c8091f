// Every query operator, ordering, pagination and cursors, as the Web SDK serialises them (PROTOCOL §1.5).
import { AppwriteException, Client, Databases, Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, PROJECT_ID, startServer, type Harness } from './support/dbfn-harness.ts';

let h: Harness;
let db: Databases;

interface Thing extends Models.Document { title: string; body: string | null; count: number; score: number | null; done: boolean; due: string | null; tags: string[] | null; kind: string | null }

const ROWS: Array<Record<string, unknown>> = Array.from({ length: 30 }, (_, i) => ({
  title: `item-${String(i).padStart(2, '0')}`,
  body: i % 3 === 0 ? `the quick brown fox ${i}` : i % 3 === 1 ? 'lazy dog sleeps' : null,
  count: i,
  score: i % 2 === 0 ? i / 2 : null,
  done: i % 2 === 1,
  due: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
  tags: i % 5 === 0 ? ['red', 'blue'] : ['green'],
  kind: (['a', 'b', 'c'] as const)[i % 3],
}));

async function list(...queries: string[]): Promise<Models.DocumentList<Thing>> {
  return db.listDocuments<Thing>({ databaseId: 'main', collectionId: 'things', queries });
}
async function titles(...queries: string[]): Promise<string[]> {
  return (await list(...queries)).documents.map((d) => d.title);
}
async function failure(queries: string[]): Promise<{ code: number; type: string; message: string }> {
  try {
    await list(...queries);
  } catch (e) {
    if (e instanceof AppwriteException) return { code: e.code, type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a failure');
}
const t = (...n: number[]): string[] => n.map((i) => `item-${String(i).padStart(2, '0')}`);
const all = Array.from({ length: 30 }, (_, i) => i);

beforeAll(async () => {
  h = await startServer();
  const user = await createUser(h.endpoint, 'q');
  db = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(user.session));
  for (const [i, data] of ROWS.entries()) {
    await db.createDocument({ databaseId: 'main', collectionId: 'things', documentId: `t${String(i).padStart(2, '0')}`, data });
  }
});
afterAll(async () => { await h.close(); });

describe('filters', () => {
  const L = Query.limit(100);
  it('equal / notEqual (strings, numbers, booleans, several values)', async () => {
    expect(await titles(Query.equal('title', 'item-03'))).toEqual(t(3));
    expect(await titles(Query.equal('count', [1, 2]))).toEqual(t(1, 2));
    expect((await list(Query.equal('done', true), L)).total).toBe(15);
    expect((await list(Query.notEqual('kind', 'a'), L)).total).toBe(20);
    expect((await list(Query.notEqual('score', 0), L)).total).toBe(14); // nulls excluded, as SQL
  });
  it('lessThan, lessThanEqual, greaterThan, greaterThanEqual, between', async () => {
    expect(await titles(Query.lessThan('count', 2))).toEqual(t(0, 1));
    expect(await titles(Query.lessThanEqual('count', 2))).toEqual(t(0, 1, 2));
    expect(await titles(Query.greaterThan('count', 27))).toEqual(t(28, 29));
    expect(await titles(Query.greaterThanEqual('score', 14))).toEqual(t(28));
    expect(await titles(Query.between('count', 10, 12))).toEqual(t(10, 11, 12));
    expect(await titles(Query.between('due', '2025-01-02T00:00:00.000Z', '2025-01-03T00:00:00.000+00:00'))).toEqual(t(1, 2));
    expect(await titles(Query.createdBefore('2000-01-01T00:00:00.000Z'))).toEqual([]);
  });
  it('isNull, isNotNull', async () => {
    expect((await list(Query.isNull('score'), L)).total).toBe(15);
    expect((await list(Query.isNotNull('body'), L)).total).toBe(20);
  });
  it('startsWith, endsWith, contains (string and array), search', async () => {
    expect(await titles(Query.startsWith('title', 'item-2'))).toEqual(t(20, 21, 22, 23, 24, 25, 26, 27, 28, 29));
    expect(await titles(Query.endsWith('title', '-07'))).toEqual(t(7));
    expect(await titles(Query.contains('tags', 'red'))).toEqual(t(0, 5, 10, 15, 20, 25));
    expect(await titles(Query.contains('body', 'fox 1'))).toEqual(t(12, 15, 18));
    expect((await list(Query.search('body', 'lazy'), L)).total).toBe(10);
  });
  it('and / or', async () => {
    expect(await titles(Query.or([Query.equal('count', 1), Query.equal('count', 29)]))).toEqual(t(1, 29));
    expect(await titles(Query.and([Query.greaterThan('count', 3), Query.lessThan('count', 6)]))).toEqual(t(4, 5));
    expect(await titles(Query.or([Query.and([Query.equal('kind', 'a'), Query.lessThan('count', 4)]), Query.equal('count', 29)]))).toEqual(t(0, 3, 29));
  });
  it('select returns only the chosen attributes (plus system fields)', async () => {
    const [doc] = (await list(Query.select(['title']), Query.limit(1))).documents;
    expect(doc?.title).toBe('item-00');
    expect(doc).not.toHaveProperty('count');
    expect(doc?.$id).toBe('t00');
  });
});

describe('order, limit, offset, cursors', () => {
  it('defaults to 25 per page with the full total', async () => {
    const r = await list();
    expect(r.documents).toHaveLength(25);
    expect(r.total).toBe(30);
  });
  it('orders ascending and descending, with $sequence as tie-breaker', async () => {
    expect(await titles(Query.orderDesc('count'), Query.limit(3))).toEqual(t(29, 28, 27));
    expect(await titles(Query.orderAsc('kind'), Query.orderDesc('count'), Query.limit(2))).toEqual(t(27, 24));
    expect(await titles(Query.orderDesc('$createdAt'), Query.limit(1))).toEqual(t(29));
  });
  it('limit and offset page through everything once', async () => {
    const pages: string[] = [];
    for (let offset = 0; offset < 30; offset += 7) pages.push(...(await titles(Query.limit(7), Query.offset(offset))));
    expect(pages).toEqual(t(...all));
  });
  it('cursorAfter / cursorBefore walk the order both ways', async () => {
    expect(await titles(Query.orderDesc('count'), Query.cursorAfter('t10'), Query.limit(3))).toEqual(t(9, 8, 7));
    expect(await titles(Query.orderDesc('count'), Query.cursorBefore('t10'), Query.limit(3))).toEqual(t(13, 12, 11));
    expect(await titles(Query.cursorAfter('t27'))).toEqual(t(28, 29));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await list(Query.orderAsc('kind'), Query.limit(4), ...(cursor ? [Query.cursorAfter(cursor)] : []));
      seen.push(...page.documents.map((d) => d.title));
      if (page.documents.length < 4) break;
      cursor = page.documents.at(-1)?.$id;
    }
    expect([...seen].sort()).toEqual(t(...all));
  });
});

describe('bad queries', () => {
  it('unknown cursor → general_cursor_not_found; null order value → database_query_order_null', async () => {
    expect(await failure([Query.cursorAfter('missing')])).toMatchObject({ code: 400, type: 'general_cursor_not_found', message: "Document 'missing' for the 'cursor' value not found." });
    expect(await failure([Query.orderAsc('score'), Query.cursorAfter('t01')])).toMatchObject({ code: 400, type: 'database_query_order_null' });
  });
  it('syntax, unknown method, unknown attribute, wrong value type, arity → general_query_invalid', async () => {
    for (const q of [
      '{not json', '{"method":"frobnicate","attribute":"a","values":[1]}', Query.equal('nope', 'x'), Query.equal('count', 'x'),
      Query.between('count', 1, 2).replace(',2]', ']'), Query.search('title', 'x'), '{"method":"limit","values":[-1]}',
      '{"method":"or","values":[{"method":"equal","attribute":"count","values":[1]}]}', '[]',
    ]) {
      expect(await failure([q])).toMatchObject({ code: 400, type: 'general_query_invalid' });
    }
  });
  it('more than 100 queries → general_argument_invalid', async () => {
    expect(await failure(Array.from({ length: 101 }, () => Query.limit(1)))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
  });
});
