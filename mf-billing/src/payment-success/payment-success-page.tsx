import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@cadence/shared-router';
import {
  appDeepLink, formatBillingDate, getConfig, getCurrentUser, getLatestSubscription, isMobileDevice, openDeepLink,
  subscriptionNextPayment, useAuthStore,
} from '@cadence/shared-auth';
import { Alert, Button, buttonClassName, Card, Icon, Spinner } from '@cadence/shared-ui';
import { ACCOUNT_PATH, LOGIN_PATH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { leaveTo } from '../shared/billing-api.ts';
import '../shared/billing.css';
import { startPaymentSuccessFlow, type PaymentSuccessFlow, type PaymentSuccessPhase } from './payment-success-flow.ts';

/**
 * After a $0 trial checkout, the trial's first charge: the subscription's trial end, the date checkout,
 * the billing portal and Profile show. Null when not trialing; a failed load is logged: no line.
 */
async function trialFirstCharge(userId: string): Promise<Date | null> {
  try {
    const subscription = await getLatestSubscription(userId);
    return subscription?.status === 'trialing' ? subscriptionNextPayment(subscription) : null;
  } catch (error) {
    console.error('Loading the subscription failed', error);
    return null;
  }
}

/** spec §2 /payment-success: the post-checkout confirmation. */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finalRedirectUri = params.get('final_redirect_uri');
  const [phase, setPhase] = useState<PaymentSuccessPhase>({ kind: 'checking' });
  const [firstCharge, setFirstCharge] = useState<Date | null>(null);
  const flow = useRef<PaymentSuccessFlow | null>(null);

  useEffect(() => {
    let cancelDeepLink: (() => void) | undefined;
    const started = startPaymentSuccessFlow({
      checkSubscription: async () => {
        // Not the store's refreshUser: it reads a failure as "signed out", and here a failed check
        // must show its own message (spec §8). The store still gets the fresh user.
        const user = await getCurrentUser();
        useAuthStore.setState({ user, status: user ? 'signedIn' : 'signedOut' });
        if (!user) return 'signedOut';
        if (!user.labels.includes('subscribed')) return 'notSubscribed';
        setFirstCharge(await trialFirstCharge(user.$id));
        return 'subscribed';
      },
      isMobile: isMobileDevice(navigator.userAgent),
      onPhase: setPhase,
      goToAccount: () => navigate(ACCOUNT_PATH, { replace: true }),
      openApp: () => {
        cancelDeepLink = openDeepLink({
          url: appDeepLink(getConfig().mobileAppScheme, finalRedirectUri),
          fallback: ACCOUNT_PATH,
          navigate: (target) => (target === ACCOUNT_PATH ? navigate(ACCOUNT_PATH, { replace: true }) : leaveTo(target)),
          timers: globalThis,
        });
      },
    });
    flow.current = started;
    return () => {
      started.stop();
      cancelDeepLink?.();
    };
  }, [navigate, finalRedirectUri]);

  const checkAgain = (
    <div className="billing-actions">
      <Button variant="primary" onClick={() => flow.current?.checkAgain()}>
        Check Again
      </Button>
      <Link className={buttonClassName('secondary')} to={ACCOUNT_PATH}>
        Go to Account
      </Link>
    </div>
  );

  const trialLine = firstCharge && <p className="billing-trial">{MESSAGES.trialStarted(formatBillingDate(firstCharge))}</p>;
  const succeeded = phase.kind === 'active' || phase.kind === 'openingApp';

  return (
    <div className="billing-page">
      <Card>
        <div className="billing-heading">
          {succeeded && <Icon name="success" className="billing-heading-icon" />}
          <h1>{succeeded ? 'Payment Successful' : 'Confirming your subscription'}</h1>
        </div>
        {phase.kind === 'checking' && <Spinner label="Checking your subscription…" className="billing-status" />}
        {phase.kind === 'active' && (
          <>
            <p>Your subscription is active. Welcome to Cadence!</p>
            {trialLine}
            <p className="billing-countdown" role="status">
              Redirecting to your account in {phase.secondsLeft} {phase.secondsLeft === 1 ? 'second' : 'seconds'}…
            </p>
            <div className="billing-actions">
              <Link className={buttonClassName('primary')} to={ACCOUNT_PATH}>
                Go to Account
              </Link>
            </div>
          </>
        )}
        {phase.kind === 'openingApp' && (
          <>
            <p role="status">Your subscription is active. Opening the Cadence app…</p>
            {trialLine}
          </>
        )}
        {phase.kind === 'signedOut' && (
          <>
            <Alert tone="info">{MESSAGES.signedOut}</Alert>
            <div className="billing-actions">
              <Link className={buttonClassName('primary')} to={LOGIN_PATH} state={{ message: MESSAGES.loginPurpose }}>
                Log In
              </Link>
            </div>
          </>
        )}
        {phase.kind === 'notActive' && (
          <>
            <Alert tone="info">{MESSAGES.notYetActive}</Alert>
            {checkAgain}
          </>
        )}
        {phase.kind === 'slow' && (
          <>
            <p className="billing-slow" role="alert">
              <Icon name="warning" />
              <span>{MESSAGES.activationSlow}</span>
            </p>
            {checkAgain}
          </>
        )}
        {phase.kind === 'error' && (
          <>
            <Alert tone="error">{MESSAGES.statusCheckError}</Alert>
            {checkAgain}
          </>
        )}
      </Card>
    </div>
  );
}
