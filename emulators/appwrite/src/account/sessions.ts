import { isoDate } from '../clock.ts';
import type { DeviceDetails } from './device.ts';
import { sha256, uniqueId } from '../ids.ts';
import { migrate, type Store } from '../store.ts';
import { statement } from '../statements.ts';

export interface SessionRecord extends DeviceDetails {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  userId: string;
  expire: string;
  provider: string;
  providerUid: string;
  ip: string;
  countryCode: string;
  countryName: string;
  factors: string[];
  /** When the session last completed an MFA challenge ('' if never). */
  mfaUpdatedAt: string;
  secretHash: string;
}

interface SessionRow {
  seq: number;
  id: string;
  user_id: string;
  created_at: string;
  updated_at: string;
  expire: string;
  provider: string;
  provider_uid: string;
  ip: string;
  device: string;
  factors: string;
  secret_hash: string;
  mfa_updated_at: string | null;
}

export function migrateSessions(store: Store): void {
  migrate(store, `
    CREATE TABLE IF NOT EXISTS sessions (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      expire TEXT NOT NULL,
      provider TEXT NOT NULL,
      provider_uid TEXT NOT NULL,
      ip TEXT NOT NULL,
      device TEXT NOT NULL,
      factors TEXT NOT NULL,
      secret_hash TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id, seq);
  `);
  const columns = store.db.prepare('PRAGMA table_info(sessions)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'mfa_updated_at')) migrate(store, 'ALTER TABLE sessions ADD COLUMN mfa_updated_at TEXT;');
}

function fromRow(row: SessionRow): SessionRecord {
  return {
    ...(JSON.parse(row.device) as DeviceDetails),
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    userId: row.user_id,
    expire: row.expire,
    provider: row.provider,
    providerUid: row.provider_uid,
    ip: row.ip,
    countryCode: '--',
    countryName: 'Unknown',
    factors: JSON.parse(row.factors) as string[],
    mfaUpdatedAt: row.mfa_updated_at ?? '',
    secretHash: row.secret_hash,
  };
}

export interface NewSession {
  userId: string;
  provider: string;
  providerUid: string;
  ip: string;
  device: DeviceDetails;
  factors: string[];
  secret: string;
}

/** `durationSeconds`: the project's `auths.duration`; the session expires that long after creation. */
export function createSession(store: Store, input: NewSession, nowMs: number, durationSeconds: number): SessionRecord {
  const id = uniqueId(nowMs);
  const now = isoDate(nowMs);
  store.db.prepare(`
    INSERT INTO sessions (id, user_id, created_at, updated_at, expire, provider, provider_uid, ip, device, factors, secret_hash)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  `).run(id, input.userId, now, now, isoDate(nowMs + durationSeconds * 1000), input.provider,
    input.providerUid, input.ip, JSON.stringify(input.device), JSON.stringify(input.factors), sha256(input.secret));
  const session = getSession(store, id);
  if (!session) throw new Error('session vanished after insert');
  return session;
}

export function getSession(store: Store, id: string): SessionRecord | null {
  const row = statement(store.db, 'SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  return row ? fromRow(row) : null;
}

/** `sessionVerify`: a session of this user whose hash matches and which has not expired. */
export function findSessionBySecret(store: Store, userId: string, secret: string, nowMs: number): SessionRecord | null {
  const row = statement(store.db, 'SELECT * FROM sessions WHERE user_id = ? AND secret_hash = ? AND expire >= ?')
    .get(userId, sha256(secret), isoDate(nowMs)) as SessionRow | undefined;
  return row ? fromRow(row) : null;
}

/** Oldest first, as Appwrite's session list. */
export function listUserSessions(store: Store, userId: string): SessionRecord[] {
  const rows = statement(store.db, 'SELECT * FROM sessions WHERE user_id = ? ORDER BY seq').all(userId) as SessionRow[];
  return rows.map(fromRow);
}

export function deleteSession(store: Store, id: string): boolean {
  return statement(store.db, 'DELETE FROM sessions WHERE id = ?').run(id).changes > 0;
}

export function deleteUserSessions(store: Store, userId: string, exceptId?: string): number {
  return statement(store.db, 'DELETE FROM sessions WHERE user_id = ? AND id != ?').run(userId, exceptId ?? '').changes;
}

/** Adds factors (kept unique, in order); `mfaUpdatedAt` when a challenge was just completed. */
export function addSessionFactors(store: Store, id: string, factors: readonly string[], mfaUpdatedAt?: string): SessionRecord | null {
  const session = getSession(store, id);
  if (!session) return null;
  const merged = [...new Set([...session.factors, ...factors])];
  statement(store.db, 'UPDATE sessions SET factors = ?, mfa_updated_at = COALESCE(?, mfa_updated_at) WHERE id = ?')
    .run(JSON.stringify(merged), mfaUpdatedAt ?? null, id);
  return getSession(store, id);
}

/** `PATCH /account/sessions/:id`: expire = now + the project's `auths.duration` (from now, not from the old expiry). */
export function extendSession(store: Store, id: string, nowMs: number, durationSeconds: number): SessionRecord | null {
  statement(store.db, 'UPDATE sessions SET expire = ?, updated_at = ? WHERE id = ?')
    .run(isoDate(nowMs + durationSeconds * 1000), isoDate(nowMs), id);
  return getSession(store, id);
}

/** Session limit hook: beyond `max`, the oldest sessions are silently removed (0 = unlimited). */
export function enforceMaxSessions(store: Store, userId: string, max: number): void {
  if (max <= 0) return;
  store.db.prepare(`
    DELETE FROM sessions WHERE user_id = ? AND seq NOT IN (
      SELECT seq FROM sessions WHERE user_id = ? ORDER BY seq DESC LIMIT ?
    )
  `).run(userId, userId, max);
}

export interface SessionView {
  current: boolean;
  /** Only API-key callers see the secret (the encoded cookie value). */
  secret: string;
}

export function toSessionModel(session: SessionRecord, view: SessionView): Record<string, unknown> {
  const { secretHash: _hash, ...rest } = session;
  return {
    ...rest,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    current: view.current,
    secret: view.secret,
  };
}
