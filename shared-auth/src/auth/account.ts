import type { Models } from 'appwrite';
import { appwrite } from '../client/appwrite-client.ts';
import { RESET_PASSWORD_PATH, VERIFY_EMAIL_PATH } from '../config/constants.ts';
import { attempt } from '../client/errors.ts';
import type { AuthUser } from './profile.ts';

/** The app's own origin, where the account emails link back to. */
export function appOrigin(): string {
  const origin = globalThis.location?.origin;
  if (!origin || origin === 'null') throw new Error('No page origin: pass the app origin explicitly.');
  return origin;
}

/** spec §7: verification emails link to /verify-email (Appwrite appends userId, secret, expire). */
export function verifyEmailUrl(origin: string): string {
  return new URL(VERIFY_EMAIL_PATH, origin).toString();
}

/** spec §7: recovery emails link to /reset-password (Appwrite appends userId, secret, expire). */
export function resetPasswordUrl(origin: string): string {
  return new URL(RESET_PASSWORD_PATH, origin).toString();
}

export async function sendEmailVerification(origin: string = appOrigin()): Promise<Models.Token> {
  return attempt(() => appwrite().account.createVerification({ url: verifyEmailUrl(origin) }));
}

/** spec §7: update password {new password, current password}. */
export async function updatePassword(input: { password: string; oldPassword: string }): Promise<AuthUser> {
  return attempt(() => appwrite().account.updatePassword({ password: input.password, oldPassword: input.oldPassword }));
}

/** spec §7: send password reset email {user email}. */
export async function sendPasswordResetEmail(input: { email: string }, origin: string = appOrigin()): Promise<Models.Token> {
  return attempt(() => appwrite().account.createRecovery({ email: input.email, url: resetPasswordUrl(origin) }));
}
