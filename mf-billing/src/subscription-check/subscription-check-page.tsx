import { useEffect, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { appDeepLink, getActiveSubscription, getConfig, getCurrentUser, isMobileDevice } from '@cadence/shared-auth';
import { buttonClassName, Card, Icon, PageHeader, Spinner } from '@cadence/shared-ui';
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
    <div className="billing-page">
      <Card>
        <div aria-busy={check === 'checking'}>
          {check === 'checking' && (
            <>
              <PageHeader title="Checking your subscription" />
              <Spinner label="One moment…" className="billing-status" />
            </>
          )}
          {check === 'active' && (
            <>
              <div className="billing-heading">
                <Icon name="success" className="billing-heading-icon" />
                <h1>Thank you for subscribing!</h1>
              </div>
              <p>Your Cadence subscription is active.</p>
              <div className="billing-actions">
                <Link className={buttonClassName('primary')} to={ACCOUNT_PATH}>
                  Go to Account
                </Link>
              </div>
            </>
          )}
          {check === 'processing' && (
            <>
              <PageHeader title={MESSAGES.paymentProcessing} description="Your payment is being processed. This can take a few moments." />
              <div className="billing-actions">
                <Link className={buttonClassName('primary')} to="/">
                  Return Home
                </Link>
              </div>
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
