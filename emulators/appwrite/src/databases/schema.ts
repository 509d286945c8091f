// Collections as declared in backend/appwrite.json (PROTOCOL §7.2): the one schema shared with
// production. Unknown keys are ignored so a newer CLI file still loads.
import { AppwriteError } from '../errors.ts';
import { KEY_RE } from '../ids.ts';

export type AttributeType = 'string' | 'integer' | 'double' | 'boolean' | 'datetime';

export interface AttributeDef {
  key: string;
  type: AttributeType;
  required: boolean;
  array: boolean;
  size: number;
  default: unknown;
  format: '' | 'email' | 'enum' | 'url' | 'ip' | 'datetime';
  elements: string[];
  min: number | null;
  max: number | null;
  /** strings only: stored encrypted, never queryable (attribute-cipher.ts) */
  encrypt: boolean;
}

export interface IndexDef {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  attributes: string[];
  orders: Array<'ASC' | 'DESC'>;
}

export interface CollectionDef {
  id: string;
  databaseId: string;
  name: string;
  enabled: boolean;
  permissions: string[];
  documentSecurity: boolean;
  attributes: Map<string, AttributeDef>;
  indexes: IndexDef[];
}

export interface DatabaseDef {
  id: string;
  name: string;
  enabled: boolean;
  collections: Map<string, CollectionDef>;
}

export type Schema = Map<string, DatabaseDef>;


function rec(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
function str(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : fallback;
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The size Appwrite gives a string attribute of a format, whatever a file says (the CLI sends none
 * for them): Attributes/Email 254, URL 2000, IP 39, and an enum its longest element.
 */
function formatSize(format: string, elements: string[]): number | null {
  switch (format) {
    case 'email': return 254;
    case 'url': return 2000;
    case 'ip': return 39;
    case 'enum': return Math.max(0, ...elements.map((e) => e.length));
    default: return null;
  }
}

/** One attribute (or column) entry of appwrite.json; null for kinds not emulated. */
export function parseAttribute(raw: unknown): AttributeDef | null {
  const a = rec(raw);
  const key = str(a['key']);
  let type = str(a['type']);
  if (type === 'float') type = 'double';
  if (!key || !['string', 'integer', 'double', 'boolean', 'datetime'].includes(type)) return null; // relationships, geo: not emulated
  const format = str(a['format']);
  const elements = arr(a['elements']).filter((e): e is string => typeof e === 'string');
  return {
    key,
    type: type as AttributeType,
    required: a['required'] === true,
    array: a['array'] === true,
    size: (type === 'string' ? formatSize(format, elements) : null) ?? num(a['size']) ?? (type === 'string' ? 255 : 0),
    default: a['default'] ?? null,
    format: (['email', 'enum', 'url', 'ip', 'datetime'].includes(format) ? format : '') as AttributeDef['format'],
    elements,
    min: num(a['min']),
    max: num(a['max']),
    encrypt: type === 'string' && a['encrypt'] === true,
  };
}

/** `APP_DATABASE_ENCRYPT_SIZE_MIN`: an encrypted string's size must leave room for its envelope. */
export const ENCRYPT_SIZE_MIN = 150;

/** Attributes/String/Create.php's check, for a new attribute or one declared in appwrite.json. */
export function assertEncryptSize(attr: Pick<AttributeDef, 'encrypt' | 'size'>): void {
  if (attr.encrypt && attr.size < ENCRYPT_SIZE_MIN) {
    throw new AppwriteError('general_bad_request', `Size too small. Encrypted strings require a minimum size of ${ENCRYPT_SIZE_MIN} characters.`);
  }
}

/**
 * An index over an encrypted attribute would index ciphertext that no query may use (the query
 * validators refuse them), so the emulator refuses to declare one. Appwrite's own index validator
 * has no such check; the mistake would only show when the first query failed.
 */
export function assertIndexable(index: IndexDef, attributes: Map<string, AttributeDef>): void {
  for (const key of index.attributes) {
    if (attributes.get(key)?.encrypt) throw new AppwriteError('index_invalid', `Cannot create an index on encrypted attribute: ${key}`);
  }
}

/** One index entry of appwrite.json; null when incomplete. */
export function parseIndex(raw: unknown): IndexDef | null {
  const i = rec(raw);
  const key = str(i['key']);
  const type = str(i['type']);
  const attributes = arr(i['attributes'] ?? i['columns']).filter((x): x is string => typeof x === 'string');
  if (!key || !['key', 'unique', 'fulltext'].includes(type) || attributes.length === 0) return null;
  const orders = attributes.map((_, n) => (str(arr(i['orders'])[n]).toUpperCase() === 'DESC' ? 'DESC' : 'ASC'));
  return { key, type: type as IndexDef['type'], attributes, orders };
}

function declared(what: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof AppwriteError) throw new Error(`appwrite.json, ${what}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** Databases and collections (or tablesDB/tables) of an appwrite.json document. */
export function parseSchema(project: unknown): Schema {
  const p = rec(project);
  const schema: Schema = new Map();
  for (const raw of [...arr(p['databases']), ...arr(p['tablesDB'])]) {
    const d = rec(raw);
    const id = str(d['$id']);
    if (!KEY_RE.test(id)) continue;
    schema.set(id, { id, name: str(d['name'], id), enabled: d['enabled'] !== false, collections: new Map() });
  }
  for (const raw of [...arr(p['collections']), ...arr(p['tables'])]) {
    const c = rec(raw);
    const id = str(c['$id']);
    const databaseId = str(c['databaseId']);
    const db = schema.get(databaseId);
    if (!KEY_RE.test(id) || !db) continue;
    const attributes = new Map<string, AttributeDef>();
    for (const a of arr(c['attributes'] ?? c['columns'])) {
      const def = parseAttribute(a);
      if (!def) continue;
      // A file Appwrite would refuse to deploy is refused here too, at start, naming the attribute.
      declared(`${id}.${def.key}`, () => assertEncryptSize(def));
      attributes.set(def.key, def);
    }
    const indexes = arr(c['indexes']).map(parseIndex).filter((x): x is IndexDef => x !== null);
    for (const index of indexes) declared(`${id} index ${index.key}`, () => assertIndexable(index, attributes));
    db.collections.set(id, {
      id,
      databaseId,
      name: str(c['name'], id),
      enabled: c['enabled'] !== false,
      permissions: arr(c['$permissions']).filter((x): x is string => typeof x === 'string'),
      documentSecurity: c['documentSecurity'] === true || c['rowSecurity'] === true,
      attributes,
      indexes,
    });
  }
  return schema;
}
