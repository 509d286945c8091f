import { isoDate } from '../clock.ts';
import { AppwriteError } from '../errors.ts';
import { uniqueId } from '../ids.ts';
import { HASH_OPTIONS } from './passwords.ts';
import { migrate, type Store } from '../store.ts';
import { statement } from '../statements.ts';

export interface Target {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  userId: string;
  providerId: string | null;
  providerType: 'email';
  identifier: string;
  expired: boolean;
}

/** A user in Appwrite's User model shape; `password` is the Argon2id hash (never sent to clients). */
export interface UserRecord {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  name: string;
  password: string | null;
  registration: string;
  status: boolean;
  labels: string[];
  passwordUpdate: string | null;
  email: string;
  phone: string;
  emailVerification: boolean;
  phoneVerification: boolean;
  mfa: boolean;
  prefs: Record<string, unknown>;
  targets: Target[];
  accessedAt: string;
}

interface UserRow {
  seq: number;
  id: string;
  created_at: string;
  updated_at: string;
  name: string;
  password: string | null;
  registration: string;
  status: number;
  labels: string;
  password_update: string | null;
  email: string | null;
  phone: string;
  email_verification: number;
  phone_verification: number;
  mfa: number;
  prefs: string;
  accessed_at: string;
  target_id: string | null;
  target_created_at: string | null;
  target_updated_at: string | null;
}

export function migrateUsers(store: Store): void {
  migrate(store, `
    CREATE TABLE IF NOT EXISTS users (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      name TEXT NOT NULL DEFAULT '',
      password TEXT,
      registration TEXT NOT NULL,
      status INTEGER NOT NULL DEFAULT 1,
      labels TEXT NOT NULL DEFAULT '[]',
      password_update TEXT,
      email TEXT UNIQUE,
      phone TEXT NOT NULL DEFAULT '',
      email_verification INTEGER NOT NULL DEFAULT 0,
      phone_verification INTEGER NOT NULL DEFAULT 0,
      mfa INTEGER NOT NULL DEFAULT 0,
      prefs TEXT NOT NULL DEFAULT '{}',
      accessed_at TEXT NOT NULL,
      target_id TEXT,
      target_created_at TEXT,
      target_updated_at TEXT
    );
    CREATE INDEX IF NOT EXISTS users_created ON users (created_at);
    CREATE UNIQUE INDEX IF NOT EXISTS users_phone ON users (phone) WHERE phone != '';
  `);
}

function fromRow(row: UserRow): UserRecord {
  const email = row.email ?? '';
  const targets: Target[] = email && row.target_id
    ? [{
        $id: row.target_id,
        $createdAt: row.target_created_at ?? row.created_at,
        $updatedAt: row.target_updated_at ?? row.updated_at,
        name: '',
        userId: row.id,
        providerId: null,
        providerType: 'email',
        identifier: email,
        expired: false,
      }]
    : [];
  return {
    $id: row.id,
    $createdAt: row.created_at,
    $updatedAt: row.updated_at,
    name: row.name,
    password: row.password,
    registration: row.registration,
    status: row.status === 1,
    labels: JSON.parse(row.labels) as string[],
    passwordUpdate: row.password_update,
    email,
    phone: row.phone,
    emailVerification: row.email_verification === 1,
    phoneVerification: row.phone_verification === 1,
    mfa: row.mfa === 1,
    prefs: JSON.parse(row.prefs) as Record<string, unknown>,
    targets,
    accessedAt: row.accessed_at,
  };
}

export function getUser(store: Store, id: string): UserRecord | null {
  const row = statement(store.db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
  return row ? fromRow(row) : null;
}

export function findUserByEmail(store: Store, email: string): UserRecord | null {
  const row = statement(store.db, 'SELECT * FROM users WHERE email = ?').get(email.toLowerCase()) as UserRow | undefined;
  return row ? fromRow(row) : null;
}

export interface NewUser {
  id: string;
  email: string | null;
  phone?: string;
  name?: string;
  passwordHash: string | null;
  emailVerification?: boolean;
}

/** Throws `user_already_exists` (409) on a duplicate id or email. */
export function createUser(store: Store, input: NewUser, nowMs: number): UserRecord {
  const now = isoDate(nowMs);
  const email = input.email ? input.email.toLowerCase() : null;
  try {
    store.db.prepare(`
      INSERT INTO users (id, created_at, updated_at, name, password, registration, password_update, email, phone,
        email_verification, accessed_at, target_id, target_created_at, target_updated_at)
      VALUES (@id, @now, @now, @name, @password, @now, @passwordUpdate, @email, @phone, @verified, @now, @targetId, @now, @now)
    `).run({
      id: input.id,
      now,
      name: input.name ?? '',
      password: input.passwordHash,
      passwordUpdate: input.passwordHash ? now : null,
      email,
      phone: input.phone ?? '',
      verified: input.emailVerification ? 1 : 0,
      targetId: email ? uniqueId(nowMs) : null,
    });
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
      throw new AppwriteError('user_already_exists');
    }
    throw error;
  }
  const user = getUser(store, input.id);
  if (!user) throw new AppwriteError('general_server_error');
  return user;
}

export interface UserPatch {
  name?: string;
  passwordHash?: string | null;
  email?: string;
  status?: boolean;
  labels?: string[];
  emailVerification?: boolean;
  mfa?: boolean;
  prefs?: Record<string, unknown>;
  accessedAt?: string;
}

/** Applies a partial update; an email change to one in use throws `user_target_already_exists`. */
export function updateUser(store: Store, id: string, patch: UserPatch, nowMs: number): UserRecord {
  // accessedAt alone is bookkeeping, not an update of the user document.
  const onlyAccess = patch.accessedAt !== undefined && Object.keys(patch).every((key) => key === 'accessedAt');
  const sets: string[] = onlyAccess ? [] : ['updated_at = @now'];
  const now = isoDate(nowMs);
  const params: Record<string, string | number | null> = { id, now };
  if (patch.name !== undefined) { sets.push('name = @name'); params.name = patch.name; }
  if (patch.passwordHash !== undefined) {
    sets.push('password = @password', 'password_update = @now');
    params.password = patch.passwordHash;
  }
  if (patch.email !== undefined) {
    sets.push('email = @email', 'target_updated_at = @now', 'target_id = COALESCE(target_id, @targetId)',
      'target_created_at = COALESCE(target_created_at, @now)');
    params.email = patch.email.toLowerCase();
    params.targetId = uniqueId(nowMs);
  }
  if (patch.status !== undefined) { sets.push('status = @status'); params.status = patch.status ? 1 : 0; }
  if (patch.labels !== undefined) { sets.push('labels = @labels'); params.labels = JSON.stringify(patch.labels); }
  if (patch.emailVerification !== undefined) {
    sets.push('email_verification = @verified');
    params.verified = patch.emailVerification ? 1 : 0;
  }
  if (patch.mfa !== undefined) { sets.push('mfa = @mfa'); params.mfa = patch.mfa ? 1 : 0; }
  if (patch.prefs !== undefined) { sets.push('prefs = @prefs'); params.prefs = JSON.stringify(patch.prefs); }
  if (patch.accessedAt !== undefined) { sets.push('accessed_at = @accessedAt'); params.accessedAt = patch.accessedAt; }
  try {
    const result = store.db.prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = @id`).run(params);
    if (result.changes === 0) throw new AppwriteError('user_not_found');
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
      throw new AppwriteError('user_target_already_exists');
    }
    throw error;
  }
  const user = getUser(store, id);
  if (!user) throw new AppwriteError('user_not_found');
  return user;
}

/** Deletes the user; sessions and tokens go with it (foreign keys cascade). */
export function deleteUser(store: Store, id: string): boolean {
  return statement(store.db, 'DELETE FROM users WHERE id = ?').run(id).changes > 0;
}

/** Response model for `/account` (PROTOCOL §2.3): the User model without password fields. */
export function toAccountModel(user: UserRecord): Record<string, unknown> {
  const { password: _password, ...rest } = user;
  return {
    ...rest,
    // The published model types passwordUpdate as a string; password-less (OTP) users get "".
    passwordUpdate: user.passwordUpdate ?? '',
    emailCanonical: user.email || null,
    emailIsFree: null,
    emailIsDisposable: null,
    emailIsCorporate: null,
    emailIsCanonical: null,
    impersonator: null,
    impersonatorUserId: null,
  };
}

/** Server-side User model (API key): adds `password`, `hash`, `hashOptions`. */
export function toUserModel(user: UserRecord): Record<string, unknown> {
  return {
    ...toAccountModel(user),
    password: user.password ?? '',
    hash: 'argon2',
    hashOptions: { ...HASH_OPTIONS },
  };
}
