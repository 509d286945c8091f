import { useState, type FormEvent } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { MESSAGES } from '../messages.ts';
import { requestSignupCode, SignupConflictError, type SentCode } from '../shared/auth-api.ts';
import { commonMessage, fieldProblem } from '../shared/auth-errors.ts';
import { Alert, Button } from '@cadence/shared-ui';
import { EmailInput } from '../shared/credential-inputs.tsx';

/** spec §2 step 1: the email, then a code is sent (with spec §4 conflict handling). */
export function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string, sent: SentCode) => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
        <Alert
          tone="error"
          action={
            error.includes(MESSAGES.alreadyExists) && (
              <Button variant="primary" onClick={() => navigate('/login', { state: { email, message: error } })}>
                Go to Login
              </Button>
            )
          }
        >
          {error}
        </Alert>
      )}
      <form className="auth-form" onSubmit={(e) => void handleSubmit(e)}>
        <EmailInput label="Email" value={email} onChange={setEmail} />
        <div className="auth-actions">
          <Button type="submit" variant="primary" loading={busy}>
            Continue
          </Button>
        </div>
      </form>
    </>
  );
}
