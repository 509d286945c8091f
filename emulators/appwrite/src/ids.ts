import crypto from 'node:crypto';

/** utopia `ID::unique()`: `uniqid()` (13 hex from the clock) + 7 random hex. */
export function uniqueId(nowMs: number = Date.now()): string {
  const seconds = Math.floor(nowMs / 1000).toString(16).padStart(8, '0');
  const micros = ((nowMs % 1000) * 1000 + crypto.randomInt(0, 1000)).toString(16).padStart(5, '0');
  return seconds + micros + crypto.randomBytes(4).toString('hex').slice(0, 7);
}

/** utopia's Key / UID validators (getMaxUIDLength 36): custom ids and the keys of attributes and indexes. */
export const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;
export const CUSTOM_ID_PATTERN = `^(unique\\(\\)|${KEY_RE.source.slice(1, -1)})$`;
export const CUSTOM_ID_DESCRIPTION =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";

/** Resolves the literal `unique()` the way the server does. */
export function resolveCustomId(value: string, nowMs?: number): string {
  return value === 'unique()' ? uniqueId(nowMs) : value;
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** `Proofs\Token`: lowercase hex, 256 characters unless the token type says otherwise (a magic URL: 64). */
export function tokenSecret(chars = 256): string {
  return crypto.randomBytes(Math.ceil(chars / 2)).toString('hex').slice(0, chars);
}
