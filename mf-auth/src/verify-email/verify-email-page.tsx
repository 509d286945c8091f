import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '@cadence/shared-router';
import { REDIRECT_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { confirmEmailVerification, currentUser, refreshAuth, sendEmailVerification } from '../shared/auth-api.ts';
import { commonMessage, isNetworkError } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';
import { useRedirectAfter } from '../shared/use-redirect-after.ts';
import { parseExpire } from '../reset-password/reset-rules.ts';
import '../shared/auth.css';

type Outcome =
  | { kind: 'verifying' }
  | { kind: 'success'; next: string }
  | { kind: 'failure'; message: string; canResend: boolean };

/** spec §2 /verify-email: confirms the link's userId and secret. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = params.get('userId');
  const secret = params.get('secret');
  const expire = params.get('expire');
  const [verified, setOutcome] = useState<Outcome>({ kind: 'verifying' });
  const outcome: Outcome =
    userId && secret ? verified : { kind: 'failure', message: MESSAGES.verifyMissingParams, canResend: false };
  const [resend, setResend] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  useRedirectAfter(outcome.kind === 'success' ? outcome.next : null, REDIRECT_DELAY_MS);

  useEffect(() => {
    // A link is single use: StrictMode's second effect run must not confirm it again.
    if (started.current || !userId || !secret) return;
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
          setOutcome({ kind: 'failure', message: MESSAGES.network, canResend: false });
          return;
        }
        const user = await currentUser().catch(() => null);
        if (user?.emailVerification) {
          setOutcome({ kind: 'failure', message: MESSAGES.alreadyVerified, canResend: false });
          return;
        }
        const expired = expiresAt !== null && expiresAt <= Date.now();
        setOutcome({ kind: 'failure', message: MESSAGES.verifyLinkInvalid, canResend: expired });
      }
    })();
  }, [userId, secret, expire]);

  const handleResend = async () => {
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

  return (
    <div className="page auth-page">
      <h1>Verify Email</h1>
      {outcome.kind === 'verifying' && (
        <p role="status" aria-live="polite">
          {MESSAGES.verifying}
        </p>
      )}
      {outcome.kind === 'success' && <Notice tone="success">{MESSAGES.verifySuccess}</Notice>}
      {outcome.kind === 'failure' && (
        <>
          <Notice tone="error">{outcome.message}</Notice>
          {resend && <Notice tone={resend.tone}>{resend.text}</Notice>}
          <div className="auth-actions auth-actions-spaced">
            <button type="button" className="button button-primary" onClick={() => navigate('/login')}>
              Go to Login
            </button>
            {outcome.canResend && (
              <button type="button" className="button" onClick={handleResend} disabled={busy}>
                Resend Email
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
