// backend/appwrite.json within every limit Appwrite 1.9 checks when `appwrite push` creates it (issue
// 36): a key one character too long stopped a real push at `clients`, after the collections before
// it were created. Each check names the code it follows; the numbers and the row-width and index-
// length arithmetic are in the emulator's src/databases/limits.ts, which its deploy target refuses
// with (emulators/appwrite/test/deploy-target.test.ts checks it answers as Appwrite does).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ARRAY_PARAMS_MAX, ATTRIBUTES_MAX, ENUM_ELEMENT_MAX_LENGTH, INDEX_LENGTH_MAX, INDEXES_MAX, INTERNAL_ATTRIBUTES, KEY_RE, ROW_WIDTH_MAX, STRING_SIZE_MAX,
  indexLength, rowWidth,
} from '@cadence/appwrite-emulator/limits';
import { parseAttribute, parseIndex, type AttributeDef } from '@cadence/appwrite-emulator/schema';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
type Entry = Record<string, unknown>;
interface Project { databases: Entry[]; collections: Array<Entry & { $id: string; attributes: Entry[]; indexes: Entry[] }>; buckets: Entry[]; functions: Entry[] }
const project = JSON.parse(fs.readFileSync(path.join(root, 'backend/appwrite.json'), 'utf8')) as Project;

/** Every value of `values` that breaks `rule`, as `where: value` (so a failure names them all). */
function breaking<T>(values: Array<[string, T]>, rule: (value: T) => boolean): string[] {
  return values.filter(([, v]) => !rule(v)).map(([where, v]) => `${where}: ${JSON.stringify(v)}`);
}

const attributes = project.collections.flatMap((c) => c.attributes.map((a) => [`${c.$id}.${String(a['key'])}`, a] as [string, Entry]));
const parsed = (a: Entry): AttributeDef => {
  const def = parseAttribute(a);
  if (!def) throw new Error(`not an attribute Cadence uses: ${JSON.stringify(a)}`);
  return def;
};

describe('backend/appwrite.json within Appwrite 1.9 limits', () => {
  it("ids and keys: at most 36 of a-z A-Z 0-9 . - _, not starting with one of . - _ (utopia's Key / CustomId validators, getMaxUIDLength 36)", () => {
    const ids: Array<[string, string]> = [
      ...project.databases.map((d) => [`database ${String(d['$id'])}`, String(d['$id'])] as [string, string]),
      ...project.collections.map((c) => [`collection ${c.$id}`, c.$id] as [string, string]),
      ...attributes.map(([where, a]) => [`attribute ${where}`, String(a['key'])] as [string, string]),
      ...project.collections.flatMap((c) => c.indexes.map((i) => [`index ${c.$id}.${String(i['key'])}`, String(i['key'])] as [string, string])),
      ...project.buckets.map((b) => [`bucket ${String(b['$id'])}`, String(b['$id'])] as [string, string]),
      ...project.functions.map((f) => [`function ${String(f['$id'])}`, String(f['$id'])] as [string, string]),
    ];
    expect(ids.length).toBeGreaterThan(500);
    expect(breaking(ids, (id) => KEY_RE.test(id))).toEqual([]);
  });

  it('string sizes 1…1,073,741,824 (APP_DATABASE_ATTRIBUTE_STRING_MAX_LENGTH), encrypted ones ≥ 150 (APP_DATABASE_ENCRYPT_SIZE_MIN), defaults within size', () => {
    const strings = attributes.filter(([, a]) => a['type'] === 'string' && !a['format']);
    expect(breaking(strings, (a) => Number.isInteger(a['size']) && Number(a['size']) >= 1 && Number(a['size']) <= STRING_SIZE_MAX)).toEqual([]);
    expect(breaking(strings.filter(([, a]) => a['encrypt'] === true), (a) => Number(a['size']) >= 150)).toEqual([]);
    expect(breaking(strings, (a) => a['default'] == null || String(a['default']).length <= Number(a['size']))).toEqual([]);
    // Attributes/Action.php: no default for a required or an array attribute.
    expect(breaking(attributes, (a) => a['default'] == null || (a['required'] !== true && a['array'] !== true))).toEqual([]);
  });

  it('enums: 1…100 elements (APP_LIMIT_ARRAY_PARAMS_SIZE) of 1…255 characters (Text(Database::LENGTH_KEY)), the default one of them', () => {
    const enums = attributes.filter(([, a]) => a['format'] === 'enum');
    expect(enums.length).toBeGreaterThan(0);
    expect(breaking(enums, (a) => {
      const elements = a['elements'] as unknown[];
      return Array.isArray(elements) && elements.length >= 1 && elements.length <= ARRAY_PARAMS_MAX
        && elements.every((e) => typeof e === 'string' && e.length >= 1 && e.length <= ENUM_ELEMENT_MAX_LENGTH)
        && (a['default'] == null || elements.includes(a['default']));
    })).toEqual([]);
  });

  it(`collections: at most ${ATTRIBUTES_MAX - INTERNAL_ATTRIBUTES} attributes and rows narrower than ${ROW_WIDTH_MAX} bytes (Database::checkAttribute on MariaDB)`, () => {
    const collections = project.collections.map((c) => [c.$id, c.attributes.map(parsed)] as [string, AttributeDef[]]);
    expect(breaking(collections, (attrs) => attrs.length + INTERNAL_ATTRIBUTES <= ATTRIBUTES_MAX)).toEqual([]);
    expect(breaking(collections.map(([id, attrs]) => [id, rowWidth(attrs)] as [string, number]), (width) => width < ROW_WIDTH_MAX)).toEqual([]);
  });

  it(`indexes: at most ${INDEXES_MAX} a collection; known, distinct, non-array attributes (≤ 100), ASC/DESC orders; at most ${INDEX_LENGTH_MAX} characters long (Indexes/Create.php, utopia Validator/Index)`, () => {
    const SYSTEM = ['$id', '$createdAt', '$updatedAt'];
    expect(breaking(project.collections.map((c) => [c.$id, c.indexes.length] as [string, number]), (n) => n <= INDEXES_MAX)).toEqual([]);
    const indexes = project.collections.flatMap((c) => {
      const byKey = new Map(c.attributes.map((a) => [String(a['key']), parsed(a)]));
      return c.indexes.map((raw) => [`${c.$id}.${String(raw['key'])}`, { raw, byKey }] as [string, { raw: Entry; byKey: Map<string, AttributeDef> }]);
    });
    expect(breaking(indexes, ({ raw, byKey }) => {
      const keys = raw['attributes'] as string[];
      const orders = (raw['orders'] ?? []) as string[];
      return ['key', 'unique', 'fulltext'].includes(String(raw['type'])) && keys.length >= 1 && keys.length <= ARRAY_PARAMS_MAX && new Set(keys).size === keys.length
        && keys.every((k) => SYSTEM.includes(k) || (byKey.has(k) && byKey.get(k)?.array !== true))
        && orders.length <= ARRAY_PARAMS_MAX && orders.every((o) => o === 'ASC' || o === 'DESC');
    }).map((s) => s.slice(0, 200))).toEqual([]);
    const lengths = indexes.map(([where, { raw, byKey }]) => {
      const index = parseIndex(raw);
      return [where, index ? indexLength(index, byKey) : Infinity] as [string, number];
    });
    expect(breaking(lengths, (n) => n <= INDEX_LENGTH_MAX)).toEqual([]);
  });

  it('buckets: name ≤ 128, ≤ 100 extensions of ≤ 64 characters, compression none/gzip/zstd, file size within what docs/production.md sets _APP_STORAGE_LIMIT to (Buckets/Create.php)', () => {
    const buckets = project.buckets.map((b) => [String(b['$id']), b] as [string, Entry]);
    expect(breaking(buckets, (b) => String(b['name']).length <= 128 && ['none', 'gzip', 'zstd'].includes(String(b['compression'] ?? 'none')))).toEqual([]);
    expect(breaking(buckets, (b) => {
      const ext = (b['allowedFileExtensions'] ?? []) as string[];
      return ext.length <= ARRAY_PARAMS_MAX && ext.every((e) => e.length <= 64);
    })).toEqual([]);
    // maximumFileSize is Range(1, _APP_STORAGE_LIMIT) on a self-hosted Appwrite (30 MB unless set),
    // the plan's file size on Cloud: the runbook says what to set it to, at least the largest bucket's.
    const runbook = fs.readFileSync(path.join(root, 'docs/production.md'), 'utf8');
    const storageLimit = Number(/_APP_STORAGE_LIMIT=(\d+)/.exec(runbook)?.[1] ?? 30_000_000);
    expect(breaking(buckets, (b) => Number(b['maximumFileSize']) >= 1 && Number(b['maximumFileSize']) <= storageLimit)).toEqual([]);
  });

  it('functions: name ≤ 128, timeout 1…900 s (_APP_FUNCTIONS_TIMEOUT), ≤ 100 events and execute roles, a five-field cron, Appwrite project scopes (Functions/Create.php)', () => {
    // app/config/scopes/project.php (1.9): the scopes Cadence's functions may ask for.
    const SCOPES = new Set([
      'users.read', 'users.write', 'sessions.read', 'sessions.write', 'teams.read', 'teams.write', 'databases.read', 'databases.write',
      'tables.read', 'tables.write', 'rows.read', 'rows.write', 'collections.read', 'collections.write', 'documents.read', 'documents.write',
      'buckets.read', 'buckets.write', 'files.read', 'files.write', 'functions.read', 'functions.write', 'executions.read', 'executions.write',
      'execution.read', 'execution.write', 'messages.read', 'messages.write',
    ]);
    const functions = project.functions.map((f) => [String(f['$id']), f] as [string, Entry]);
    expect(breaking(functions, (f) => {
      const timeout = Number(f['timeout'] ?? 15);
      const events = (f['events'] ?? []) as string[];
      const execute = (f['execute'] ?? []) as string[];
      const schedule = String(f['schedule'] ?? '');
      const scopes = (f['scopes'] ?? []) as string[];
      return String(f['name']).length <= 128 && Number.isInteger(timeout) && timeout >= 1 && timeout <= 900
        && events.length <= ARRAY_PARAMS_MAX && execute.length <= ARRAY_PARAMS_MAX && execute.every((r) => r.length <= 64)
        && (schedule === '' || /^\S+( \S+){4}$/.test(schedule)) && scopes.length <= ARRAY_PARAMS_MAX && scopes.every((s) => SCOPES.has(s));
    }).map((s) => s.slice(0, 200))).toEqual([]);
  });
});
