import { AppwriteException, AuthenticationFactor, AuthenticatorType, type Models } from 'appwrite';
import { appwrite } from '../client/appwrite-client.ts';
import { attempt, isConflict } from '../client/errors.ts';
import type { AuthUser } from './profile.ts';

// Two-step verification (issue 17) on Appwrite's account MFA API: a TOTP authenticator, six
// single-use recovery codes, challenges, and the account's `mfa` flag.

export type TwoStepFactors = Models.MfaFactors;
/** The second factors Cadence offers at sign-in. */
export type SecondFactor = 'totp' | 'recoveryCode';

/** Appwrite's answer to every call but the MFA ones while a session still needs its second factor. */
export const MORE_FACTORS_REQUIRED = 'user_more_factors_required';
/** …and to mfaProtected calls (regenerate codes, remove the authenticator) without a recent challenge. */
export const CHALLENGE_REQUIRED = 'user_challenge_required';

export function isSecondFactorRequired(e: unknown): boolean {
  return e instanceof AppwriteException && e.type === MORE_FACTORS_REQUIRED;
}

/** A wrong, reused or expired code: Appwrite says user_invalid_token for all three. */
export function isWrongCode(e: unknown): boolean {
  return e instanceof AppwriteException && e.type === 'user_invalid_token';
}

// The Web SDK's enum spells the recovery factor `recoverycode`; the server's constant is
// `recoveryCode`, which Appwrite matches exactly once the challenge exists, so send that.
const FACTOR: Record<SecondFactor, AuthenticationFactor> = {
  totp: AuthenticationFactor.Totp,
  recoveryCode: 'recoveryCode' as AuthenticationFactor,
};

export async function listTwoStepFactors(): Promise<TwoStepFactors> {
  return attempt(() => appwrite().account.listMFAFactors());
}

/** Two-step verification is on when the account asks for it and has an authenticator app to ask. */
export function twoStepEnabled(user: Pick<AuthUser, 'mfa'>, factors: Pick<TwoStepFactors, 'totp'>): boolean {
  return user.mfa && factors.totp;
}

/**
 * Proves a second factor for this session: a challenge, then the code. Completes a sign-in that
 * needs it, and counts as the recent challenge that regenerating codes and turning off need.
 */
export async function verifySecondFactor(factor: SecondFactor, code: string): Promise<Models.Session> {
  const { account } = appwrite();
  const challenge = await attempt(() => account.createMFAChallenge({ factor: FACTOR[factor] }));
  return attempt(() => account.updateMFAChallenge({ challengeId: challenge.$id, otp: code.trim() }));
}

export interface TotpSetup {
  /** The shared secret, base32, for typing into an authenticator app. */
  secret: string;
  /** The `otpauth://` URI the QR code carries. */
  uri: string;
}

/** Step 1 of turning on: a new (unverified) authenticator; an earlier unconfirmed one is replaced. */
export async function startTotpSetup(): Promise<TotpSetup> {
  return attempt(() => appwrite().account.createMFAAuthenticator({ type: AuthenticatorType.Totp }));
}

/**
 * Step 2: the app's first code confirms the authenticator, recovery codes are made (regenerated if
 * an earlier set exists: that needs a challenge, which the same code passes within its window),
 * and only then the account asks for two steps — so no sign-in can be locked out half way.
 * Returns the recovery codes, to be shown once.
 */
export async function confirmTotpSetup(code: string): Promise<string[]> {
  const { account } = appwrite();
  const otp = code.trim();
  await attempt(() => account.updateMFAAuthenticator({ type: AuthenticatorType.Totp, otp }));
  let recoveryCodes: string[];
  try {
    recoveryCodes = (await attempt(() => account.createMFARecoveryCodes())).recoveryCodes;
  } catch (e) {
    if (!isConflict(e)) throw e;
    await verifySecondFactor('totp', otp);
    recoveryCodes = (await attempt(() => account.updateMFARecoveryCodes())).recoveryCodes;
  }
  await attempt(() => account.updateMFA({ mfa: true }));
  return recoveryCodes;
}

/** A new set of recovery codes (the old ones stop working); needs a current code. */
export async function regenerateRecoveryCodes(factor: SecondFactor, code: string): Promise<string[]> {
  await verifySecondFactor(factor, code);
  return (await attempt(() => appwrite().account.updateMFARecoveryCodes())).recoveryCodes;
}

/**
 * Turning off needs a current code. The flag goes first: were removing the authenticator to fail,
 * the account must not be left asking for a second step it has no app for.
 */
export async function turnOffTwoStep(factor: SecondFactor, code: string): Promise<void> {
  const { account } = appwrite();
  await verifySecondFactor(factor, code);
  await attempt(() => account.updateMFA({ mfa: false }));
  await attempt(() => account.deleteMFAAuthenticator({ type: AuthenticatorType.Totp }));
}
