// Appwrite 1.8 database transactions (Databases/Transactions/{Create,Get,XList,Update,Delete}.php
// and Operations/Create.php): stage up to 100 operations, then commit them as one SQLite
// transaction — all land or none does — or roll them back. A transaction belongs to the user who
// created it (API keys see every one); it expires `ttl` seconds after creation.
import type Database from 'better-sqlite3';
import { isoDate, type Clock } from '../clock.ts';
import { AppwriteError } from '../errors.ts';
import { uniqueId } from '../ids.ts';
import { statement } from '../statements.ts';
import { toModel, type Actor, type DocumentsService, type Flavor } from './documents-service.ts';
import type { CollectionDef } from './schema.ts';

export type TransactionStatus = 'pending' | 'committing' | 'committed' | 'rolled_back' | 'failed';

export interface TransactionRecord {
  id: string;
  /** The creating user; null for an API key (then only keys can reach it). */
  owner: string | null;
  createdAt: string;
  updatedAt: string;
  status: TransactionStatus;
  operations: number;
  expiresAt: string;
}

const SINGLE_ACTIONS = ['create', 'update', 'upsert', 'delete', 'increment', 'decrement'] as const;
const BULK_ACTIONS = ['bulkCreate', 'bulkUpdate', 'bulkUpsert', 'bulkDelete'] as const;
type Action = (typeof SINGLE_ACTIONS)[number] | (typeof BULK_ACTIONS)[number];
/** Actions that name an existing document (upsert may create it). */
const ON_DOCUMENT: readonly Action[] = ['update', 'upsert', 'delete', 'increment', 'decrement'];
/**
 * Actions that fail the commit when their document changed after they were staged. Not increment
 * and decrement: Appwrite applies them as atomic steps of the stored value (utopia-php/database's
 * increaseDocumentAttribute checks no request timestamp), so concurrent steps of one counter add up.
 */
const CONFLICT_CHECKED: readonly Action[] = ['update', 'upsert', 'delete'];

/** APP_LIMIT_DATABASE_TRANSACTION */
export const TRANSACTION_OPERATIONS_LIMIT = 100;
export const TTL = { min: 60, max: 3600, default: 300 } as const;

interface StagedOperation {
  action: Action;
  databaseId: string;
  collectionId: string;
  documentId: string | null;
  data: unknown;
  createdAt: string;
}

interface TransactionRow {
  id: string;
  owner: string | null;
  created_at: string;
  updated_at: string;
  status: TransactionStatus;
  operations: number;
  expires_at: string;
}

export function migrateTransactions(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS transactions (
      id TEXT PRIMARY KEY,
      owner TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      status TEXT NOT NULL,
      operations INTEGER NOT NULL DEFAULT 0,
      expires_at TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS transaction_operations (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      transaction_id TEXT NOT NULL,
      operation TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS transaction_operations_by_transaction ON transaction_operations (transaction_id, seq);
  `);
}

const fromRow = (r: TransactionRow): TransactionRecord => ({
  id: r.id, owner: r.owner, createdAt: r.created_at, updatedAt: r.updated_at, status: r.status, operations: r.operations, expiresAt: r.expires_at,
});

/** Response model `transaction`. */
export function toTransactionModel(t: TransactionRecord): Record<string, unknown> {
  return { $id: t.id, $createdAt: t.createdAt, $updatedAt: t.updatedAt, status: t.status, operations: t.operations, expiresAt: t.expiresAt };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An operation's `data` split into attributes and the `$id` and `$permissions` it may carry. */
function splitData(data: unknown): { id: unknown; data: unknown; permissions: unknown } {
  if (!isObject(data)) return { id: undefined, data, permissions: undefined };
  const { $id: id, $permissions: permissions, ...rest } = data;
  return { id, data: rest, permissions };
}

/**
 * What a committed operation announces (Transactions/Update.php): create → `create`; update,
 * increment, decrement and upsert → `update` with the document as stored; delete → `delete` only when
 * the staged operation carried data (the payload is that data with `$id`); bulk actions → nothing.
 */
export interface CommittedEvent {
  action: 'create' | 'update' | 'delete';
  collection: CollectionDef;
  documentId: string;
  payload: Record<string, unknown>;
}

export class TransactionsService {
  constructor(
    private readonly db: Database.Database,
    private readonly documents: DocumentsService,
    private readonly clock: Clock,
  ) {
    migrateTransactions(db);
  }

  private now(): string {
    return isoDate(this.clock.now());
  }

  create(actor: Actor, ttl: unknown): TransactionRecord {
    const seconds = ttl === undefined || ttl === null ? TTL.default : ttl;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < TTL.min || seconds > TTL.max) {
      throw new AppwriteError('general_argument_invalid', `Invalid \`ttl\` param: Value must be a valid range between ${TTL.min} and ${TTL.max.toLocaleString('en-US')}`);
    }
    const nowMs = this.clock.now();
    const record: TransactionRecord = {
      id: uniqueId(nowMs), owner: actor.isKey ? null : actor.userId, createdAt: isoDate(nowMs), updatedAt: isoDate(nowMs),
      status: 'pending', operations: 0, expiresAt: isoDate(nowMs + seconds * 1000),
    };
    statement(this.db, 'INSERT INTO transactions (id, owner, created_at, updated_at, status, operations, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(record.id, record.owner, record.createdAt, record.updatedAt, record.status, record.operations, record.expiresAt);
    return record;
  }

  /** The caller's transaction: another user's (or a key's, for a user) does not exist for them. */
  get(actor: Actor, id: string): TransactionRecord {
    const row = statement<TransactionRow>(this.db, 'SELECT * FROM transactions WHERE id = ?').get(id);
    if (!row || (!actor.isKey && (row.owner === null || row.owner !== actor.userId))) {
      throw new AppwriteError('transaction_not_found', `Transaction with the requested ID '${id}' could not be found.`);
    }
    return fromRow(row);
  }

  list(actor: Actor): TransactionRecord[] {
    const rows = actor.isKey
      ? statement<TransactionRow>(this.db, 'SELECT * FROM transactions ORDER BY created_at, id').all()
      : statement<TransactionRow>(this.db, 'SELECT * FROM transactions WHERE owner = ? ORDER BY created_at, id').all(actor.userId ?? '');
    return rows.map(fromRow);
  }

  remove(actor: Actor, id: string): void {
    this.get(actor, id);
    this.db.transaction(() => {
      statement(this.db, 'DELETE FROM transaction_operations WHERE transaction_id = ?').run(id);
      statement(this.db, 'DELETE FROM transactions WHERE id = ?').run(id);
    })();
  }

  private setStatus(id: string, status: TransactionStatus): TransactionRecord {
    statement(this.db, 'UPDATE transactions SET status = ?, updated_at = ? WHERE id = ?').run(status, this.now(), id);
    // Committed or rolled back, its staged operations are done with: Appwrite's Deletes worker
    // removes a settled transaction's logs, and they may hold values of encrypted attributes in clear.
    if (status === 'committed' || status === 'failed') statement(this.db, 'DELETE FROM transaction_operations WHERE transaction_id = ?').run(id);
    return fromRow(statement<TransactionRow>(this.db, 'SELECT * FROM transactions WHERE id = ?').get(id) as TransactionRow);
  }

  private staged(id: string): StagedOperation[] {
    return statement<{ operation: string }>(this.db, 'SELECT operation FROM transaction_operations WHERE transaction_id = ? ORDER BY seq')
      .all(id)
      .map((r) => JSON.parse(r.operation) as StagedOperation);
  }

  private assertOpen(t: TransactionRecord, notPending: AppwriteError): void {
    if (t.status !== 'pending') throw notPending;
    if (this.clock.now() > Date.parse(t.expiresAt)) throw new AppwriteError('transaction_expired');
  }

  /** Operations/Create.php: validate every operation, then stage them all (or none). */
  stage(actor: Actor, id: string, operations: unknown, flavor: Flavor): TransactionRecord {
    const t = this.get(actor, id);
    if (!Array.isArray(operations) || operations.length === 0) throw new AppwriteError('general_bad_request', 'Operations array cannot be empty');
    this.assertOpen(t, new AppwriteError('general_bad_request', 'Invalid or non‑pending transaction'));
    if (t.operations + operations.length > TRANSACTION_OPERATIONS_LIMIT) {
      throw new AppwriteError(
        'transaction_limit_exceeded',
        `Transaction already has ${t.operations} operations, adding ${operations.length} would exceed the maximum of ${TRANSACTION_OPERATIONS_LIMIT}`,
      );
    }
    const names = flavor === 'row' ? { group: 'tableId', resource: 'rowId' } : { group: 'collectionId', resource: 'documentId' };
    const created = new Set(this.staged(id).filter((op) => op.action === 'create').map((op) => `${op.databaseId}/${op.collectionId}/${op.documentId ?? ''}`));
    const createdAt = this.now();
    const staged: StagedOperation[] = operations.map((raw, i) => {
      if (!isObject(raw)) throw new AppwriteError('general_argument_invalid', `Invalid \`operations\` param: Operation ${i} must be an object`);
      const action = raw.action;
      if (typeof action !== 'string' || ![...SINGLE_ACTIONS, ...BULK_ACTIONS].includes(action as Action)) {
        throw new AppwriteError('general_bad_request', `Invalid action: ${String(action)}`);
      }
      const op = action as Action;
      if ((BULK_ACTIONS as readonly string[]).includes(op) && !actor.isKey) throw new AppwriteError('user_unauthorized');
      const databaseId = typeof raw.databaseId === 'string' ? raw.databaseId : '';
      const collectionId = typeof raw[names.group] === 'string' ? (raw[names.group] as string) : '';
      const c = this.documents.collection(databaseId, collectionId, flavor);
      const documentId = typeof raw[names.resource] === 'string' && raw[names.resource] !== '' ? (raw[names.resource] as string) : null;
      if (op !== 'delete' && raw.data === undefined) throw new AppwriteError('general_bad_request', `Data is required for ${op} operations`);
      if (ON_DOCUMENT.includes(op)) {
        if (!documentId) throw new AppwriteError('general_bad_request', `Document ID is required for ${op} operations`);
        const key = `${databaseId}/${collectionId}/${documentId}`;
        if (op !== 'upsert' && !created.has(key)) this.documents.get(actor, c, documentId, [], flavor);
      }
      if (op === 'create' && documentId) created.add(`${databaseId}/${collectionId}/${documentId}`);
      return { action: op, databaseId, collectionId, documentId, data: raw.data ?? null, createdAt };
    });
    this.db.transaction(() => {
      for (const op of staged) statement(this.db, 'INSERT INTO transaction_operations (transaction_id, operation) VALUES (?, ?)').run(id, JSON.stringify(op));
      statement(this.db, 'UPDATE transactions SET operations = operations + ?, updated_at = ? WHERE id = ?').run(staged.length, createdAt, id);
    })();
    return this.get(actor, id);
  }

  /** Update.php: exactly one of commit and rollback. */
  update(actor: Actor, id: string, commit: unknown, rollback: unknown, flavor: Flavor, onCommitted?: (events: CommittedEvent[]) => void): TransactionRecord {
    if (commit !== true && rollback !== true) throw new AppwriteError('general_bad_request', 'Either commit or rollback must be true');
    if (commit === true && rollback === true) throw new AppwriteError('general_bad_request', 'Cannot commit and rollback at the same time');
    const t = this.get(actor, id);
    this.assertOpen(t, new AppwriteError('transaction_not_ready'));
    // Appwrite marks a rolled-back transaction `failed`.
    if (rollback === true) return this.setStatus(id, 'failed');
    const operations = this.staged(id);
    this.setStatus(id, 'committing');
    let events: CommittedEvent[];
    try {
      events = this.documents.atomically(() => this.apply(actor, operations, flavor));
    } catch (e) {
      this.setStatus(id, 'failed');
      // A document created meanwhile under a staged id, or changed after it was staged.
      if (e instanceof AppwriteError && (e.type === 'document_already_exists' || e.type === 'row_already_exists')) throw new AppwriteError('transaction_conflict');
      throw e;
    }
    const committed = this.setStatus(id, 'committed');
    onCommitted?.(events);
    return committed;
  }

  private apply(actor: Actor, operations: StagedOperation[], flavor: Flavor): CommittedEvent[] {
    // Documents this commit already wrote: later operations on them are not conflicts.
    const written = new Set<string>();
    const events: CommittedEvent[] = [];
    const announce = (action: CommittedEvent['action'], c: CollectionDef, doc: ReturnType<DocumentsService['stored']>) => {
      if (doc) events.push({ action, collection: c, documentId: doc.id, payload: { ...toModel(doc, c, flavor), $tableId: c.id, $collectionId: c.id } });
    };
    for (const op of operations) {
      const c = this.documents.collection(op.databaseId, op.collectionId, flavor);
      const key = `${op.databaseId}/${op.collectionId}/${op.documentId ?? ''}`;
      if (op.documentId && CONFLICT_CHECKED.includes(op.action) && !written.has(key)) {
        const current = this.documents.stored(c, op.documentId);
        // Changed by someone else after the operation was staged.
        if (current && current.updatedAt > op.createdAt) throw new AppwriteError('transaction_conflict');
      }
      const { id: dataId, data, permissions } = splitData(op.data);
      const step = isObject(op.data) ? op.data : {};
      const attribute = String(step.attribute ?? step.column ?? '');
      switch (op.action) {
        case 'create': {
          const doc = this.documents.create(actor, c, op.documentId ?? dataId, data, permissions, flavor);
          written.add(`${op.databaseId}/${op.collectionId}/${doc.id}`);
          announce('create', c, doc);
          break;
        }
        case 'update':
          announce('update', c, this.documents.update(actor, c, op.documentId ?? '', data, permissions, flavor));
          break;
        case 'upsert':
          announce('update', c, this.documents.upsert(actor, c, op.documentId ?? '', data, permissions, flavor));
          break;
        case 'delete': {
          const documentId = op.documentId ?? '';
          this.documents.delete(actor, c, documentId, flavor);
          if (isObject(op.data) && Object.keys(op.data).length > 0) {
            events.push({ action: 'delete', collection: c, documentId, payload: { ...op.data, $id: documentId, $tableId: c.id, $collectionId: c.id } });
          }
          break;
        }
        case 'increment':
        case 'decrement': {
          const sign = op.action === 'increment' ? 1 : -1;
          announce('update', c, this.documents.step(actor, c, op.documentId ?? '', attribute, step.value, sign > 0 ? step.max : step.min, sign, flavor));
          break;
        }
        case 'bulkCreate':
          this.documents.createMany(actor, c, op.data, flavor);
          break;
        case 'bulkUpsert':
          this.documents.upsertMany(actor, c, op.data, flavor);
          break;
        case 'bulkUpdate':
          this.documents.updateMany(actor, c, step.data, Array.isArray(step.queries) ? (step.queries as string[]) : [], flavor);
          break;
        case 'bulkDelete':
          this.documents.deleteMany(actor, c, Array.isArray(step.queries) ? (step.queries as string[]) : [], flavor);
          break;
      }
      written.add(key);
    }
    return events;
  }
}
