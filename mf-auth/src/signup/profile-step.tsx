import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { completeProfile, currentUser, profileWaitMs, ProfileSaveError } from '../shared/auth-api.ts';
import { commonMessage, fieldProblem, isInvalidCredentials } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';
import { PasswordField } from './password-field.tsx';

interface ProfileStepProps {
  /** The account's email: in the form as its username, for password managers. */
  email: string;
  onComplete: () => void;
  onStateLost: () => void;
}

const FALLBACK = {
  password: MESSAGES.setPasswordFailed,
  name: MESSAGES.nameSaveFailed,
  agreements: MESSAGES.agreementsFailed,
} as const;

/** Where a step-3 message shows: at the names, at the password, or in the form's banner. */
interface StepError {
  at: 'names' | 'password' | 'form';
  text: string;
}

/** A failed save: at the field Appwrite refused, with its reason; else the step's own text. */
function profileError(e: unknown, password: string): StepError {
  if (!(e instanceof ProfileSaveError)) return { at: 'form', text: commonMessage(e, MESSAGES.setPasswordFailed) };
  const problem = fieldProblem(e.cause, { password });
  if (problem?.field === 'password') return { at: 'password', text: problem.text };
  // Appwrite's `name` is first and last name together.
  if (problem?.field === 'name') return { at: 'names', text: problem.text };
  if (e.field === 'password' && isInvalidCredentials(e.cause)) return { at: 'password', text: MESSAGES.passwordAlreadySet };
  return { at: 'form', text: commonMessage(e.cause, FALLBACK[e.field]) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** spec §2 step 3: names, password, consents; spec §4 then /account. */
export function ProfileStep({ email, onComplete, onStateLost }: ProfileStepProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [error, setError] = useState<StepError | null>(null);
  const [username, setUsername] = useState(email);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  // The password an earlier attempt saved before its name or consents failed: Appwrite asks for it.
  const savedPassword = useRef<string | null>(null);
  const ids = {
    email: useId(),
    first: useId(),
    last: useId(),
    namesError: useId(),
    password: useId(),
    hint: useId(),
    passwordError: useId(),
    terms: useId(),
    privacy: useId(),
  };
  const firstInput = useRef<HTMLInputElement>(null);
  const lastInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (email) return;
    currentUser()
      .then((user) => user?.email && setUsername(user.email))
      .catch(() => undefined); // the username only helps password managers; submit reports a lost session
  }, [email]);

  /** A field error is shown at its field, which takes the focus so the message is read with it. */
  const fail = (next: StepError) => {
    setError(next);
    if (next.at === 'password') passwordInput.current?.focus();
    if (next.at === 'names') (firstName.trim() !== '' && lastName.trim() === '' ? lastInput : firstInput).current?.focus();
  };
  const namesError = error?.at === 'names' ? error.text : null;
  const passwordError = error?.at === 'password' ? error.text : null;
  // spec §5: a missing name is marked where it is missing; names refused together, on both.
  const bothNamed = firstName.trim() !== '' && lastName.trim() !== '';
  const nameInvalid = (value: string): boolean => namesError !== null && (bothNamed || value.trim() === '');
  const clearAt = (at: StepError['at']) => setError((current) => (current?.at === at ? null : current));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (firstName.trim() === '' || lastName.trim() === '') {
      fail({ at: 'names', text: MESSAGES.namesRequired });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      fail({ at: 'password', text: MESSAGES.passwordTooShort });
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
      fail(profileError(e, password));
    } finally {
      setCreating(false);
      setBusy(false);
    }
  };

  return (
    <>
      {error?.at === 'form' && <Notice tone="error">{error.text}</Notice>}
      {creating && <Notice tone="info">{MESSAGES.creatingAccount}</Notice>}
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <div className="auth-field">
          <label htmlFor={ids.email}>Email</label>
          {/* The account the password is for: password managers save it as the username. */}
          <input id={ids.email} className="auth-input" type="email" name="username" autoComplete="username" value={username} readOnly />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.first}>First name</label>
          <input
            ref={firstInput}
            id={ids.first}
            className="auth-input"
            name="given-name"
            autoComplete="given-name"
            required
            aria-invalid={nameInvalid(firstName) || undefined}
            aria-describedby={nameInvalid(firstName) ? ids.namesError : undefined}
            value={firstName}
            onChange={(e) => {
              setFirstName(e.target.value);
              clearAt('names');
            }}
          />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.last}>Last name</label>
          <input
            ref={lastInput}
            id={ids.last}
            className="auth-input"
            name="family-name"
            autoComplete="family-name"
            required
            aria-invalid={nameInvalid(lastName) || undefined}
            aria-describedby={nameInvalid(lastName) ? ids.namesError : undefined}
            value={lastName}
            onChange={(e) => {
              setLastName(e.target.value);
              clearAt('names');
            }}
          />
          {namesError && (
            <p id={ids.namesError} className="auth-field-error">
              {namesError}
            </p>
          )}
        </div>
        <div className="auth-field">
          <label htmlFor={ids.password}>Password</label>
          <PasswordField
            id={ids.password}
            inputRef={passwordInput}
            describedBy={passwordError ? `${ids.passwordError} ${ids.hint}` : ids.hint}
            invalid={passwordError !== null}
            onChange={(value) => {
              setPassword(value);
              clearAt('password');
            }}
          />
          {passwordError && (
            <p id={ids.passwordError} className="auth-field-error">
              {passwordError}
            </p>
          )}
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
