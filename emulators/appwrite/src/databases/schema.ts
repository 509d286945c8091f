// Collections as declared in backend/appwrite.json (PROTOCOL §7.2): the one schema shared with
// production. Unknown keys are ignored so a newer CLI file still loads.

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

/** Ids end up in SQL identifiers and literals, so they must be Appwrite-valid keys. */
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

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

function parseAttribute(raw: unknown): AttributeDef | null {
  const a = rec(raw);
  const key = str(a['key']);
  let type = str(a['type']);
  if (type === 'float') type = 'double';
  if (!key || !['string', 'integer', 'double', 'boolean', 'datetime'].includes(type)) return null; // relationships, geo: not emulated
  const format = str(a['format']);
  return {
    key,
    type: type as AttributeType,
    required: a['required'] === true,
    array: a['array'] === true,
    size: num(a['size']) ?? (type === 'string' ? 255 : 0),
    default: a['default'] ?? null,
    format: (['email', 'enum', 'url', 'ip', 'datetime'].includes(format) ? format : '') as AttributeDef['format'],
    elements: arr(a['elements']).filter((e): e is string => typeof e === 'string'),
    min: num(a['min']),
    max: num(a['max']),
  };
}

function parseIndex(raw: unknown): IndexDef | null {
  const i = rec(raw);
  const key = str(i['key']);
  const type = str(i['type']);
  const attributes = arr(i['attributes'] ?? i['columns']).filter((x): x is string => typeof x === 'string');
  if (!key || !['key', 'unique', 'fulltext'].includes(type) || attributes.length === 0) return null;
  const orders = attributes.map((_, n) => (str(arr(i['orders'])[n]).toUpperCase() === 'DESC' ? 'DESC' : 'ASC'));
  return { key, type: type as IndexDef['type'], attributes, orders };
}

/** Databases and collections (or tablesDB/tables) of an appwrite.json document. */
export function parseSchema(project: unknown): Schema {
  const p = rec(project);
  const schema: Schema = new Map();
  for (const raw of [...arr(p['databases']), ...arr(p['tablesDB'])]) {
    const d = rec(raw);
    const id = str(d['$id']);
    if (!ID_RE.test(id)) continue;
    schema.set(id, { id, name: str(d['name'], id), enabled: d['enabled'] !== false, collections: new Map() });
  }
  for (const raw of [...arr(p['collections']), ...arr(p['tables'])]) {
    const c = rec(raw);
    const id = str(c['$id']);
    const databaseId = str(c['databaseId']);
    const db = schema.get(databaseId);
    if (!ID_RE.test(id) || !db) continue;
    const attributes = new Map<string, AttributeDef>();
    for (const a of arr(c['attributes'] ?? c['columns'])) {
      const def = parseAttribute(a);
      if (def) attributes.set(def.key, def);
    }
    db.collections.set(id, {
      id,
      databaseId,
      name: str(c['name'], id),
      enabled: c['enabled'] !== false,
      permissions: arr(c['$permissions']).filter((x): x is string => typeof x === 'string'),
      documentSecurity: c['documentSecurity'] === true || c['rowSecurity'] === true,
      attributes,
      indexes: arr(c['indexes']).map(parseIndex).filter((x): x is IndexDef => x !== null),
    });
  }
  return schema;
}
