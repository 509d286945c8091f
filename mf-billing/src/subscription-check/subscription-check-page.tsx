import { useEffect, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { appDeepLink, getActiveSubscription, getConfig, getCurrentUser, isMobileDevice } from '@cadence/shared-auth';
import { ACCOUNT_PATH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { leaveTo } from '../shared/billing-api.ts';
import '../shared/billing.css';

type Check = 'checking' | 'active' | 'processing';

/** spec §2 subscription-check page (/success): an active or trialing subscription, or still processing. */
export async function checkSubscription(): Promise<Exclude<Check, 'checking'>> {
  const user = await getCurrentUser();
  if (!user) return 'processing';
  const subscription = await getActiveSubscription(user.$id);
  return subscription && (subscription.status === 'active' || subscription.status === 'trialing') ? 'active' : 'processing';
}

export default function SubscriptionCheckPage() {
  const [check, setCheck] = useState<Check>('checking');

  useEffect(() => {
    let current = true;
    checkSubscription()
      .catch((error: unknown) => {
        console.warn('Subscription check failed', error);
        return 'processing' as const;
      })
      .then((result) => {
        if (!current) return;
        setCheck(result);
        if (result === 'active' && isMobileDevice(navigator.userAgent)) leaveTo(appDeepLink(getConfig().mobileAppScheme));
      });
    return () => {
      current = false;
    };
  }, []);

  return (
    <div className="page" aria-labelledby="page-title">
      <section className="billing-card" aria-busy={check === 'checking'}>
        {check === 'checking' && (
          <>
            <h1 id="page-title">Checking your subscription</h1>
            <p className="billing-status" role="status">
              One moment…
            </p>
          </>
        )}
        {check === 'active' && (
          <>
            <h1 id="page-title">Thank you for subscribing!</h1>
            <p>Your Cadence subscription is active.</p>
            <div className="billing-actions">
              <Link className="button button-primary" to={ACCOUNT_PATH}>
                Go to Account
              </Link>
            </div>
          </>
        )}
        {check === 'processing' && (
          <>
            <h1 id="page-title">{MESSAGES.paymentProcessing}</h1>
            <p>Your payment is being processed. This can take a few moments.</p>
            <div className="billing-actions">
              <Link className="button button-primary" to="/">
                Return Home
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
