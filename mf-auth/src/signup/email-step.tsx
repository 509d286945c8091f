import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { requestSignupCode, SignupConflictError, type SentCode } from '../shared/auth-api.ts';
import { commonMessage, fieldProblem } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';

/** spec §2 step 1: the email, then a code is sent (with spec §4 conflict handling). */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string, sent: SentCode) => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const address = email.trim();
      onSent(address, await requestSignupCode(address));
    } catch (e) {
      if (e instanceof SignupConflictError) {
        if (e.shouldRedirectToLogin && !e.message.includes(MESSAGES.alreadyExists)) {
          navigate('/login', { state: { email, message: e.message } });
          return;
        }
        setError(e.message);
      } else {
        setError(fieldProblem(e)?.text ?? commonMessage(e, MESSAGES.codeSendFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {error && (
        <Notice tone="error">
          <p className="auth-alert-text">{error}</p>
          {error.includes(MESSAGES.alreadyExists) && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => navigate('/login', { state: { email, message: error } })}
            >
              Go to Login
            </button>
          )}
        </Notice>
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
        <div className="auth-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            Continue
          </button>
        </div>
      </form>
    </>
  );
}
