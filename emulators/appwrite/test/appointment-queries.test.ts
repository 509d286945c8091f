// The calendar's queries over appointments (issue 14): the week view (mf-dashboard's
// listAppointments: userId, start in [from, to), by start) and a series' occurrences
// (schedule-series: seriesId, by start) each run on their collection index from
// backend/appwrite.json, with no sort step, at any number of appointments: the plan is checked
// on the SQL the repository runs, and the rows on a practice of three years of weekly series.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { Query } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { DocumentRepository, ensureIndexes, migrateDocuments } from '../src/databases/document-repository.ts';
import { DocumentsService } from '../src/databases/documents-service.ts';
import { parseSchema, type CollectionDef } from '../src/databases/schema.ts';

const project = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../../backend/appwrite.json', import.meta.url)), 'utf8')) as unknown;
const schema = parseSchema(project);
const appointments = schema.get('main')?.collections.get('appointments') as CollectionDef;
const therapist = { isKey: false, userId: 'u1', roles: ['any', 'users', 'user:u1', 'label:therapist'] };
const own = (userId: string) => [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`];
const WEEK = 7 * 86_400_000;

/** A repository over an in-memory database, recording the SQL it prepares. */
function harness() {
  const sqlite = new Database(':memory:');
  migrateDocuments(sqlite);
  ensureIndexes(sqlite, schema);
  const prepared: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as typeof sqlite.prepare;
  const service = new DocumentsService(schema, new DocumentRepository(sqlite, schema), systemClock);
  /** The plan of the list statement the last list ran. */
  const plan = () => {
    const sql = prepared.findLast((s) => /^SELECT .+ FROM documents WHERE .+ ORDER BY/s.test(s));
    if (!sql) throw new Error('no list statement');
    const params = (sql.match(/\?/g) ?? []).map(() => 'x');
    return (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((row) => row.detail).join('\n');
  };
  return { service, plan, sqlite };
}

const weekQueries = (userId: string, from: number) => [
  Query.equal('userId', userId), Query.greaterThanEqual('start', new Date(from).toISOString()), Query.lessThan('start', new Date(from + WEEK).toISOString()),
  Query.orderAsc('start'), Query.limit(500),
];

describe("the calendar's appointment queries (issue 14)", () => {
  it('a week of one therapist: the userId + start index, no sort, only that week, in order', () => {
    const { service, plan } = harness();
    const start = Date.parse('2026-01-05T15:00:00.000Z');
    // Two therapists, 40 weekly series each over three years (~12,500 appointments).
    for (const userId of ['u1', 'u2']) {
      for (let series = 0; series < 40; series += 1) {
        for (let week = 0; week < 156; week += 1) {
          const at = start + week * WEEK + series * 3_600_000;
          service.create(
            userId === 'u1' ? therapist : { isKey: false, userId, roles: ['any', 'users', `user:${userId}`, 'label:therapist'] }, appointments, 'unique()',
            { userId, clientId: `c${series}`, serviceId: 's1', seriesId: `${userId}s${series}`, start: new Date(at).toISOString(), end: new Date(at + 50 * 60_000).toISOString() },
            own(userId), 'document',
          );
        }
      }
    }
    const from = start + 100 * WEEK - 3_600_000;
    const text = service.listJson(therapist, appointments, weekQueries('u1', from), false, 'document', 'documents');
    const plain = plan();
    expect(plain).toContain('USING INDEX doc_main_appointments_user_start');
    expect(plain).not.toContain('TEMP B-TREE');
    expect(plain).not.toMatch(/SCAN documents/);
    const { documents } = JSON.parse(text) as { documents: Array<{ userId: string; start: string }> };
    expect(documents).toHaveLength(40);
    expect(documents.every((d) => d.userId === 'u1' && Date.parse(d.start) >= from && Date.parse(d.start) < from + WEEK)).toBe(true);
    expect(documents.map((d) => d.start)).toEqual(documents.map((d) => d.start).sort());

    // A series' occurrences (schedule-series splits and ends series by them).
    service.listJson(therapist, appointments, [Query.equal('seriesId', 'u1s7'), Query.orderAsc('start'), Query.limit(100)], false, 'document', 'documents');
    expect(plan()).toContain('USING INDEX doc_main_appointments_series_start');
    expect(plan()).not.toContain('TEMP B-TREE');
  });
});
