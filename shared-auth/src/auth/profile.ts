import type { Models } from 'appwrite';
import { PROFILE_COMPLETE_MIN_MS } from '../config/constants.ts';

export type AuthUser = Models.User<Models.Preferences>;

/**
 * spec §7 "validate session and profile". Exactly one flag is true. `needsVerification` extends the
 * spec's four: a user with a complete profile whose email is unverified (after an email change)
 * belongs on /verify-email (spec §2 session-based protection), not back at sign-up step 1.
 */
export interface SessionValidation {
  /** No session (or it expired): go to /login. */
  needsLogin: boolean;
  /** spec §4 sign-up step 2 abandoned: email unverified and profile incomplete: /signup step 1. */
  needsSignup: boolean;
  /** Complete profile, email unverified: /verify-email. */
  needsVerification: boolean;
  /** spec §4 sign-up step 3: email verified, profile not complete: /signup step 3. */
  needsProfileCompletion: boolean;
  /** spec §4 sign-up step 4: completed. */
  isValid: boolean;
  email: string | null;
  user: AuthUser | null;
}

function time(value: string | undefined): number {
  return value ? Date.parse(value) : Number.NaN;
}

/**
 * spec §4: a profile is complete with a non-empty name and a password updated more than 5000 ms
 * after registration. An email-OTP user has no password (passwordUpdate ""), and one created with a
 * password at registration has passwordUpdate == registration: neither has finished sign-up step 3.
 */
export function isProfileComplete(user: Pick<AuthUser, 'name' | 'registration' | 'passwordUpdate'> & { $createdAt?: string }): boolean {
  if (user.name.trim() === '') return false;
  const registered = time(user.registration || user.$createdAt);
  const passwordUpdated = time(user.passwordUpdate);
  if (Number.isNaN(registered) || Number.isNaN(passwordUpdated)) return false;
  return passwordUpdated - registered > PROFILE_COMPLETE_MIN_MS;
}

/** The guard's outcome for a signed-in user (or null when there is no session). */
export function classifySession(user: AuthUser | null): SessionValidation {
  const outcome = { needsLogin: false, needsSignup: false, needsVerification: false, needsProfileCompletion: false, isValid: false };
  if (!user) return { ...outcome, needsLogin: true, email: null, user: null };
  const email = user.email || null;
  const complete = isProfileComplete(user);
  // spec §4 sign-up progress: step 2 = unverified, step 3 = verified but incomplete, step 4 = done.
  if (!user.emailVerification) {
    return complete ? { ...outcome, needsVerification: true, email, user } : { ...outcome, needsSignup: true, email, user };
  }
  if (!complete) return { ...outcome, needsProfileCompletion: true, email, user };
  return { ...outcome, isValid: true, email, user };
}
