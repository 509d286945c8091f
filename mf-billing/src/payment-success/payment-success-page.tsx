import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '@cadence/shared-router';
import { appDeepLink, getConfig, getCurrentUser, isMobileDevice, useAuthStore } from '@cadence/shared-auth';
import { ACCOUNT_PATH, MOBILE_FALLBACK_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { leaveTo } from '../shared/billing-api.ts';
import '../shared/billing.css';
import { startPaymentSuccessFlow, type PaymentSuccessFlow, type PaymentSuccessPhase } from './payment-success-flow.ts';

/** spec §2 /payment-success: the post-checkout confirmation. */
export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finalRedirectUri = params.get('final_redirect_uri');
  const [phase, setPhase] = useState<PaymentSuccessPhase>({ kind: 'checking' });
  const flow = useRef<PaymentSuccessFlow | null>(null);

  useEffect(() => {
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const started = startPaymentSuccessFlow({
      isSubscribed: async () => {
        // Not the store's refreshUser: it reads a failure as "signed out", and here a failed check
        // must show its own message (spec §8). The store still gets the fresh user.
        const user = await getCurrentUser();
        useAuthStore.setState({ user, status: user ? 'signedIn' : 'signedOut' });
        return user?.labels.includes('subscribed') ?? false;
      },
      isMobile: isMobileDevice(navigator.userAgent),
      onPhase: setPhase,
      goToAccount: () => navigate(ACCOUNT_PATH, { replace: true }),
      openApp: () => {
        leaveTo(appDeepLink(getConfig().mobileAppScheme, finalRedirectUri));
        fallback = setTimeout(() => navigate(ACCOUNT_PATH, { replace: true }), MOBILE_FALLBACK_MS);
      },
    });
    flow.current = started;
    return () => {
      started.stop();
      clearTimeout(fallback);
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
          <p role="status">Your subscription is active. Opening the Cadence app…</p>
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
