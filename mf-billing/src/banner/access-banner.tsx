import { useState } from 'react';
import { accessBanner, useAuthStore } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';
import { createBillingPortalSession, createCheckoutSession, leaveTo } from '../shared/billing-api.ts';
import { BillingError } from '../shared/billing-error.tsx';
import { failureText, type FailureText } from '../shared/failure-text.ts';
import { usePreloadStripe } from '../shared/stripe-preload.ts';
import '../shared/billing.css';

/** spec §4 "Canceled and expired banners". */
export const BANNER_COPY = {
  canceled: { text: 'Subscription will end at period end', button: 'Open billing portal', action: 'portal' },
  expired: { text: 'Subscription ended', button: 'Start new subscription', action: 'checkout' },
} as const;

/**
 * Shown by the shell's guard above /dashboard and /account for a user the access decision lets
 * through with a canceled (period still running) or expired subscription. Which one comes from
 * accessBanner, the same rule the shell used to decide to load this module.
 */
export default function AccessBanner() {
  const user = useAuthStore((state) => state.user);
  const kind = user ? accessBanner(user.labels) : null;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureText | null>(null);
  usePreloadStripe(kind === 'expired');

  if (!kind) return null;
  const copy = BANNER_COPY[kind];

  const act = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // The checkout function leaves out the trial for anyone who had a subscription.
      leaveTo(copy.action === 'checkout' ? await createCheckoutSession() : await createBillingPortalSession());
    } catch (e) {
      console.warn(copy.action === 'checkout' ? MESSAGES.checkoutFailed : MESSAGES.portalFailed, e);
      // spec §8: the checkout button (Start new subscription) fails silently; the portal shows its text.
      if (copy.action === 'portal') setFailure(failureText('portal', e));
      setBusy(false);
    }
  };

  return (
    <section className={`access-banner access-banner-${kind}`} aria-label="Subscription">
      <p className="access-banner-text">{copy.text}</p>
      <button type="button" className="button button-primary" onClick={() => void act()} disabled={busy}>
        {busy ? 'Redirecting…' : copy.button}
      </button>
      {failure && <BillingError failure={failure} />}
    </section>
  );
}
