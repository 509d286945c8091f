import { AppwriteException } from 'appwrite';

/**
 * spec §8 (last paragraph): every backend failure surfaces with message, status code, type and the
 * response body. The Web SDK's AppwriteException already carries exactly these, so it is the error
 * type of this layer; anything else (a fetch TypeError, a thrown string) is converted into one.
 */
export type AppError = AppwriteException;

/** `type` given to failures that never reached the server. */
export const NETWORK_ERROR_TYPE = 'network_error';
/** `type` given to failures that are neither a backend answer nor a network failure. */
export const UNKNOWN_ERROR_TYPE = 'unknown_error';

// What fetch rejects with when the request never completes: Chrome "Failed to fetch", Firefox
// "NetworkError when attempting to fetch resource.", Safari "Load failed", Node/undici "fetch failed".
const NETWORK_MESSAGE = /failed to fetch|networkerror|load failed|fetch failed|network request failed|econnrefused|econnreset|enotfound|etimedout/i;

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppwriteException;
}

/** True when the request never got an HTTP answer (offline, DNS, refused connection, CORS-blocked). */
export function isNetworkError(e: unknown): boolean {
  if (e instanceof AppwriteException) return e.type === NETWORK_ERROR_TYPE || (e.code === 0 && NETWORK_MESSAGE.test(e.message));
  // fetch rejects with a TypeError carrying one of these messages; other TypeErrors are bugs, not the network.
  if (e instanceof Error) return NETWORK_MESSAGE.test(e.message);
  return false;
}

export function toAppError(e: unknown): AppError {
  if (e instanceof AppwriteException) return e;
  if (isNetworkError(e)) {
    const message = e instanceof Error ? e.message : String(e);
    return new AppwriteException(message, 0, NETWORK_ERROR_TYPE, '');
  }
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Unknown error';
  return new AppwriteException(message, 0, UNKNOWN_ERROR_TYPE, '');
}

/** True for a backend answer with this HTTP status. */
export function hasStatus(e: unknown, code: number): boolean {
  return e instanceof AppwriteException && e.code === code;
}

/** True for a backend answer of this Appwrite error type (e.g. document_unique_constraint_violation). */
export function hasErrorType(e: unknown, type: string): boolean {
  return e instanceof AppwriteException && e.type === type;
}

export const isNotFound = (e: unknown): boolean => hasStatus(e, 404);
export const isConflict = (e: unknown): boolean => hasStatus(e, 409);
export const isUnauthorized = (e: unknown): boolean => hasStatus(e, 401);

/** Runs a backend call and rethrows any failure as an AppError. */
export async function attempt<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    throw toAppError(e);
  }
}
