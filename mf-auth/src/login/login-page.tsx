import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@cadence/shared-router';
import type { AuthUser, InactivitySignOutState } from '@cadence/shared-auth';
import { Alert, Button, type AlertTone } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';
import { commonMessage, errorText, fieldProblem, isInvalidCredentials } from '../shared/auth-errors.ts';
import {
  abandonSecondFactor, AlreadySignedInError, login, refreshAuth, SecondFactorRequiredError, sendEmailVerification,
  sendPasswordResetEmail, signOut,
} from '../shared/auth-api.ts';
import { AuthPage } from '../shared/auth-page.tsx';
import { SignedInPanel, useSignedInOnArrival } from '../shared/signed-in-panel.tsx';
import { EmailInput, PasswordInput } from '../shared/credential-inputs.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

interface LoginRouterState extends Partial<InactivitySignOutState> {
  email?: string;
  message?: string;
}

/** What the page says on arrival: the message it was sent with, or why the session ended (issue 17). */
function arrivalFeedback(state: LoginRouterState): Feedback | null {
  if (state.message) return { tone: 'info', text: state.message };
  const minutes = state.signedOutAfterIdleMinutes;
  if (typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0) return { tone: 'info', text: MESSAGES.signedOutIdle(minutes) };
  return null;
}

interface Feedback {
  tone: AlertTone;
  text: string;
}

type Busy = 'login' | 'reset' | 'resend' | null;

/** spec §2 /login, §8 login errors. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const routerState = (useLocation().state ?? {}) as LoginRouterState;
  const [email, setEmail] = useState(routerState.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(() => arrivalFeedback(routerState));
  const [showReset, setShowReset] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [signedIn, setSignedIn] = useSignedInOnArrival();
  // issue 17: the password was right; two-step verification asks for a code before the sign-in counts.
  const [secondFactor, setSecondFactor] = useState(false);
  const verified = searchParams.get('verified') === 'true';

  /** A session the page had not heard of: show whose it is rather than end it (issue 20). */
  const showExistingSession = async () => {
    const user = await refreshAuth();
    setFeedback(null);
    setSignedIn(user);
  };

  /** A session with every factor it needs: on to the account, as spec §2 /login does. */
  const finishLogin = async (user: AuthUser) => {
    if (!user.emailVerification) {
      // spec §8 unverified login: signed out, a new verification email sent.
      let sent = true;
      await sendEmailVerification().catch(() => (sent = false));
      await signOut().catch(() => undefined);
      setSecondFactor(false);
      setUnverified(true);
      setFeedback({ tone: 'warning', text: sent ? MESSAGES.unverifiedResent : MESSAGES.unverifiedResendFailed });
      return;
    }
    await refreshAuth();
    navigate('/account');
  };

  const leaveSecondFactor = async () => {
    await abandonSecondFactor().catch((e: unknown) => console.error('Ending the unfinished sign-in failed', e));
    setSecondFactor(false);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('login');
    setFeedback(null);
    setShowReset(false);
    setUnverified(false);
    try {
      await finishLogin(await login(email, password));
    } catch (e) {
      if (e instanceof AlreadySignedInError) {
        await showExistingSession();
        return;
      }
      if (e instanceof SecondFactorRequiredError) {
        setPassword('');
        setSecondFactor(true);
        return;
      }
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
      setBusy(null);
    }
  };

  const handleReset = async () => {
    setBusy('reset');
    try {
      await sendPasswordResetEmail(email);
      setFeedback({ tone: 'success', text: MESSAGES.resetEmailSent });
      setShowReset(false);
    } catch (e) {
      setFeedback({ tone: 'error', text: MESSAGES.resetEmailFailed(errorText(e)) });
    } finally {
      setBusy(null);
    }
  };

  // Sending a verification email needs a session: sign in, send, sign out again.
  const handleResendVerification = async () => {
    setBusy('resend');
    let ownSession = false;
    try {
      await login(email, password);
      ownSession = true;
      await sendEmailVerification();
      setFeedback({ tone: 'success', text: MESSAGES.verificationSent });
    } catch (e) {
      if (e instanceof AlreadySignedInError) {
        await showExistingSession();
        return;
      }
      // The sign-in needs its second factor before it can send anything: end it again.
      if (e instanceof SecondFactorRequiredError) await abandonSecondFactor().catch(() => undefined);
      setFeedback({ tone: 'error', text: commonMessage(e, MESSAGES.resendVerificationFailed) });
    } finally {
      if (ownSession) await signOut().catch(() => undefined);
      setBusy(null);
    }
  };

  if (signedIn) {
    return (
      <AuthPage title="Login">
        <SignedInPanel user={signedIn} onSignedOut={() => setSignedIn(null)} />
      </AuthPage>
    );
  }

  if (secondFactor) {
    return (
      <AuthPage title="Login">
        <SecondFactorStep onVerified={finishLogin} onCancel={leaveSecondFactor} />
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Login">
      {verified && <Alert tone="success">{MESSAGES.verifiedBanner}</Alert>}
      {feedback && (
        <Alert
          tone={feedback.tone}
          action={
            unverified && (
              <Button onClick={() => void handleResendVerification()} loading={busy === 'resend'} disabled={busy !== null && busy !== 'resend'}>
                {MESSAGES.needAnotherVerification}
              </Button>
            )
          }
        >
          {feedback.text}
        </Alert>
      )}
      <form className="auth-form" onSubmit={(e) => void handleSubmit(e)}>
        <EmailInput label="Email" value={email} onChange={setEmail} />
        <PasswordInput label="Password" value={password} onChange={setPassword} />
        <div className="auth-actions">
          <Button type="submit" variant="primary" loading={busy === 'login'} disabled={busy !== null && busy !== 'login'}>
            Log In
          </Button>
          {showReset && (
            <Button onClick={() => void handleReset()} loading={busy === 'reset'} disabled={(busy !== null && busy !== 'reset') || email === ''}>
              Reset Password
            </Button>
          )}
        </div>
      </form>
    </AuthPage>
  );
}
