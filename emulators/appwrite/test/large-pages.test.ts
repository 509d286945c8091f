// Large pages (5,000 documents) read through a cursor, as the export and All Transactions' totals
// read them: every page after the first starts from the cursor in an index instead of walking the
// index from its first row, and SQLite writes each document's model (the list's text is what
// JSON.stringify of the parsed models gave). Timings are in bench/large-pages.ts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { DocumentRepository, ensureIndexes, migrateDocuments, selectedText, type DocumentRow } from '../src/databases/document-repository.ts';
import { DocumentsService, toModel, type Flavor } from '../src/databases/documents-service.ts';
import { parseSchema, type CollectionDef } from '../src/databases/schema.ts';
import { parseQueries } from '../src/queries.ts';

const project = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as unknown;
const schema = parseSchema(project);
const ledger = schema.get('main')?.collections.get('ledger_entries') as CollectionDef;
const NEWEST_FIRST = [Query.equal('userId', 'u1'), Query.orderDesc('date'), Query.orderDesc('$createdAt')];

function repository() {
  const sqlite = new Database(':memory:');
  migrateDocuments(sqlite);
  ensureIndexes(sqlite, schema);
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof sqlite.prepare;
  return { sqlite, prepared, repo: new DocumentRepository(sqlite, schema) };
}

describe('a page after a cursor', () => {
  it("starts in the userId + date index at the cursor's date (a range, not the whole user's entries)", () => {
    const { sqlite, prepared, repo } = repository();
    const cursor: DocumentRow = { seq: 7, id: 'e7', createdAt: '2024-03-01T12:00:00.000+00:00', updatedAt: '2024-03-01T12:00:00.000+00:00', permissions: [], data: { userId: 'u1', date: '2024-03-01' } };
    repo.list(ledger, parseQueries([...NEWEST_FIRST, Query.limit(5000), Query.cursorAfter('e7')]), { readPermissions: ['read("user:u1")'], total: false }, cursor);
    const sql = prepared.find((s) => s.startsWith('SELECT seq') && s.includes('ORDER BY'));
    if (!sql) throw new Error('no list statement');
    const params = (sql.match(/\?/g) ?? []).map(() => 'x');
    const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
    // `<expr>=?` alone (the old plan) read every entry of the user newer than the cursor on every page.
    expect(plan).toMatch(/doc_main_ledger_entries_user_date \(<expr>=\? AND <expr><\?\)/);
  });

  it('pages through ties (same date, same $createdAt) forwards and backwards exactly as one read orders them', () => {
    const { repo } = repository();
    for (let i = 0; i < 240; i += 1) {
      const createdAt = `2024-01-01T00:00:0${i % 4}.000+00:00`;
      repo.insert('main', 'ledger_entries', {
        id: `e${String(i).padStart(3, '0')}`, createdAt, updatedAt: createdAt, permissions: ['read("user:u1")'],
        data: { userId: i % 9 === 0 ? 'u2' : 'u1', clientId: 'c1', kind: 'charge', type: 'session', amount: i, currency: 'USD', date: `2024-01-0${1 + (i % 6)}` },
      }, 'document');
    }
    const read = (queries: string[], cursor: DocumentRow | null) =>
      repo.list(ledger, parseQueries(queries), { readPermissions: ['read("user:u1")'], total: false }, cursor).rows;
    const all = read([...NEWEST_FIRST, Query.limit(5000)], null).map((r) => r.id);
    expect(all).toHaveLength(240 - 27);
    const forwards: string[] = [];
    let cursor: DocumentRow | null = null;
    for (;;) {
      const page = read([...NEWEST_FIRST, Query.limit(7), ...(cursor ? [Query.cursorAfter(cursor.id)] : [])], cursor);
      forwards.push(...page.map((r) => r.id));
      if (page.length < 7) break;
      cursor = page[page.length - 1] ?? null;
    }
    expect(forwards).toEqual(all);
    const backwards: string[] = [];
    cursor = repo.get('main', 'ledger_entries', all[all.length - 1] ?? '');
    backwards.push(cursor?.id ?? '');
    for (;;) {
      const page = read([...NEWEST_FIRST, Query.limit(7), Query.cursorBefore(cursor?.id ?? '')], cursor);
      backwards.unshift(...page.map((r) => r.id));
      if (page.length < 7) break;
      cursor = page[0] ?? null;
    }
    expect(backwards).toEqual(all);
  });
});

describe('the text of a large list', () => {
  const notes = schema.get('main')?.collections.get('progress_notes') as CollectionDef;
  const therapist = { isKey: false, userId: 'u1', roles: ['any', 'users', 'user:u1'] };
  const own = ['read("user:u1")'];

  it('is, document for document, JSON.stringify of each model, with and without a select, both flavours, either cursor', () => {
    const { repo } = repository();
    const service = new DocumentsService(schema, repo, systemClock);
    // Strings that look like the keys a select cuts out, or end in a backslash.
    const odd = ['line "one"\n\\ two \u2028 é', "O'Brien", '{"$id":"x"}', '', '𝄞 \u0000', '","memo":"x', 'ends \\', '"date":[1,{"reference":2}]'];
    for (let i = 0; i < 60; i += 1) {
      service.create({ isKey: true, userId: null, roles: [] }, ledger, `e${i}`, {
        userId: i % 5 === 0 ? 'u2' : 'u1', clientId: `c${i % 3}`, kind: 'charge', type: 'session', amount: i * 100, currency: 'USD',
        date: `2024-02-0${1 + (i % 4)}`, memo: odd[i % odd.length], ...(i % 2 ? { reference: `r${i}` } : {}),
      }, own, 'document');
      service.create({ isKey: true, userId: null, roles: [] }, notes, `n${i}`, {
        userId: 'u1', appointmentId: `a${i}`, clientId: 'c1', content: odd[i % odd.length], riskDetails: i % 2 ? null : 'none', status: 'draft',
        signerName: odd[(i + 1) % odd.length], ...(i % 3 ? { goalsProgress: odd[(i + 2) % odd.length] } : {}),
      }, own, 'document');
    }
    const cases: Array<[CollectionDef, string[]]> = [
      [ledger, [...NEWEST_FIRST, Query.limit(25)]],
      [ledger, [...NEWEST_FIRST, Query.limit(25), Query.cursorAfter('e7')]],
      [ledger, [...NEWEST_FIRST, Query.limit(25), Query.cursorBefore('e41')]],
      [ledger, [...NEWEST_FIRST, Query.select(['$id', 'userId', 'amount', 'kind', 'date', 'reference', 'amount']), Query.limit(25), Query.cursorAfter('e7')]],
      [ledger, [...NEWEST_FIRST, Query.select(['memo', 'voidsEntryId', 'date']), Query.select(['reference']), Query.limit(25), Query.cursorBefore('e41')]],
      [ledger, [Query.equal('userId', 'u1'), Query.select(['$id', '$createdAt']), Query.limit(5)]],
      [ledger, [Query.equal('userId', 'u1'), Query.select(['notAnAttribute', 'memo']), Query.limit(5)]],
      [ledger, [Query.equal('userId', 'u1'), Query.select(['*']), Query.orderAsc('$id'), Query.limit(30), Query.offset(5)]],
      [notes, [Query.equal('userId', 'u1'), Query.orderAsc('$id'), Query.limit(25), Query.cursorAfter('n3')]],
      [notes, [Query.equal('userId', 'u1'), Query.select(['content', 'status']), Query.orderDesc('$id'), Query.limit(25)]],
      // Selected against the stored order, with repeats.
      [notes, [Query.equal('userId', 'u1'), Query.select(['status', 'goalsProgress', 'content', 'signerName', 'userId', 'status']), Query.orderAsc('$id'), Query.limit(60)]],
    ];
    for (const [collection, queries] of cases) {
      for (const [flavor, listKey] of [['document', 'documents'], ['row', 'rows']] as Array<[Flavor, string]>) {
        const text = service.listJson(therapist, collection, queries, true, flavor, listKey);
        const list = JSON.parse(text) as Record<string, Array<{ $id: string }>>;
        const documents = list[listKey] ?? [];
        expect(documents.length).toBeGreaterThan(0);
        const select = queries.filter((q) => q.includes('"select"'));
        const expected = documents.map((d) => JSON.stringify(toModel(service.get(therapist, collection, d.$id, select, flavor), collection, flavor)));
        expect(text).toBe(`{"total":${list['total'] as unknown as number},"${listKey}":[${expected.join(',')}]}`);
      }
    }
  });
});

describe("a select's attributes cut out of the stored text", () => {
  /** What the parsed document gives: JSON.stringify of each picked key it holds, in the picked order. */
  const parsedPick = (data: string, keys: string[]) => {
    const parsed = JSON.parse(data) as Record<string, unknown>;
    return keys.filter((k) => Object.hasOwn(parsed, k)).map((k) => `,${JSON.stringify(k)}:${JSON.stringify(parsed[k])}`).join('');
  };
  const picked = (keys: string[]) => keys.map((k) => ({ pattern: `${JSON.stringify(k)}:`, prefix: `,${JSON.stringify(k)}:` }));

  it('is what parsing the document and writing the picked values gives, for any stored values and any order of keys', () => {
    // A small seeded generator: the same cases every run.
    let seed = 35;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pieces = ['a', '"', '\\', ':', ',', '}', ']', '[', '{', 'key', '"key":', '\u2028', 'é', '𝄞', '\n', ' '];
    const text = () => Array.from({ length: Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
    const value = (): unknown => {
      const kind = Math.floor(next() * 6);
      if (kind === 0) return text();
      if (kind === 1) return Math.round((next() - 0.5) * 1e6) / (next() < 0.5 ? 1 : 100);
      if (kind === 2) return next() < 0.5;
      if (kind === 3) return null;
      return Array.from({ length: Math.floor(next() * 4) }, () => (next() < 0.7 ? text() : Math.floor(next() * 100)));
    };
    const keys = ['key', 'k2', 'userId', 'a', 'key2', 'name'];
    for (let n = 0; n < 2000; n += 1) {
      const document: Record<string, unknown> = {};
      for (const k of keys) if (next() < 0.8) document[k] = value();
      const data = JSON.stringify(document);
      const ask = keys.filter(() => next() < 0.6).sort(() => next() - 0.5);
      expect(selectedText(data, picked(ask)), data).toBe(parsedPick(data, ask));
    }
  });

  it('leaves out a key the document does not hold, and finds one that comes earlier than the last found', () => {
    const data = JSON.stringify({ b: 'x","a":1', a: [1, 'a"]'], c: null });
    expect(selectedText(data, picked(['a', 'missing', 'b', 'c']))).toBe(`,"a":[1,"a\\"]"],"b":"x\\",\\"a\\":1","c":null`);
    expect(selectedText('{}', picked(['a']))).toBe('');
  });
});
