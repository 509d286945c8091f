import type { Models } from 'appwrite';
import {
  appwrite,
  executeFunction,
  FunctionRefusedError,
  getConfig,
  getCurrentUser,
  isSecondFactorRequired,
  PROFILE_COMPLETE_MIN_MS,
  type SecondFactor,
  sendEmailVerification as sendVerificationEmail,
  sendPasswordResetEmail as sendRecoveryEmail,
  uniqueId,
  useAuthStore,
  verifySecondFactor,
} from '@cadence/shared-auth';
import { OTP_LIFETIME_MS, PROFILE_WAIT_MARGIN_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { errorType, isNetworkError } from './auth-errors.ts';

// The Appwrite calls of mf-auth, in one small module: shared-auth's wrappers where it has them,
// and the sign-up-only calls (email code, functions, consents) through its one client.

/** spec §7: answer of handle-signup-conflict and handle-incomplete-verified-users. */
export interface ConflictAnswer {
  success: boolean;
  userId: string | null;
  secret: string | null;
  phrase: string | null;
  error: string | null;
  shouldRedirectToLogin: boolean;
}

/** A sign-up the backend refused: an existing account (spec §4 conflict handling). */
export class SignupConflictError extends Error {
  readonly shouldRedirectToLogin: boolean;
  constructor(message: string, shouldRedirectToLogin: boolean) {
    super(message);
    this.name = 'SignupConflictError';
    this.shouldRedirectToLogin = shouldRedirectToLogin;
  }
}

export interface SentCode {
  userId: string;
  phrase: string;
  sentAt: number;
  expiresAt: number;
}

/** The conflict functions' answer, read defensively: both their 200 and 409 bodies are used (spec §7). */
function conflictAnswer(body: Partial<Record<keyof ConflictAnswer, unknown>>): ConflictAnswer {
  return {
    success: body.success === true,
    userId: typeof body.userId === 'string' && body.userId ? body.userId : null,
    secret: null, // never used: a code reaches only the mailbox
    phrase: typeof body.phrase === 'string' ? body.phrase : null,
    error: typeof body.error === 'string' ? body.error : null,
    shouldRedirectToLogin: body.shouldRedirectToLogin === true,
  };
}

/**
 * The code's expiry on this device's clock: the token's own lifetime (expire − $createdAt) from
 * now, so a skewed device clock cannot make a fresh code look expired.
 */
function sentCode(userId: string, phrase: string, token?: Pick<Models.Token, '$createdAt' | 'expire'>): SentCode {
  const sentAt = Date.now();
  const lifetime = token ? Date.parse(token.expire) - Date.parse(token.$createdAt) : Number.NaN;
  return { userId, phrase, sentAt, expiresAt: sentAt + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : OTP_LIFETIME_MS) };
}

/**
 * spec §4 sign-up step 1 with conflict handling: handle-incomplete-verified-users, then
 * handle-signup-conflict, then a direct email token (a new email). A function that cannot run
 * falls through to the next step; a network failure stops the chain.
 */
export async function requestSignupCode(email: string): Promise<SentCode> {
  if (useAuthStore.getState().status === 'signedIn') await signOut();
  for (const name of ['handleIncompleteVerifiedUsers', 'handleSignupConflict'] as const) {
    let answer: ConflictAnswer;
    try {
      answer = conflictAnswer(await executeFunction(name, { email, withPhrase: true }, { acceptRefusal: true }));
    } catch (e) {
      if (isNetworkError(e)) throw e;
      console.warn(`${getConfig().functions[name]} failed; trying the next sign-up path`, e);
      continue;
    }
    if (answer.shouldRedirectToLogin || (answer.error ?? '').includes(MESSAGES.alreadyExists)) {
      throw new SignupConflictError(answer.error ?? 'An account with this email already exists.', answer.shouldRedirectToLogin);
    }
    if (answer.success && answer.userId) return sentCode(answer.userId, answer.phrase ?? '');
  }
  const token = await appwrite().account.createEmailToken({ userId: uniqueId(), email, phrase: true });
  return sentCode(token.userId, token.phrase, token);
}

/** Resend: a fresh code for the same address (Appwrite ignores userId for an existing email). */
export async function resendSignupCode(userId: string, email: string): Promise<SentCode> {
  const token = await appwrite().account.createEmailToken({ userId, email, phrase: true });
  return sentCode(token.userId, token.phrase, token);
}

/** Verifying the code creates the session (spec §4). */
export async function verifySignupCode(userId: string, code: string): Promise<void> {
  await appwrite().account.createSession({ userId, secret: code });
  await useAuthStore.getState().refreshUser();
}

/**
 * 'Tap to change': remove the pending user. The function deletes it only for the holder of the code
 * just emailed (issue 11), so without the full code nothing is asked: the unfinished sign-up stays
 * and spec §4's conflict handling reuses it when this address signs up again.
 */
export async function deletePendingUser(userId: string, code: string | null): Promise<void> {
  if (code === null) return;
  await executeFunction('deletePendingUser', { userId, secret: code });
}

/** The signed-in user, or null without a session; network and server failures throw. */
export const currentUser = getCurrentUser;

export interface ProfileInput {
  firstName: string;
  lastName: string;
  password: string;
  /** The password this step already saved, if an earlier attempt got that far (Appwrite asks for it). */
  savedPassword: string | null;
}

export type ProfileField = 'password' | 'name' | 'agreements';

/** A step of the profile save that failed: which one, and Appwrite's error. */
export class ProfileSaveError extends Error {
  readonly field: ProfileField;
  override readonly cause: unknown;
  constructor(field: ProfileField, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ProfileSaveError';
    this.field = field;
    this.cause = cause;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function step<T>(field: ProfileField, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw new ProfileSaveError(field, e);
  }
}

/**
 * How long to wait before the password may be set (spec §4/§9: a profile counts as complete only
 * when the password is set more than PROFILE_COMPLETE_MIN_MS after registration). Measured on this
 * device's clock against the server's registration time, so it is capped: registration is in the
 * past, and setPassword checks the server's own timestamps afterwards.
 */
export function profileWaitMs(registration: string, now: number): number {
  const registered = Date.parse(registration);
  const limit = PROFILE_COMPLETE_MIN_MS + PROFILE_WAIT_MARGIN_MS;
  if (!Number.isFinite(registered)) return limit;
  return Math.min(limit, Math.max(0, registered + limit - now));
}

/**
 * Sets the password; if the server's own times still put it within PROFILE_COMPLETE_MIN_MS of
 * registration (this device's clock ran ahead), waits the rest and sets it again.
 */
async function setPassword(password: string, oldPassword: string): Promise<void> {
  const { account } = appwrite();
  const user = await account.updatePassword({ password, oldPassword });
  const early = PROFILE_COMPLETE_MIN_MS - (Date.parse(user.passwordUpdate) - Date.parse(user.registration));
  if (early < 0) return;
  await sleep(early + PROFILE_WAIT_MARGIN_MS);
  await account.updatePassword({ password, oldPassword: password });
}

/**
 * spec §4 step 3: password first — a refused password must not leave a renamed account without
 * one — then the name, then the two consents. Each failure names its field (ProfileSaveError).
 * `oldPassword`: Appwrite wants the current one once a password exists (an earlier attempt, or a
 * profile resumed from the guard whose user typed the same password again); without one it is
 * ignored.
 */
export async function completeProfile(input: ProfileInput): Promise<void> {
  await step('password', () => setPassword(input.password, input.savedPassword ?? input.password));
  await step('name', () => appwrite().account.updateName({ name: `${input.firstName.trim()} ${input.lastName.trim()}` }));
  await step('agreements', recordAgreements);
  await useAuthStore.getState().refreshUser();
}

/**
 * spec §3 user_agreements: the record-agreements function writes both consents for the signed-in
 * caller (issue 11: the user, IP and time come from the server, not from the browser); the user
 * agent travels as the execution's header.
 */
export async function recordAgreements(): Promise<void> {
  const userAgent = globalThis.navigator?.userAgent ?? '';
  const answer = await executeFunction('recordAgreements', {}, userAgent ? { headers: { 'user-agent': userAgent } } : {});
  if (answer.success !== true) throw new FunctionRefusedError(answer.error ?? null, 200, answer);
}

export async function signOut(): Promise<void> {
  await useAuthStore.getState().signOut();
}

/**
 * A session this page did not know of already exists (PROTOCOL §2.2: Appwrite refuses a second).
 * issue 20: it is kept — the page shows who is signed in — rather than ended to make room.
 */
export class AlreadySignedInError extends Error {
  constructor() {
    super('Already signed in');
    this.name = 'AlreadySignedInError';
  }
}

/**
 * issue 17: the password was right and a session exists, but two-step verification is on: the
 * session counts for nothing until a code from the authenticator app (or a recovery code) is given.
 */
export class SecondFactorRequiredError extends Error {
  constructor() {
    super('Second factor required');
    this.name = 'SecondFactorRequiredError';
  }
}

async function createPasswordSession(email: string, password: string): Promise<void> {
  const { account } = appwrite();
  try {
    await account.createEmailPasswordSession({ email, password });
  } catch (e) {
    if (errorType(e) === 'user_session_already_exists') throw new AlreadySignedInError();
    throw e;
  }
}

export async function login(email: string, password: string): Promise<Models.User<Models.Preferences>> {
  const { account } = appwrite();
  try {
    await createPasswordSession(email, password);
  } catch (e) {
    // This browser still holds a sign-in that never got its second factor (the tab was closed at
    // the code step): Appwrite refuses everything over it but signing out, so end it and sign in afresh.
    if (!isSecondFactorRequired(e)) throw e;
    await account.deleteSession({ sessionId: 'current' });
    await createPasswordSession(email, password);
  }
  try {
    return await account.get();
  } catch (e) {
    if (isSecondFactorRequired(e)) throw new SecondFactorRequiredError();
    throw e;
  }
}

/** The code step of a sign-in: the second factor, then the signed-in user. */
export async function completeSecondFactor(factor: SecondFactor, code: string): Promise<Models.User<Models.Preferences>> {
  await verifySecondFactor(factor, code);
  return appwrite().account.get();
}

/** Leaving the code step: the half-made session goes (Appwrite allows that without the code). */
export async function abandonSecondFactor(): Promise<void> {
  await appwrite().account.deleteSession({ sessionId: 'current' });
}

export async function sendEmailVerification(): Promise<void> {
  await sendVerificationEmail();
}

export async function sendPasswordResetEmail(email: string): Promise<void> {
  await sendRecoveryEmail({ email });
}

export async function confirmEmailVerification(userId: string, secret: string): Promise<void> {
  await appwrite().account.updateEmailVerification({ userId, secret });
}

export async function confirmPasswordReset(userId: string, secret: string, password: string): Promise<void> {
  await appwrite().account.updateRecovery({ userId, secret, password });
}

/** Re-reads the signed-in user into the one store; the user, or null when signed out. */
export async function refreshAuth(): Promise<Models.User<Models.Preferences> | null> {
  return useAuthStore.getState().refreshUser();
}

/** Change Email on the waiting screen: Appwrite asks for the current password (spec §7 update email). */
export async function changeEmail(email: string, password: string): Promise<void> {
  await appwrite().account.updateEmail({ email, password });
  await refreshAuth();
}
