import { Link } from '@cadence/shared-router';
import { formatDate } from '@cadence/shared-auth';
import { Alert, Button, Card, EmptyState } from '@cadence/shared-ui';
import { consentsInPackets } from '../forms/packet-items.ts';
import { usePackets } from '../forms/use-forms.ts';
import { PORTAL_TEXT } from '../portal-texts.ts';
import { useQueryClient } from '@cadence/shared-auth/query';
import { isEsignInForce, type ConsentRequest } from './consents-api.ts';
import { PaperRequest } from './paper-request.tsx';
import { consentKeys, useClientUserId, useConsentRequests, useEsignDecision } from './use-consents.ts';

const T = PORTAL_TEXT.home;

/**
 * The e-records status with one practice: agreed (and "Withdraw and ask for paper"), agreed to an
 * older disclosure (asked again before the next signing), asked for paper (how the practice will
 * reach the client), or not yet.
 */
function EsignStatus({ accessId, practiceName, practicePhone }: { accessId: string; practiceName: string; practicePhone: string | null }) {
  const decision = useEsignDecision(accessId);
  const userId = useClientUserId();
  const queryClient = useQueryClient();
  if (!decision.isSuccess) return null;
  const d = decision.data;
  const text = isEsignInForce(d) && d ? T.eRecordsAccepted(formatDate(d.at))
    : d?.action === 'accept' ? T.eRecordsChanged
    : d?.action === 'withdraw' ? `${T.eRecordsWithdrawn(formatDate(d.at))} ${T.paperReach(practiceName, practicePhone)}` : T.eRecordsNone;
  return (
    <div className="portal-stack">
      <p className="portal-muted"><strong>{T.eRecords}:</strong> {text}</p>
      {isEsignInForce(d) ? (
        <PaperRequest accessId={accessId} label={PORTAL_TEXT.eRecords.withdraw} onDone={() => void queryClient.invalidateQueries({ queryKey: consentKeys.all(userId) })} />
      ) : null}
    </div>
  );
}

/** One practice's paperwork (what is to sign) and documents (what is signed) on the portal's home. */
export function PracticeConsents({ accessId, linkId, practiceId, practiceName, practicePhone }: { accessId: string; linkId: string; practiceId: string; practiceName: string; practicePhone: string | null }) {
  const requests = useConsentRequests();
  // A consent sent in a packet is to sign within its packet (the forms card), not listed twice.
  const inPackets = consentsInPackets(usePackets().data ?? []);
  const mine = (requests.data ?? []).filter((r: ConsentRequest) => r.accessId === accessId && r.practiceId === practiceId);
  const toSign = mine.filter((r) => r.status === 'sent' && !inPackets.has(r.id));
  const signed = mine.filter((r) => r.status === 'signed');
  const failed = requests.isError ? (
    <Alert tone="error" action={<Button onClick={() => void requests.refetch()}>{T.retry}</Button>}>{T.consentsFailed}</Alert>
  ) : null;
  return (
    <div className="portal-grid">
      <Card title={T.paperwork} headingLevel={3}>
        <div className="portal-stack">
          {failed}
          {requests.isSuccess && toSign.length === 0 ? <EmptyState icon="empty">{T.noPaperwork}</EmptyState> : null}
          {toSign.length > 0 ? (
            <>
              <h4 className="portal-subheading">{T.toSign}</h4>
              <ul className="portal-list">
                {toSign.map((r) => (
                  <li key={r.id}>
                    <Link to={`/portal/documents/${r.id}`}>{r.title}</Link>
                    <span className="portal-muted"> · {T.sentOn(formatDate(r.sentAt))}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <EsignStatus accessId={linkId} practiceName={practiceName} practicePhone={practicePhone} />
        </div>
      </Card>
      <Card title={T.documents} headingLevel={3}>
        {requests.isSuccess && signed.length === 0 ? <EmptyState icon="empty">{T.noDocuments}</EmptyState> : null}
        {signed.length > 0 ? (
          <ul className="portal-list">
            {signed.map((r) => (
              <li key={r.id} className="portal-stack">
                <span><Link to={`/portal/documents/${r.id}`}>{r.title}</Link> <span className="portal-muted">· {T.signedOn(formatDate(r.signedAt ?? r.sentAt))}</span></span>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </div>
  );
}
