import type { Models } from 'appwrite';
import { appwrite } from '../client/appwrite-client.ts';
import { attempt } from '../client/errors.ts';
import { AUTO_SIGN_OUT_MINUTES, DEFAULT_AUTO_SIGN_OUT_MINUTES } from '../config/constants.ts';
import type { AuthUser } from './profile.ts';

export type AutoSignOutMinutes = (typeof AUTO_SIGN_OUT_MINUTES)[number];

/**
 * issue 17: the account preference holding the inactivity limit. Appwrite account prefs travel with
 * the user (account.get), so every tab and the next sign-in, on any device, read the same choice.
 */
export const AUTO_SIGN_OUT_PREF = 'autoSignOutMinutes';

const isChoice = (value: unknown): value is AutoSignOutMinutes =>
  typeof value === 'number' && (AUTO_SIGN_OUT_MINUTES as readonly number[]).includes(value);

/**
 * The router state the shell hands /login after the automatic sign-out, from which mf-auth words
 * "You were signed out after {n} minutes of inactivity."
 */
export interface InactivitySignOutState {
  signedOutAfterIdleMinutes: number;
}

/** The therapist's inactivity limit in minutes: their choice, or 15 when none (or an unknown value) is stored. */
export function autoSignOutMinutes(prefs: Models.Preferences | Record<string, unknown> | null | undefined): AutoSignOutMinutes {
  const stored = (prefs as Record<string, unknown> | null | undefined)?.[AUTO_SIGN_OUT_PREF];
  return isChoice(stored) ? stored : (DEFAULT_AUTO_SIGN_OUT_MINUTES as AutoSignOutMinutes);
}

/**
 * Stores the choice in the account's prefs. Appwrite's updatePrefs replaces the whole object, so the
 * current prefs are read first and the choice merged in: other prefs (billingStartDay…) stay.
 */
export async function saveAutoSignOutMinutes(minutes: AutoSignOutMinutes): Promise<AuthUser> {
  if (!isChoice(minutes)) throw new RangeError(`Not an automatic sign-out choice: ${String(minutes)}`);
  const account = appwrite().account;
  const prefs = await attempt(() => account.getPrefs());
  return attempt(() => account.updatePrefs({ prefs: { ...prefs, [AUTO_SIGN_OUT_PREF]: minutes } }));
}

/** issue 17 server backstop: moves this browser's session expiry to now + the project's session length. */
export async function extendCurrentSession(): Promise<Models.Session> {
  return attempt(() => appwrite().account.updateSession({ sessionId: 'current' }));
}
