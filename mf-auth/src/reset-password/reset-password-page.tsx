import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@cadence/shared-router';
import { REDIRECT_DELAY_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { confirmPasswordReset } from '../shared/auth-api.ts';
import { commonMessage } from '../shared/auth-errors.ts';
import { Notice } from '../shared/notice.tsx';
import { useRedirectAfter } from '../shared/use-redirect-after.ts';
import { newPasswordError, resetLinkError } from './reset-rules.ts';
import '../shared/auth.css';

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
  const passwordId = useId();
  const confirmId = useId();
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
    <div className="page auth-page">
      <h1>Reset Password</h1>
      {linkError ? (
        <>
          <Notice tone="error">{linkError}</Notice>
          <p>
            <Link to="/login">Go to Login</Link>
          </p>
        </>
      ) : done ? (
        <Notice tone="success">{MESSAGES.resetSuccess}</Notice>
      ) : (
        <>
          {error && <Notice tone="error">{error}</Notice>}
          {/* noValidate: the spec's own messages (§5) replace the browser's. */}
          <form className="auth-form" onSubmit={handleSubmit} noValidate>
            <div className="auth-field">
              <label htmlFor={passwordId}>New Password</label>
              <input
                id={passwordId}
                className="auth-input"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <div className="auth-field">
              <label htmlFor={confirmId}>Confirm Password</label>
              <input
                id={confirmId}
                className="auth-input"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </div>
            <div className="auth-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                Reset Password
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
