import { useId, useState, type FormEvent } from 'react';
import { Link } from '@cadence/shared-router';
import { MIN_PASSWORD } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { completeProfile, currentUser } from '../shared/auth-api.ts';
import { commonMessage } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';
import { PasswordField } from './password-field.tsx';

interface ProfileStepProps {
  onComplete: () => void;
  onStateLost: () => void;
}

/** spec §2 step 3: names, password, consents; spec §4 then /account. */
export function ProfileStep({ onComplete, onStateLost }: ProfileStepProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { first: useId(), last: useId(), password: useId(), hint: useId(), terms: useId(), privacy: useId() };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (firstName.trim() === '' || lastName.trim() === '') {
      setError(MESSAGES.namesRequired);
      return;
    }
    if (password.length < MIN_PASSWORD) {
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
      await completeProfile(user.$id, { firstName, lastName, password });
      onComplete();
    } catch (e) {
      setError(commonMessage(e, MESSAGES.setPasswordFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {error && <Notice tone="error">{error}</Notice>}
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
            At least {MIN_PASSWORD} characters.
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
