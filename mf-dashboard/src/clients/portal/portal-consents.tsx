import { useState, type FormEvent } from 'react';
import { FunctionRefusedError, saveFile } from '@cadence/shared-auth';
import { useMutation, useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Alert, Button, EmptyState, Select, StatusChip } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { downloadSignedConsent, latestEsignStatus, listConsentTemplates, listSentConsents, sendConsent, type SentConsent } from './consents-api.ts';
import { defaultAudience, type PortalAudience } from './portal-access-api.ts';
import { AudienceSelect } from './portal-audience.tsx';
import { usePortalPeople } from './use-portal-access.ts';

export const PORTAL_CONSENTS_TEXT = {
  title: 'Consents',
  template: 'Consent to send',
  choose: 'Choose a consent…',
  send: 'Send a consent',
  sending: 'Sending…',
  sent: 'Sent. The client finds it in their portal, to read and sign.',
  notInvited: 'Invite the client to the portal to send consents.',
  templatesFailed: 'The consent templates could not be loaded.',
  listFailed: 'The client’s consents could not be loaded.',
  none: 'No consents sent yet.',
  statusSent: 'Sent',
  statusSigned: 'Signed',
  sentOn: (when: string) => `Sent ${when}`,
  signedOn: (when: string) => `Signed on ${when}`,
  download: 'Download signed PDF',
  downloading: 'Downloading…',
  downloadFailed: 'The signed PDF could not be downloaded. Please try again.',
  eRecords: 'Electronic records',
  eRecordsAccepted: (when: string) => `Accepted on ${when}.`,
  eRecordsWithdrawn: (when: string) => `Withdrawn on ${when}: the client asked for paper.`,
  eRecordsNone: 'Not yet accepted. The client is asked before their first signature.',
  failed: 'The consent could not be sent. Please try again.',
} as const;

const T = PORTAL_CONSENTS_TEXT;

/** The signed PDF's name: the document, never the client's name (download lists, sync folders). */
export const signedConsentFileName = (title: string): string =>
  `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'consent'}-signed.pdf`;

function DownloadSignedButton({ consent }: { consent: SentConsent }) {
  const download = useMutation({
    mutationFn: async () => saveFile(await downloadSignedConsent(consent.fileId ?? ''), signedConsentFileName(consent.title)),
  });
  return (
    <>
      <Button size="sm" onClick={() => download.mutate()} loading={download.isPending} loadingLabel={T.downloading} aria-label={`${T.download}: ${consent.title}`}>
        {T.download}
      </Button>
      {download.isError ? <Alert tone="error">{T.downloadFailed}</Alert> : null}
    </>
  );
}

/**
 * Issue 31, a client's Portal tab: send one of Cadence's consent templates, the client's consents
 * with their status (Sent / Signed on …) and signed PDF, and the client's e-records decision.
 */
export function PortalConsents({ clientId, timeZone, dateOfBirth }: { clientId: string; timeZone: string; dateOfBirth?: string | null }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const access = usePortalPeople(clientId);
  const invited = (access.data?.length ?? 0) > 0;
  const [audience, setAudience] = useState<PortalAudience | null>(null);
  const shareWith = audience ?? defaultAudience(access.data ?? [], dateOfBirth);
  const listKey = ['consent-requests', userId, clientId] as const;
  const templates = useQuery({ queryKey: ['consent-templates', userId], queryFn: listConsentTemplates, enabled: userId !== '' && invited, staleTime: Infinity });
  const consents = useQuery({ queryKey: listKey, queryFn: () => listSentConsents(userId, clientId), enabled: userId !== '' });
  const esign = useQuery({ queryKey: ['esign-status', userId, clientId], queryFn: () => latestEsignStatus(userId, clientId), enabled: userId !== '' });
  const [templateId, setTemplateId] = useState('');
  const [sentOk, setSentOk] = useState(false);
  const send = useMutation({
    mutationFn: () => sendConsent(clientId, templateId, shareWith),
    onSuccess: () => {
      setSentOk(true);
      setTemplateId('');
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const when = (instant: string) => formatInZone(instant, timeZone, { show: 'date' });
  const sendError = send.error instanceof FunctionRefusedError && send.error.reason ? send.error.reason : send.error ? T.failed : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!templateId) return;
    setSentOk(false);
    send.mutate();
  };

  return (
    <section className="clients-portal clients-consents" aria-labelledby={`consents-${clientId}`}>
      <h2 id={`consents-${clientId}`}>{T.title}</h2>
      {esign.isSuccess ? (
        <p>
          <strong>{T.eRecords}:</strong>{' '}
          {esign.data?.action === 'accept' ? T.eRecordsAccepted(when(esign.data.at))
            : esign.data?.action === 'withdraw' ? T.eRecordsWithdrawn(when(esign.data.at)) : T.eRecordsNone}
        </p>
      ) : null}
      {access.isSuccess && !invited ? <p className="clients-muted">{T.notInvited}</p> : null}
      {invited ? (
        <form className="clients-consents__send" onSubmit={submit} noValidate>
          <Select
            label={T.template} placeholder={T.choose} value={templateId} onChange={(event) => setTemplateId(event.target.value)}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.title }))} disabled={!templates.isSuccess}
          />
          <AudienceSelect people={access.data ?? []} value={shareWith} onChange={setAudience} idPrefix={`consents-${clientId}`} />
          <Button type="submit" variant="primary" disabled={!templateId} loading={send.isPending} loadingLabel={T.sending}>{T.send}</Button>
        </form>
      ) : null}
      {templates.isError ? <p className="clients-muted">{T.templatesFailed}</p> : null}
      {sentOk && !send.isPending ? <Alert tone="success">{T.sent}</Alert> : null}
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      {consents.isError ? <p className="clients-muted">{T.listFailed}</p> : null}
      {consents.isSuccess && consents.data.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
      {consents.isSuccess && consents.data.length > 0 ? (
        <ul className="clients-consents__list" aria-label={T.title}>
          {consents.data.map((consent) => (
            <li key={consent.id} className="clients-consents__item">
              <span className="clients-consents__title">{consent.title}</span>
              <StatusChip tone={consent.status === 'signed' ? 'success' : 'info'} label={consent.status === 'signed' ? T.statusSigned : T.statusSent} />
              <span className="clients-muted">
                {consent.status === 'signed' && consent.signedAt ? T.signedOn(when(consent.signedAt)) : T.sentOn(when(consent.sentAt))}
              </span>
              {consent.status === 'signed' && consent.fileId ? <DownloadSignedButton consent={consent} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
