// Executions in SQLite and the Execution model in both response formats (PROTOCOL §4.2).
import type Database from 'better-sqlite3';
import { AppwriteError } from '../errors.ts';
import {
  compileConditions, compileCursor, compileOrderBy, effectiveOrders, parseQueries, QUERY_LIMITS,
  type ColumnRef, type SqlFragment,
} from '../queries.ts';
import { statement } from '../statements.ts';

export type ExecutionStatus = 'waiting' | 'processing' | 'completed' | 'failed' | 'scheduled';
export type Trigger = 'http' | 'schedule' | 'event';
export interface HeaderPair { name: string; value: string }

export interface ExecutionRecord {
  id: string;
  functionId: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  trigger: Trigger;
  status: ExecutionStatus;
  requestMethod: string;
  requestPath: string;
  requestHeaders: HeaderPair[];
  responseStatusCode: number;
  responseBody: string;
  responseHeaders: HeaderPair[];
  logs: string;
  errors: string;
  duration: number;
  scheduledAt: string | null;
}

/** Appwrite truncates stored logs and errors (APP_LOG_LENGTH_LIMIT). */
const LOG_LENGTH_LIMIT = 1_000_000;

export function migrateExecutions(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS executions (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      function_id TEXT NOT NULL,
      doc TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS executions_function ON executions (function_id, seq);
    -- What an async or scheduled execution needs to run later (Appwrite keeps it in its queue and
    -- its schedules collection), until a runtime takes it: it survives a restart.
    CREATE TABLE IF NOT EXISTS execution_jobs (
      id TEXT PRIMARY KEY,
      function_id TEXT NOT NULL,
      due_at INTEGER NOT NULL,
      payload TEXT NOT NULL
    );
    -- Cron schedules: the next run is stored, so a restart neither loses nor repeats one.
    CREATE TABLE IF NOT EXISTS function_schedules (
      function_id TEXT PRIMARY KEY,
      schedule TEXT NOT NULL,
      last_run_at INTEGER,
      next_run_at INTEGER NOT NULL
    );
  `);
  // Data directories from before response bodies stopped being stored: drop them.
  db.prepare(`UPDATE executions SET doc = json_set(doc, '$.responseBody', '') WHERE json_extract(doc, '$.responseBody') <> ''`).run();
}

export interface ExecutionJob {
  id: string;
  functionId: string;
  /** epoch ms */
  dueAt: number;
  payload: string;
}

export interface ScheduleState {
  functionId: string;
  schedule: string;
  lastRunAt: number | null;
  nextRunAt: number;
}

/** Writes within this window share one commit. */
const COMMIT_WINDOW_MS = 10;

/**
 * Writes are group-committed: the writes of a short window go into one transaction (one fsync with
 * `synchronous = FULL`) instead of one each — a burst of executions would otherwise spend the
 * server's time waiting on the disk. Whatever acknowledges a write to a client awaits `committed()`
 * first; reads see pending writes.
 */
export class ExecutionRepository {
  private pending: Array<() => void> = [];
  private batch: Promise<void> | null = null;

  constructor(private readonly db: Database.Database) {}

  private write(op: () => void): void {
    this.pending.push(op);
    if (this.batch) return;
    const batch = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        try {
          this.flush();
          resolve();
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      }, COMMIT_WINDOW_MS);
    });
    // Awaited by whoever acknowledges the write; a background write has no one to tell.
    batch.catch(() => undefined);
    this.batch = batch;
  }

  /** Resolves once every write made so far is on disk. */
  committed(): Promise<void> {
    return this.batch ?? Promise.resolve();
  }

  /** Commits the pending writes now (reads and shutdown). */
  flush(): void {
    this.batch = null;
    if (this.pending.length === 0) return;
    const ops = this.pending;
    this.pending = [];
    this.db.transaction(() => { for (const op of ops) op(); })();
  }

  /** Never keeps a response body (Appwrite's executions have none stored; see ExecutionService.run). */
  save(e: ExecutionRecord): void {
    const doc = JSON.stringify({ ...e, responseBody: '', logs: e.logs.slice(0, LOG_LENGTH_LIMIT), errors: e.errors.slice(0, LOG_LENGTH_LIMIT) });
    this.write(() => {
      statement(this.db, 'INSERT INTO executions (id, function_id, doc) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc')
        .run(e.id, e.functionId, doc);
    });
  }

  get(functionId: string, id: string): ExecutionRecord | null {
    this.flush();
    const r = statement<{ doc: string }>(this.db, 'SELECT doc FROM executions WHERE function_id = ? AND id = ?').get(functionId, id);
    return r ? (JSON.parse(r.doc) as ExecutionRecord) : null;
  }

  /** Executions in one of `statuses`, oldest first. */
  withStatus(statuses: ExecutionStatus[]): ExecutionRecord[] {
    this.flush();
    const marks = statuses.map(() => '?').join(', ');
    return this.db.prepare<ExecutionStatus[], { doc: string }>(`SELECT doc FROM executions WHERE json_extract(doc, '$.status') IN (${marks}) ORDER BY seq`)
      .all(...statuses).map((r) => JSON.parse(r.doc) as ExecutionRecord);
  }

  saveJob(job: ExecutionJob): void {
    this.write(() => {
      statement(this.db, 'INSERT OR REPLACE INTO execution_jobs (id, function_id, due_at, payload) VALUES (?, ?, ?, ?)')
        .run(job.id, job.functionId, job.dueAt, job.payload);
    });
  }

  deleteJob(id: string): void {
    this.write(() => { statement(this.db, 'DELETE FROM execution_jobs WHERE id = ?').run(id); });
  }

  /** Oldest due first. */
  jobs(): ExecutionJob[] {
    this.flush();
    return statement<{ id: string; function_id: string; due_at: number; payload: string }>(this.db, 'SELECT id, function_id, due_at, payload FROM execution_jobs ORDER BY due_at, rowid')
      .all().map((r) => ({ id: r.id, functionId: r.function_id, dueAt: r.due_at, payload: r.payload }));
  }

  schedules(): ScheduleState[] {
    this.flush();
    return statement<{ function_id: string; schedule: string; last_run_at: number | null; next_run_at: number }>(this.db, 'SELECT function_id, schedule, last_run_at, next_run_at FROM function_schedules')
      .all().map((r) => ({ functionId: r.function_id, schedule: r.schedule, lastRunAt: r.last_run_at, nextRunAt: r.next_run_at }));
  }

  saveSchedule(s: ScheduleState): void {
    this.write(() => {
      statement(this.db, 'INSERT OR REPLACE INTO function_schedules (function_id, schedule, last_run_at, next_run_at) VALUES (?, ?, ?, ?)')
        .run(s.functionId, s.schedule, s.lastRunAt, s.nextRunAt);
    });
  }

  deleteSchedule(functionId: string): void {
    this.write(() => { statement(this.db, 'DELETE FROM function_schedules WHERE function_id = ?').run(functionId); });
  }

  /**
   * `GET …/executions`: Appwrite's queries over the attributes its Executions validator allows,
   * newest first unless ordered, and — for a caller who is not an API key — only the executions whose
   * `read` names one of `readRoles`.
   */
  list(functionId: string, rawQueries: readonly string[], withTotal: boolean, readRoles: readonly string[] | null): { total: number; executions: ExecutionRecord[] } {
    this.flush();
    const parsed = parseQueries(rawQueries);
    const where: SqlFragment[] = [{ sql: 'e.function_id = ?', params: [functionId] }, compileConditions(parsed.conditions, resolve)];
    if (readRoles) {
      const permissions = readRoles.map((r) => `read("${r}")`);
      where.push({ sql: `EXISTS (SELECT 1 FROM json_each(e.doc, '$.permissions') p WHERE p.value IN (${permissions.map(() => '?').join(', ')}))`, params: permissions });
    }
    const orders = parsed.orders.length ? effectiveOrders(parsed.orders) : NEWEST_FIRST;
    const reverse = parsed.cursor?.direction === 'before';
    const page = [...where];
    if (parsed.cursor) {
      const cursorId = parsed.cursor.id;
      const values = orders.map((o) => {
        const ref = resolve(o.attribute);
        if (!ref) throw new AppwriteError('general_query_invalid', `Invalid query: Attribute not found in schema: ${o.attribute}`);
        const row = this.db.prepare(`SELECT ${ref.expr} AS v FROM executions e WHERE e.function_id = ? AND e.id = ?`).get(functionId, cursorId) as { v: string | number | null } | undefined;
        if (!row) throw new AppwriteError('general_cursor_not_found', `Execution '${cursorId}' for the 'cursor' value not found.`);
        return row.v;
      });
      page.push(compileCursor(orders, resolve, values, parsed.cursor.direction));
    }
    const pageWhere = joined(page);
    const rows = this.db.prepare(`SELECT e.doc FROM executions e WHERE ${pageWhere.sql} ORDER BY ${compileOrderBy(orders, resolve, reverse)} LIMIT ? OFFSET ?`)
      .all(...pageWhere.params, parsed.limit, parsed.offset) as Array<{ doc: string }>;
    if (reverse) rows.reverse();
    let total = 0;
    if (withTotal) {
      const all = joined(where);
      total = (this.db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM executions e WHERE ${all.sql} LIMIT ?)`).get(...all.params, QUERY_LIMITS.maxLimit) as { n: number }).n;
    }
    return { total, executions: rows.map((r) => JSON.parse(r.doc) as ExecutionRecord) };
  }
}

const field = (key: string, type: ColumnRef['type']): ColumnRef => ({ expr: `json_extract(e.doc, '$.${key}')`, type });

// What Appwrite's Executions query validator allows (the server API's listExecutions: trigger,
// status, responseStatusCode, duration, requestMethod, requestPath, deploymentId), with the ids and dates.
const COLUMNS: Record<string, ColumnRef> = {
  $id: { expr: 'e.id', type: 'string' },
  $sequence: { expr: 'e.seq', type: 'integer' },
  $createdAt: field('createdAt', 'datetime'),
  $updatedAt: field('updatedAt', 'datetime'),
  trigger: field('trigger', 'string'),
  status: field('status', 'string'),
  responseStatusCode: field('responseStatusCode', 'integer'),
  duration: field('duration', 'double'),
  requestMethod: field('requestMethod', 'string'),
  requestPath: field('requestPath', 'string'),
  deploymentId: { expr: "'local-' || e.function_id", type: 'string' },
};
const resolve = (attribute: string): ColumnRef | undefined => COLUMNS[attribute];
/** Without an order, newest first, as Appwrite lists executions. */
const NEWEST_FIRST = [{ attribute: '$sequence', direction: 'DESC' as const }];
const joined = (parts: SqlFragment[]): SqlFragment => ({ sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) });

/** `X-Appwrite-Response-Format` < 2.0.0 (node-appwrite 27) gets `functionId`; 2.0.x gets `resourceId`/`resourceType`. */
export function usesLegacyExecutionModel(format: string | undefined): boolean {
  if (!format) return false;
  const major = Number.parseInt(format.split('.')[0] ?? '', 10);
  return Number.isFinite(major) && major < 2;
}

export function toExecutionModel(e: ExecutionRecord, opts: { legacy: boolean; privileged: boolean }): Record<string, unknown> {
  const { id, functionId, createdAt, updatedAt, permissions, scheduledAt, ...rest } = e;
  return {
    $id: id,
    $createdAt: createdAt,
    $updatedAt: updatedAt,
    $permissions: permissions,
    ...(opts.legacy ? { functionId } : { resourceId: functionId, resourceType: 'functions' }),
    deploymentId: `local-${functionId}`,
    ...rest,
    // Sensitive in Appwrite: only API keys (and console users) see logs and errors.
    logs: opts.privileged ? e.logs : '',
    errors: opts.privileged ? e.errors : '',
    scheduledAt,
  };
}
