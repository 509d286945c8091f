import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { executeFunction, formatDateTime, useAuthStore } from '@cadence/shared-auth';
import { Link, useLocation, useNavigate } from '@cadence/shared-router';
import { Alert, Button, Card, PageHeader, TextInput } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { requestSignInMail, signInWithSecret } from '../sign-in/sign-in-api.ts';
import { CODE_PATTERN, normalizeCode } from '../sign-in/sign-in-link.ts';
import { videoPath } from './video-backend.ts';

const T = PORTAL_TEXT.join;
const CODE_FIELD = 'portal-join-code';

/** video-link's answer (backend/functions/video-link). */
interface LinkAnswer {
  success: boolean;
  error?: string;
  reason?: 'invalid' | 'someoneElse' | 'window' | 'cancelled';
  appointmentId?: string;
  signIn?: boolean;
  userId?: string;
  early?: boolean;
  opensAt?: string;
}

type Step =
  | { kind: 'checking' }
  | { kind: 'confirm'; userId: string }
  | { kind: 'code'; userId: string }
  | { kind: 'refused'; answer: LinkAnswer };

/**
 * /portal/join#<token> (issue 34): the room link of a reminder. The token (in the fragment, never
 * sent to a server but in video-link's body) names one appointment and one client; signed out, the
 * client confirms the portal's emailed code, then lands in that appointment's waiting room.
 */
export default function JoinPage() {
  const navigate = useNavigate();
  const token = useLocation().hash.replace(/^#/, '');
  const signOut = useAuthStore((state) => state.signOut);
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = useCallback(async () => {
    setStep({ kind: 'checking' });
    setFailure(null);
    try {
      const answer = await executeFunction<LinkAnswer>('videoLink', { token }, { acceptRefusal: true });
      if (answer.success && answer.appointmentId) navigate(videoPath(answer.appointmentId), { replace: true });
      else if (answer.success && answer.signIn && answer.userId) setStep({ kind: 'confirm', userId: answer.userId });
      else setStep({ kind: 'refused', answer });
    } catch {
      setFailure(PORTAL_TEXT.signIn.failed);
    }
  }, [navigate, token]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void check();
  }, [check]);

  useEffect(() => {
    if (step.kind === 'code') document.getElementById(CODE_FIELD)?.focus();
  }, [step.kind]);

  const run = async (work: () => Promise<void>) => {
    setFailure(null);
    setBusy(true);
    try {
      await work();
    } catch {
      setFailure(PORTAL_TEXT.signIn.failed);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (userId: string) => run(async () => {
    await requestSignInMail({ userId });
    setStep({ kind: 'code', userId });
  });

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const typed = normalizeCode(code);
    if (!CODE_PATTERN.test(typed)) {
      setFieldError(PORTAL_TEXT.signIn.badCode);
      return;
    }
    setFieldError(null);
    void run(async () => {
      const result = await signInWithSecret(step.userId, typed);
      if (result === 'signedIn') await check();
      else if (result === 'tooMany') setFailure(PORTAL_TEXT.signIn.tooMany);
      else setFieldError(PORTAL_TEXT.signIn.wrongCode);
    });
  };

  return (
    <div className="portal-page portal-sign-in">
      <PageHeader title={T.title} />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Card>
        {step.kind === 'checking' && !failure ? <p role="status">{T.checking}</p> : null}
        {step.kind === 'confirm' ? (
          <div className="portal-stack">
            <p>{T.confirmIntro}</p>
            <Button variant="primary" onClick={() => void sendCode(step.userId)} disabled={busy}>{busy ? PORTAL_TEXT.signIn.sending : T.sendCode}</Button>
          </div>
        ) : null}
        {step.kind === 'code' ? (
          <form className="portal-stack" onSubmit={submitCode} noValidate>
            <p role="status">{T.codeSent}</p>
            <TextInput
              id={CODE_FIELD} label={PORTAL_TEXT.signIn.code} hint={PORTAL_TEXT.signIn.codeHint} autoComplete="one-time-code" inputMode="text" required
              maxLength={12} value={code} onChange={(event) => setCode(event.target.value)} error={fieldError ?? undefined}
            />
            <Button type="submit" variant="primary" disabled={busy}>{busy ? T.joining : PORTAL_TEXT.signIn.submitCode}</Button>
            <div className="portal-actions">
              <Button onClick={() => void sendCode(step.userId)} disabled={busy}>{PORTAL_TEXT.signIn.sendAgain}</Button>
            </div>
          </form>
        ) : null}
        {step.kind === 'refused' ? <Refused answer={step.answer} onSignOut={() => void run(async () => { await signOut(); await check(); })} busy={busy} /> : null}
      </Card>
    </div>
  );
}

function Refused({ answer, onSignOut, busy }: { answer: LinkAnswer; onSignOut: () => void; busy: boolean }) {
  if (answer.reason === 'window' && answer.early && answer.opensAt) {
    return <Alert tone="info" title={T.notOpen}>{T.opensAt(formatDateTime(answer.opensAt))}</Alert>;
  }
  return (
    <div className="portal-stack">
      <Alert tone="warning">{answer.error ?? PORTAL_TEXT.signIn.failed}</Alert>
      {answer.reason === 'someoneElse' ? <Button onClick={onSignOut} disabled={busy}>{T.signOut}</Button> : <Link to="/portal">{T.toPortal}</Link>}
    </div>
  );
}
