import { accessBanner, type AccessBanner, type AccessDecision, type SessionValidation } from '@cadence/shared-auth';

// spec §2 "Guard on /dashboard and /account": where each validation outcome leads.

export const GUARD_MESSAGES = {
  needsSignup: 'Your profile was incomplete. Please complete the signup process.',
  needsProfileCompletion: 'Please complete your profile to continue.',
} as const;

export interface SignupRedirectState {
  email: string;
  message: string;
  skipToStep?: 3;
}

export type GuardDecision = { kind: 'render' } | { kind: 'redirect'; to: string; state?: SignupRedirectState };

/** `null` stands for a validation that failed (an error): it goes to /login. */
export function guardDecision(result: SessionValidation | null): GuardDecision {
  if (!result) return { kind: 'redirect', to: '/login' };
  const email = result.email ?? '';
  if (result.needsLogin) return { kind: 'redirect', to: '/login' };
  // spec §2: the session-based protection sends an unverified (but complete) user to /verify-email.
  if (result.needsVerification) return { kind: 'redirect', to: '/verify-email' };
  if (result.needsSignup) return { kind: 'redirect', to: '/signup', state: { email, message: GUARD_MESSAGES.needsSignup } };
  if (result.needsProfileCompletion) {
    return { kind: 'redirect', to: '/signup', state: { email, message: GUARD_MESSAGES.needsProfileCompletion, skipToStep: 3 } };
  }
  if (result.isValid) return { kind: 'render' };
  return { kind: 'redirect', to: '/login' };
}

export type AccessOutcome = { kind: 'render'; banner: AccessBanner } | { kind: 'paywall' } | { kind: 'redirect'; to: string };

/**
 * spec §4 access decision → what the guard shows: the page (with the canceled or expired banner
 * above it when the labels call for one), the paywall in its place, or (when the user signed out or
 * lost verification since the session check) the way back.
 */
export function accessOutcome(decision: AccessDecision, labels: readonly string[] = []): AccessOutcome {
  switch (decision.kind) {
    case 'allowed':
      return { kind: 'render', banner: accessBanner(labels) };
    case 'paymentRequired':
      return { kind: 'paywall' };
    case 'requiresVerification':
      return { kind: 'redirect', to: '/verify-email' };
    case 'notAuthenticated':
      return { kind: 'redirect', to: '/login' };
  }
}
