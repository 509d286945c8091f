import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@cadence/shared-router';
import {
  appDeepLink, formatBillingDate, getConfig, getCurrentUser, getLatestSubscription, isMobileDevice, openDeepLink,
  subscriptionNextPayment, useAuthStore,
} from '@cadence/shared-auth';
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
      <button type="button" className="button button-primary" onClick={() => flow.current?.checkAgain()}>
        Check Again
      </button>
      <Link className="button" to={ACCOUNT_PATH}>
        Go to Account
      </Link>
    </div>
  );

  const trialLine = firstCharge && <p className="billing-trial">{MESSAGES.trialStarted(formatBillingDate(firstCharge))}</p>;

  return (
    <div className="page" aria-labelledby="page-title">
      <section className="billing-card">
        <h1 id="page-title">{phase.kind === 'active' || phase.kind === 'openingApp' ? 'Payment Successful' : 'Confirming your subscription'}</h1>
        {phase.kind === 'checking' && (
          <p className="billing-status" role="status">
            Checking your subscription…
          </p>
        )}
        {phase.kind === 'active' && (
          <>
            <p>Your subscription is active. Welcome to Cadence!</p>
            {trialLine}
            <p className="billing-countdown" role="status">
              Redirecting to your account in {phase.secondsLeft} {phase.secondsLeft === 1 ? 'second' : 'seconds'}…
            </p>
            <div className="billing-actions">
              <Link className="button button-primary" to={ACCOUNT_PATH}>
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
            <p role="status">{MESSAGES.signedOut}</p>
            <div className="billing-actions">
              <Link className="button button-primary" to={LOGIN_PATH} state={{ message: MESSAGES.loginPurpose }}>
                Log In
              </Link>
            </div>
          </>
        )}
        {phase.kind === 'notActive' && (
          <>
            <p role="status">{MESSAGES.notYetActive}</p>
            {checkAgain}
          </>
        )}
        {phase.kind === 'slow' && (
          <>
            <p role="alert">{MESSAGES.activationSlow}</p>
            {checkAgain}
          </>
        )}
        {phase.kind === 'error' && (
          <>
            <p className="billing-error" role="alert">
              {MESSAGES.statusCheckError}
            </p>
            {checkAgain}
          </>
        )}
      </section>
    </div>
  );
}
