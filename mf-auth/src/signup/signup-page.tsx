import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@cadence/shared-router';
import { classifySession, getConfig, type AuthUser } from '@cadence/shared-auth';
import { Alert } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';
import type { SentCode } from '../shared/auth-api.ts';
import { AuthPage } from '../shared/auth-page.tsx';
import { SignedInPanel, useSignedInOnArrival } from '../shared/signed-in-panel.tsx';
import { allowedRedirectUri } from '../shared/redirect-uri.ts';
import { CodeStep } from './code-step.tsx';
import { EmailStep } from './email-step.tsx';
import { ProfileStep } from './profile-step.tsx';
import {
  clearProgress,
  initialProgress,
  loadProgress,
  saveProgress,
  startingProgress,
  type SignupProgress,
} from './signup-state.ts';

const STEP_TITLES = { 1: 'Enter your email', 2: 'Check your email', 3: 'Complete your profile' } as const;

/**
 * issue 20: a finished account signed in is told so (its session kept); an unfinished sign-up's
 * session (the guard's "needs signup" and "needs profile completion") continues here.
 */
const finishedAccount = (user: AuthUser): boolean => {
  const session = classifySession(user);
  return session.isValid || session.needsVerification;
};

/** spec §2 /signup: three steps; progress per spec §4, kept in sessionStorage. */
export default function SignupPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [start] = useState(() => startingProgress(location.state, loadProgress()));
  const [progress, setProgressState] = useState<SignupProgress>(start.progress);
  const [info, setInfo] = useState<string | null>(start.message || null);
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useSignedInOnArrival(finishedAccount);

  const setProgress = (next: SignupProgress) => {
    setProgressState(next);
    saveProgress(next);
  };

  useEffect(() => saveProgress(start.progress), [start.progress]);

  useEffect(() => {
    // The guard's router state applies once (on arrival): a reload resumes from the saved progress.
    if (location.state) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location.state, location.pathname, location.search, navigate]);

  const handleSent = (email: string, sent: SentCode) => {
    setInfo(null);
    setError(null);
    setProgress({ step: 2, email, userId: sent.userId, phrase: sent.phrase, codeSentAt: sent.sentAt, codeExpiresAt: sent.expiresAt });
  };

  const handleComplete = () => {
    clearProgress();
    const redirect = allowedRedirectUri(searchParams.get('redirect_uri'), getConfig().mobileAppScheme);
    if (redirect) window.location.assign(redirect);
    else navigate('/account');
  };

  const handleStateLost = () => {
    setInfo(null);
    setError(MESSAGES.signupStateLost);
    setProgress(initialProgress(progress.email));
  };

  if (signedIn) {
    return (
      <AuthPage title="Sign Up">
        <SignedInPanel user={signedIn} onSignedOut={() => setSignedIn(null)} />
      </AuthPage>
    );
  }

  return (
    <AuthPage title="Sign Up" description={`Step ${progress.step} of 3: ${STEP_TITLES[progress.step]}`}>
      {info && <Alert tone="info">{info}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      {progress.step === 1 && <EmailStep initialEmail={progress.email} onSent={handleSent} />}
      {progress.step === 2 && (
        <CodeStep
          progress={progress}
          onVerified={() => {
            setError(null);
            setProgress({ ...progress, step: 3 });
          }}
          onResent={(sent) =>
            setProgress({ ...progress, userId: sent.userId, phrase: sent.phrase, codeSentAt: sent.sentAt, codeExpiresAt: sent.expiresAt })
          }
          onChangeEmail={() => {
            setError(null);
            setProgress(initialProgress(progress.email));
          }}
        />
      )}
      {progress.step === 3 && <ProfileStep email={progress.email} onComplete={handleComplete} onStateLost={handleStateLost} />}
    </AuthPage>
  );
}
