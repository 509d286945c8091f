import { useState } from 'react';
import { Alert, Button, ConfirmDialog } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { askForPaper } from './consents-api.ts';
import { refusalText } from './refusal-text.ts';

const T = PORTAL_TEXT.eRecords;

/**
 * "Ask for paper": withdraws the consent to electronic records with one practice after a
 * confirmation (ESIGN §101(c)(1)(B)(i)); esign-consent records it and tells the practice.
 */
export function PaperRequest({ accessId, label, onDone }: { accessId: string; label: string; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const paper = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await askForPaper(accessId);
      onDone();
    } catch (error) {
      setFailure(refusalText(error, T.failed));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <div className="portal-actions"><Button onClick={() => setConfirming(true)}>{label}</Button></div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <ConfirmDialog
        open={confirming} title={T.paperConfirmTitle} description={T.paperConfirm} confirmLabel={T.paperConfirmButton}
        loading={busy} loadingLabel={T.paperSending} onConfirm={() => void paper()} onCancel={() => setConfirming(false)}
      />
    </>
  );
}
