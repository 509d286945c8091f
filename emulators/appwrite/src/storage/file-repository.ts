// File records (`storage_files`) and the chunks each has received (`storage_file_chunks`): the
// metadata Appwrite keeps in its `bucket_<n>` collections. The bytes live in file-blobs.ts.
import type Database from 'better-sqlite3';
import { AppwriteError } from '../errors.ts';
import {
  compileConditions, compileCursor, compileOrderBy, effectiveOrders, parseQueries, QUERY_LIMITS,
  type ColumnRef, type SqlFragment,
} from '../queries.ts';
import { statement } from '../statements.ts';
import type { SegmentRef } from './file-blobs.ts';

export interface FileRecord {
  bucketId: string;
  id: string;
  createdAt: string;
  updatedAt: string;
  permissions: string[];
  name: string;
  signature: string;
  mimeType: string;
  sizeOriginal: number;
  chunksTotal: number;
  chunksUploaded: number;
  encrypted: boolean;
}

interface FileRow {
  bucket_id: string;
  id: string;
  created_at: string;
  updated_at: string;
  permissions: string;
  name: string;
  signature: string;
  mime_type: string;
  size_original: number;
  chunks_total: number;
  chunks_uploaded: number;
  encrypted: number;
}

export function migrateFiles(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS storage_files (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      bucket_id TEXT NOT NULL,
      id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      permissions TEXT NOT NULL,
      name TEXT NOT NULL,
      signature TEXT NOT NULL DEFAULT '',
      mime_type TEXT NOT NULL DEFAULT '',
      size_original INTEGER NOT NULL,
      chunks_total INTEGER NOT NULL,
      chunks_uploaded INTEGER NOT NULL,
      encrypted INTEGER NOT NULL,
      UNIQUE (bucket_id, id)
    );
    CREATE TABLE IF NOT EXISTS storage_file_chunks (
      bucket_id TEXT NOT NULL,
      file_id TEXT NOT NULL,
      idx INTEGER NOT NULL,
      size INTEGER NOT NULL,
      PRIMARY KEY (bucket_id, file_id, idx)
    );
  `);
}

function toRecord(row: FileRow): FileRecord {
  return {
    bucketId: row.bucket_id,
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    permissions: JSON.parse(row.permissions) as string[],
    name: row.name,
    signature: row.signature,
    mimeType: row.mime_type,
    sizeOriginal: row.size_original,
    chunksTotal: row.chunks_total,
    chunksUploaded: row.chunks_uploaded,
    encrypted: row.encrypted === 1,
  };
}

// Appwrite's Files query validator allows these attributes.
const COLUMNS: Record<string, ColumnRef> = {
  $id: { expr: 'f.id', type: 'string' },
  $sequence: { expr: 'f.seq', type: 'integer' },
  $createdAt: { expr: 'f.created_at', type: 'datetime' },
  $updatedAt: { expr: 'f.updated_at', type: 'datetime' },
  name: { expr: 'f.name', type: 'string' },
  signature: { expr: 'f.signature', type: 'string' },
  mimeType: { expr: 'f.mime_type', type: 'string' },
  sizeOriginal: { expr: 'f.size_original', type: 'integer' },
  chunksTotal: { expr: 'f.chunks_total', type: 'integer' },
  chunksUploaded: { expr: 'f.chunks_uploaded', type: 'integer' },
};
const resolve = (attribute: string): ColumnRef | undefined => COLUMNS[attribute];

const SELECT = 'SELECT f.* FROM storage_files f';

export class FileRepository {
  constructor(private readonly db: Database.Database) {}

  get(bucketId: string, id: string): FileRecord | null {
    const row = statement(this.db, `${SELECT} WHERE f.bucket_id = ? AND f.id = ?`).get(bucketId, id) as FileRow | undefined;
    return row ? toRecord(row) : null;
  }

  insert(file: FileRecord): void {
    statement(this.db, `INSERT INTO storage_files (bucket_id, id, created_at, updated_at, permissions, name, signature, mime_type,
      size_original, chunks_total, chunks_uploaded, encrypted) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
      file.bucketId, file.id, file.createdAt, file.updatedAt, JSON.stringify(file.permissions), file.name, file.signature,
      file.mimeType, file.sizeOriginal, file.chunksTotal, file.chunksUploaded, file.encrypted ? 1 : 0,
    );
  }

  update(file: FileRecord): void {
    statement(this.db, `UPDATE storage_files SET updated_at = ?, permissions = ?, name = ?, signature = ?, mime_type = ?,
      chunks_uploaded = ? WHERE bucket_id = ? AND id = ?`).run(
      file.updatedAt, JSON.stringify(file.permissions), file.name, file.signature, file.mimeType, file.chunksUploaded, file.bucketId, file.id,
    );
  }

  /** Records chunk `index` (again, if resent) and answers how many distinct chunks the file has. */
  addChunk(bucketId: string, fileId: string, index: number, size: number): number {
    statement(this.db, 'INSERT OR REPLACE INTO storage_file_chunks (bucket_id, file_id, idx, size) VALUES (?, ?, ?, ?)').run(bucketId, fileId, index, size);
    return (statement(this.db, 'SELECT COUNT(*) AS n FROM storage_file_chunks WHERE bucket_id = ? AND file_id = ?').get(bucketId, fileId) as { n: number }).n;
  }

  segments(bucketId: string, fileId: string): SegmentRef[] {
    return (statement(this.db, 'SELECT idx AS "index", size FROM storage_file_chunks WHERE bucket_id = ? AND file_id = ? ORDER BY idx').all(bucketId, fileId) as SegmentRef[]);
  }

  delete(bucketId: string, fileId: string): void {
    this.db.transaction(() => {
      statement(this.db, 'DELETE FROM storage_file_chunks WHERE bucket_id = ? AND file_id = ?').run(bucketId, fileId);
      statement(this.db, 'DELETE FROM storage_files WHERE bucket_id = ? AND id = ?').run(bucketId, fileId);
    })();
  }

  /** Bytes held by a bucket's complete files (the bucket model's `totalSize`). */
  totalSize(bucketId: string): number {
    return (statement(this.db, 'SELECT COALESCE(SUM(size_original), 0) AS n FROM storage_files WHERE bucket_id = ? AND chunks_uploaded = chunks_total').get(bucketId) as { n: number }).n;
  }

  /**
   * `GET …/files`: Appwrite queries, a free-text `search` over id and name, and — for a caller who
   * reads by file permissions only — just the files whose `read` names one of `readRoles`.
   */
  list(bucketId: string, rawQueries: readonly string[], search: string, withTotal: boolean, readRoles: readonly string[] | null): { total: number; files: FileRecord[] } {
    const parsed = parseQueries(rawQueries);
    const where: SqlFragment[] = [{ sql: 'f.bucket_id = ?', params: [bucketId] }, compileConditions(parsed.conditions, resolve)];
    if (readRoles) {
      const permissions = readRoles.map((r) => `read("${r}")`);
      where.push({ sql: `EXISTS (SELECT 1 FROM json_each(f.permissions) p WHERE p.value IN (${permissions.map(() => '?').join(', ')}))`, params: permissions });
    }
    if (search.trim() !== '') {
      const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push({ sql: "(f.id LIKE ? ESCAPE '\\' OR f.name LIKE ? ESCAPE '\\')", params: [like, like] });
    }
    const orders = effectiveOrders(parsed.orders);
    const reverse = parsed.cursor?.direction === 'before';
    const page = [...where];
    if (parsed.cursor) {
      const cursorId = parsed.cursor.id;
      const cursorRow = statement(this.db, 'SELECT f.seq FROM storage_files f WHERE f.bucket_id = ? AND f.id = ?').get(bucketId, cursorId);
      if (!cursorRow) throw new AppwriteError('general_cursor_not_found', `File '${cursorId}' for the 'cursor' value not found.`);
      const values = orders.map((o) => {
        const ref = resolve(o.attribute);
        if (!ref) throw new AppwriteError('general_query_invalid', `Invalid query: Attribute not found in schema: ${o.attribute}`);
        return (this.db.prepare(`SELECT ${ref.expr} AS v FROM storage_files f WHERE f.bucket_id = ? AND f.id = ?`).get(bucketId, cursorId) as { v: string | number | null }).v;
      });
      page.push(compileCursor(orders, resolve, values, parsed.cursor.direction));
    }
    const join = (parts: SqlFragment[]): SqlFragment => ({ sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) });
    const pageWhere = join(page);
    const rows = this.db.prepare(`${SELECT} WHERE ${pageWhere.sql} ORDER BY ${compileOrderBy(orders, resolve, reverse)} LIMIT ? OFFSET ?`)
      .all(...pageWhere.params, parsed.limit, parsed.offset) as FileRow[];
    if (reverse) rows.reverse();
    let total = 0;
    if (withTotal) {
      const all = join(where);
      total = (this.db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM storage_files f WHERE ${all.sql} LIMIT ?)`).get(...all.params, QUERY_LIMITS.maxLimit) as { n: number }).n;
    }
    return { total, files: rows.map(toRecord) };
  }
}
