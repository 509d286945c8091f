import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { currentAccount } from './account-scope.ts';

/** Every stored object is its API representation: an id, a type (`object`), and whatever fields that type has. */
export interface StoredObject {
  id: string;
  object: string;
  [field: string]: unknown;
}

export interface Job {
  id: number;
  /** '' for the emulator clock, else a test clock id. */
  clock: string;
  due: number;
  kind: string;
  target: string;
}

export interface IdempotentResponse {
  hash: string;
  status: number;
  body: string;
}

export interface Store {
  get<T extends StoredObject>(type: string, id: string): T | undefined;
  /** Newest first, as Stripe lists. */
  all<T extends StoredObject>(type: string): T[];
  /** Every stored object of every type and account, oldest first (`/_dev/objects`). */
  everything(): StoredObject[];
  put<T extends StoredObject>(object: T): T;
  remove(id: string): void;
  kvGet(key: string): string | undefined;
  kvSet(key: string, value: string): void;
  idempotencyGet(key: string): IdempotentResponse | undefined;
  idempotencySet(key: string, response: IdempotentResponse): void;
  schedule(job: Omit<Job, 'id'>): void;
  /** The earliest job on `clock` due at or before `until`. */
  nextDue(clock: string, until: number): Job | undefined;
  removeJob(id: number): void;
  cancelJobs(target: string, kind?: string): void;
  transaction<T>(fn: () => T): T;
  wipe(): void;
  close(): void;
}

/** The account an object belongs to: `_account`, absent for the platform's own objects. */
export function accountOf(object: StoredObject): string | null {
  return typeof object._account === 'string' ? object._account : null;
}

/** A request acting as one account sees only that account's objects (see account-scope.ts). */
function visible(object: StoredObject): boolean {
  const account = currentAccount();
  return account === undefined || accountOf(object) === account;
}

export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'stripe.sqlite'));
  // WAL keeps readers (hosted pages) unblocked while the billing engine writes.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS objects (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, json TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS objects_type ON objects(type, seq);
    CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS idempotency (key TEXT PRIMARY KEY, hash TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, clock TEXT NOT NULL, due INTEGER NOT NULL, kind TEXT NOT NULL, target TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS jobs_due ON jobs(clock, due, id);
  `);
  const getStmt = db.prepare<[string, string], { json: string }>('SELECT json FROM objects WHERE type = ? AND id = ?');
  const allStmt = db.prepare<[string], { json: string }>('SELECT json FROM objects WHERE type = ? ORDER BY seq DESC');
  const everythingStmt = db.prepare<[], { json: string }>('SELECT json FROM objects ORDER BY seq');
  const insertStmt = db.prepare('INSERT INTO objects (id, type, json) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json');
  const removeStmt = db.prepare('DELETE FROM objects WHERE id = ?');
  const kvGetStmt = db.prepare<[string], { value: string }>('SELECT value FROM kv WHERE key = ?');
  const kvSetStmt = db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  const idemGet = db.prepare<[string], IdempotentResponse>('SELECT hash, status, body FROM idempotency WHERE key = ?');
  const idemSet = db.prepare('INSERT OR REPLACE INTO idempotency (key, hash, status, body) VALUES (?, ?, ?, ?)');
  const jobInsert = db.prepare('INSERT INTO jobs (clock, due, kind, target) VALUES (?, ?, ?, ?)');
  const jobNext = db.prepare<[string, number], Job>('SELECT id, clock, due, kind, target FROM jobs WHERE clock = ? AND due <= ? ORDER BY due, id LIMIT 1');
  const jobRemove = db.prepare('DELETE FROM jobs WHERE id = ?');
  const jobCancelAll = db.prepare('DELETE FROM jobs WHERE target = ?');
  const jobCancelKind = db.prepare('DELETE FROM jobs WHERE target = ? AND kind = ?');

  return {
    get<T extends StoredObject>(type: string, id: string) {
      const row = getStmt.get(type, id);
      const object = row ? (JSON.parse(row.json) as T) : undefined;
      return object && visible(object) ? object : undefined;
    },
    all<T extends StoredObject>(type: string) {
      return allStmt.all(type).map((row) => JSON.parse(row.json) as T).filter(visible);
    },
    everything() {
      return everythingStmt.all().map((row) => JSON.parse(row.json) as StoredObject);
    },
    put(object) {
      const account = currentAccount();
      const owned = account && !('_account' in object) ? { ...object, _account: account } : object;
      insertStmt.run(owned.id, owned.object, JSON.stringify(owned));
      return owned;
    },
    remove(id) {
      removeStmt.run(id);
    },
    kvGet(key) {
      return kvGetStmt.get(key)?.value;
    },
    kvSet(key, value) {
      kvSetStmt.run(key, value);
    },
    idempotencyGet(key) {
      return idemGet.get(key);
    },
    idempotencySet(key, r) {
      idemSet.run(key, r.hash, r.status, r.body);
    },
    schedule(job) {
      jobInsert.run(job.clock, job.due, job.kind, job.target);
    },
    nextDue(clock, until) {
      return jobNext.get(clock, until);
    },
    removeJob(id) {
      jobRemove.run(id);
    },
    cancelJobs(target, kind) {
      if (kind) jobCancelKind.run(target, kind);
      else jobCancelAll.run(target);
    },
    transaction(fn) {
      return db.transaction(fn)();
    },
    wipe() {
      db.exec('DELETE FROM objects; DELETE FROM kv; DELETE FROM idempotency; DELETE FROM jobs;');
    },
    close() {
      db.close();
    },
  };
}
