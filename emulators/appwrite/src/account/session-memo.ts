// A signed-in request's session and user as last read, while nothing has been written (issue 35):
// resolving the caller hashed the secret and read the session and the user on every request — at
// 50 connections of short reads about a third of the main thread's time. An entry is the two
// records read for one session secret, given again only while the writer's connection has written
// nothing (SQLite's total_changes) and no other connection has committed (data_version) since it
// was read, and only while the session is unexpired by the clock (the same test as the lookup's
// `expire >= now`). So signing out, a deleted or blocked user, a new label or MFA factor — every one
// a write — is seen by the very next request. The records are shared by the requests given them:
// nothing changes a caller's records in place (a change is a write, read back anew).
import type Database from 'better-sqlite3';
import { isoDate } from '../clock.ts';
import type { SessionRecord } from './sessions.ts';
import type { UserRecord } from './users.ts';

export interface SessionUser {
  user: UserRecord;
  session: SessionRecord;
}

/** Sessions remembered at most (the oldest half forgotten beyond it). */
const LIMIT = 10_000;

export class SessionMemo {
  private readonly entries = new Map<string, { version: string; found: SessionUser }>();
  private readonly changes: Database.Statement<[], number>;
  private readonly dataVersion: Database.Statement<[], number>;
  /** Callers resolved from memory (`hit`) and read (`miss`). */
  readonly counts = { hit: 0, miss: 0 };

  constructor(db: Database.Database) {
    this.changes = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  private version(): string {
    return `${this.changes.get()}:${this.dataVersion.get()}`;
  }

  /** The session's user for `userId` and `secret` at `nowMs`: remembered, or read by `read` (null: nobody, not remembered). */
  resolve(userId: string, secret: string, nowMs: number, read: () => SessionUser | null): SessionUser | null {
    const key = `${userId}\u0000${secret}`;
    const version = this.version();
    const kept = this.entries.get(key);
    if (kept && kept.version === version && kept.found.session.expire >= isoDate(nowMs)) {
      this.counts.hit += 1;
      return kept.found;
    }
    this.counts.miss += 1;
    const found = read();
    if (!found) {
      this.entries.delete(key);
      return null;
    }
    if (this.entries.size >= LIMIT) {
      let drop = LIMIT / 2;
      for (const k of this.entries.keys()) {
        if (drop-- <= 0) break;
        this.entries.delete(k);
      }
    }
    this.entries.set(key, { version, found });
    return found;
  }
}
