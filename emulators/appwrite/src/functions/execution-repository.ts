// Executions in SQLite and the Execution model in both response formats (PROTOCOL §4.2).
import type Database from 'better-sqlite3';

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
  `);
}

export class ExecutionRepository {
  constructor(private readonly db: Database.Database) {}

  save(e: ExecutionRecord): void {
    const doc = { ...e, logs: e.logs.slice(0, LOG_LENGTH_LIMIT), errors: e.errors.slice(0, LOG_LENGTH_LIMIT) };
    this.db.prepare('INSERT INTO executions (id, function_id, doc) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc')
      .run(e.id, e.functionId, JSON.stringify(doc));
  }

  get(functionId: string, id: string): ExecutionRecord | null {
    const r = this.db.prepare<[string, string], { doc: string }>('SELECT doc FROM executions WHERE function_id = ? AND id = ?').get(functionId, id);
    return r ? (JSON.parse(r.doc) as ExecutionRecord) : null;
  }

  /** Newest first, as Appwrite lists executions. */
  list(functionId: string): ExecutionRecord[] {
    return this.db.prepare<[string], { doc: string }>('SELECT doc FROM executions WHERE function_id = ? ORDER BY seq DESC')
      .all(functionId).map((r) => JSON.parse(r.doc) as ExecutionRecord);
  }
}

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
