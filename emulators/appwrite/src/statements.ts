// Prepared statements, compiled once per connection and SQL text: preparing costs more than
// running the small lookups every request makes (the session and user behind a cookie).
import type Database from 'better-sqlite3';

const caches = new WeakMap<Database.Database, Map<string, Database.Statement<unknown[]>>>();

/** The connection's compiled statement for `sql` (the SQL texts are the code's own: a bounded set). */
export function statement<Result = unknown>(db: Database.Database, sql: string): Database.Statement<unknown[], Result> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let compiled = cache.get(sql);
  if (!compiled) {
    compiled = db.prepare<unknown[]>(sql);
    cache.set(sql, compiled);
  }
  return compiled as Database.Statement<unknown[], Result>;
}
