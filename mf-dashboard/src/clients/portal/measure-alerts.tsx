import { useUserId } from '../../shared/use-user-id.ts';
import { useMutation, useQueryClient } from '@cadence/shared-auth/query';
import { Link } from '@cadence/shared-router';
import { Alert, Button } from '@cadence/shared-ui';
import { formatInZone } from '../../shared/time-zone.ts';
import { clientPath } from '../client-paths.ts';
import type { ClientDocument } from '../api/client-document.ts';
import { clientDisplayName } from '../client-names.ts';
import { acknowledgeAlert } from './measures-api.ts';
import './measures.css';
import { measureKeys, useOpenAlerts } from './use-measures.ts';

export const MEASURE_ALERTS_TEXT = {
  title: 'Needs your attention',
  row: (name: string) => `${name} answered item 9 (thoughts of self-harm) above 0 on a PHQ-9.`,
  someone: 'A client',
  answered: (when: string) => `Answered ${when}.`,
  open: (name: string) => `Open ${name}’s answers`,
  acknowledge: 'Acknowledge',
  acknowledging: 'Saving…',
  failed: 'That did not work. Please try again.',
} as const;

const T = MEASURE_ALERTS_TEXT;

/** Where an alert leads: the client's Portal tab, at the response (its id is the request's). */
export const alertPath = (clientId: string, requestId: string) => `${clientPath(clientId)}?tab=portal#measure-${encodeURIComponent(requestId)}`;

function AcknowledgeButton({ requestId, name }: { requestId: string; name: string }) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeAlert(requestId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: measureKeys.alerts(userId) }),
  });
  return (
    <>
      <Button size="sm" onClick={() => acknowledge.mutate()} loading={acknowledge.isPending} loadingLabel={T.acknowledging} aria-label={`${T.acknowledge}: ${name}`}>
        {T.acknowledge}
      </Button>
      {acknowledge.isError ? <span role="alert" className="measure-alerts__error">{T.failed}</span> : null}
    </>
  );
}

/**
 * Today (issue 31): each PHQ-9 whose item 9 was answered above 0, naming the client and linking to
 * the response, at the top of the page until the therapist acknowledges it.
 */
export function MeasureAlerts({ clients, timeZone }: { clients: readonly ClientDocument[]; timeZone: string }) {
  const alerts = useOpenAlerts();
  if (!alerts.data || alerts.data.length === 0) return null;
  const byId = new Map(clients.map((c) => [c.$id, c]));
  return (
    <section className="measure-alerts" aria-labelledby="measure-alerts-title">
      <h3 id="measure-alerts-title" className="today__subtitle">{T.title}</h3>
      <ul className="measure-alerts__list">
        {alerts.data.map((alert) => {
          const client = byId.get(alert.clientId);
          const name = client ? clientDisplayName(client) : T.someone;
          return (
            <li key={alert.id}>
              <Alert
                tone="error" title={T.row(name)}
                action={(
                  <span className="measure-alerts__actions">
                    <Link to={alertPath(alert.clientId, alert.id)}>{T.open(name)}</Link>
                    <AcknowledgeButton requestId={alert.id} name={name} />
                  </span>
                )}
              >
                {alert.submittedAt ? T.answered(formatInZone(alert.submittedAt, timeZone, { show: 'date-time' })) : null}
              </Alert>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

