import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EmulatorConfig } from './config.ts';

export interface Store {
  db: Database.Database;
}

export function openStore(config: Pick<EmulatorConfig, 'dataDir'>): Store {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const db = new Database(path.join(config.dataDir, 'appwrite.sqlite'));
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write must survive SIGKILL and power loss, not only process death.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return { db };
}

/** Each feature module owns its tables; statements must be idempotent (`CREATE … IF NOT EXISTS`). */
export function migrate(store: Store, sql: string): void {
  store.db.exec(sql);
}
