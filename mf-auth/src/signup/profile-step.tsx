import { useId, useRef, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { completeProfile, currentUser, profileWaitMs, ProfileSaveError } from '../shared/auth-api.ts';
import { commonMessage, fieldProblem, isInvalidCredentials } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';
import { PasswordField } from './password-field.tsx';

interface ProfileStepProps {
  onComplete: () => void;
  onStateLost: () => void;
}

const FALLBACK = {
  password: MESSAGES.setPasswordFailed,
  name: MESSAGES.nameSaveFailed,
  agreements: MESSAGES.agreementsFailed,
} as const;

/** The message for a failed save: the field and Appwrite's reason, else the step's own text. */
function profileErrorMessage(e: unknown, password: string): string {
  if (!(e instanceof ProfileSaveError)) return commonMessage(e, MESSAGES.setPasswordFailed);
  const problem = fieldProblem(e.cause, { password });
  if (problem) return problem.text;
  if (e.field === 'password' && isInvalidCredentials(e.cause)) return MESSAGES.passwordAlreadySet;
  return commonMessage(e.cause, FALLBACK[e.field]);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** spec §2 step 3: names, password, consents; spec §4 then /account. */
export function ProfileStep({ onComplete, onStateLost }: ProfileStepProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  // The password an earlier attempt saved before its name or consents failed: Appwrite asks for it.
  const savedPassword = useRef<string | null>(null);
  const ids = { first: useId(), last: useId(), password: useId(), hint: useId(), terms: useId(), privacy: useId() };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (firstName.trim() === '' || lastName.trim() === '') {
      setError(MESSAGES.namesRequired);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(MESSAGES.passwordTooShort);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const user = await currentUser();
      if (!user) {
        onStateLost();
        return;
      }
      // spec §4: set earlier than 5 s after registration, the password would not count (a fast
      // user or a password manager): wait out the rest instead of bouncing back to this step.
      const wait = profileWaitMs(user.registration, Date.now());
      setCreating(true);
      if (wait > 0) await sleep(wait);
      await completeProfile({ firstName, lastName, password, savedPassword: savedPassword.current });
      onComplete();
    } catch (e) {
      if (e instanceof ProfileSaveError && e.field !== 'password') savedPassword.current = password;
      setError(profileErrorMessage(e, password));
    } finally {
      setCreating(false);
      setBusy(false);
    }
  };

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
      {creating && <Notice tone="info">{MESSAGES.creatingAccount}</Notice>}
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <div className="auth-field">
          <label htmlFor={ids.first}>First name</label>
          <input
            id={ids.first}
            className="auth-input"
            name="given-name"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.last}>Last name</label>
          <input
            id={ids.last}
            className="auth-input"
            name="family-name"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.password}>Password</label>
          <PasswordField id={ids.password} describedBy={ids.hint} value={password} onChange={setPassword} />
          <p id={ids.hint} className="auth-hint">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <div className="auth-check">
          <input id={ids.terms} type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
          <label htmlFor={ids.terms}>
            I agree to the <Link to="/terms">Terms of Service</Link>
          </label>
        </div>
        <div className="auth-check">
          <input id={ids.privacy} type="checkbox" checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} />
          <label htmlFor={ids.privacy}>
            I agree to the <Link to="/privacy">Privacy Policy</Link>
          </label>
        </div>
        <div className="auth-actions">
          <button type="submit" className="button button-primary" disabled={busy || !terms || !privacy}>
            Create Account
          </button>
        </div>
      </form>
    </>
  );
}
