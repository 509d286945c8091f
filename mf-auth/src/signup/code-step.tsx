import { useEffect, useRef, useState, type FormEvent } from 'react';
import { RESEND_COOLDOWN_S } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { deletePendingUser, resendSignupCode, verifySignupCode, type SentCode } from '../shared/auth-api.ts';
import { codeErrorMessage, commonMessage } from '../shared/auth-errors.ts';
import { codeOf, emptyCode, isCodeComplete, type CodeEdit } from '../shared/code-input.ts';
import { Alert, Button } from '@cadence/shared-ui';
import { CodeBoxes } from './code-boxes.tsx';
import type { SignupProgress } from './signup-state.ts';

interface CodeStepProps {
  progress: SignupProgress;
  onVerified: () => void;
  onResent: (sent: SentCode) => void;
  onChangeEmail: () => void;
}

const secondsLeft = (sentAt: number, now: number): number =>
  Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_S * 1000 - now) / 1000));

/** spec §2 step 2: the emailed code, Tap to change, Resend code with a 60 s cooldown. */
export function CodeStep({ progress, onVerified, onResent, onChangeEmail }: CodeStepProps) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [focus, setFocus] = useState<{ index: number } | null>({ index: 0 });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const submitting = useRef(false);
  const cooldown = secondsLeft(progress.codeSentAt, now);

  useEffect(() => {
    if (cooldown === 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [cooldown]);

  const verify = async (code: readonly string[]) => {
    if (submitting.current) return;
    setNotice(null);
    if (!isCodeComplete(code)) {
      setError(MESSAGES.codeIncomplete);
      return;
    }
    // Appwrite answers a wrong and an expired code alike; the code's own expiry tells them apart.
    const expired = progress.codeExpiresAt > 0 && Date.now() >= progress.codeExpiresAt;
    if (expired) {
      setError(MESSAGES.codeExpired);
      setDigits(emptyCode());
      setFocus({ index: 0 });
      return;
    }
    submitting.current = true;
    setBusy(true);
    setError(null);
    try {
      await verifySignupCode(progress.userId, codeOf(code));
      onVerified();
    } catch (e) {
      setError(codeErrorMessage(e, progress.codeExpiresAt > 0 && Date.now() >= progress.codeExpiresAt));
      setDigits(emptyCode());
      setFocus({ index: 0 });
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const handleEdit = (edit: CodeEdit) => {
    setDigits(edit.digits);
    setFocus({ index: edit.focus });
    // spec §2: auto-submit when all six are filled (typed or pasted).
    if (isCodeComplete(edit.digits) && !isCodeComplete(digits)) void verify(edit.digits);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(digits);
  };

  const handleResend = async () => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const sent = await resendSignupCode(progress.userId, progress.email);
      setNow(sent.sentAt);
      onResent(sent);
      setNotice(MESSAGES.codeSent(progress.email));
    } catch (e) {
      setError(commonMessage(e, MESSAGES.resendFailed));
    } finally {
      setBusy(false);
    }
  };

  const handleChangeEmail = async () => {
    setBusy(true);
    // issue 11: only the code proves this mailbox, so the pending user is deleted only with all six
    // digits; otherwise it stays for spec §4's conflict flow. Whatever the answer, start over.
    const code = isCodeComplete(digits) ? codeOf(digits) : null;
    await deletePendingUser(progress.userId, code).catch((e: unknown) => console.warn('delete-pending-user failed', e));
    setBusy(false);
    onChangeEmail();
  };

  return (
    <>
      <p>
        {MESSAGES.codeSent(progress.email)}{' '}
        <Button variant="quiet" size="sm" className="auth-inline-button" onClick={() => void handleChangeEmail()} disabled={busy}>
          Tap to change
        </Button>
      </p>
      {progress.phrase && (
        <div className="auth-phrase">
          <p className="auth-phrase-value">{MESSAGES.securityPhrase(progress.phrase)}</p>
          <p className="auth-muted">{MESSAGES.securityPhraseMeaning}</p>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="info">{notice}</Alert>}
      <form className="auth-form" onSubmit={handleSubmit} noValidate>
        <fieldset className="auth-fieldset">
          <legend>Verification code</legend>
          <CodeBoxes digits={digits} focus={focus} disabled={busy} onEdit={handleEdit} />
        </fieldset>
        <div className="auth-actions">
          <Button type="submit" variant="primary" disabled={busy}>
            Verify Code
          </Button>
          <Button onClick={() => void handleResend()} disabled={busy || cooldown > 0}>
            {cooldown > 0 ? MESSAGES.resendIn(cooldown) : 'Resend code'}
          </Button>
        </div>
      </form>
    </>
  );
}
