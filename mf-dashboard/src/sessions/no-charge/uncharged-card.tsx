import { Link } from '@cadence/shared-router';
import { useQuery } from '@cadence/shared-auth/query';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import type { ServiceDocument } from '../../practice/api/service-document.ts';
import { appointmentKeys } from '../../schedule/schedule-queries.ts';
import { shortClientName } from '../../clients/client-names.ts';
import { NO_CHARGE_TEXTS } from '../../schedule/no-charge.ts';
import { NoFeeChoice } from '../../schedule/no-fee-choice.tsx';
import { LoadError } from '../../shared/load-error.tsx';
import { formatInZone } from '../../shared/time-zone.ts';
import { useUserId } from '../../shared/use-user-id.ts';
import { listUndecidedUncharged } from './api/list-uncharged.ts';
import { UNCHARGED_PARAM } from './uncharged-filter.ts';
import './uncharged.css';

/** Attended sessions still to be given a fee or "No charge" (under the appointments key: every appointment write refreshes it). */
export function useUndecidedUncharged() {
  const userId = useUserId();
  return useQuery({
    queryKey: [...appointmentKeys.all(userId), 'uncharged'],
    queryFn: () => listUndecidedUncharged(userId),
    enabled: userId !== '',
    meta: { failure: 'Loading attended sessions with no charge failed' },
  });
}

export interface UnchargedCardProps {
  clients: readonly ClientDocument[];
  services?: readonly ServiceDocument[];
  timeZone: string;
}

/**
 * Today's "Attended sessions with no charge" (issue 29): each attended session with no fee and no
 * decision, newest first, with its fee to set or "No charge" to record in place. Nothing is shown
 * once there are none (Today keeps nothing permanent that is done). Self-contained: Today places it.
 */
export function UnchargedCard({ clients, services = [], timeZone }: UnchargedCardProps) {
  const uncharged = useUndecidedUncharged();
  if (uncharged.isError) return <LoadError what="Loading attended sessions with no charge failed" onRetry={() => void uncharged.refetch()} />;
  if (!uncharged.data || uncharged.data.total === 0) return null;
  const clientsById = new Map(clients.map((client) => [client.$id, client]));
  const servicesById = new Map(services.map((service) => [service.$id, service]));
  const { total, appointments } = uncharged.data;
  return (
    <section aria-labelledby="today-uncharged" className="uncharged">
      <h3 id="today-uncharged" className="today__subtitle">
        {NO_CHARGE_TEXTS.cardTitle} ({total})
      </h3>
      <p className="today__hint">{NO_CHARGE_TEXTS.cardIntro}</p>
      <ol className="uncharged__list">
        {appointments.map((appointment) => {
          const name = shortClientName(clientsById.get(appointment.clientId));
          const when = formatInZone(appointment.start, timeZone);
          const service = servicesById.get(appointment.serviceId)?.name;
          return (
            <li key={appointment.$id} className="uncharged__item">
              <p>
                <strong>{name}</strong> · {when}
                {service ? ` · ${service}` : ''}
              </p>
              <NoFeeChoice appointment={appointment} who={`${name}, ${when}`} />
            </li>
          );
        })}
      </ol>
      {total > appointments.length && (
        <p className="today__hint">
          <Link to={`/dashboard/sessions?${UNCHARGED_PARAM}=none`}>Every attended session with no charge, in All Sessions</Link>
        </p>
      )}
    </section>
  );
}
