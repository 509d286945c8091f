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
