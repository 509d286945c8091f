// Document rules from Appwrite's Documents/{Create,Get,Update,Upsert,Delete,XList}.php and
// Attribute/Increment.php (PROTOCOL §3.3), for both naming flavours (documents / TablesDB rows).
import { AppwriteError } from '../errors.ts';
import { CUSTOM_ID_DESCRIPTION, uniqueId } from '../ids.ts';
import { isoDate, type Clock } from '../clock.ts';
import {
  assertGrantable, canAccessDocument, defaultDocumentPermissions, isAllowed, parsePermissions,
  type DocumentAction,
} from '../permissions.ts';
import { parseQueries } from '../queries.ts';
import type { DocumentRepository, DocumentRow, StoredDocument } from './document-repository.ts';
import type { CollectionDef, Schema } from './schema.ts';
import { formatDate, validateDocument, type DocData } from './structure.ts';
import { KEY_RE } from '../ids.ts';

export type Flavor = 'document' | 'row';

/** A read of documents (listDocuments, getDocument) as a message: what a read worker is asked (read-pool.ts). */
export interface ReadRequest {
  op: 'list' | 'get';
  actor: Actor;
  databaseId: string;
  collectionId: string;
  /** getDocument's id ('' for a list) */
  documentId: string;
  queries: string[];
  /** lists: count the total (`total=false` skips it) */
  total: boolean;
  flavor: Flavor;
  /** lists: `documents` or `rows` */
  listKey: string;
}

/** What the document rules need to know about the caller. */
export interface Actor {
  /** API keys (server key or a function's ephemeral key) bypass permissions */
  isKey: boolean;
  userId: string | null;
  roles: string[];
}

/** APP_LIMIT_DATABASE_BATCH */
const BATCH_LIMIT = 100;
const READ_ONLY_KEYS = ['$sequence', '$databaseId', '$collectionId', '$tableId'];

export function resolveId(raw: unknown, param: string, nowMs: number): string {
  if (raw === 'unique()') return uniqueId(nowMs);
  if (typeof raw !== 'string' || !KEY_RE.test(raw)) {
    throw new AppwriteError('general_argument_invalid', `Invalid \`${param}\` param: ${CUSTOM_ID_DESCRIPTION}`);
  }
  return raw;
}

export class DocumentsService {
  constructor(
    private readonly schema: Schema,
    private readonly repo: DocumentRepository,
    private readonly clock: Clock,
  ) {}

  private names(flavor: Flavor): { Doc: string; Col: string; colType: string; docType: string } {
    return flavor === 'row'
      ? { Doc: 'Row', Col: 'Table', colType: 'table_not_found', docType: 'row_not_found' }
      : { Doc: 'Document', Col: 'Collection', colType: 'collection_not_found', docType: 'document_not_found' };
  }

  collection(databaseId: string, collectionId: string, flavor: Flavor): CollectionDef {
    const db = this.schema.get(databaseId);
    if (!db || !db.enabled) throw new AppwriteError('database_not_found', `Database with the requested ID '${databaseId}' could not be found.`);
    const c = db.collections.get(collectionId);
    const n = this.names(flavor);
    if (!c || !c.enabled) throw new AppwriteError(n.colType, `${n.Col} with the requested ID '${collectionId}' could not be found.`);
    return c;
  }

  private notFound(id: string, flavor: Flavor): AppwriteError {
    const n = this.names(flavor);
    return new AppwriteError(n.docType, `${n.Doc} with the requested ID '${id}' could not be found.`);
  }

  private can(actor: Actor, c: CollectionDef, doc: DocumentRow, action: DocumentAction): boolean {
    return actor.isKey || canAccessDocument({ collectionPermissions: c.permissions, documentSecurity: c.documentSecurity }, doc.permissions, action, actor.roles);
  }

  /** Readable document or "not found": Appwrite never reveals what a caller can't read. */
  private readable(actor: Actor, c: CollectionDef, id: string, flavor: Flavor): DocumentRow {
    const doc = this.repo.get(c.databaseId, c.id, id);
    if (!doc || !this.can(actor, c, doc, 'read')) throw this.notFound(id, flavor);
    return doc;
  }

  private unauthorized(): AppwriteError {
    return new AppwriteError('user_unauthorized');
  }

  private permissionsFor(actor: Actor, raw: unknown): string[] | null {
    if (raw === undefined || raw === null) return null;
    const perms = parsePermissions(raw);
    if (!actor.isKey) assertGrantable(perms, actor.roles);
    return perms;
  }

  /** Strip read-only keys; `$createdAt`/`$updatedAt` only an API key may set (PROTOCOL §3.3). */
  private splitData(actor: Actor, data: DocData): { attrs: DocData; createdAt?: string; updatedAt?: string } {
    // No prototype: a `__proto__` key from the JSON body stays a key (and an unknown attribute)
    // instead of becoming the prototype whose properties would pass as attributes.
    const attrs: DocData = Object.create(null) as DocData;
    let createdAt: string | undefined;
    let updatedAt: string | undefined;
    for (const [k, v] of Object.entries(data)) {
      if (READ_ONLY_KEYS.includes(k) || k === '$id' || k === '$permissions') continue;
      if (k === '$createdAt' || k === '$updatedAt') {
        if (actor.isKey && typeof v === 'string' && !Number.isNaN(new Date(v).getTime())) {
          if (k === '$createdAt') createdAt = formatDate(new Date(v));
          else updatedAt = formatDate(new Date(v));
        }
        continue;
      }
      attrs[k] = v;
    }
    const out: { attrs: DocData; createdAt?: string; updatedAt?: string } = { attrs };
    if (createdAt) out.createdAt = createdAt;
    if (updatedAt) out.updatedAt = updatedAt;
    return out;
  }

  /** What a list needs checked before it runs: its parsed queries, the caller's read roles and the cursor document. */
  private listQuery(actor: Actor, c: CollectionDef, queries: string[], flavor: Flavor) {
    const q = parseQueries(queries);
    let readPermissions: string[] | null = null;
    if (!actor.isKey && !isAllowed(c.permissions, 'read', actor.roles)) {
      if (!c.documentSecurity) throw this.unauthorized();
      readPermissions = [...new Set(['any', ...actor.roles])].map((r) => `read("${r}")`);
    }
    let cursorRow: DocumentRow | null = null;
    if (q.cursor) {
      cursorRow = this.repo.get(c.databaseId, c.id, q.cursor.id);
      if (!cursorRow || !this.can(actor, c, cursorRow, 'read')) {
        throw new AppwriteError('general_cursor_not_found', `${this.names(flavor).Doc} '${q.cursor.id}' for the 'cursor' value not found.`);
      }
    }
    return { q, readPermissions, cursorRow };
  }

  /**
   * A list (Documents/XList.php) as its response's JSON text, as JSON.stringify of `{ total, documents: rows.map(toModel) }`
   * would give it. Without a select every document is output whole, so its stored JSON is written
   * out as it is, never parsed.
   */
  listJson(actor: Actor, c: CollectionDef, queries: string[], total: boolean, flavor: Flavor, listKey: string): string {
    const { q, readPermissions, cursorRow } = this.listQuery(actor, c, queries, flavor);
    const text = this.repo.listText(c, q, { readPermissions, total }, cursorRow, flavor === 'row' ? '$tableId' : '$collectionId');
    if (text) return `{"total":${text.total},${JSON.stringify(listKey)}:[${text.documents}]}`;
    if (q.select) {
      const { select } = q;
      // Only the data is parsed, to pick the selected attributes; the rest is written out as stored.
      const stored = this.repo.listStored(c, q, { readPermissions, total }, cursorRow);
      return `{"total":${stored.total},${JSON.stringify(listKey)}:[${stored.rows.map((r) => selectedJson(r, select, c, flavor)).join(',')}]}`;
    }
    const result = this.repo.listStored(c, q, { readPermissions, total }, cursorRow);
    return `{"total":${result.total},${JSON.stringify(listKey)}:[${result.rows.map((r) => modelJson(r, c, flavor)).join(',')}]}`;
  }

  /**
   * A read as its response's JSON text (the list, or the document's model as JSON.stringify gives
   * it), every row from one snapshot of the database: on the writer's connection or a read worker's.
   */
  readJson(r: ReadRequest): string {
    return this.repo.snapshot(() => {
      const c = this.collection(r.databaseId, r.collectionId, r.flavor);
      if (r.op === 'list') return this.listJson(r.actor, c, r.queries, r.total, r.flavor, r.listKey);
      return JSON.stringify(toModel(this.get(r.actor, c, r.documentId, r.queries, r.flavor), c, r.flavor));
    });
  }

  get(actor: Actor, c: CollectionDef, id: string, queries: string[], flavor: Flavor): DocumentRow {
    const q = parseQueries(queries);
    const doc = this.readable(actor, c, id, flavor);
    return q.select ? selectFields(doc, q.select) : doc;
  }

  create(actor: Actor, c: CollectionDef, rawId: unknown, data: unknown, permissions: unknown, flavor: Flavor): DocumentRow {
    const n = this.names(flavor);
    if (rawId === undefined || rawId === null) throw new AppwriteError('document_missing_data', `${n.Doc} ID is required when creating a single ${n.Doc.toLowerCase()}.`);
    if (!isData(data) || Object.keys(data).filter((k) => !k.startsWith('$')).length === 0) throw new AppwriteError('document_missing_data');
    const id = resolveId(rawId, `${flavor}Id`, this.clock.now());
    if (!actor.isKey && !isAllowed(c.permissions, 'create', actor.roles)) throw this.unauthorized();
    const perms = this.permissionsFor(actor, permissions) ?? defaultDocumentPermissions(actor.userId);
    const split = this.splitData(actor, data);
    const attrs = validateDocument(c, split.attrs);
    const now = isoDate(this.clock.now());
    return this.repo.insert(c.databaseId, c.id, {
      id, createdAt: split.createdAt ?? now, updatedAt: split.updatedAt ?? now, permissions: perms, data: attrs,
    }, flavor);
  }

  update(actor: Actor, c: CollectionDef, id: string, data: unknown, permissions: unknown, flavor: Flavor): DocumentRow {
    if ((data === undefined || data === null || (isData(data) && Object.keys(data).length === 0)) && (permissions === undefined || permissions === null)) {
      throw new AppwriteError('document_missing_payload');
    }
    if (data !== undefined && data !== null && !isData(data)) throw new AppwriteError('general_argument_invalid', 'Invalid `data` param: Value must be a valid JSON object');
    return this.repo.transaction(() => {
      const doc = this.readable(actor, c, id, flavor);
      if (!this.can(actor, c, doc, 'update')) throw this.unauthorized();
      const perms = this.permissionsFor(actor, permissions) ?? doc.permissions;
      const split = this.splitData(actor, isData(data) ? data : {});
      const attrs = validateDocument(c, { ...storedAttributes(c, doc.data), ...split.attrs });
      return this.repo.update({ ...doc, updatedAt: split.updatedAt ?? isoDate(this.clock.now()), permissions: perms, data: attrs }, flavor);
    });
  }

  /** PUT: create when missing (needs collection `create`), else full replace (needs `update`). */
  upsert(actor: Actor, c: CollectionDef, rawId: string, data: unknown, permissions: unknown, flavor: Flavor): DocumentRow {
    const id = resolveId(rawId, `${flavor}Id`, this.clock.now());
    if (data !== undefined && data !== null && !isData(data)) throw new AppwriteError('general_argument_invalid', 'Invalid `data` param: Value must be a valid JSON object');
    return this.repo.transaction(() => {
      const existing = this.repo.get(c.databaseId, c.id, id);
      if (!existing) return this.create(actor, c, id, isData(data) && Object.keys(data).length > 0 ? data : {}, permissions, flavor);
      if (!this.can(actor, c, existing, 'read')) throw this.notFound(id, flavor);
      if (!this.can(actor, c, existing, 'update')) throw this.unauthorized();
      const perms = this.permissionsFor(actor, permissions) ?? existing.permissions;
      const split = this.splitData(actor, isData(data) ? data : {});
      const attrs = validateDocument(c, split.attrs);
      return this.repo.update({ ...existing, updatedAt: split.updatedAt ?? isoDate(this.clock.now()), permissions: perms, data: attrs }, flavor);
    });
  }

  /** Deletes and returns the document as it was (the delete event's payload). */
  delete(actor: Actor, c: CollectionDef, id: string, flavor: Flavor): DocumentRow {
    return this.repo.transaction(() => {
      const doc = this.readable(actor, c, id, flavor);
      if (!this.can(actor, c, doc, 'delete')) throw this.unauthorized();
      this.repo.delete(doc.seq);
      return doc;
    });
  }

  /** node-appwrite bulk methods: API key only (`general_unauthorized_scope` otherwise, PROTOCOL §3.1). */
  private assertBulk(actor: Actor): void {
    if (!actor.isKey) throw new AppwriteError('general_unauthorized_scope');
  }

  private bulkEntries(documents: unknown): DocData[] {
    if (!Array.isArray(documents) || documents.length === 0 || documents.length > BATCH_LIMIT || !documents.every(isData)) {
      throw new AppwriteError('general_argument_invalid', `Invalid \`documents\` param: Value must a valid array no longer than ${BATCH_LIMIT} items and Value must be a valid object.`);
    }
    return documents.filter(isData);
  }

  createMany(actor: Actor, c: CollectionDef, documents: unknown, flavor: Flavor): DocumentRow[] {
    this.assertBulk(actor);
    const entries = this.bulkEntries(documents);
    return this.repo.transaction(() => entries.map((d) => this.create(actor, c, d['$id'] ?? 'unique()', d, d['$permissions'], flavor)));
  }

  upsertMany(actor: Actor, c: CollectionDef, documents: unknown, flavor: Flavor): DocumentRow[] {
    this.assertBulk(actor);
    const entries = this.bulkEntries(documents);
    return this.repo.transaction(() => entries.map((d) => this.upsert(actor, c, typeof d['$id'] === 'string' ? d['$id'] : 'unique()', d, d['$permissions'], flavor)));
  }

  /** Every document matching `queries` (no implicit page limit), inside one transaction. */
  private matching(c: CollectionDef, queries: string[]): DocumentRow[] {
    const q = parseQueries(queries);
    if (!q.explicitLimit) q.limit = Number.MAX_SAFE_INTEGER;
    return this.repo.list(c, q, { readPermissions: null, total: false }, q.cursor ? this.repo.get(c.databaseId, c.id, q.cursor.id) : null).rows;
  }

  updateMany(actor: Actor, c: CollectionDef, data: unknown, queries: string[], flavor: Flavor): DocumentRow[] {
    this.assertBulk(actor);
    if (!isData(data)) throw new AppwriteError('document_missing_payload');
    return this.repo.transaction(() => this.matching(c, queries).map((doc) => this.update(actor, c, doc.id, data, undefined, flavor)));
  }

  deleteMany(actor: Actor, c: CollectionDef, queries: string[], _flavor: Flavor): DocumentRow[] {
    this.assertBulk(actor);
    return this.repo.transaction(() => {
      const docs = this.matching(c, queries);
      for (const doc of docs) this.repo.delete(doc.seq);
      return docs;
    });
  }

  /** Runs `fn` as one SQLite transaction: every write inside lands, or none does (transactions.ts). */
  atomically<T>(fn: () => T): T {
    return this.repo.transaction(fn);
  }

  /** The stored document, whoever may read it (a transaction's conflict check). */
  stored(c: CollectionDef, id: string): DocumentRow | null {
    return this.repo.get(c.databaseId, c.id, id);
  }

  /** increment / decrement with an optional bound (Attribute/Increment.php, Decrement.php). */
  step(actor: Actor, c: CollectionDef, id: string, attribute: string, value: unknown, bound: unknown, sign: 1 | -1, flavor: Flavor): DocumentRow {
    const v = value === undefined || value === null ? 1 : value;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new AppwriteError('general_argument_invalid', 'Invalid `value` param: Value must be a valid number');
    if (bound !== undefined && bound !== null && (typeof bound !== 'number' || !Number.isFinite(bound))) {
      throw new AppwriteError('general_argument_invalid', `Invalid \`${sign > 0 ? 'max' : 'min'}\` param: Value must be a valid number`);
    }
    return this.repo.transaction(() => {
      const doc = this.readable(actor, c, id, flavor);
      const attr = c.attributes.get(attribute);
      if (!attr) throw new AppwriteError('attribute_not_found', `Attribute with the requested key '${attribute}' could not be found.`);
      if ((attr.type !== 'integer' && attr.type !== 'double') || attr.array) {
        throw new AppwriteError('attribute_type_invalid', `databases "${attribute}" is not a number`);
      }
      if (!this.can(actor, c, doc, 'update')) throw this.unauthorized();
      const current = typeof doc.data[attribute] === 'number' ? (doc.data[attribute] as number) : 0;
      const next = current + sign * v;
      if (typeof bound === 'number' && (sign > 0 ? next > bound : next < bound)) {
        throw new AppwriteError('attribute_limit_exceeded', `databases "${attribute}" has reached the ${sign > 0 ? 'maximum' : 'minimum'} value of ${bound}`);
      }
      const attrs = validateDocument(c, { ...storedAttributes(c, doc.data), [attribute]: attr.type === 'integer' ? Math.trunc(next) : next });
      return this.repo.update({ ...doc, updatedAt: isoDate(this.clock.now()), data: attrs }, flavor);
    });
  }
}

/** Stored values of attributes that still exist: appwrite.json may have dropped some since. */
function storedAttributes(c: CollectionDef, data: DocData): DocData {
  return Object.fromEntries(Object.entries(data).filter(([k]) => c.attributes.has(k)));
}

function isData(v: unknown): v is DocData {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `select`: only the chosen attributes (system fields always stay in the model). */
function selectFields(doc: DocumentRow, select: string[]): DocumentRow {
  if (select.includes('*')) return doc;
  const data: DocData = {};
  for (const k of select) if (Object.hasOwn(doc.data, k)) data[k] = doc.data[k];
  return { ...doc, data };
}

/** JSON.stringify(toModel(selectFields(…))) of a stored document. */
function selectedJson(doc: StoredDocument, select: string[], c: CollectionDef, flavor: Flavor): string {
  if (select.includes('*')) return modelJson(doc, c, flavor);
  const stored = JSON.parse(doc.dataJson) as DocData;
  const data: DocData = {};
  for (const k of select) if (Object.hasOwn(stored, k)) data[k] = stored[k];
  return modelJson({ ...doc, dataJson: JSON.stringify(data) }, c, flavor);
}

/** JSON.stringify(toModel(…)) of a stored document: its system keys, then its data's keys in stored order. */
export function modelJson(doc: StoredDocument, c: CollectionDef, flavor: Flavor): string {
  const system = `{"$id":${JSON.stringify(doc.id)},"$sequence":"${doc.seq}",${flavor === 'row' ? '"$tableId"' : '"$collectionId"'}:${JSON.stringify(c.id)},`
    + `"$databaseId":${JSON.stringify(c.databaseId)},"$createdAt":${JSON.stringify(doc.createdAt)},"$updatedAt":${JSON.stringify(doc.updatedAt)},"$permissions":${doc.permissionsJson}`;
  // dataJson is JSON.stringify of an object (structure.ts validates every key as an attribute, none starts with $).
  return doc.dataJson === '{}' ? `${system}}` : `${system},${doc.dataJson.slice(1)}`;
}

export function toModel(doc: DocumentRow, c: CollectionDef, flavor: Flavor): Record<string, unknown> {
  return {
    $id: doc.id,
    $sequence: String(doc.seq),
    [flavor === 'row' ? '$tableId' : '$collectionId']: c.id,
    $databaseId: c.databaseId,
    $createdAt: doc.createdAt,
    $updatedAt: doc.updatedAt,
    $permissions: doc.permissions,
    ...doc.data,
  };
}
