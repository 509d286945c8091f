import type { SubscriptionFields } from './billing-types.ts';

type SubscriptionPeriod = Pick<SubscriptionFields, 'status' | 'trialEnd' | 'currentPeriodEnd'>;

function parsed(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * When the subscription next charges, as Stripe bills it: the trial end while trialing (the first
 * charge; Stripe anchors the monthly cycle there), the current period end after. Null while there is
 * no subscription period yet (no subscription, or the webhook has not synced it): callers then fall
 * back to the spec §9 one-month rule. Profile, /payment-success and the trial_ending notification all
 * read this one date, so they agree with Stripe's checkout and billing portal.
 */
export function subscriptionNextPayment(subscription: SubscriptionPeriod | null | undefined): Date | null {
  // An ended subscription has no period in force: its last period end is not a payment to come.
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return null;
  if (subscription.status === 'trialing') return parsed(subscription.trialEnd) ?? parsed(subscription.currentPeriodEnd);
  return parsed(subscription.currentPeriodEnd);
}

/** A billing date as the therapist reads it: 'December 1, 2026' (their own time zone). */
export function formatBillingDate(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return value.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
