import type { Models } from 'appwrite';
import { AppwriteException } from 'appwrite';
import { appwrite, useAuthStore } from '@cadence/shared-auth';

// spec §7 "validate session and profile". Kept in the shell until @cadence/shared-auth publishes
// validateSessionAndProfile/isProfileComplete (being added there); then this file goes away.

type User = Models.User<Models.Preferences>;

/** spec §4/§9: a profile is complete with a non-empty name and a password updated more than 5000 ms after registration. */
export const PROFILE_COMPLETE_MIN_MS = 5000;

export function isProfileComplete(user: Pick<User, 'name' | 'passwordUpdate' | 'registration'>): boolean {
  if (user.name.trim() === '' || !user.passwordUpdate) return false;
  const updated = Date.parse(user.passwordUpdate);
  const registered = Date.parse(user.registration);
  return Number.isFinite(updated) && Number.isFinite(registered) && updated - registered > PROFILE_COMPLETE_MIN_MS;
}

export interface SessionValidation {
  needsLogin: boolean;
  /** Signed in but the email is not verified (session-based protection → /verify-email). */
  needsVerification: boolean;
  /** Nothing of the profile exists yet: no name and no password. */
  needsSignup: boolean;
  needsProfileCompletion: boolean;
  isValid: boolean;
  email: string;
  user: User | null;
}

const none: SessionValidation = {
  needsLogin: false,
  needsVerification: false,
  needsSignup: false,
  needsProfileCompletion: false,
  isValid: false,
  email: '',
  user: null,
};

/** The validation of one account (pure). */
export function validateUser(user: User | null): SessionValidation {
  if (!user) return { ...none, needsLogin: true };
  const base = { ...none, email: user.email, user };
  if (!user.emailVerification) return { ...base, needsVerification: true };
  if (isProfileComplete(user)) return { ...base, isValid: true };
  if (user.name.trim() === '' && !user.passwordUpdate) return { ...base, needsSignup: true };
  return { ...base, needsProfileCompletion: true };
}

/** Reads the signed-in account; 401 means no session. Any other failure is thrown. */
export async function validateSessionAndProfile(): Promise<SessionValidation> {
  let user: User | null;
  try {
    user = await appwrite().account.get();
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 401) user = null;
    else throw e;
  }
  useAuthStore.setState(user ? { user, status: 'signedIn' } : { user: null, status: 'signedOut' });
  return validateUser(user);
}
