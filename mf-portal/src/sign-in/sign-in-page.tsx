import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@cadence/shared-router';
import { FunctionRefusedError, isAppError, type InactivitySignOutState } from '@cadence/shared-auth';
import { Alert, Button, Card, PageHeader, TextInput } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { requestSignInMail, signInWithSecret, type SignInResult } from './sign-in-api.ts';
import { CODE_PATTERN, linkProblem, normalizeCode, readSignInLink, type SignInLink } from './sign-in-link.ts';

const T = PORTAL_TEXT.signIn;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_FIELD = 'portal-sign-in-code';

type Step =
  | { kind: 'email' }
  | { kind: 'code'; email: string; userId: string }
  | { kind: 'link'; link: SignInLink }
  | { kind: 'badLink'; link: SignInLink; problem: 'expired' | 'used'; resent: boolean };

function failureText(error: unknown): string {
  if (isAppError(error) && error.code === 429) return T.tooMany;
  if (error instanceof FunctionRefusedError && error.message) return error.message;
  return T.failed;
}

/**
 * /portal/sign-in (issue 31): an email gets one mail with a code and a link. A link signs in on
 * arrival; an expired or used one offers "Send a new link" right here. Typed text is kept on errors.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const idle = (location.state as Partial<InactivitySignOutState> | null)?.signedOutAfterIdleMinutes;
  const [step, setStep] = useState<Step>(() => {
    const link = readSignInLink(params);
    return link ? { kind: 'link', link } : { kind: 'email' };
  });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = (result: SignInResult, onInvalid: () => void) => {
    if (result === 'signedIn') navigate('/portal', { replace: true });
    else if (result === 'tooMany') setFailure(T.tooMany);
    else onInvalid();
  };

  // A link signs in on arrival, once.
  const linkStarted = useRef(false);
  useEffect(() => {
    if (step.kind !== 'link' || linkStarted.current) return;
    linkStarted.current = true;
    const { link } = step;
    signInWithSecret(link.userId, link.secret).then(
      (result) => finish(result, () => setStep({ kind: 'badLink', link, problem: linkProblem(link, new Date()), resent: false })),
      (error: unknown) => setFailure(failureText(error)),
    );
  });

  useEffect(() => {
    // The mail is on its way: the code field is where to go next.
    if (step.kind === 'code') document.getElementById(CODE_FIELD)?.focus();
  }, [step.kind]);

  const sendMail = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setFieldError(T.badEmail);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      const userId = await requestSignInMail({ email: address });
      setStep({ kind: 'code', email: address, userId });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const typed = normalizeCode(code);
    if (!CODE_PATTERN.test(typed)) {
      setFieldError(T.badCode);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      finish(await signInWithSecret(step.userId, typed), () => setFieldError(T.wrongCode));
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const sendNewLink = async () => {
    if (step.kind !== 'badLink') return;
    setFailure(null);
    setBusy(true);
    try {
      await requestSignInMail({ userId: step.link.userId });
      setStep({ ...step, resent: true });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="portal-page portal-sign-in">
      <PageHeader title={T.title} />
      {idle ? <Alert tone="info">{T.idle(idle)}</Alert> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Card>
        {step.kind === 'link' && !failure ? <p role="status">{T.signingIn}</p> : null}
        {step.kind === 'badLink' ? (
          <div className="portal-stack">
            <Alert tone="warning">{step.problem === 'expired' ? T.expired : T.used}</Alert>
            {step.resent ? (
              <p role="status">{T.newLinkSent}</p>
            ) : (
              <Button variant="primary" onClick={() => void sendNewLink()} disabled={busy}>{T.sendNewLink}</Button>
            )}
          </div>
        ) : null}
        {step.kind === 'email' || (step.kind === 'link' && failure) ? (
          <form className="portal-stack" onSubmit={(event) => void sendMail(event)} noValidate>
            <p>{T.intro}</p>
            <TextInput
              label={T.email} type="email" autoComplete="email" required value={email}
              onChange={(event) => setEmail(event.target.value)} error={fieldError ?? undefined}
            />
            <Button type="submit" variant="primary" disabled={busy}>{busy ? T.sending : T.send}</Button>
          </form>
        ) : null}
        {step.kind === 'code' ? (
          <form className="portal-stack" onSubmit={(event) => void submitCode(event)} noValidate>
            <p role="status">{T.sent(step.email)}</p>
            <TextInput
              id={CODE_FIELD} label={T.code} hint={T.codeHint} autoComplete="one-time-code" inputMode="text" required
              maxLength={12} value={code} onChange={(event) => setCode(event.target.value)} error={fieldError ?? undefined}
            />
            <Button type="submit" variant="primary" disabled={busy}>{busy ? T.signingIn : T.submitCode}</Button>
            <div className="portal-actions">
              <Button onClick={() => { setStep({ kind: 'email' }); setCode(''); setFieldError(null); }}>{T.anotherEmail}</Button>
            </div>
          </form>
        ) : null}
      </Card>
    </div>
  );
}
