import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { useNavigate } from '@cadence/shared-router';
import { Alert, Button, type AlertTone } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';
import { changeEmail, sendEmailVerification } from '../shared/auth-api.ts';
import { errorText } from '../shared/auth-errors.ts';
import { EmailInput, PasswordInput } from '../shared/credential-inputs.tsx';

interface Result {
  tone: AlertTone;
  text: string;
}

/**
 * issue 18: a signed-in therapist whose address is unverified (after Settings → Change Email the
 * guard sends them here; the account area is closed to them until it is verified). Which address to
 * check, and each way on: a new link, a corrected address, or Log Out (spec §2: signs out, goes to /).
 */
export function VerificationWaiting({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const signOut = useAuthStore((state) => state.signOut);
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState<'resend' | 'logout' | null>(null);
  const [changing, setChanging] = useState(false);
  // Closing the form (saved or cancelled) gives the focus back to the button that opened it.
  const changeButton = useRef<HTMLButtonElement>(null);
  const [closedForm, setClosedForm] = useState(false);
  useEffect(() => {
    if (closedForm) changeButton.current?.focus();
  }, [closedForm]);
  const closeForm = (next?: Result) => {
    setChanging(false);
    setClosedForm(true);
    if (next) setResult(next);
  };

  const handleResend = async () => {
    setBusy('resend');
    try {
      await sendEmailVerification();
      setResult({ tone: 'success', text: MESSAGES.verificationSent });
    } catch (e) {
      setResult({ tone: 'error', text: MESSAGES.verificationFailed(errorText(e)) });
    } finally {
      setBusy(null);
    }
  };

  const handleLogOut = async () => {
    setBusy('logout');
    await signOut().catch((e: unknown) => console.error('Sign out failed', e));
    navigate('/');
  };

  return (
    <>
      <p>
        {MESSAGES.checkInbox[0]} <span className="auth-address">{user.email}</span> {MESSAGES.checkInbox[1]}
      </p>
      <p className="auth-muted">{MESSAGES.checkInboxHint}</p>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {changing ? (
        <ChangeEmailForm onCancel={() => closeForm()} onDone={closeForm} />
      ) : (
        <div className="auth-actions">
          <Button variant="primary" icon="email" onClick={() => void handleResend()} loading={busy === 'resend'}>
            Resend Verification Email
          </Button>
          <Button
            ref={changeButton}
            icon="edit"
            onClick={() => {
              setChanging(true);
              setClosedForm(false);
            }}
          >
            Change Email
          </Button>
        </div>
      )}
      <div className="auth-actions auth-footer">
        <Button icon="sign-out" onClick={() => void handleLogOut()} loading={busy === 'logout'}>
          Log Out
        </Button>
      </div>
    </>
  );
}

/** The address corrected in place: Appwrite asks for the current password; a new link goes to the new address. */
function ChangeEmailForm({ onCancel, onDone }: { onCancel: () => void; onDone: (result: Result) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await changeEmail(email.trim(), password);
    } catch (e) {
      setError(MESSAGES.emailChangeFailed(errorText(e)));
      setBusy(false);
      return;
    }
    try {
      await sendEmailVerification();
      onDone({ tone: 'success', text: MESSAGES.emailChanged });
    } catch (e) {
      onDone({ tone: 'error', text: MESSAGES.verificationFailed(errorText(e)) });
    }
  };

  return (
    <form className="auth-form" aria-labelledby={titleId} onSubmit={(e) => void handleSubmit(e)}>
      <h2 id={titleId} className="auth-subtitle">
        Change Email
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {/* The therapist asked for this form: take them to its first field. */}
      <EmailInput label="New Email" value={email} onChange={setEmail} autoFocus />
      <PasswordInput label="Current Password" value={password} onChange={setPassword} />
      <div className="auth-actions">
        <Button type="submit" variant="primary" loading={busy}>
          Change Email
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
