import { useEffect, useRef, useState } from 'react';
import { useAuthStore } from '@cadence/shared-auth';
import { Link, useNavigate, useSearchParams } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Spinner } from '@cadence/shared-ui';
import { REDIRECT_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { confirmEmailVerification, currentUser, refreshAuth, sendEmailVerification } from '../shared/auth-api.ts';
import { commonMessage, isNetworkError } from '../shared/auth-errors.ts';
import { AuthPage } from '../shared/auth-page.tsx';
import { useRedirectAfter } from '../shared/use-redirect-after.ts';
import { parseExpire } from '../reset-password/reset-rules.ts';
import { VerificationWaiting } from './verification-waiting.tsx';

type Outcome =
  | { kind: 'verifying' }
  | { kind: 'success'; next: string }
  | { kind: 'failure'; message: string; canResend: boolean; signedIn: boolean };

/** spec §2 /verify-email: confirms the link's userId and secret; without them, see NoLink. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const secret = params.get('secret');
  return (
    <AuthPage title="Verify Email">
      {userId && secret ? <LinkCheck userId={userId} secret={secret} expire={params.get('expire')} /> : <NoLink />}
    </AuthPage>
  );
}

/**
 * No userId or secret. Signed out, that is spec §8's missing-parameters failure; signed in and
 * unverified, the guard sent the therapist here (an email change): issue 18's waiting screen.
 */
function NoLink() {
  const navigate = useNavigate();
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  if (status === 'unknown') return <Spinner label={MESSAGES.checkingSession} />;
  if (user && !user.emailVerification) return <VerificationWaiting user={user} />;
  if (user) {
    return (
      <>
        <Alert tone="success">{MESSAGES.alreadyVerified}</Alert>
        <div className="auth-actions">
          <Link className={buttonClassName('primary')} to="/account">
            Go to Account
          </Link>
        </div>
      </>
    );
  }
  return (
    <>
      <Alert tone="error">{MESSAGES.verifyMissingParams}</Alert>
      <div className="auth-actions">
        <Button variant="primary" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
      </div>
    </>
  );
}

function LinkCheck({ userId, secret, expire }: { userId: string; secret: string; expire: string | null }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'verifying' });
  const [resend, setResend] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  useRedirectAfter(outcome.kind === 'success' ? outcome.next : null, REDIRECT_DELAY_MS);

  useEffect(() => {
    // A link is single use: StrictMode's second effect run must not confirm it again.
    if (started.current) return;
    started.current = true;
    const expiresAt = expire ? parseExpire(expire) : null;
    void (async () => {
      try {
        await confirmEmailVerification(userId, secret);
        const user = await currentUser().catch(() => null);
        if (user) await refreshAuth();
        setOutcome({ kind: 'success', next: user ? '/account' : '/login?verified=true' });
      } catch (e) {
        if (isNetworkError(e)) {
          setOutcome({ kind: 'failure', message: MESSAGES.network, canResend: false, signedIn: false });
          return;
        }
        const user = await currentUser().catch(() => null);
        if (user?.emailVerification) {
          setOutcome({ kind: 'failure', message: MESSAGES.alreadyVerified, canResend: false, signedIn: true });
          return;
        }
        const expired = expiresAt !== null && expiresAt <= Date.now();
        setOutcome({ kind: 'failure', message: MESSAGES.verifyLinkInvalid, canResend: expired, signedIn: user !== null });
      }
    })();
  }, [userId, secret, expire]);

  const handleResend = async () => {
    if (outcome.kind !== 'failure') return;
    // issue 20: signed out, sending needs a session: the login page sends one to an unverified user.
    if (!outcome.signedIn) {
      navigate('/login', { state: { message: MESSAGES.loginToResend } });
      return;
    }
    setBusy(true);
    try {
      await sendEmailVerification();
      setResend({ tone: 'success', text: MESSAGES.verificationSent });
    } catch (e) {
      setResend({ tone: 'error', text: commonMessage(e, MESSAGES.resendVerificationFailed) });
    } finally {
      setBusy(false);
    }
  };

  if (outcome.kind === 'verifying') return <Spinner label={MESSAGES.verifying} />;
  if (outcome.kind === 'success') return <Alert tone="success">{MESSAGES.verifySuccess}</Alert>;
  return (
    <>
      <Alert tone="error">{outcome.message}</Alert>
      {resend && <Alert tone={resend.tone}>{resend.text}</Alert>}
      <div className="auth-actions">
        <Button variant="primary" onClick={() => navigate('/login')}>
          Go to Login
        </Button>
        {outcome.canResend && (
          <Button onClick={() => void handleResend()} loading={busy}>
            Resend Email
          </Button>
        )}
      </div>
    </>
  );
}
