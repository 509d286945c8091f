import { Link } from '@cadence/shared-router';
import { formatDate } from '@cadence/shared-auth';
import { Alert, Button, Card, EmptyState } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import type { ConsentRequest } from './consents-api.ts';
import { useConsentRequests, useEsignDecision } from './use-consents.ts';

const T = PORTAL_TEXT.home;

/** The e-records status with one practice: agreed, asked for paper, or not yet. */
function EsignStatus({ accessId }: { accessId: string }) {
  const decision = useEsignDecision(accessId);
  if (!decision.isSuccess) return null;
  const text = decision.data?.action === 'accept' ? T.eRecordsAccepted(formatDate(decision.data.at))
    : decision.data?.action === 'withdraw' ? T.eRecordsWithdrawn(formatDate(decision.data.at)) : T.eRecordsNone;
  return <p className="portal-muted"><strong>{T.eRecords}:</strong> {text}</p>;
}

/** One practice's paperwork (what is to sign) and documents (what is signed) on the portal's home. */
export function PracticeConsents({ accessId, practiceId }: { accessId: string; practiceId: string }) {
  const requests = useConsentRequests();
  const mine = (requests.data ?? []).filter((r: ConsentRequest) => r.accessId === accessId && r.practiceId === practiceId);
  const toSign = mine.filter((r) => r.status === 'sent');
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
          <EsignStatus accessId={accessId} />
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
