// The practice's client list (issue #13) at 2,000 clients: the list is written out from the stored
// JSON without parsing it, byte for byte what the parsed path gave, and the UI's filtered list
// (status + last-name order) is served from one index with no sort step.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Client, Databases, ID, Permission, Query, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { DocumentRepository, ensureIndexes, migrateDocuments } from '../src/databases/document-repository.ts';
import { DocumentsService } from '../src/databases/documents-service.ts';
import { parseSchema, type CollectionDef } from '../src/databases/schema.ts';
import { parseQueries } from '../src/queries.ts';
import { createUser, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';

const target = { databaseId: 'main', collectionId: 'clients' };

describe('a list is the stored documents written out whole', () => {
  let h: Harness;
  let alice: TestUser;
  let db: Databases;

  beforeAll(async () => {
    h = await startServer();
    alice = await createUser(h.endpoint, 'alice-list-json');
    db = new Databases(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
    const own = Role.user(alice.id);
    const clients = [
      { firstName: 'Zoë', lastName: 'García-López', preferredName: null, tags: ['sliding scale', 'telehealth'], diagnosisCodes: ['F41.1'], reminderConsent: true, feeOverride: 8000 },
      { firstName: 'Liam', lastName: "O'Brien", email: 'liam@example.com', adminNotes: 'Line one\nline "two" \\ \u2028', tags: [], status: 'discharged' },
      { firstName: 'Ana', lastName: 'Li', phone: '(212) 555-0101' },
    ];
    for (const client of clients) {
      await db.createDocument({ ...target, documentId: ID.unique(), data: { userId: alice.id, ...client }, permissions: [Permission.read(own), Permission.update(own), Permission.delete(own)] });
    }
  });
  afterAll(async () => { await h.close(); });

  const raw = async (path: string): Promise<string> => {
    const response = await fetch(`${h.endpoint}${path}`, { headers: { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-session': alice.session } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    return response.text();
  };
  const queryString = (queries: string[]) => queries.map((q, i) => `queries[${i}]=${encodeURIComponent(q)}`).join('&');

  it('each listed document is the exact text getDocument answers, keys in the same order', async () => {
    const text = await raw(`/databases/main/collections/clients/documents?${queryString([Query.equal('userId', alice.id), Query.orderAsc('lastName')])}`);
    const list = JSON.parse(text) as { total: number; documents: Array<{ $id: string; lastName: string }> };
    expect(list.total).toBe(3);
    expect(list.documents.map((d) => d.lastName)).toEqual(['García-López', 'Li', "O'Brien"]);
    expect(Object.keys(list)).toEqual(['total', 'documents']);
    for (const document of list.documents) {
      expect(JSON.stringify(document)).toBe(await raw(`/databases/main/collections/clients/documents/${document.$id}`));
    }
    // And the SDK reads it as before.
    const sdk = await db.listDocuments({ ...target, queries: [Query.equal('userId', alice.id), Query.orderAsc('lastName')] });
    expect(sdk.documents[0]).toMatchObject({ firstName: 'Zoë', tags: ['sliding scale', 'telehealth'], $permissions: expect.arrayContaining([`read("user:${alice.id}")`]) });
  });

  it('a select still answers only the selected attributes (and the system ones)', async () => {
    const sdk = await db.listDocuments({ ...target, queries: [Query.equal('userId', alice.id), Query.select(['firstName']), Query.orderAsc('lastName')] });
    expect(sdk.documents.map((d) => d.firstName)).toEqual(['Zoë', 'Ana', 'Liam']);
    expect(sdk.documents[0]).not.toHaveProperty('lastName');
    expect(sdk.documents[0]).toHaveProperty('$id');
  });

  it('the TablesDB rows list carries $tableId', async () => {
    const text = await raw(`/tablesdb/main/tables/clients/rows?${queryString([Query.equal('userId', alice.id), Query.limit(1)])}`);
    const { rows } = JSON.parse(text) as { rows: Array<Record<string, unknown>> };
    expect(rows[0]).toHaveProperty('$tableId', 'clients');
    expect(rows[0]).not.toHaveProperty('$collectionId');
  });
});

const project = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as unknown;
const schema = parseSchema(project);
const clients = schema.get('main')?.collections.get('clients') as CollectionDef;

describe('a list without a select', () => {
  it('parses none of the stored documents: their JSON is written out as it is', () => {
    const sqlite = new Database(':memory:');
    migrateDocuments(sqlite);
    ensureIndexes(sqlite, schema);
    const service = new DocumentsService(schema, new DocumentRepository(sqlite, schema), systemClock);
    const therapist = { isKey: false, userId: 'u1', roles: ['any', 'users', 'user:u1', 'label:therapist'] };
    const own = ['read("user:u1")', 'update("user:u1")', 'delete("user:u1")'];
    for (let i = 0; i < 50; i += 1) service.create(therapist, clients, 'unique()', { userId: 'u1', firstName: `F${i}`, lastName: `L${i}` }, own, 'document');
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const text = service.listJson(therapist, clients, [Query.equal('userId', 'u1'), Query.orderAsc('lastName'), Query.limit(5000)], true, 'document', 'documents');
      // Only the queries themselves (three) are parsed.
      expect(parse.mock.calls.length).toBeLessThanOrEqual(3);
      parse.mockRestore();
      const list = JSON.parse(text) as { total: number; documents: Array<{ firstName: string; $permissions: string[] }> };
      expect(list.total).toBe(50);
      expect(list.documents[0]).toMatchObject({ firstName: 'F0', $permissions: own });
    } finally {
      parse.mockRestore();
    }
  });
});

describe("the client list's query plans", () => {
  /** The plan of the SQL the repository runs for `queries` (captured from its prepared statements). */
  function planOf(queries: string[]): string {
    const sqlite = new Database(':memory:');
    migrateDocuments(sqlite);
    ensureIndexes(sqlite, schema);
    const prepared: string[] = [];
    const prepare = sqlite.prepare.bind(sqlite);
    sqlite.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof sqlite.prepare;
    const repo = new DocumentRepository(sqlite, schema);
    repo.list(clients, parseQueries(queries), { readPermissions: ['read("user:u1")'], total: false }, null);
    const sql = prepared.find((s) => s.startsWith('SELECT seq') && s.includes('ORDER BY'));
    if (!sql) throw new Error('no list statement');
    const params = (sql.match(/\?/g) ?? []).map(() => 'x');
    return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
  }

  it('all clients by last name: the userId + lastName index, no sort', () => {
    const plan = planOf([Query.equal('userId', 'u1'), Query.orderAsc('lastName'), Query.limit(5000)]);
    expect(plan).toContain('doc_main_clients_user_last_name');
    expect(plan).not.toContain('TEMP B-TREE');
  });

  it('one status by last name: the userId + status + lastName index, no sort', () => {
    const plan = planOf([Query.equal('userId', 'u1'), Query.equal('status', 'active'), Query.orderAsc('lastName'), Query.limit(5000)]);
    expect(plan).toContain('doc_main_clients_user_status_last_name');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
