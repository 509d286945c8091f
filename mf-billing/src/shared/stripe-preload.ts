import { useEffect } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { getConfig } from '@cadence/shared-auth';

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

// The pure entry injects nothing at import time, and the dynamic import keeps even that loader out
// of the billing screens' own chunks: Stripe.js is fetched only once a checkout is on offer.
const loadFromStripe: StripeLoader = async (publishableKey) => (await import('@stripe/stripe-js/pure')).loadStripe(publishableKey);

/**
 * Checkout itself is Stripe's hosted page (a redirect), so Stripe.js is only there for its fraud
 * signals, which Stripe collects best when the script runs before the customer reaches checkout.
 * One attempt per page load; never rejects and nothing waits for it: offline (or blocked), the
 * answer is `null` and the redirect flow is unchanged.
 */
export function createStripePreloader(load: StripeLoader = loadFromStripe, publishableKey: () => string | undefined = () => getConfig().stripePublishableKey) {
  let pending: Promise<Stripe | null> | null = null;
  return (): Promise<Stripe | null> => {
    pending ??= (async () => {
      try {
        const key = publishableKey();
        return key ? await load(key) : null;
      } catch (error) {
        console.info('Stripe.js is unavailable; checkout continues on the hosted page.', error);
        return null;
      }
    })();
    return pending;
  };
}

export const preloadStripe = createStripePreloader();

/** Starts Stripe.js in the background once `enabled` (a checkout button is on screen). */
export function usePreloadStripe(enabled: boolean): void {
  useEffect(() => {
    if (enabled) void preloadStripe();
  }, [enabled]);
}
