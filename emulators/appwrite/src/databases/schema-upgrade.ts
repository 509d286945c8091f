// Starting a data directory under a newer appwrite.json (issue 36, "Upgrades keep data"). New
// collections and indexes need nothing here (one documents table; ensureIndexes creates indexes).
// A new attribute is written into every existing document of its collection with its default (or
// null), as a document created now would have it, so reads, queries and the SDK models see it.
// A change that would lose stored values — an attribute removed while documents hold values for
// it, a size narrowed below a stored value, a type or enum change a stored value no longer fits, a
// collection removed while it holds documents — stops the start naming each one, unless the operator names it in APPWRITE_DROP_VALUES (after a
// backup): then those values are dropped. A known rename (APPWRITE_RENAMES: `from` no longer
// declared, `to` declared) is no loss: each stored value moves to the new key, unless the document
// already holds a value there (then it is a conflict like the others). The check runs when the
// declared attributes or the renames changed since the last start (a fingerprint in the database),
// so an ordinary start reads nothing.
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type Database from 'better-sqlite3';
import { KEY_RE } from '../ids.ts';
import type { AttributeDef, CollectionDef, Schema } from './schema.ts';

export class SchemaUpgradeError extends Error {}

interface Conflict {
  /** `collection.attribute` */
  name: string;
  reason: string;
  documents: number;
}

/** An attribute key renamed since values were stored under it. */
export interface AttributeRename {
  databaseId: string;
  collectionId: string;
  from: string;
  to: string;
}

/** The `ATTRIBUTE_RENAMES` a module exports (config.renamesModule); a malformed entry stops the start. */
export async function loadRenames(module: string | null): Promise<AttributeRename[]> {
  if (!module) return [];
  const { ATTRIBUTE_RENAMES: list } = (await import(pathToFileURL(module).href)) as { ATTRIBUTE_RENAMES?: unknown };
  if (!Array.isArray(list)) throw new SchemaUpgradeError(`${module} exports no ATTRIBUTE_RENAMES list`);
  return list.map((r: unknown) => {
    const e = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
    const fields = ['databaseId', 'collectionId', 'from', 'to'] as const;
    if (!fields.every((f) => typeof e[f] === 'string' && (f !== 'to' || KEY_RE.test(e[f])))) {
      throw new SchemaUpgradeError(`${module}: a rename needs databaseId, collectionId, from and to (a valid key): ${JSON.stringify(r)}`);
    }
    return { databaseId: String(e['databaseId']), collectionId: String(e['collectionId']), from: String(e['from']), to: String(e['to']) };
  });
}

function fingerprint(schema: Schema, renames: readonly AttributeRename[]): string {
  const shape = [...schema.values()].map((d) => [d.id, [...d.collections.values()].map((c) => [c.id, [...c.attributes.values()]])]);
  return crypto.createHash('sha256').update(JSON.stringify([shape, renames])).digest('hex');
}

function fits(attr: AttributeDef, value: unknown): string | null {
  if (value === null) return null;
  if (attr.array !== Array.isArray(value)) return attr.array ? 'is now a list' : 'is no longer a list';
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  for (const v of values) {
    if (v === null) continue;
    switch (attr.type) {
      case 'string':
      case 'datetime':
        if (typeof v !== 'string') return `is now ${attr.type}`;
        // An encrypted value is stored as its envelope; its plaintext length is not checked here.
        if (attr.type === 'string' && !attr.encrypt && v.length > attr.size) return `size narrowed to ${attr.size}`;
        if (attr.format === 'enum' && !attr.elements.includes(v)) return `enum no longer has "${v}"`;
        break;
      case 'integer':
        if (typeof v !== 'number' || !Number.isInteger(v)) return 'is now integer';
        break;
      case 'double':
        if (typeof v !== 'number') return 'is now double';
        break;
      case 'boolean':
        if (typeof v !== 'boolean') return 'is now boolean';
        break;
    }
  }
  return null;
}

const STATE_KEY = 'attributes_fingerprint';

/**
 * Brings the stored documents to `schema`. Throws SchemaUpgradeError (nothing changed) when
 * values would be lost and `dropValues` (`collection.attribute` names, or a removed collection's id)
 * does not name them all.
 */
export function upgradeDocuments(
  db: Database.Database, schema: Schema, dropValues: ReadonlySet<string> = new Set(), renames: readonly AttributeRename[] = [],
): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const print = fingerprint(schema, renames);
  const known = db.prepare<[string], { value: string }>('SELECT value FROM schema_state WHERE key = ?').get(STATE_KEY);
  if (known?.value === print) return;

  const collections = new Map<string, CollectionDef>();
  for (const d of schema.values()) for (const c of d.collections.values()) collections.set(`${d.id}\u0000${c.id}`, c);
  // The renames that apply now, by collection: the old key is no longer declared and the new one is.
  const moves = new Map<string, AttributeRename[]>();
  for (const r of renames) {
    const c = collections.get(`${r.databaseId}\u0000${r.collectionId}`);
    if (!c || c.attributes.has(r.from) || !c.attributes.has(r.to)) continue;
    moves.set(`${r.databaseId}\u0000${r.collectionId}`, [...(moves.get(`${r.databaseId}\u0000${r.collectionId}`) ?? []), r]);
  }
  const conflicts = new Map<string, Conflict>();
  const updates: Array<{ seq: number; data: string }> = [];
  const deletions: number[] = [];
  const rows = db.prepare<[], { seq: number; database_id: string; collection_id: string; data: string }>('SELECT seq, database_id, collection_id, data FROM documents');
  for (const row of rows.iterate()) {
    const c = collections.get(`${row.database_id}\u0000${row.collection_id}`);
    const count = (name: string, reason: string): void => {
      const entry = conflicts.get(`${name}\u0000${reason}`) ?? { name, reason, documents: 0 };
      entry.documents += 1;
      conflicts.set(`${name}\u0000${reason}`, entry);
    };
    if (!c) {
      // A collection no longer declared: its documents would be unreachable.
      if (dropValues.has(row.collection_id)) deletions.push(row.seq);
      else count(row.collection_id, 'collection removed from appwrite.json');
      continue;
    }
    const data = JSON.parse(row.data) as Record<string, unknown>;
    let changed = false;
    const conflict = (key: string, reason: string): void => {
      const name = `${c.id}.${key}`;
      if (!dropValues.has(name)) return count(name, reason);
      if (c.attributes.has(key)) data[key] = null;
      else delete data[key];
      changed = true;
    };
    /** Keys already judged (a rename that could not move its value). */
    const judged = new Set<string>();
    for (const r of moves.get(`${row.database_id}\u0000${row.collection_id}`) ?? []) {
      if (!Object.hasOwn(data, r.from)) continue;
      const value = data[r.from];
      const held = data[r.to] ?? null;
      if (value !== null && held !== null && JSON.stringify(held) !== JSON.stringify(value)) {
        judged.add(r.from);
        conflict(r.from, `renamed to ${r.to}, which already holds another value`);
        continue;
      }
      if (value !== null) data[r.to] = value;
      delete data[r.from];
      changed = true;
    }
    for (const [key, value] of Object.entries(data)) {
      if (judged.has(key)) continue;
      const attr = c.attributes.get(key);
      if (!attr) {
        if (value === null) {
          delete data[key];
          changed = true;
        } else conflict(key, 'removed from appwrite.json');
        continue;
      }
      const misfit = fits(attr, value);
      if (misfit) conflict(key, misfit);
    }
    for (const attr of c.attributes.values()) {
      if (!Object.hasOwn(data, attr.key)) {
        data[attr.key] = attr.default ?? null;
        changed = true;
      }
    }
    if (changed) updates.push({ seq: row.seq, data: JSON.stringify(data) });
  }
  if (conflicts.size > 0) {
    const lines = [...conflicts.values()].map((c) => `  ${c.name}: ${c.reason} (${c.documents} document${c.documents === 1 ? ' holds' : 's hold'} values that would be lost)`);
    const names = [...new Set([...conflicts.values()].map((c) => c.name))].join(',');
    throw new SchemaUpgradeError([
      'appwrite.json changed in a way that would lose stored data; nothing was changed and the server did not start:',
      ...lines,
      'Keep those attributes as they were (or migrate the values first; a renamed attribute moves its values when the rename is',
      'listed in ATTRIBUTE_RENAMES, backend/functions/lib/attribute-renames.js or APPWRITE_RENAMES), or, to drop exactly these values for good,',
      `back up (npm run backup -- <dir>) and start once with APPWRITE_DROP_VALUES=${names}`,
    ].join('\n'));
  }
  const write = db.prepare<[string, number]>('UPDATE documents SET data = ? WHERE seq = ?');
  const remove = db.prepare<[number]>('DELETE FROM documents WHERE seq = ?');
  const removePermissions = db.prepare<[number]>('DELETE FROM document_permissions WHERE doc_seq = ?');
  db.transaction(() => {
    for (const u of updates) write.run(u.data, u.seq);
    for (const seq of deletions) {
      removePermissions.run(seq);
      remove.run(seq);
    }
    db.prepare('INSERT INTO schema_state (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(STATE_KEY, print);
  })();
}
