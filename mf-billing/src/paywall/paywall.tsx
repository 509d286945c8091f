import { useEffect, useState } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { decideAccess, useAuthStore, type PaymentReason } from '@cadence/shared-auth';
import { Button, Card, PageHeader, Spinner } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';
import { BillingError } from '../shared/billing-error.tsx';
import { usePreloadStripe } from '../shared/stripe-preload.ts';
import { useBillingAction, type BillingAction } from '../shared/use-billing-action.ts';
import '../shared/billing.css';
import { pollAfterCheckout } from './paywall-polling.ts';

interface Copy {
  title: string;
  body: string;
  action: BillingAction;
  button: string;
}

/** spec §2/§4: the paywall's copy for each reason payment is required. */
export const PAYWALL_COPY: Record<PaymentReason, Copy> = {
  new: {
    title: 'Start your 7-day free trial',
    body: 'Try Cadence free for 7 days, then $10.00 USD / month. Cancel any time.',
    action: 'checkout',
    button: 'Start free trial',
  },
  canceled: {
    title: 'Your subscription has ended',
    body: 'Start a new subscription to keep using Cadence: $10.00 USD / month, cancel any time.',
    action: 'checkout',
    button: 'Start new subscription',
  },
  paused: {
    title: 'Your subscription is paused',
    body: 'Resume your subscription in the billing portal to keep using Cadence.',
    action: 'portal',
    button: 'Open billing portal',
  },
  unknown: {
    title: 'We could not confirm your subscription',
    body: 'Check your subscription and payment method in the billing portal.',
    action: 'portal',
    button: 'Open billing portal',
  },
};

/**
 * Shown by the shell's guard in place of /dashboard and /account when payment is required. It reads
 * the decision itself (no props): the same accessDecision the guard used.
 */
export default function Paywall() {
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const refreshUser = useAuthStore((state) => state.refreshUser);
  const signOut = useAuthStore((state) => state.signOut);
  const [reason, setReason] = useState<PaymentReason | null>(null);
  const checkoutCompleted = user?.labels.includes('checkoutCompleted') ?? false;

  useEffect(() => {
    let current = true;
    void decideAccess(user).then((decision) => {
      if (current && decision.kind === 'paymentRequired') setReason(decision.reason);
    });
    return () => {
      current = false;
    };
  }, [user]);

  useEffect(() => (checkoutCompleted ? pollAfterCheckout(refreshUser) : undefined), [checkoutCompleted, refreshUser]);

  const copy = PAYWALL_COPY[reason ?? 'new'];
  usePreloadStripe(reason !== null && copy.action === 'checkout');

  const { busy, failure, run: act } = useBillingAction(copy.action);

  const logOut = async () => {
    try {
      await signOut();
    } finally {
      navigate('/', { replace: true });
    }
  };

  return (
    <div className="billing-page">
      <Card>
        <div aria-busy={reason === null}>
          <PageHeader title={copy.title} description={copy.body} />
          {copy.action === 'checkout' && (
<p className="billing-plan">{MESSAGES.plan}</p>
          )}
          {checkoutCompleted && <Spinner label="Confirming your payment…" className="billing-status" />}
          {failure && <BillingError failure={failure} />}
          <div className="billing-actions">
            <Button variant="primary" loading={busy} loadingLabel="Redirecting…" disabled={reason === null} onClick={() => void act()}>
              {copy.button}
            </Button>
            <Button variant="secondary" icon="sign-out" onClick={() => void logOut()}>
              Log Out
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
