import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { completeProfile, currentUser, profileWaitMs, ProfileSaveError } from '../shared/auth-api.ts';
import { commonMessage, fieldProblem, isInvalidCredentials } from '../shared/auth-errors.ts';
import { Alert, Button, Checkbox, Field, Spinner } from '@cadence/shared-ui';
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
  // Field's own ids for its hint and error (`${id}-hint`, `${id}-error`): the names share one message.
  const ids = { first: useId(), last: useId(), password: useId() };
  const namesErrorId = `${ids.last}-error`;
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
      {error?.at === 'form' && <Alert tone="error">{error.text}</Alert>}
      {creating && <Spinner label={MESSAGES.creatingAccount} />}
      <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Field label="Email">
          {/* The account the password is for: password managers save it as the username. */}
          {(control) => <input {...control} className="ui-control" type="email" name="username" autoComplete="username" value={username} readOnly />}
        </Field>
        <div className="auth-names">
          <Field label="First name" id={ids.first}>
            {(control) => (
              <input
                {...control}
                ref={firstInput}
                className="ui-control"
                name="given-name"
                autoComplete="given-name"
                required
                aria-invalid={nameInvalid(firstName) || undefined}
                aria-describedby={nameInvalid(firstName) ? namesErrorId : undefined}
                value={firstName}
                onChange={(e) => {
                  setFirstName(e.target.value);
                  clearAt('names');
                }}
              />
            )}
          </Field>
          {/* spec §5: one message for both names, under the last; each name marked where it is missing. */}
          <Field label="Last name" id={ids.last} error={namesError ?? undefined}>
            {(control) => (
              <input
                {...control}
                ref={lastInput}
                className="ui-control"
                name="family-name"
                autoComplete="family-name"
                required
                aria-invalid={nameInvalid(lastName) || undefined}
                aria-describedby={nameInvalid(lastName) ? namesErrorId : undefined}
                value={lastName}
                onChange={(e) => {
                  setLastName(e.target.value);
                  clearAt('names');
                }}
              />
            )}
          </Field>
        </div>
        <Field label="Password" id={ids.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={passwordError ?? undefined}>
          {(control) => (
            <PasswordField
              id={control.id}
              inputRef={passwordInput}
              // The error first: a screen reader hears what is wrong before the standing hint.
              describedBy={passwordError ? `${ids.password}-error ${ids.password}-hint` : `${ids.password}-hint`}
              invalid={passwordError !== null}
              onChange={(value) => {
                setPassword(value);
                clearAt('password');
              }}
            />
          )}
        </Field>
        <Checkbox
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          label={
            <>
              I agree to the <Link to="/terms">Terms of Service</Link>
            </>
          }
        />
        <Checkbox
          checked={privacy}
          onChange={(e) => setPrivacy(e.target.checked)}
          label={
            <>
              I agree to the <Link to="/privacy">Privacy Policy</Link>
            </>
          }
        />
        <div className="auth-actions">
          <Button type="submit" variant="primary" disabled={busy || !terms || !privacy}>
            Create Account
          </Button>
        </div>
      </form>
    </>
  );
}
