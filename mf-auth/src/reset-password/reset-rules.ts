import { MIN_PASSWORD_LENGTH } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';

// spec §5 reset password: userId, secret and expire must all be present and expire not past;
// all fields required; the passwords must match; minimum 8.

export interface ResetLink {
  userId: string;
  secret: string;
  expire: string;
}

/** The link's problem, or null when it can be used. */
export function resetLinkError(params: URLSearchParams, now: number): string | null {
  const userId = params.get('userId');
  const secret = params.get('secret');
  const expire = params.get('expire');
  if (!userId || !secret || !expire) return MESSAGES.resetInvalidLink;
  const expiresAt = parseExpire(expire);
  if (expiresAt === null) return MESSAGES.resetInvalidLink;
  if (expiresAt <= now) return MESSAGES.resetExpiredLink;
  return null;
}

/** Appwrite sends an ISO date; a bare number is read as seconds (or ms when that large). */
export function parseExpire(expire: string): number | null {
  if (/^\d+$/.test(expire)) {
    const n = Number(expire);
    return n < 1e12 ? n * 1000 : n;
  }
  const t = Date.parse(expire);
  return Number.isFinite(t) ? t : null;
}

export function newPasswordError(password: string, confirm: string): string | null {
  if (password === '' || confirm === '') return MESSAGES.fillAllFields;
  if (password !== confirm) return MESSAGES.passwordsMismatch;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
