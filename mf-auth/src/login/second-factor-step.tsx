import { useRef, useState, type FormEvent } from 'react';
import type { AuthUser, SecondFactor } from '@cadence/shared-auth';
import { Button, TextInput } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';
import { completeSecondFactor } from '../shared/auth-api.ts';
import { codeInputProblem, normalizeCode, secondFactorMessage } from './second-factor-rules.ts';

interface SecondFactorStepProps {
  /** The code was right: the sign-in goes on as any login does. */
  onVerified: (user: AuthUser) => Promise<void>;
  /** Back to the password form (the half-made session is ended by the caller). */
  onCancel: () => Promise<void>;
}

/**
 * issue 17: after the password, when two-step verification is on — the authenticator app's code,
 * or one of the recovery codes.
 */
export function SecondFactorStep({ onVerified, onCancel }: SecondFactorStepProps) {
  const [factor, setFactor] = useState<SecondFactor>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'cancel' | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const retry = (message: string) => {
    setError(message);
    // The therapist types the next try straight away, over the wrong one.
    const input = form.current?.querySelector('input');
    input?.focus();
    input?.select();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = codeInputProblem(factor, code);
    if (problem) {
      retry(problem);
      return;
    }
    setBusy('verify');
    setError(null);
    try {
      const user = await completeSecondFactor(factor, normalizeCode(factor, code));
      await onVerified(user);
    } catch (e) {
      retry(secondFactorMessage(factor, e));
    } finally {
      setBusy(null);
    }
  };

  const switchFactor = () => {
    setFactor(factor === 'totp' ? 'recoveryCode' : 'totp');
    setCode('');
    setError(null);
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      await onCancel();
    } finally {
      setBusy(null);
    }
  };

  const totp = factor === 'totp';
  return (
    <form ref={form} className="auth-form" onSubmit={(e) => void submit(e)} aria-label={MESSAGES.twoStepTitle} noValidate>
      <h2 className="auth-step-title">{MESSAGES.twoStepTitle}</h2>
      <TextInput
        // A new field per factor: the browser's one-time-code autofill applies to the app's code only.
        key={factor}
        label={totp ? MESSAGES.totpPrompt : MESSAGES.recoveryPrompt}
        hint={totp ? undefined : MESSAGES.recoveryHint}
        error={error ?? undefined}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoFocus
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : 'text'}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={totp ? 12 : 32}
      />
      {/* The field shows the error beside the code; this reads it out as it appears. */}
      <p role="alert" className="ui-visually-hidden">{error ?? ''}</p>
      <div className="auth-actions">
        <Button type="submit" variant="primary" loading={busy === 'verify'} disabled={busy !== null && busy !== 'verify'}>
          {MESSAGES.verifyCode}
        </Button>
        <Button variant="quiet" onClick={switchFactor} disabled={busy !== null}>
          {totp ? MESSAGES.useRecoveryCode : MESSAGES.useAuthenticator}
        </Button>
        <Button onClick={() => void cancel()} loading={busy === 'cancel'} disabled={busy !== null && busy !== 'cancel'}>
          {MESSAGES.cancelSignIn}
        </Button>
      </div>
    </form>
  );
}
