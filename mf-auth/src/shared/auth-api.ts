import type { Models } from 'appwrite';
import {
  appwrite,
  getConfig,
  getCurrentUser,
  ownerPermissions,
  sendEmailVerification as sendVerificationEmail,
  sendPasswordResetEmail as sendRecoveryEmail,
  uniqueId,
  useAuthStore,
} from '@cadence/shared-auth';
import { AGREEMENT_VERSION, OTP_LIFETIME_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isNetworkError } from './auth-errors.ts';

// The Appwrite calls of mf-auth, in one small module: shared-auth's wrappers where it has them,
// and the sign-up-only calls (email code, functions, consents) through its one client.

const origin = (): string => globalThis.location?.origin ?? 'http://localhost';

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

/** spec §8 "Function errors": the function's own error text, or the execution's. */
export function parseExecution(execution: Pick<Models.Execution, 'status' | 'responseBody' | 'errors'>): ConflictAnswer {
  if (execution.status === 'failed') throw new Error(execution.errors || 'Function execution failed');
  if (!execution.responseBody) throw new Error('Function returned empty response');
  const body = JSON.parse(execution.responseBody) as Partial<ConflictAnswer>;
  return {
    success: body.success === true,
    userId: typeof body.userId === 'string' && body.userId ? body.userId : null,
    secret: null, // never used: a code reaches only the mailbox
    phrase: typeof body.phrase === 'string' ? body.phrase : null,
    error: typeof body.error === 'string' ? body.error : null,
    shouldRedirectToLogin: body.shouldRedirectToLogin === true,
  };
}

async function execute(functionId: string, body: Record<string, unknown>): Promise<Models.Execution> {
  return appwrite().functions.createExecution({ functionId, body: JSON.stringify(body), async: false });
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
  const { functions } = getConfig();
  for (const functionId of [functions.handleIncompleteVerifiedUsers, functions.handleSignupConflict]) {
    let answer: ConflictAnswer;
    try {
      answer = parseExecution(await execute(functionId, { email, withPhrase: true }));
    } catch (e) {
      if (isNetworkError(e)) throw e;
      console.warn(`${functionId} failed; trying the next sign-up path`, e);
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

/** 'Tap to change': remove the pending user (the function refuses anything else). */
export async function deletePendingUser(userId: string): Promise<void> {
  await execute(getConfig().functions.deletePendingUser, { userId });
}

/** The signed-in user, or null without a session; network and server failures throw. */
export const currentUser = getCurrentUser;

export interface ProfileInput {
  firstName: string;
  lastName: string;
  password: string;
}

/** spec §4 step 3: name, password, then the two consents (spec §3 user_agreements). */
export async function completeProfile(userId: string, input: ProfileInput): Promise<void> {
  const { account } = appwrite();
  await account.updateName({ name: `${input.firstName.trim()} ${input.lastName.trim()}` });
  await account.updatePassword({ password: input.password });
  await recordAgreements(userId);
  await useAuthStore.getState().refreshUser();
}

export async function recordAgreements(userId: string): Promise<void> {
  const config = getConfig();
  const acceptedAt = new Date().toISOString();
  for (const agreementType of ['terms', 'privacy'] as const) {
    await appwrite().databases.createDocument({
      databaseId: config.databaseId,
      collectionId: config.collections.userAgreements,
      documentId: uniqueId(),
      data: {
        userId,
        agreementType,
        version: AGREEMENT_VERSION,
        accepted: true,
        acceptedAt,
        ipAddress: null,
        userAgent: globalThis.navigator?.userAgent ?? '',
        source: 'website',
        documentUrl: `${origin()}/${agreementType}`,
        consentMethod: 'checkbox',
      },
      permissions: ownerPermissions(userId),
    });
  }
}

export async function signOut(): Promise<void> {
  await useAuthStore.getState().signOut();
}

export async function login(email: string, password: string): Promise<Models.User<Models.Preferences>> {
  const { account } = appwrite();
  try {
    await account.createEmailPasswordSession({ email, password });
  } catch (e) {
    // A stale session blocks a new one (PROTOCOL §2.2): end it and try once more.
    if (e instanceof Error && 'type' in e && e.type === 'user_session_already_exists') {
      await signOut();
      await account.createEmailPasswordSession({ email, password });
    } else {
      throw e;
    }
  }
  return account.get();
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

export async function refreshAuth(): Promise<void> {
  await useAuthStore.getState().refreshUser();
}
