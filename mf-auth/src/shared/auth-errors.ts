import { isAppError, isNetworkError } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';

// Message selection from Appwrite error types (PROTOCOL §5, spec §8).

export { isNetworkError };

export function errorType(e: unknown): string {
  return isAppError(e) ? e.type : '';
}

export function errorCode(e: unknown): number {
  return isAppError(e) ? e.code : 0;
}

export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : 'Unknown error';
}

export const isRateLimited = (e: unknown): boolean =>
  errorType(e) === 'general_rate_limit_exceeded' || errorCode(e) === 429;

/** The network and rate-limit messages every auth call shares, else the given fallback. */
export function commonMessage(e: unknown, fallback: string): string {
  if (isNetworkError(e)) return MESSAGES.network;
  if (isRateLimited(e)) return MESSAGES.rateLimited;
  return fallback;
}

/**
 * spec §8 code messages. Appwrite answers user_invalid_token for a wrong, reused or expired code
 * alike; the code's own expiry time tells expired from wrong.
 */
export function codeErrorMessage(e: unknown, codeExpired: boolean): string {
  if (isNetworkError(e)) return MESSAGES.network;
  if (isRateLimited(e)) return MESSAGES.rateLimited;
  if (errorType(e) === 'user_invalid_token' || errorCode(e) === 401) {
    return codeExpired ? MESSAGES.codeExpired : MESSAGES.codeWrong;
  }
  if (errorType(e).includes('expired')) return MESSAGES.codeExpired;
  return MESSAGES.codeGeneric;
}

/** spec §8: invalid credentials, a 401 or a wrong password all read 'Incorrect password'. */
export function isInvalidCredentials(e: unknown): boolean {
  return errorType(e) === 'user_invalid_credentials' || errorCode(e) === 401;
}

/** The parameter a general_argument_invalid names: "Invalid `password` param: …" (PROTOCOL §1.7). */
export function invalidParam(e: unknown): string | null {
  if (errorType(e) !== 'general_argument_invalid') return null;
  return /^Invalid `([^`]+)` param/.exec(errorText(e))?.[1] ?? null;
}

export interface FieldProblem {
  field: 'email' | 'password' | 'name';
  reason: 'tooLong' | 'tooShort' | 'invalid';
  text: string;
}

/**
 * Which field Appwrite refused and why (issue 11), from its own error: the parameter named in a
 * general_argument_invalid, the bounds in its validator text ("between 8 and 256 characters",
 * "no longer than 128 chars") against what was typed, and the password policy types.
 */
export function fieldProblem(e: unknown, typed: { password?: string } = {}): FieldProblem | null {
  const type = errorType(e);
  if (type === 'password_personal_data') return { field: 'password', reason: 'invalid', text: MESSAGES.passwordPersonalData };
  if (type === 'password_recently_used') return { field: 'password', reason: 'invalid', text: MESSAGES.passwordRecentlyUsed };
  const text = errorText(e);
  switch (invalidParam(e)) {
    case 'email':
      return { field: 'email', reason: 'invalid', text: MESSAGES.emailInvalid };
    case 'name': {
      const max = /no longer than (\d+) chars/.exec(text)?.[1];
      return { field: 'name', reason: 'tooLong', text: MESSAGES.nameTooLong(Number(max ?? 128)) };
    }
    case 'password': {
      const [, min, max] = /between (\d+) and (\d+) characters/.exec(text) ?? [];
      const length = typed.password?.length ?? 0;
      if (max && length > Number(max)) return { field: 'password', reason: 'tooLong', text: MESSAGES.passwordTooLong(Number(max)) };
      if (min && length < Number(min)) return { field: 'password', reason: 'tooShort', text: MESSAGES.passwordTooShort };
      return { field: 'password', reason: 'invalid', text: MESSAGES.passwordRefused(text.replace(/^Invalid `password` param: /, '')) };
    }
    default:
      return null;
  }
}
