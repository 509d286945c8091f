import { Link } from '@cadence/shared-router';
import { formatDate } from '@cadence/shared-auth';
import { Alert, Button, Card, EmptyState } from '@cadence/shared-ui';
import { PORTAL_TEXT } from '../portal-texts.ts';
import type { MeasureRequest } from './measures-api.ts';
import { useMeasureRequests } from './use-measures.ts';

const T = PORTAL_TEXT.measures;

export const measureName = (instrument: string): string => T.names[instrument] ?? T.fallbackName;

/** One practice's questionnaires on the portal's home: the ones to answer (soonest due first), then the answered ones. */
export function PracticeMeasures({ accessId, practiceId }: { accessId: string; practiceId: string }) {
  const requests = useMeasureRequests();
  const mine = (requests.data ?? []).filter((r: MeasureRequest) => r.accessId === accessId && r.practiceId === practiceId);
  const due = mine.filter((r) => r.status === 'sent').sort((a, b) => (a.dueAt ?? a.sentAt).localeCompare(b.dueAt ?? b.sentAt));
  const answered = mine.filter((r) => r.status === 'submitted').slice(0, 5);
  return (
    <Card title={T.title} headingLevel={3}>
      <div className="portal-stack">
        {requests.isError ? <Alert tone="error" action={<Button onClick={() => void requests.refetch()}>{PORTAL_TEXT.home.retry}</Button>}>{T.failed}</Alert> : null}
        {requests.isSuccess && due.length === 0 ? <EmptyState icon="empty">{T.none}</EmptyState> : null}
        {due.length > 0 ? (
          <>
            <h4 className="portal-subheading">{T.toAnswer}</h4>
            <ul className="portal-list">
              {due.map((r) => (
                <li key={r.id}>
                  <Link to={`/portal/measures/${r.id}`}>{measureName(r.instrument)}</Link>
                  <span className="portal-muted"> · {r.dueAt ? T.dueBy(formatDate(r.dueAt)) : T.sentOn(formatDate(r.sentAt))}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {answered.length > 0 ? (
          <>
            <h4 className="portal-subheading">{T.answered}</h4>
            <ul className="portal-list">
              {answered.map((r) => (
                <li key={r.id}>{measureName(r.instrument)} <span className="portal-muted">· {T.answeredOn(formatDate(r.submittedAt ?? r.sentAt))}</span></li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Card>
  );
}
