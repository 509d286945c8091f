import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@cadence/shared-router';
import { Alert, Button, buttonClassName } from '@cadence/shared-ui';
import { REDIRECT_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { confirmPasswordReset } from '../shared/auth-api.ts';
import { commonMessage } from '../shared/auth-errors.ts';
import { AuthPage } from '../shared/auth-page.tsx';
import { useRedirectAfter } from '../shared/use-redirect-after.ts';
import { newPasswordError, resetLinkError } from './reset-rules.ts';
import { PasswordInput } from '../shared/credential-inputs.tsx';

/** spec §2 /reset-password: a new password from a recovery link. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  // The link is judged as of opening the page (and again on submit).
  const [openedAt] = useState(Date.now);
  const linkError = useMemo(() => resetLinkError(params, openedAt), [params, openedAt]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useRedirectAfter(done ? '/login' : null, REDIRECT_DELAY_MS);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = resetLinkError(params, Date.now()) ?? newPasswordError(password, confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await confirmPasswordReset(params.get('userId') ?? '', params.get('secret') ?? '', password);
      setDone(true);
    } catch (e) {
      setError(commonMessage(e, MESSAGES.resetFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage title="Reset Password">
      {linkError ? (
        <>
          <Alert tone="error">{linkError}</Alert>
          <div className="auth-actions">
            <Link className={buttonClassName('primary')} to="/login">
              Go to Login
            </Link>
          </div>
        </>
      ) : done ? (
        <Alert tone="success">{MESSAGES.resetSuccess}</Alert>
      ) : (
        <>
          {error && <Alert tone="error">{error}</Alert>}
          {/* noValidate: the spec's own messages (§5) replace the browser's. */}
          <form className="auth-form" onSubmit={(e) => void handleSubmit(e)} noValidate>
            <PasswordInput label="New Password" autoComplete="new-password" value={password} onChange={setPassword} />
            <PasswordInput label="Confirm Password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
            <div className="auth-actions">
              <Button type="submit" variant="primary" loading={busy}>
                Reset Password
              </Button>
            </div>
          </form>
        </>
      )}
    </AuthPage>
  );
}
