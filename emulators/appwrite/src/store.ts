import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { EmulatorConfig } from './config.ts';

export interface Store {
  db: Database.Database;
  /** The data directory (0700): the database and the key files beside it. */
  dir: string;
}

const DB_FILE = 'appwrite.sqlite';

/** Owner-only, also for a directory or files an older version created with the default umask. */
export function restrictToOwner(file: string, mode: 0o700 | 0o600): void {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function openStore(config: Pick<EmulatorConfig, 'dataDir'>): Store {
  // Accounts, sessions, mailed codes and health records: nobody but this user may read them.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  restrictToOwner(config.dataDir, 0o700);
  const file = path.join(config.dataDir, DB_FILE);
  // SQLite gives -wal and -shm the database file's mode, so creating that one 0600 covers all three.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  restrictToOwner(file, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: an acknowledged write must survive SIGKILL and power loss, not only process death.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  for (const suffix of ['-wal', '-shm', '-journal']) restrictToOwner(`${file}${suffix}`, 0o600);
  return { db, dir: config.dataDir };
}

/** Each feature module owns its tables; statements must be idempotent (`CREATE … IF NOT EXISTS`). */
export function migrate(store: Store, sql: string): void {
  store.db.exec(sql);
}
