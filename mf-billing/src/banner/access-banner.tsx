import { accessBanner, formatBillingDate, getLatestSubscription, subscriptionNextPayment, useAuthStore } from '@cadence/shared-auth';
import { useEffect, useState } from 'react';
import { Button, Icon } from '@cadence/shared-ui';
import { BillingError } from '../shared/billing-error.tsx';
import { usePreloadStripe } from '../shared/stripe-preload.ts';
import { useBillingAction } from '../shared/use-billing-action.ts';
import '../shared/billing.css';

/** spec §4 "Canceled and expired banners". */
export const BANNER_COPY = {
  canceled: { text: 'Subscription will end at period end', button: 'Open billing portal', action: 'portal' },
  expired: { text: 'Subscription ended', button: 'Start new subscription', action: 'checkout' },
} as const;

/**
 * A canceled subscription's last day of access: the date its period ends (the trial end while
 * trialing), the one date Profile and the billing portal's "Access until" show. Null while loading or
 * when the load fails (logged): the banner keeps the spec's text alone.
 */
function useAccessUntil(userId: string | undefined, canceled: boolean): Date | null {
  const [until, setUntil] = useState<Date | null>(null);
  useEffect(() => {
    if (!userId || !canceled) return;
    let active = true;
    getLatestSubscription(userId).then(
      (subscription) => active && setUntil(subscriptionNextPayment(subscription)),
      (error: unknown) => console.error('Loading the subscription failed', error),
    );
    return () => {
      active = false;
    };
  }, [userId, canceled]);
  return canceled ? until : null;
}

/**
 * Shown by the shell's guard above /dashboard and /account for a user the access decision lets
 * through with a canceled (period still running) or expired subscription. Which one comes from
 * accessBanner, the same rule the shell used to decide to load this module.
 */
export default function AccessBanner() {
  const user = useAuthStore((state) => state.user);
  const kind = user ? accessBanner(user.labels) : null;
  const action = kind ? BANNER_COPY[kind].action : 'portal';
  // spec §8: the checkout button (Start new subscription) fails silently; the portal shows its text.
  // The checkout function leaves out the trial for anyone who had a subscription.
  const { busy, failure, run: act } = useBillingAction(action, { silent: action === 'checkout' });
  usePreloadStripe(kind === 'expired');
  const accessUntil = useAccessUntil(user?.$id, kind === 'canceled');

  if (!kind) return null;
  const copy = BANNER_COPY[kind];

  return (
    <section className={`access-banner access-banner-${kind}`} aria-label="Subscription">
      <Icon name={kind === 'expired' ? 'error' : 'warning'} className="access-banner-icon" />
      <div className="access-banner-text">
        <p>{copy.text}</p>
        {accessUntil && <p className="access-banner-until">Access until {formatBillingDate(accessUntil)}</p>}
      </div>
      <Button variant="primary" loading={busy} loadingLabel="Redirecting…" onClick={() => void act()}>
        {copy.button}
      </Button>
      {failure && <BillingError failure={failure} />}
    </section>
  );
}
