import { useState } from 'react';
import { Link, useLocation } from '@cadence/shared-router';
import { formatDate, FunctionRefusedError, saveFile } from '@cadence/shared-auth';
import { useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, PageHeader } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { linkFor, onBehalfOf } from '../home/practice-links.ts';
import { usePracticeLinks } from '../home/use-practice-links.ts';
import { downloadSignedConsent, isEsignInForce, signConsent, type ConsentDocument, type EsignDecision, type SignatureInput } from './consents-api.ts';
import { EsignStep } from './esign-step.tsx';
import { refusalText } from './refusal-text.ts';
import { SigningForm } from './signing-form.tsx';
import { consentKeys, useClientUserId, useConsentDocument, useEsignDecision } from './use-consents.ts';

const T = PORTAL_TEXT.consent;

/** The request id of /portal/documents/:requestId (a random id: nothing about the document in the address). */
export const requestIdFromPath = (pathname: string): string => /^\/portal\/documents\/([^/]+)/.exec(pathname)?.[1] ?? '';

/** The signed PDF's file name: the document's kind, never the client's name. */
export const signedFileName = (title: string): string => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'document'}-signed.pdf`;

export function DownloadSigned({ document: doc }: { document: Pick<ConsentDocument, 'title' | 'fileId'> }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!doc.fileId) return null;
  const fileId = doc.fileId;
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveFile(await downloadSignedConsent(fileId), signedFileName(doc.title));
    } catch (error) {
      console.error('Signed consent download failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div className="portal-actions">
        <Button onClick={() => void download()} loading={busy} loadingLabel={T.downloading}>{T.download}</Button>
      </div>
      {failed ? <Alert tone="error">{T.downloadFailed}</Alert> : null}
    </>
  );
}

/**
 * After "Ask for paper": the portal offers no signing, says how the practice will reach the client,
 * and keeps the way back to signing here one click away.
 */
function PaperNotice({ accessId, decision, onSignHere }: { accessId: string; decision: EsignDecision; onSignHere: () => void }) {
  const practice = usePracticeLinks().data?.find((link) => link.id === accessId);
  return (
    <section className="portal-stack" aria-labelledby="paper-title">
      <h2 id="paper-title">{T.paperTitle}</h2>
      <p>{T.paperOn(formatDate(decision.at))}</p>
      {practice ? <p>{PORTAL_TEXT.home.paperReach(practice.practiceName, practice.practicePhone)}</p> : null}
      <div className="portal-actions"><Button onClick={onSignHere}>{T.signElectronically}</Button></div>
    </section>
  );
}

/**
 * /portal/documents/:requestId (issue 31): the e-records step first when it is not in force, then
 * the document's full text and signing; once signed, "Signed" and the signed PDF.
 */
export default function ConsentPage() {
  const requestId = requestIdFromPath(useLocation().pathname);
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  const document = useConsentDocument(requestId);
  const links = usePracticeLinks();
  // The e-records consent is the signer's own, through their own link (a guardian's for a child's document).
  const link = document.data ? linkFor(links.data, document.data.practiceId, document.data.accessId) : undefined;
  const accessId = link?.id ?? null;
  const esign = useEsignDecision(accessId);
  const [signError, setSignError] = useState<string | null>(null);
  const [signHere, setSignHere] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: consentKeys.all(userId) });

  const sign = async (input: SignatureInput) => {
    setSignError(null);
    try {
      await signConsent(input);
      refresh();
    } catch (error) {
      setSignError(refusalText(error, T.failed));
      // Signed elsewhere, or the e-records consent is no longer in force: show what is true now.
      if (error instanceof FunctionRefusedError && error.status === 409) refresh();
    }
  };

  const doc = document.data;
  return (
    <div className="portal-page">
      <p><Link to="/portal">{T.back}</Link></p>
      {document.isPending ? <p role="status" className="portal-muted">{T.loading}</p> : null}
      {document.isError ? (
        <Alert tone="error" action={<Button onClick={() => void document.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert>
      ) : null}
      {document.isSuccess && !doc ? <Alert tone="warning">{T.notFound}</Alert> : null}
      {doc ? (
        <>
          <PageHeader title={doc.title} description={[onBehalfOf(link), T.sentOn(formatDate(doc.sentAt))].filter(Boolean).join(' · ')} />
          {doc.status === 'signed' ? (
            <section className="portal-stack" aria-labelledby="signed-title">
              <h2 id="signed-title">{T.signed}</h2>
              <p role="status">{T.signedOn(formatDate(doc.signedAt ?? doc.sentAt))}</p>
              <DownloadSigned document={doc} />
            </section>
          ) : null}
          {doc.status === 'sent' && esign.isSuccess && esign.data?.action === 'withdraw' && !signHere ? (
            <PaperNotice accessId={accessId ?? ''} decision={esign.data} onSignHere={() => setSignHere(true)} />
          ) : null}
          {doc.status === 'sent' && esign.isSuccess && !isEsignInForce(esign.data) && (esign.data?.action !== 'withdraw' || signHere) ? (
            <EsignStep accessId={accessId ?? ''} decision={esign.data} onDecided={() => { setSignHere(false); refresh(); }} />
          ) : null}
          {esign.isError ? <Alert tone="error" action={<Button onClick={() => void esign.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.loadFailed}</Alert> : null}
          {doc.status === 'sent' && isEsignInForce(esign.data) ? (
            <>
              <div className="portal-document-text" tabIndex={0} role="region" aria-label={doc.title}>{doc.body}</div>
              <section className="portal-stack" aria-labelledby="sign-title">
                <h2 id="sign-title">{T.signTitle}</h2>
                <SigningForm requestId={doc.id} onSign={sign} error={signError} />
              </section>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
