import { Suspense, useState } from 'react';
import { Alert, Button } from '@cadence/shared-ui';
import type { ClientDocument } from '../clients/api/client-document.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { usePendingRequests } from '../schedule/booking-requests.ts';
import { dateLabel, timeLabel, zonedTime } from '../schedule/calendar-dates.ts';
import { shortClientName } from '../clients/client-names.ts';
import { lazyComponent } from '../shared/lazy-component.ts';
import { LoadError } from '../shared/load-error.tsx';

/** The calendar's Review dialog, loaded when a Review button is hovered, focused or pressed (and with the schedule once idle). */
const requestDialog = lazyComponent(() => import(/* webpackChunkName: "request-dialog" */ '../schedule/request-dialog.tsx').then((m) => m.RequestDialog));
const prefetchDialog = () => void requestDialog.prefetch().catch(() => {});

/**
 * Today's "Appointment requests" (issue 32): each request from the client portal waiting for an
 * answer, soonest first, with Review (Approve / Decline, the calendar's dialog); gone when none wait.
 */
export function RequestsCard({ clients, services, timeZone }: { clients: readonly ClientDocument[]; services: readonly ServiceDocument[]; timeZone: string }) {
  const requests = usePendingRequests();
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (requests.isError) return <LoadError what="Loading appointment requests failed" onRetry={() => void requests.refetch()} />;
  const list = requests.data ?? [];
  if (list.length === 0 && !notice) return null;
  const clientName = (id: string) => shortClientName(clients.find((c) => c.$id === id));
  const serviceName = (id: string) => services.find((s) => s.$id === id)?.name ?? 'Service';
  const selected = list.find((r) => r.id === open);
  return (
    <section aria-labelledby="today-requests">
      <h3 id="today-requests" className="today__subtitle">Appointment requests ({list.length})</h3>
      {notice ? <Alert tone="success" onDismiss={() => setNotice(null)} dismissLabel="Dismiss">{notice}</Alert> : null}
      {list.length > 0 ? <p className="today__hint">Clients asked for these times in the portal. They hold the time until you answer.</p> : null}
      <ul className="clients-consents__list">
        {list.map((request) => {
          const start = zonedTime(request.start, timeZone);
          return (
            <li key={request.id} className="clients-consents__item">
              <span>{clientName(request.clientId)}: {serviceName(request.serviceId)}, {dateLabel(start.date)}, {timeLabel(start.minutes)}</span>
              <Button size="sm" onClick={() => setOpen(request.id)} onPointerEnter={prefetchDialog} onFocus={prefetchDialog} aria-label={`Review the request of ${clientName(request.clientId)} for ${dateLabel(start.date)}, ${timeLabel(start.minutes)}`}>Review</Button>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <Suspense fallback={null}>
          <requestDialog.Component
            request={selected}
            clientName={clientName(selected.clientId)}
            serviceName={serviceName(selected.serviceId)}
            timeZone={timeZone}
            onClose={() => setOpen(null)}
            onDecided={(message) => { setOpen(null); setNotice(message); }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
