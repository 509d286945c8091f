import { isWrongCode, type SecondFactor } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';
import { isNetworkError, isRateLimited } from '../shared/auth-errors.ts';

// issue 17: what the code step of a login says, and when it asks at all.

/** An authenticator code is six digits (spaces typed or pasted in between are dropped). */
export function normalizeTotp(typed: string): string {
  return typed.replace(/\s+/g, '');
}

/** A recovery code is ten lowercase hex characters; copies may carry spaces or capitals. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.replace(/\s+/g, '').toLowerCase();
}

export function normalizeCode(factor: SecondFactor, typed: string): string {
  return factor === 'totp' ? normalizeTotp(typed) : normalizeRecoveryCode(typed);
}

/** The message for a code not worth sending, or null when it may be checked. */
export function codeInputProblem(factor: SecondFactor, typed: string): string | null {
  const code = normalizeCode(factor, typed);
  if (factor === 'totp') return /^\d{6}$/.test(code) ? null : MESSAGES.totpIncomplete;
  return code === '' ? MESSAGES.recoveryIncomplete : null;
}

/** Appwrite's refusal in the therapist's words: wrong code, too many tries, offline, or other. */
export function secondFactorMessage(factor: SecondFactor, e: unknown): string {
  if (isNetworkError(e)) return MESSAGES.network;
  if (isRateLimited(e)) return MESSAGES.twoStepRateLimited;
  if (isWrongCode(e)) return factor === 'totp' ? MESSAGES.totpWrong : MESSAGES.recoveryWrong;
  return MESSAGES.twoStepFailed;
}
