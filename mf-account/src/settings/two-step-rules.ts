import { isAppError, isNetworkError, isWrongCode, type SecondFactor } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';

// issue 17: the words and small rules of Settings → Two-step verification.

/** The setup key as people copy it from paper: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

export function normalizeCode(factor: SecondFactor, typed: string): string {
  const compact = typed.replace(/\s+/g, '');
  return factor === 'totp' ? compact : compact.toLowerCase();
}

/** The message for a code not worth sending, or null. */
export function codeProblem(factor: SecondFactor, typed: string): string | null {
  const code = normalizeCode(factor, typed);
  if (factor === 'totp') return /^\d{6}$/.test(code) ? null : MESSAGES.codeIncomplete;
  return code === '' ? MESSAGES.recoveryIncomplete : null;
}

/** Appwrite's refusal in the therapist's words. */
export function twoStepFailure(factor: SecondFactor, e: unknown): string {
  if (isWrongCode(e)) return factor === 'totp' ? MESSAGES.codeWrong : MESSAGES.recoveryWrong;
  if (isAppError(e) && (e.code === 429 || e.type === 'general_rate_limit_exceeded')) return MESSAGES.twoStepRateLimited;
  if (isNetworkError(e)) return MESSAGES.twoStepFailed('Network error. Please check your internet connection and try again.');
  return MESSAGES.twoStepFailed(e instanceof Error ? e.message : String(e));
}

/** The downloaded file: what the codes are for, whose they are, one code a line. */
export function recoveryCodesText(codes: readonly string[], email: string, now: Date = new Date()): string {
  return [
    'Cadence recovery codes',
    `Account: ${email}`,
    `Made: ${now.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Making new codes stops these from working.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const RECOVERY_CODES_FILE = 'cadence-recovery-codes.txt';
