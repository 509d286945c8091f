import crypto from 'node:crypto';
import { isoDate } from '../clock.ts';
import { sha256, uniqueId } from '../ids.ts';
import { keyFile, TOKEN_KEY_FILE } from '../secrets.ts';
import { migrate, type Store } from '../store.ts';

/** Token `type` values (PROTOCOL §6). */
export const TOKEN_TYPE = { verification: 2, recovery: 3, magicUrl: 5, generic: 8, email: 9 } as const;
export type TokenType = (typeof TOKEN_TYPE)[keyof typeof TOKEN_TYPE];

/** Lifetimes in seconds (`app/init/constants.php`); a magic URL lives `TOKEN_EXPIRATION_CONFIRM`. */
export const TOKEN_LIFETIME = { otp: 900, generic: 900, confirm: 3600, recovery: 3600 } as const;

/** The token types a session can be made from, and what the session then says (`$createSession`). */
export const SESSION_TOKEN_TYPES = [TOKEN_TYPE.email, TOKEN_TYPE.magicUrl, TOKEN_TYPE.generic] as const;

export interface TokenRecord {
  $id: string;
  $createdAt: string;
  userId: string;
  type: TokenType;
  expire: string;
  phrase: string;
}

interface TokenRow {
  id: string;
  user_id: string;
  type: number;
  created_at: string;
  expire: string;
  phrase: string;
  secret_hash: string;
  /** Null for rows written before salting: their hash is a bare SHA-256 (valid until they expire). */
  salt: string | null;
}

export function migrateTokens(store: Store): void {
  migrate(store, `
    CREATE TABLE IF NOT EXISTS tokens (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type INTEGER NOT NULL,
      created_at TEXT NOT NULL,
      expire TEXT NOT NULL,
      phrase TEXT NOT NULL DEFAULT '',
      secret_hash TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS tokens_user ON tokens (user_id, secret_hash);
  `);
  const columns = store.db.prepare('PRAGMA table_info(tokens)').all() as Array<{ name: string }>;
  if (!columns.some((c) => c.name === 'salt')) migrate(store, 'ALTER TABLE tokens ADD COLUMN salt TEXT;');
  keyFile(store, TOKEN_KEY_FILE);
}

/**
 * A six-digit code has a million values: its bare SHA-256 reverses in milliseconds. Keyed by a
 * server secret kept outside the database, with a salt per token, a stolen row reveals nothing.
 */
function secretHash(store: Store, secret: string, salt: string | null): string {
  if (salt === null) return sha256(secret);
  return crypto.createHmac('sha256', keyFile(store, TOKEN_KEY_FILE)).update(salt).update('\0').update(secret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function fromRow(row: TokenRow): TokenRecord {
  return {
    $id: row.id,
    $createdAt: row.created_at,
    userId: row.user_id,
    type: row.type as TokenType,
    expire: row.expire,
    phrase: row.phrase,
  };
}

export interface NewToken {
  userId: string;
  type: TokenType;
  secret: string;
  lifetimeSeconds: number;
  phrase?: string;
}

export function createToken(store: Store, input: NewToken, nowMs: number): TokenRecord {
  const salt = crypto.randomBytes(16).toString('hex');
  const row: TokenRow = {
    id: uniqueId(nowMs),
    user_id: input.userId,
    type: input.type,
    created_at: isoDate(nowMs),
    expire: isoDate(nowMs + input.lifetimeSeconds * 1000),
    phrase: input.phrase ?? '',
    secret_hash: secretHash(store, input.secret, salt),
    salt,
  };
  store.db.prepare(`
    INSERT INTO tokens (id, user_id, type, created_at, expire, phrase, secret_hash, salt)
    VALUES (@id, @user_id, @type, @created_at, @expire, @phrase, @secret_hash, @salt)
  `).run(row);
  return fromRow(row);
}

/** Finds an unexpired token of one of `types`; consuming it deletes it (single use). */
export function consumeToken(store: Store, userId: string, types: readonly TokenType[], secret: string, nowMs: number): TokenRecord | null {
  const placeholders = types.map(() => '?').join(',');
  // Salted hashes can't be looked up by value: compare each of the user's few live tokens.
  const rows = store.db.prepare(
    `SELECT * FROM tokens WHERE user_id = ? AND type IN (${placeholders}) AND expire >= ?`,
  ).all(userId, ...types, isoDate(nowMs)) as TokenRow[];
  const row = rows.find((candidate) => sameHash(candidate.secret_hash, secretHash(store, secret, candidate.salt)));
  if (!row) return null;
  store.db.prepare('DELETE FROM tokens WHERE id = ?').run(row.id);
  return fromRow(row);
}

export function toTokenModel(token: TokenRecord, secret: string): Record<string, unknown> {
  return { $id: token.$id, $createdAt: token.$createdAt, userId: token.userId, secret, expire: token.expire, phrase: token.phrase };
}
