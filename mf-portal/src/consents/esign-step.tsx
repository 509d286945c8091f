import { useState, type FormEvent } from 'react';
import { formatDate, FunctionRefusedError, saveFile } from '@cadence/shared-auth';
import { useQuery } from '@cadence/shared-auth/query';
import { Alert, Button, TextInput } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { acceptElectronicRecords, getDisclosure, type EsignDecision } from './consents-api.ts';
import { PaperRequest } from './paper-request.tsx';
import { refusalText } from './refusal-text.ts';

const T = PORTAL_TEXT.eRecords;
const CODE = /^\d{6}$/;

export interface EsignStepProps {
  accessId: string;
  decision: EsignDecision | null;
  /** After "I agree" or "Ask for paper": the caller reloads the decision. */
  onDecided: () => void;
}

/**
 * ESIGN §101(c) (../shared/reference/client-portal.md §4.2): the disclosure on the page and as a
 * PDF carrying an access code; typing the code back shows the client can open the records, and
 * "I agree" consents. "Ask for paper instead" withdraws, after a confirmation. Shown again when the
 * disclosure's version changed since the client agreed (ESIGN §101(c)(1)(D)).
 */
export function EsignStep({ accessId, decision, onDecided }: EsignStepProps) {
  const disclosure = useQuery({
    queryKey: ['portal-disclosure', accessId], queryFn: () => getDisclosure(accessId), staleTime: 60 * 60_000, meta: { failure: 'Disclosure failed to load' },
  });
  const [code, setCode] = useState('');
  const [opened, setOpened] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = () => {
    if (!disclosure.data) return;
    saveFile(disclosure.data.pdf, disclosure.data.fileName);
    setOpened(true);
  };

  const agree = async (event: FormEvent) => {
    event.preventDefault();
    if (!disclosure.data) return;
    const typed = code.replace(/\s+/g, '');
    if (!CODE.test(typed)) {
      setFieldError(T.badCode);
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      await acceptElectronicRecords(accessId, disclosure.data.version, typed);
      onDecided();
    } catch (error) {
      const message = refusalText(error, T.failed);
      if (error instanceof FunctionRefusedError && error.answer && (error.answer as { field?: unknown }).field === 'accessCode') setFieldError(message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="portal-stack" aria-labelledby="e-records-title">
      <h2 id="e-records-title">{T.title}</h2>
      {decision?.action === 'withdraw' ? <Alert tone="info">{T.withdrawn(formatDate(decision.at))}</Alert> : null}
      {decision?.action === 'accept' && !decision.current ? <Alert tone="info">{T.changed(formatDate(decision.at))}</Alert> : null}
      <p>{T.intro}</p>
      {disclosure.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {disclosure.isError ? (
        <Alert tone="error" action={<Button onClick={() => void disclosure.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {disclosure.data ? (
        <>
          <div className="portal-document-text" tabIndex={0} role="region" aria-label={T.textLabel}>{disclosure.data.text}</div>
          <div className="portal-actions">
            <Button onClick={open}>{T.open}</Button>
          </div>
          {opened ? <p role="status" className="portal-muted">{T.opened}</p> : null}
          <form className="portal-stack" onSubmit={(event) => void agree(event)} noValidate>
            <TextInput
              label={T.code} hint={T.codeHint} inputMode="numeric" autoComplete="one-time-code" maxLength={9} required
              value={code} onChange={(event) => setCode(event.target.value)} error={fieldError ?? undefined}
            />
            {failure ? <Alert tone="error">{failure}</Alert> : null}
            <div className="portal-actions">
              <Button type="submit" variant="primary" loading={busy} loadingLabel={T.agreeing}>{T.agree}</Button>
            </div>
          </form>
          {decision?.action === 'withdraw' ? null : <PaperRequest accessId={accessId} label={T.paper} onDone={onDecided} />}
        </>
      ) : null}
    </section>
  );
}
