import { appwrite } from '../client/appwrite-client.ts';
import { authStateKey } from './auth-state-change.ts';
import { AUTH_STATE_POLL_MS } from '../config/constants.ts';
import { isUnauthorized, toAppError } from '../client/errors.ts';
import { classifySession, type AuthUser, type SessionValidation } from './profile.ts';
import { isSecondFactorRequired } from './two-step.ts';

/**
 * The signed-in user, or null when there is no valid session (401). Other failures throw an AppError.
 * issue 17: a session still waiting for its second factor (Appwrite answers account.get with 401
 * user_more_factors_required) is no sign-in either: the guard sends it to /login like no session.
 */
export async function getCurrentUser(): Promise<AuthUser | null> {
  try {
    return await appwrite().account.get();
  } catch (e) {
    if (isSecondFactorRequired(e) || isUnauthorized(e)) return null;
    throw toAppError(e);
  }
}

/**
 * spec §7: validate session and profile for the /dashboard and /account guard. A failure other than
 * "no session" (network, server) throws an AppError; the guard sends those to /login (spec §8).
 */
export async function validateSessionAndProfile(): Promise<SessionValidation> {
  return classifySession(await getCurrentUser());
}

/** Deletes the current session. Already signed out (401) counts as success. */
export async function signOut(): Promise<void> {
  try {
    await appwrite().account.deleteSession({ sessionId: 'current' });
  } catch (e) {
    if (isUnauthorized(e)) return;
    throw toAppError(e);
  }
}

export interface IntervalTimers {
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const globalTimers: IntervalTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

export interface AuthStateOptions {
  /** The user the caller already knows; without it the first poll sets the baseline silently. */
  initialUser?: AuthUser | null;
  intervalMs?: number;
  timers?: IntervalTimers;
  /** Where the user comes from; defaults to getCurrentUser. */
  getUser?: () => Promise<AuthUser | null>;
}

export type AuthStateListener = (user: AuthUser | null) => void;

/**
 * spec §4: poll the account every 15 s and notify only when the user id or the labels change
 * (sign-in, sign-out, a webhook adding `subscribed`…). A failed poll (offline) is skipped rather than
 * reported as a sign-out. Returns the unsubscribe function.
 */
export function subscribeToAuthState(listener: AuthStateListener, options: AuthStateOptions = {}): () => void {
  const { intervalMs = AUTH_STATE_POLL_MS, timers = globalTimers, getUser = getCurrentUser } = options;
  let known: string | null = options.initialUser === undefined ? null : authStateKey(options.initialUser);
  let active = true;
  let inFlight = false;

  const poll = async (): Promise<void> => {
    if (inFlight) return;
    inFlight = true;
    try {
      const user = await getUser();
      if (!active) return;
      const key = authStateKey(user);
      const first = known === null;
      if (!first && key !== known) {
        known = key;
        listener(user);
      } else {
        known = key;
      }
    } catch {
      // Offline or a server hiccup: keep the last known state and try again next tick.
    } finally {
      inFlight = false;
    }
  };

  if (known === null) void poll();
  const handle = timers.setInterval(() => void poll(), intervalMs);
  return () => {
    active = false;
    timers.clearInterval(handle);
  };
}
