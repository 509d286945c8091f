// Multi-factor authentication storage (Appwrite's `authenticators` and `challenges` collections and
// the user's `mfaRecoveryCodes`), and the rules that read it: the TOTP check, the factor list and
// the minimum number of factors a session needs (PROTOCOL: app/controllers/shared/api.php step 12).
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { isoDate } from '../clock.ts';
import { uniqueId } from '../ids.ts';
import { keyFile } from '../secrets.ts';
import { migrate, type Store } from '../store.ts';
import { statement } from '../statements.ts';
import type { UserRecord } from './users.ts';

export const MFA_KEY_FILE = 'mfa.key';

/** `Type::*` of `src/Appwrite/Auth/MFA/Type.php`. */
export const FACTOR = { totp: 'totp', email: 'email', phone: 'phone', recoveryCode: 'recoveryCode', custom: 'custom' } as const;
export type Factor = (typeof FACTOR)[keyof typeof FACTOR];
export const FACTORS: readonly Factor[] = [FACTOR.email, FACTOR.phone, FACTOR.totp, FACTOR.recoveryCode, FACTOR.custom];

/** `MFA_RECENT_DURATION`: an `mfaProtected` route needs a challenge completed this recently. */
export const MFA_RECENT_SECONDS = 1800;
/** `TOKEN_EXPIRATION_CONFIRM`: a challenge's lifetime, whatever its factor. */
export const CHALLENGE_LIFETIME_SECONDS = 3600;
/** `Type::generateBackupCodes(10, 6)`: six codes of ten lowercase hex characters. */
export const RECOVERY_CODE_COUNT = 6;
export const RECOVERY_CODE_LENGTH = 10;
/** spomky-labs/otphp defaults, which Appwrite keeps: SHA1, 6 digits, 30 s, a 64-byte secret. */
export const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_SECRET_BYTES = 64;

export function migrateMfa(store: Store): void {
  migrate(store, `
    CREATE TABLE IF NOT EXISTS mfa_authenticators (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      verified INTEGER NOT NULL DEFAULT 0,
      secret_sealed TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (user_id, type)
    );
    CREATE TABLE IF NOT EXISTS mfa_recovery_codes (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      code_hash TEXT NOT NULL,
      code_sealed TEXT NOT NULL,
      PRIMARY KEY (user_id, position)
    );
    CREATE TABLE IF NOT EXISTS mfa_challenges (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      code_hash TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL,
      expire TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS mfa_challenges_user ON mfa_challenges (user_id);
  `);
  keyFile(store, MFA_KEY_FILE);
}

// Secrets at rest. A TOTP secret must be readable to check a code, and Appwrite hands recovery
// codes back on GET (mfaProtected), so both are sealed (AES-256-GCM) with a key kept outside the
// database; a recovery code is found by its keyed hash, never by decrypting the list.
function mfaKey(store: Store): Buffer {
  return crypto.createHash('sha256').update(keyFile(store, MFA_KEY_FILE)).digest();
}

export function seal(store: Store, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', mfaKey(store), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

export function unseal(store: Store, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', mfaKey(store), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

function codeHash(store: Store, purpose: string, code: string): string {
  return crypto.createHmac('sha256', mfaKey(store)).update(purpose).update('\0').update(code).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

// ---- TOTP ----

export interface Authenticator {
  id: string;
  userId: string;
  type: 'totp';
  verified: boolean;
  secret: string;
}

interface AuthenticatorRow {
  id: string;
  user_id: string;
  type: string;
  verified: number;
  secret_sealed: string;
}

export function getTotpAuthenticator(store: Store, userId: string): Authenticator | null {
  const row = statement(store.db, 'SELECT * FROM mfa_authenticators WHERE user_id = ? AND type = ?')
    .get(userId, FACTOR.totp) as AuthenticatorRow | undefined;
  if (!row) return null;
  return { id: row.id, userId: row.user_id, type: 'totp', verified: row.verified === 1, secret: unseal(store, row.secret_sealed) };
}

/** True when the user has a verified TOTP authenticator (read on every request of an MFA user). */
export function hasVerifiedTotp(store: Store, userId: string): boolean {
  return statement(store.db, 'SELECT 1 FROM mfa_authenticators WHERE user_id = ? AND type = ? AND verified = 1')
    .get(userId, FACTOR.totp) !== undefined;
}

/** A new unverified authenticator replaces an unverified one (Authenticators/Create.php). */
export function createTotpAuthenticator(store: Store, userId: string, nowMs: number): Authenticator {
  const secret = new Secret({ size: TOTP_SECRET_BYTES }).base32;
  const id = uniqueId(nowMs);
  store.db.transaction(() => {
    statement(store.db, 'DELETE FROM mfa_authenticators WHERE user_id = ? AND type = ?').run(userId, FACTOR.totp);
    statement(store.db, 'INSERT INTO mfa_authenticators (id, user_id, type, verified, secret_sealed, created_at) VALUES (?, ?, ?, 0, ?, ?)')
      .run(id, userId, FACTOR.totp, seal(store, secret), isoDate(nowMs));
  })();
  return { id, userId, type: 'totp', verified: false, secret };
}

export function markTotpVerified(store: Store, authenticatorId: string): void {
  statement(store.db, 'UPDATE mfa_authenticators SET verified = 1 WHERE id = ?').run(authenticatorId);
}

export function deleteTotpAuthenticator(store: Store, userId: string): boolean {
  return statement(store.db, 'DELETE FROM mfa_authenticators WHERE user_id = ? AND type = ?').run(userId, FACTOR.totp).changes > 0;
}

function totp(secret: string): TOTP {
  return new TOTP({ ...TOTP_PARAMS, secret: Secret.fromBase32(secret) });
}

/**
 * `Challenge\TOTP::verify`: `TOTP::create($secret)->now() === $otp` — the code of the current
 * 30-second window only, no window before or after.
 */
export function verifyTotp(secret: string, otp: string, nowMs: number): boolean {
  return sameText(totp(secret).generate({ timestamp: nowMs }), otp);
}

/** otphp's provisioning URI: `otpauth://totp/<issuer>%3A<label>?issuer=<issuer>&secret=<secret>`. */
export function provisioningUri(secret: string, label: string, issuer: string): string {
  const query = new URLSearchParams({ issuer, secret }).toString().replace(/\+/g, '%20');
  return `otpauth://totp/${encodeURIComponent(`${issuer}:${label}`)}?${query}`;
}

// ---- recovery codes ----

export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    crypto.randomBytes(Math.ceil(RECOVERY_CODE_LENGTH / 2)).toString('hex').slice(0, RECOVERY_CODE_LENGTH));
}

export function hasRecoveryCodes(store: Store, userId: string): boolean {
  return statement(store.db, 'SELECT 1 FROM mfa_recovery_codes WHERE user_id = ? LIMIT 1').get(userId) !== undefined;
}

export function listRecoveryCodes(store: Store, userId: string): string[] {
  const rows = statement(store.db, 'SELECT code_sealed FROM mfa_recovery_codes WHERE user_id = ? ORDER BY position')
    .all(userId) as Array<{ code_sealed: string }>;
  return rows.map((row) => unseal(store, row.code_sealed));
}

/** Replaces the user's recovery codes with a fresh set and returns it. */
export function replaceRecoveryCodes(store: Store, userId: string): string[] {
  const codes = generateRecoveryCodes();
  store.db.transaction(() => {
    statement(store.db, 'DELETE FROM mfa_recovery_codes WHERE user_id = ?').run(userId);
    const insert = statement(store.db, 'INSERT INTO mfa_recovery_codes (user_id, position, code_hash, code_sealed) VALUES (?, ?, ?, ?)');
    codes.forEach((code, position) => insert.run(userId, position, codeHash(store, 'recovery', code), seal(store, code)));
  })();
  return codes;
}

/** Each code works once: a match is deleted in the same statement that finds it. */
export function consumeRecoveryCode(store: Store, userId: string, code: string): boolean {
  return statement(store.db, 'DELETE FROM mfa_recovery_codes WHERE user_id = ? AND code_hash = ?')
    .run(userId, codeHash(store, 'recovery', code)).changes > 0;
}

// ---- challenges ----

export interface Challenge {
  $id: string;
  $createdAt: string;
  userId: string;
  type: Factor;
  expire: string;
}

interface ChallengeRow {
  id: string;
  user_id: string;
  type: string;
  code_hash: string;
  created_at: string;
  expire: string;
}

function challengeFromRow(row: ChallengeRow): Challenge {
  return { $id: row.id, $createdAt: row.created_at, userId: row.user_id, type: row.type as Factor, expire: row.expire };
}

/** `code`: the mailed or texted code for email/phone challenges, kept only as a keyed hash. */
export function createChallenge(store: Store, userId: string, type: Factor, code: string, nowMs: number): Challenge {
  const id = uniqueId(nowMs);
  statement(store.db, 'INSERT INTO mfa_challenges (id, user_id, type, code_hash, created_at, expire) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, userId, type, code ? codeHash(store, `challenge:${id}`, code) : '', isoDate(nowMs),
      isoDate(nowMs + CHALLENGE_LIFETIME_SECONDS * 1000));
  const row = statement(store.db, 'SELECT * FROM mfa_challenges WHERE id = ?').get(id) as ChallengeRow;
  return challengeFromRow(row);
}

/** The user's challenge if it exists and has not expired. */
export function findChallenge(store: Store, userId: string, id: string, nowMs: number): Challenge | null {
  const row = statement(store.db, 'SELECT * FROM mfa_challenges WHERE id = ? AND user_id = ?').get(id, userId) as ChallengeRow | undefined;
  if (!row || row.expire < isoDate(nowMs)) return null;
  return challengeFromRow(row);
}

export function challengeCodeMatches(store: Store, challengeId: string, code: string): boolean {
  const row = statement(store.db, 'SELECT code_hash FROM mfa_challenges WHERE id = ?').get(challengeId) as { code_hash: string } | undefined;
  return !!row && row.code_hash !== '' && sameText(row.code_hash, codeHash(store, `challenge:${challengeId}`, code));
}

export function deleteChallenge(store: Store, id: string): void {
  statement(store.db, 'DELETE FROM mfa_challenges WHERE id = ?').run(id);
}

// ---- rules ----

export interface MfaFactors {
  totp: boolean;
  phone: boolean;
  email: boolean;
  recoveryCode: boolean;
  custom: boolean;
}

/** `MFA/Factors/XList.php` with the default policy (custom off). */
export function listFactors(store: Store, user: UserRecord): MfaFactors {
  return {
    totp: hasVerifiedTotp(store, user.$id),
    phone: user.phone !== '' && user.phoneVerification,
    email: user.email !== '' && user.emailVerification,
    recoveryCode: hasRecoveryCodes(store, user.$id),
    custom: false,
  };
}

/** Step 12: two factors when MFA is on and the user has a second factor at all, else one. */
export function minimumFactors(store: Store, user: UserRecord): number {
  if (!user.mfa) return 1;
  const more = user.emailVerification || user.phoneVerification || hasVerifiedTotp(store, user.$id);
  return more ? 2 : 1;
}

/** The verified factors `PATCH /account/mfa {mfa:true}` adds to the current session. */
export function verifiedFactors(store: Store, user: UserRecord): Factor[] {
  const factors: Factor[] = [];
  if (hasVerifiedTotp(store, user.$id)) factors.push(FACTOR.totp);
  if (user.email && user.emailVerification) factors.push(FACTOR.email);
  if (user.phone && user.phoneVerification) factors.push(FACTOR.phone);
  return factors;
}
