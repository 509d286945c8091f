// spec §4/§9 profile completeness on the server. The browser's copy is isProfileComplete in
// shared-auth/src/profile.ts (functions deploy without the workspace, so they cannot import it);
// test/profile-complete.test.ts runs both over the same cases so they cannot drift.

/** spec §9: the password must be set more than this long after registration. */
export const PROFILE_COMPLETE_MIN_MS = 5000;

/**
 * spec §4: a profile is complete with a non-empty name and a password updated more than 5000 ms
 * after registration. An email-OTP user has no password (passwordUpdate ""), and one created with a
 * password at registration has passwordUpdate == registration: neither has finished sign-up step 3.
 * @param {{ name?: string, registration?: string, passwordUpdate?: string, $createdAt?: string }} user
 * @returns {boolean}
 */
export function isProfileComplete(user) {
  if ((user.name ?? '').trim() === '') return false;
  const registered = Date.parse(user.registration || user.$createdAt || '');
  const passwordUpdated = Date.parse(user.passwordUpdate || '');
  if (Number.isNaN(registered) || Number.isNaN(passwordUpdated)) return false;
  return passwordUpdated - registered > PROFILE_COMPLETE_MIN_MS;
}
