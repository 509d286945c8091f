import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, RadioGroup, TextInput } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import type { SignatureInput } from './consents-api.ts';
import { readyToSign, SIGNER_NAME_MAX, signerNameOf, type Drawing, type SignatureMethod } from './signature.ts';
import { SignaturePadField } from './signature-pad-field.tsx';

const T = PORTAL_TEXT.consent;

export interface SigningFormProps {
  requestId: string;
  /** Signs; a rejection's message is shown as is (the function's own words). */
  onSign: (input: SignatureInput) => Promise<void>;
  error?: string | null;
}

/**
 * Sign by typed name (keyboard and screen readers: the default) or by drawing, then the explicit
 * statement of intent and Sign. Sign stays off until all three are there (ESIGN: intent to sign).
 */
export function SigningForm({ requestId, onSign, error }: SigningFormProps) {
  const [signerName, setSignerName] = useState('');
  const [method, setMethod] = useState<SignatureMethod>('typed');
  const [drawing, setDrawing] = useState<Drawing>({ kind: 'empty' });
  const [intent, setIntent] = useState(false);
  const [busy, setBusy] = useState(false);
  const padHint = useId();
  const ready = readyToSign({ signerName, method, drawing, intent });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await onSign({
        requestId, signerName: signerNameOf(signerName), method,
        ...(method === 'drawn' && drawing.kind === 'drawn' ? { drawing: drawing.dataUrl } : {}),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="portal-stack" onSubmit={(event) => void submit(event)} noValidate>
      <TextInput label={T.name} autoComplete="name" required maxLength={SIGNER_NAME_MAX} value={signerName} onChange={(event) => setSignerName(event.target.value)} />
      <RadioGroup
        label={T.method} value={method} onChange={(value) => setMethod(value === 'drawn' ? 'drawn' : 'typed')}
        options={[{ value: 'typed', label: T.typed, hint: T.typedHint }, { value: 'drawn', label: T.drawn, hint: T.drawnHint }]}
      />
      {method === 'typed' && signerNameOf(signerName) ? <p className="portal-typed-signature" aria-hidden="true">{signerNameOf(signerName)}</p> : null}
      {method === 'drawn' ? (
        <>
          <p id={padHint} className="portal-muted">
            {drawing.kind === 'tooLarge' ? T.drawingTooLarge : T.drawFirst}
          </p>
          <SignaturePadField onChange={setDrawing} describedBy={padHint} />
        </>
      ) : null}
      <Checkbox label={T.intent} checked={intent} onChange={(event) => setIntent(event.target.checked)} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="portal-actions">
        <Button type="submit" variant="primary" disabled={!ready} loading={busy} loadingLabel={T.signing}>{T.sign}</Button>
      </div>
    </form>
  );
}
