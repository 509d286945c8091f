import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { commonMessage, errorText, fieldProblem, isInvalidCredentials } from '../shared/auth-errors.ts';
import { login, refreshAuth, sendEmailVerification, sendPasswordResetEmail, signOut } from '../shared/auth-api.ts';
import { Notice, type NoticeTone } from '../shared/notice.tsx';
import '../shared/auth.css';

interface LoginRouterState {
  email?: string;
  message?: string;
}

interface Feedback {
  tone: NoticeTone;
  text: string;
}

/** spec §2 /login, §8 login errors. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const routerState = (useLocation().state ?? {}) as LoginRouterState;
  const [email, setEmail] = useState(routerState.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(
    routerState.message ? { tone: 'info', text: routerState.message } : null,
  );
  const [showReset, setShowReset] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const verified = searchParams.get('verified') === 'true';

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFeedback(null);
    setShowReset(false);
    setUnverified(false);
    try {
      const user = await login(email, password);
      if (!user.emailVerification) {
        // spec §8 unverified login: signed out, a new verification email sent.
        let sent = true;
        await sendEmailVerification().catch(() => (sent = false));
        await signOut().catch(() => undefined);
        setUnverified(true);
        setFeedback({ tone: 'warning', text: sent ? MESSAGES.unverifiedResent : MESSAGES.unverifiedResendFailed });
        return;
      }
      await refreshAuth();
      navigate('/account');
    } catch (e) {
      // Appwrite checks the length before the password: a short one is simply not the password
      // (spec §8), but an over-long one or a malformed email is named as such (issue 11).
      const problem = fieldProblem(e, { password });
      if (isInvalidCredentials(e) || problem?.reason === 'tooShort') {
        setFeedback({ tone: 'error', text: MESSAGES.incorrectPassword });
        setShowReset(true);
      } else if (problem) {
        setFeedback({ tone: 'error', text: problem.text });
      } else {
        setFeedback({ tone: 'error', text: commonMessage(e, MESSAGES.loginFailed) });
      }
    } finally {
      setBusy(false);
    }
  };

  const handleReset = async () => {
    setBusy(true);
    try {
      await sendPasswordResetEmail(email);
      setFeedback({ tone: 'success', text: MESSAGES.resetEmailSent });
      setShowReset(false);
    } catch (e) {
      setFeedback({ tone: 'error', text: MESSAGES.resetEmailFailed(errorText(e)) });
    } finally {
      setBusy(false);
    }
  };

  // Sending a verification email needs a session: sign in, send, sign out again.
  const handleResendVerification = async () => {
    setBusy(true);
    try {
      await login(email, password);
      await sendEmailVerification();
      setFeedback({ tone: 'success', text: MESSAGES.verificationSent });
    } catch (e) {
      setFeedback({ tone: 'error', text: commonMessage(e, MESSAGES.resendVerificationFailed) });
    } finally {
      await signOut().catch(() => undefined);
      setBusy(false);
    }
  };

  return (
    <div className="page auth-page">
      <h1>Login</h1>
      {verified && <Notice tone="success">{MESSAGES.verifiedBanner}</Notice>}
      {feedback && <Notice tone={feedback.tone}>{feedback.text}</Notice>}
      {unverified && (
        <div className="auth-alert auth-alert--warning">
          <button type="button" className="button" onClick={handleResendVerification} disabled={busy}>
            {MESSAGES.needAnotherVerification}
          </button>
        </div>
      )}
      <form className="auth-form" onSubmit={handleSubmit}>
        <div className="auth-field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            className="auth-input"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="auth-field">
          <label htmlFor={passwordId}>Password</label>
          <input
            id={passwordId}
            className="auth-input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <div className="auth-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Log In
          </button>
          {showReset && (
            <button type="button" className="button" onClick={handleReset} disabled={busy || email === ''}>
              Reset Password
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
