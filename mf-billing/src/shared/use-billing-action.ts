import { useState } from 'react';
import { createBillingPortalSession, createCheckoutSession } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';
import { leaveTo } from './billing-api.ts';
import { failureText, type FailureText } from './failure-text.ts';

export type BillingAction = 'checkout' | 'portal';

/**
 * A checkout or billing-portal button: `run` asks the function for Stripe's hosted page and leaves
 * for it. A failure is logged and re-enables the button; it is shown (spec §8 text) unless `silent`
 * (spec §8: resume and checkout buttons outside the paywall fail silently).
 */
export function useBillingAction(action: BillingAction, { silent = false }: { silent?: boolean } = {}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureText | null>(null);

  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      leaveTo(action === 'checkout' ? await createCheckoutSession() : await createBillingPortalSession());
    } catch (e) {
      console.warn(action === 'checkout' ? MESSAGES.checkoutFailed : MESSAGES.portalFailed, e);
      if (!silent) setFailure(failureText(action, e));
      setBusy(false);
    }
  };

  return { busy, failure, run };
}
