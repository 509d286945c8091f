import { getLatestSubscription } from './billing.ts';
import type { UserLabel } from '../config/constants.ts';
import type { AuthUser } from '../auth/profile.ts';

/** spec §4: why the paywall is shown. */
export type PaymentReason = 'new' | 'paused' | 'canceled' | 'unknown';

export type AccessDecision =
  | { kind: 'notAuthenticated' }
  | { kind: 'requiresVerification' }
  | { kind: 'allowed' }
  | { kind: 'paymentRequired'; reason: PaymentReason };

/**
 * What the latest subscription lookup gave (spec §4 step 5): its currentPeriodEnd, `null` when
 * there is none, `'error'` when the lookup failed. `undefined` = not looked up.
 */
export type LatestSubscriptionLookup = { currentPeriodEnd: string | null | undefined } | null | 'error' | undefined;

export type AccessUser = Pick<AuthUser, 'labels' | 'emailVerification'>;

const has = (user: AccessUser, label: UserLabel): boolean => user.labels.includes(label);

/** True when the decision depends on the latest subscription (spec §4 step 5 is reached). */
export function needsSubscriptionLookup(user: AccessUser | null): boolean {
  return Boolean(
    user && user.emailVerification && !has(user, 'subscriptionExpired') && !has(user, 'subscriptionPaused') && has(user, 'subscriptionCanceled'),
  );
}

/** spec §4 "Access decision after login", checked in this order. Pure: the lookup is passed in. */
export function accessDecision(user: AccessUser | null, latest: LatestSubscriptionLookup = undefined, now: number = Date.now()): AccessDecision {
  if (!user) return { kind: 'notAuthenticated' };
  if (!user.emailVerification) return { kind: 'requiresVerification' };
  if (has(user, 'subscriptionExpired')) return { kind: 'allowed' };
  if (has(user, 'subscriptionPaused')) return { kind: 'paymentRequired', reason: 'paused' };
  if (has(user, 'subscriptionCanceled')) {
    const end = latest && latest !== 'error' && latest.currentPeriodEnd ? Date.parse(latest.currentPeriodEnd) : Number.NaN;
    // A failed or missing lookup cannot prove the period is still running: 'canceled'.
    return end > now ? { kind: 'allowed' } : { kind: 'paymentRequired', reason: 'canceled' };
  }
  if (has(user, 'subscribed')) {
    return has(user, 'paymentFailed') || has(user, 'trialActive') || has(user, 'paymentCurrent')
      ? { kind: 'allowed' }
      : { kind: 'paymentRequired', reason: 'unknown' };
  }
  return { kind: 'paymentRequired', reason: 'new' };
}

/** The access decision with the latest-subscription lookup done only when step 5 needs it. */
export async function decideAccess(
  user: (AccessUser & Pick<AuthUser, '$id'>) | null,
  lookup: (userId: string) => Promise<{ currentPeriodEnd?: string | null } | null> = getLatestSubscription,
  now: () => number = Date.now,
): Promise<AccessDecision> {
  if (!user || !needsSubscriptionLookup(user)) return accessDecision(user, undefined, now());
  let latest: LatestSubscriptionLookup;
  try {
    const subscription = await lookup(user.$id);
    latest = subscription ? { currentPeriodEnd: subscription.currentPeriodEnd } : null;
  } catch {
    latest = 'error';
  }
  return accessDecision(user, latest, now());
}

/** spec §4 canceled and expired banners: which one (if any) a user who is let through sees. */
export type AccessBanner = 'canceled' | 'expired' | null;

export function accessBanner(labels: readonly string[]): AccessBanner {
  // Expired wins: a subscription that has ended is no longer "ending at period end".
  if (labels.includes('subscriptionExpired')) return 'expired';
  if (labels.includes('subscriptionCanceled')) return 'canceled';
  return null;
}
