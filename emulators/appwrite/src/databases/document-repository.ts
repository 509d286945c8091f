// Documents in SQLite: one table, attribute values as a JSON object, indexes from appwrite.json
// as partial expression indexes per collection (so unique indexes are enforced by SQLite itself).
import type Database from 'better-sqlite3';
import { AppwriteError } from '../errors.ts';
import {
  assertCursorValues, compileConditions, compileCursor, compileOrderBy, effectiveOrders,
  type ColumnRef, type ColumnResolver, type ParsedQueries, type SqlFragment,
} from '../queries.ts';
import { rolesFor } from '../permissions.ts';
import { AttributeCipher } from './attribute-cipher.ts';
import type { AttributeDef, CollectionDef, Schema } from './schema.ts';
import type { DocData } from './structure.ts';

export interface DocumentRow {
  seq: number;
  id: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  data: DocData;
}

interface RawRow {
  seq: number;
  id: string;
  created_at: string;
  updated_at: string;
  permissions: string;
  data: string;
}

export function migrateDocuments(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      database_id TEXT NOT NULL,
      collection_id TEXT NOT NULL,
      id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      permissions TEXT NOT NULL,
      data TEXT NOT NULL,
      UNIQUE (database_id, collection_id, id)
    );
    CREATE INDEX IF NOT EXISTS documents_created ON documents (database_id, collection_id, created_at);
  `);
  // Each document's permission strings, one row each, so a list's read check is an index lookup
  // instead of parsing the permissions JSON of every candidate row. Filled from `documents` when
  // the table is new (data directories made before it existed).
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'document_permissions'").get();
  db.exec(`
    CREATE TABLE IF NOT EXISTS document_permissions (
      doc_seq INTEGER NOT NULL,
      permission TEXT NOT NULL,
      PRIMARY KEY (doc_seq, permission)
    ) WITHOUT ROWID;
  `);
  if (!exists) {
    db.exec('INSERT OR IGNORE INTO document_permissions (doc_seq, permission) SELECT seq, value FROM documents, json_each(documents.permissions)');
  }
}

/** Ids are validated by the schema loader (`[A-Za-z0-9._-]`), so quoting them as literals is safe. */
function lit(s: string): string {
  return `'${s.replaceAll("'", "''")}'`;
}

function attrExpr(key: string): string {
  // The exact same text is used in index definitions and queries, so SQLite matches them.
  return `json_extract(data, '$."${key.replaceAll("'", "''").replaceAll('"', '')}"')`;
}

const SYSTEM: Record<string, ColumnRef> = {
  $id: { expr: 'id', type: 'string' },
  $sequence: { expr: 'seq', type: 'integer' },
  $createdAt: { expr: 'created_at', type: 'datetime' },
  $updatedAt: { expr: 'updated_at', type: 'datetime' },
};

export function columnResolver(collection: CollectionDef): ColumnResolver {
  const fulltext = new Set(collection.indexes.filter((i) => i.type === 'fulltext').flatMap((i) => i.attributes));
  return (attribute) => {
    const sys = SYSTEM[attribute];
    if (sys) return sys;
    const a = collection.attributes.get(attribute);
    if (!a) return undefined;
    const ref: ColumnRef = { expr: attrExpr(a.key), type: a.type, fulltext: fulltext.has(a.key) };
    if (a.encrypt) ref.encrypted = true;
    if (a.array) ref.arrayExpr = `json_each(documents.data, '$."${a.key}"')`;
    return ref;
  };
}

/** Creates the expression indexes declared in appwrite.json (idempotent). */
export function ensureIndexes(db: Database.Database, schema: Schema): void {
  const declared = new Set<string>();
  for (const database of schema.values()) {
    for (const c of database.collections.values()) {
      const resolve = columnResolver(c);
      for (const idx of c.indexes) {
        if (idx.type === 'fulltext') continue;
        const cols = idx.attributes.map((a, i) => {
          const ref = resolve(a);
          return ref && !ref.arrayExpr ? `${ref.expr} ${idx.orders[i] ?? 'ASC'}` : null;
        });
        if (cols.some((x) => x === null)) continue;
        const name = `doc_${database.id}_${c.id}_${idx.key}`.replace(/[^A-Za-z0-9_]/g, '_');
        declared.add(name);
        try {
          db.exec(`CREATE ${idx.type === 'unique' ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS "${name}" ON documents (${cols.join(', ')})
            WHERE database_id = ${lit(database.id)} AND collection_id = ${lit(c.id)}`);
        } catch (err) {
          // Like Appwrite's index status `failed` (e.g. a new unique index over duplicate data):
          // the server still starts; the index just isn't there.
          console.warn(`index ${c.id}.${idx.key} not created: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  }
  // An index no longer declared (deleted over the API, or gone from appwrite.json) no longer holds:
  // a unique one would otherwise still refuse writes.
  const stale = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND name LIKE 'doc\\_%' ESCAPE '\\'").all();
  for (const { name } of stale) if (!declared.has(name)) db.exec(`DROP INDEX IF EXISTS "${name}"`);
}

/** A document as stored: `permissionsJson` and `dataJson` are the JSON texts `DocumentRow` parses. */
export interface StoredDocument {
  seq: number;
  id: string;
  createdAt: string;
  updatedAt: string;
  permissionsJson: string;
  dataJson: string;
}

function storedOf(r: RawRow): StoredDocument {
  return { seq: r.seq, id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, permissionsJson: r.permissions, dataJson: r.data };
}

function fromRaw(r: RawRow): DocumentRow {
  return {
    seq: r.seq,
    id: r.id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    permissions: JSON.parse(r.permissions) as string[],
    data: JSON.parse(r.data) as DocData,
  };
}

/** Which SQLite constraint failed, in Appwrite's terms. */
function constraintError(err: unknown, id: string, kind: 'document' | 'row'): AppwriteError | null {
  if (!(err instanceof Error) || !('code' in err)) return null;
  const code = (err as { code: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  if (err.message.includes('documents.id')) return new AppwriteError(`${kind}_already_exists`, `${kind === 'row' ? 'Row' : 'Document'} with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`);
  return new AppwriteError('document_unique_constraint_violation');
}

export interface ListOptions {
  /** permission strings like `read("user:u1")` that admit a document; null = no filtering */
  readPermissions: string[] | null;
  total: boolean;
}

/** `database\0collection` → the collection's `encrypt: true` attributes (only collections that have some). */
function encryptedAttributes(schema: Schema): Map<string, AttributeDef[]> {
  const out = new Map<string, AttributeDef[]>();
  for (const database of schema.values()) {
    for (const c of database.collections.values()) {
      const attrs = [...c.attributes.values()].filter((a) => a.encrypt);
      if (attrs.length > 0) out.set(`${database.id}\u0000${c.id}`, attrs);
    }
  }
  return out;
}

/** `data` with each encrypted attribute's string values (each element of an array) mapped by `fn`. */
function mapEncrypted(data: DocData, attrs: AttributeDef[], fn: (value: string) => string): DocData {
  const out: DocData = { ...data };
  for (const a of attrs) {
    const v = out[a.key];
    if (typeof v === 'string') out[a.key] = fn(v);
    else if (Array.isArray(v)) out[a.key] = v.map((e: unknown) => (typeof e === 'string' ? fn(e) : e));
  }
  return out;
}

export class DocumentRepository {
  private readonly encrypted: Map<string, AttributeDef[]>;
  private cipherOnce: AttributeCipher | null = null;
  private readonly getStmt: Database.Statement<[string, string, string], RawRow>;
  private readonly insertStmt: Database.Statement<[string, string, string, string, string, string, string], { seq: number }>;
  private readonly updateStmt: Database.Statement<[string, string, string, number]>;
  private readonly deleteStmt: Database.Statement<[number]>;
  private readonly collectionOfStmt: Database.Statement<[number], { database_id: string; collection_id: string; permissions: string }>;
  private readonly insertPermissionStmt: Database.Statement<[number, string]>;
  private readonly deletePermissionsStmt: Database.Statement<[number]>;
  /** Compiled list and count statements by SQL text (the shapes repeat: one per query pattern). */
  private readonly statements = new Map<string, Database.Statement<unknown[]>>();
  /**
   * Counting up to 5,000 readable matches is most of a list's cost, and lists are asked again and
   * again (polling, paging). A total is reused only while no document has been written since: every
   * insert, update and delete on this connection goes through `transaction` here, which bumps
   * `writes`, and SQLite's `data_version` moves when another connection (the writer, for a read
   * worker's: read-pool.ts) has committed.
   */
  private writes = 0;
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly totals = new Map<string, { version: string; total: number }>();
  /**
   * Per collection, the writes of documents each role could read, before or after the write (`*`:
   * every write): what read-cache.ts asks with `readVersion`, so one therapist's writes leave
   * another's kept answers alone.
   */
  private readonly readerWrites = new Map<string, Map<string, number>>();

  /** `schema` says which attributes are stored encrypted (`encrypt: true`); their key is `attributes.key` beside the database. */
  constructor(private readonly db: Database.Database, schema: Schema) {
    this.encrypted = encryptedAttributes(schema);
    this.getStmt = db.prepare('SELECT seq, id, created_at, updated_at, permissions, data FROM documents WHERE database_id = ? AND collection_id = ? AND id = ?');
    this.insertStmt = db.prepare('INSERT INTO documents (database_id, collection_id, id, created_at, updated_at, permissions, data) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq');
    this.updateStmt = db.prepare('UPDATE documents SET updated_at = ?, permissions = ?, data = ? WHERE seq = ?');
    this.deleteStmt = db.prepare('DELETE FROM documents WHERE seq = ?');
    this.collectionOfStmt = db.prepare('SELECT database_id, collection_id, permissions FROM documents WHERE seq = ?');
    this.insertPermissionStmt = db.prepare('INSERT OR IGNORE INTO document_permissions (doc_seq, permission) VALUES (?, ?)');
    this.deletePermissionsStmt = db.prepare('DELETE FROM document_permissions WHERE doc_seq = ?');
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    // A read-only connection (a read worker's) opens after the writer has sealed them.
    if (!db.readonly) this.sealLegacyValues();
    // listText opens encrypted values inside SQLite's JSON functions: a stored string → its plaintext.
    db.function('open_sealed', { deterministic: true }, (v: unknown) => (typeof v === 'string' ? this.cipher.decrypt(v) : v));
  }

  private get cipher(): AttributeCipher {
    this.cipherOnce ??= AttributeCipher.beside(this.db);
    return this.cipherOnce;
  }

  private encryptedOf(databaseId: string, collectionId: string): AttributeDef[] | undefined {
    return this.encrypted.get(`${databaseId}\u0000${collectionId}`);
  }

  /** The data as stored: encrypted attributes sealed. */
  private sealed(databaseId: string, collectionId: string, data: DocData): DocData {
    const attrs = this.encryptedOf(databaseId, collectionId);
    return attrs ? mapEncrypted(data, attrs, (v) => this.cipher.encrypt(v)) : data;
  }

  /** The data as readers get it: encrypted attributes opened. */
  private opened(databaseId: string, collectionId: string, data: DocData): DocData {
    const attrs = this.encryptedOf(databaseId, collectionId);
    return attrs ? mapEncrypted(data, attrs, (v) => this.cipher.decrypt(v)) : data;
  }

  private openedRow(databaseId: string, collectionId: string, row: DocumentRow): DocumentRow {
    return this.encryptedOf(databaseId, collectionId) ? { ...row, data: this.opened(databaseId, collectionId, row.data) } : row;
  }

  /**
   * Values stored before their attribute was declared `encrypt: true` (a data directory from an
   * older appwrite.json) are sealed once, at start, so nothing of them stays readable at rest.
   */
  private sealLegacyValues(): void {
    if (this.encrypted.size === 0) return;
    const select = this.db.prepare<[string, string], { seq: number; data: string }>('SELECT seq, data FROM documents WHERE database_id = ? AND collection_id = ?');
    const write = this.db.prepare<[string, number]>('UPDATE documents SET data = ? WHERE seq = ?');
    let sealed = 0;
    const secureDelete = this.db.pragma('secure_delete', { simple: true }) as number;
    // The plaintext must not survive in freed page space or in the WAL either.
    this.db.pragma('secure_delete = ON');
    try {
      this.db.transaction(() => {
        for (const [key, attrs] of this.encrypted) {
          const [databaseId = '', collectionId = ''] = key.split('\u0000');
          for (const row of select.all(databaseId, collectionId)) {
            const data = JSON.parse(row.data) as DocData;
            const next = mapEncrypted(data, attrs, (v) => (AttributeCipher.isSealed(v) ? v : this.cipher.encrypt(v)));
            if (attrs.some((a) => JSON.stringify(next[a.key]) !== JSON.stringify(data[a.key]))) {
              write.run(JSON.stringify(next), row.seq);
              sealed += 1;
            }
          }
        }
      })();
      if (sealed > 0 && !this.db.memory) this.db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      this.db.pragma(`secure_delete = ${secureDelete ? 'ON' : 'OFF'}`);
    }
  }

  private statement(sql: string): Database.Statement<unknown[]> {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      // Bounded: query shapes come from callers, so an endless variety must not grow memory.
      if (this.statements.size >= 500) this.statements.clear();
      stmt = this.db.prepare<unknown[]>(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private writePermissions(seq: number, permissions: string[]): void {
    this.deletePermissionsStmt.run(seq);
    for (const permission of permissions) this.insertPermissionStmt.run(seq, permission);
  }

  /** Every write runs in here: `writes` moves before and after, so no total counted meanwhile (or rolled back) is reused. */
  transaction<T>(fn: () => T): T {
    this.writes += 1;
    try {
      return this.db.transaction(fn)();
    } finally {
      this.writes += 1;
    }
  }

  /**
   * Runs `fn`'s reads in one read transaction: on a connection beside the writer (a read worker's),
   * a list's page, total and cursor document then come from one commit, as on the writer itself.
   */
  snapshot<T>(fn: () => T): T {
    return this.db.inTransaction ? fn() : this.db.transaction(fn).deferred();
  }

  get(databaseId: string, collectionId: string, id: string): DocumentRow | null {
    const r = this.getStmt.get(databaseId, collectionId, id);
    return r ? this.openedRow(databaseId, collectionId, fromRaw(r)) : null;
  }

  insert(databaseId: string, collectionId: string, doc: Omit<DocumentRow, 'seq'>, kind: 'document' | 'row'): DocumentRow {
    try {
      return this.transaction(() => {
        const r = this.insertStmt.get(databaseId, collectionId, doc.id, doc.createdAt, doc.updatedAt, JSON.stringify(doc.permissions), JSON.stringify(this.sealed(databaseId, collectionId, doc.data)));
        const seq = r?.seq ?? 0;
        this.writePermissions(seq, doc.permissions);
        this.wrote(databaseId, collectionId, doc.permissions);
        return { ...doc, seq };
      });
    } catch (err) {
      throw constraintError(err, doc.id, kind) ?? err;
    }
  }

  update(doc: DocumentRow, kind: 'document' | 'row'): DocumentRow {
    try {
      return this.transaction(() => {
        let data = doc.data;
        const was = this.collectionOfStmt.get(doc.seq);
        if (was) {
          if (this.encrypted.size > 0) data = this.sealed(was.database_id, was.collection_id, data);
          this.wrote(was.database_id, was.collection_id, JSON.parse(was.permissions) as string[], doc.permissions);
        }
        this.updateStmt.run(doc.updatedAt, JSON.stringify(doc.permissions), JSON.stringify(data), doc.seq);
        this.writePermissions(doc.seq, doc.permissions);
        return doc;
      });
    } catch (err) {
      throw constraintError(err, doc.id, kind) ?? err;
    }
  }

  delete(seq: number): void {
    this.transaction(() => {
      const was = this.collectionOfStmt.get(seq);
      if (was) this.wrote(was.database_id, was.collection_id, JSON.parse(was.permissions) as string[]);
      this.deleteStmt.run(seq);
      this.deletePermissionsStmt.run(seq);
    });
  }

  /** A write of a document of the collection that these permission lists (before, after) let read. */
  private wrote(databaseId: string, collectionId: string, ...permissions: string[][]): void {
    const key = `${databaseId}\u0000${collectionId}`;
    let counts = this.readerWrites.get(key);
    if (!counts) this.readerWrites.set(key, (counts = new Map()));
    counts.set('*', (counts.get('*') ?? 0) + 1);
    for (const role of new Set(permissions.flatMap((list) => rolesFor(list, 'read')))) counts.set(role, (counts.get(role) ?? 0) + 1);
  }

  /**
   * What a read of the collection by a caller holding `roles` has to go on: it moves with every
   * write of a document the caller could read before or after it (of any document with `roles`
   * null: a caller who reads them all), and with every commit on another connection. A document a
   * caller can read neither before nor after a write changes nothing in the caller's answers.
   */
  readVersion(databaseId: string, collectionId: string, roles: readonly string[] | null): string {
    const counts = this.readerWrites.get(`${databaseId}\u0000${collectionId}`);
    let version = String(this.dataVersion.get());
    for (const role of roles ?? ['*']) version += `:${counts?.get(role) ?? 0}`;
    return version;
  }

  private count(sql: string, params: unknown[]): number {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    // Read before the count: a commit in between only makes the entry older than its total (recounted next time).
    const version = `${this.writes}:${this.dataVersion.get()}`;
    const cached = this.totals.get(key);
    if (cached && cached.version === version) return cached.total;
    const r = this.statement(sql).get(...params) as { n: number } | undefined;
    const total = r?.n ?? 0;
    if (this.totals.size >= 1000) this.totals.clear();
    this.totals.set(key, { version, total });
    return total;
  }

  list(collection: CollectionDef, q: ParsedQueries, opts: ListOptions, cursorRow: DocumentRow | null): { rows: DocumentRow[]; total: number } {
    return this.select(collection, q, opts, cursorRow, (r) => this.openedRow(collection.databaseId, collection.id, fromRaw(r)));
  }

  /**
   * The same list with each document as it is stored (its JSON texts unparsed), for a caller that
   * only writes them out again: a client list of 2,000 documents spent a third of its time in
   * JSON.parse here and JSON.stringify in the reply, to arrive at the text it started from.
   */
  listStored(collection: CollectionDef, q: ParsedQueries, opts: ListOptions, cursorRow: DocumentRow | null): { rows: StoredDocument[]; total: number } {
    if (!this.encryptedOf(collection.databaseId, collection.id)) return this.select(collection, q, opts, cursorRow, storedOf);
    // Ciphertext is never written out: these documents are parsed to open their encrypted values.
    return this.select(collection, q, opts, cursorRow, (r) => ({
      ...storedOf(r), dataJson: JSON.stringify(this.opened(collection.databaseId, collection.id, JSON.parse(r.data) as DocData)),
    }));
  }

  /**
   * A list's documents as the JSON text of their models (`modelJson` in documents-service.ts, or
   * with `select` only the selected attributes, as `selectFields` picks them), comma-separated in
   * the list's order; null (the JS path) for a select of something that is not an attribute, or of
   * a collection with encrypted attributes, or encrypted string arrays. SQLite writes each document's model, so
   * a page of 5,000 crosses into JS as 5,000 strings instead of 30,000 values to assemble (with a
   * select, its system part and the stored data, whose selected attributes selectedText cuts out).
   */
  listText(collection: CollectionDef, q: ParsedQueries, opts: ListOptions, cursorRow: DocumentRow | null, collectionKey: '$collectionId' | '$tableId'): { documents: string; total: number } | null {
    const select = q.select && !q.select.includes('*') ? q.select : null;
    if (select?.some((k) => !k.startsWith('$') && !collection.attributes.has(k))) return null;
    const encrypted = this.encryptedOf(collection.databaseId, collection.id);
    if (encrypted && (select || encrypted.some((a) => a.array))) return null;
    const page = this.pageSql(collection, q, opts, cursorRow);
    if (!page) return { documents: '', total: 0 };
    const system = `${JSON.stringify(collectionKey)}:${JSON.stringify(collection.id)},"$databaseId":${JSON.stringify(collection.databaseId)},"$createdAt":`;
    // Data is JSON.stringify of an object: its text without the `{` follows the system keys, with
    // each encrypted value opened in place (open_sealed: the cipher's decrypt). A
    // selected attribute (in the select's order, once) is written when the document has it, as
    // `->` gives its stored JSON text.
    const opened = encrypted
      ? `json_replace(data, ${encrypted.map((a) => `${lit(`$."${a.key}"`)}, open_sealed(data ->> ${lit(`$."${a.key}"`)})`).join(', ')})`
      : 'data';
    // json_quote writes what JSON.stringify does for ids ([A-Za-z0-9._-]) and stored dates.
    const head = `'{"$id":' || json_quote(id) || ',"$sequence":"' || seq || '",' || ${lit(system)} || json_quote(created_at)`
      + ` || ',"$updatedAt":' || json_quote(updated_at) || ',"$permissions":' || permissions`;
    const from = `FROM documents WHERE ${page.where.sql} ORDER BY ${page.orderBy} LIMIT ? OFFSET ?`;
    const params = [...page.where.params, q.limit, q.offset];
    let models: string[];
    if (select) {
      // The selected attributes are cut out of the stored text in JS (selectedText): asking SQLite
      // for each one (json_type and -> per attribute and row) cost 3–4 times the whole document's
      // text — a 2,000-client list with 9 of its columns was slower than the clients whole.
      const picked = [...new Set(select.filter((k) => !k.startsWith('$')))].map((k) => ({ pattern: `${JSON.stringify(k)}:`, prefix: `,${JSON.stringify(k)}:` }));
      const rows = this.statement(`SELECT ${head} AS head, data ${from}`).raw().all(...params) as Array<[string, string]>;
      models = rows.map(([h, data]) => `${h}${selectedText(data, picked)}}`);
    } else {
      const data = `CASE data WHEN '{}' THEN '}' ELSE ',' || substr(${opened}, 2) END`;
      models = this.statement(`SELECT ${head} || ${data} AS model ${from}`).pluck().all(...params) as string[];
    }
    if (q.cursor?.direction === 'before') models.reverse();
    return { documents: models.join(','), total: this.total(page, opts) };
  }

  private select<T>(collection: CollectionDef, q: ParsedQueries, opts: ListOptions, cursorRow: DocumentRow | null, map: (row: RawRow) => T): { rows: T[]; total: number } {
    const page = this.pageSql(collection, q, opts, cursorRow);
    if (!page) return { rows: [], total: 0 };
    const raw = this.statement(
      `SELECT seq, id, created_at, updated_at, permissions, data FROM documents WHERE ${page.where.sql} ORDER BY ${page.orderBy} LIMIT ? OFFSET ?`,
    ).all(...page.where.params, q.limit, q.offset) as RawRow[];
    const rows = raw.map(map);
    if (q.cursor?.direction === 'before') rows.reverse();
    return { rows, total: this.total(page, opts) };
  }

  /** Appwrite counts up to APP_LIMIT_COUNT (5000), ignoring limit, offset and cursor. */
  private total(page: PageSql, opts: ListOptions): number {
    if (!opts.total) return 0;
    return this.count(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM documents WHERE ${page.filter.sql} LIMIT 5000)`, page.filter.params);
  }

  /** A list's SQL: its filter (readable and matching), the page's (plus the cursor) and order; null when the caller can read nothing. */
  private pageSql(collection: CollectionDef, q: ParsedQueries, opts: ListOptions, cursorRow: DocumentRow | null): PageSql | null {
    const resolve = columnResolver(collection);
    const base = `database_id = ${lit(collection.databaseId)} AND collection_id = ${lit(collection.id)}`;
    const parts: SqlFragment[] = [{ sql: base, params: [] }];
    if (opts.readPermissions) {
      if (opts.readPermissions.length === 0) return null;
      parts.push({
        sql: `EXISTS (SELECT 1 FROM document_permissions p WHERE p.doc_seq = documents.seq AND p.permission IN (${opts.readPermissions.map(() => '?').join(', ')}))`,
        params: opts.readPermissions,
      });
    }
    parts.push(compileConditions(q.conditions, resolve));
    const join = (all: SqlFragment[]): SqlFragment => ({ sql: all.map((p) => p.sql).join(' AND '), params: all.flatMap((p) => p.params) });

    const orders = effectiveOrders(q.orders);
    const orderBy = compileOrderBy(orders, resolve, q.cursor?.direction === 'before');
    const extra: SqlFragment[] = [];
    if (q.cursor && cursorRow) {
      const values = orders.map((o) => cursorValue(cursorRow, o.attribute));
      assertCursorValues(values);
      extra.push(compileCursor(orders, resolve, values, q.cursor.direction));
    }
    return { filter: join(parts), where: join([...parts, ...extra]), orderBy };
  }
}

/**
 * The `,"key":value` of each picked attribute that `data` (a document's stored JSON text, as
 * JSON.stringify wrote it: a flat object whose values are strings, numbers, booleans, null or lists
 * of these) holds, in the order picked, each value's text as stored. `"key":` with its closing quote
 * unescaped can only be a key (inside a string every quote is escaped, and a string value is never
 * followed by a colon); and the object is flat, so it is this document's attribute. Each search
 * starts where the last value ended (stored and picked order are usually the same), then from the
 * start.
 */
export function selectedText(data: string, picked: ReadonlyArray<{ pattern: string; prefix: string }>): string {
  let out = '';
  let from = 0;
  // A run of picked attributes stored one after the other is copied as one piece: `,"a":1,"b":2`
  // stored is what the two would be written as.
  let run = '';
  let runStart = -1;
  for (const { pattern, prefix } of picked) {
    let at = data.indexOf(pattern, from);
    if (at === -1 && from > 0) at = data.indexOf(pattern);
    if (at === -1) continue;
    const start = at + pattern.length;
    const end = valueEnd(data, start);
    if (runStart === -1 || at !== from + 1) {
      if (runStart !== -1) out += run + data.slice(runStart, from);
      run = prefix;
      runStart = start;
    }
    from = end;
  }
  return runStart === -1 ? out : out + run + data.slice(runStart, from);
}

/** Where the JSON value starting at `start` ends (one past its last character). */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 0x22 /* " */) return stringEnd(text, start);
  if (first === 0x5b /* [ */ || first === 0x7b /* { */) {
    let depth = 0;
    for (let i = start; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      if (c === 0x22) i = stringEnd(text, i) - 1;
      else if (c === 0x5b || c === 0x7b) depth += 1;
      else if ((c === 0x5d || c === 0x7d) && --depth === 0) return i + 1;
    }
    return text.length;
  }
  // A number, true, false or null: up to the next comma or the object's end.
  let i = start;
  while (i < text.length && text.charCodeAt(i) !== 0x2c && text.charCodeAt(i) !== 0x7d) i += 1;
  return i;
}

/** One past the closing quote of the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

interface PageSql {
  /** readable and matching (what `total` counts) */
  filter: SqlFragment;
  /** `filter` and after (or before) the cursor */
  where: SqlFragment;
  orderBy: string;
}

function cursorValue(row: DocumentRow, attribute: string): string | number | null {
  switch (attribute) {
    case '$id': return row.id;
    case '$sequence': return row.seq;
    case '$createdAt': return row.createdAt;
    case '$updatedAt': return row.updatedAt;
    default: {
      const v = row.data[attribute];
      if (typeof v === 'boolean') return v ? 1 : 0;
      return typeof v === 'string' || typeof v === 'number' ? v : null;
    }
  }
}
