import { useState } from 'react';
import { Link } from '@cadence/shared-router';
import { buttonClassName, EmptyState, Skeleton } from '@cadence/shared-ui';
import { Table, type TableColumn } from '@cadence/shared-ui/bundled';
import { Query } from '@cadence/shared-auth';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import type { AppointmentDocument } from '../schedule/appointment.ts';
import { StatusMenu } from '../schedule/status-menu.tsx';
import { NoteLink } from '../sessions/notes/note-link.tsx';
import { SessionWhen, sessionWhen } from '../sessions/session-when.tsx';
import { useSessionsPage } from '../sessions/sessions-queries.ts';
import { LoadError } from '../shared/load-error.tsx';
import { browserTimeZone } from '../shared/time-zone.ts';
import { useUserId } from '../shared/use-user-id.ts';
import type { ClientDocument } from './api/client-document.ts';
import './client-appointments.css';
import { VideoSessionLink } from '../sessions/video/video-session-link.tsx';

export const CLIENT_APPOINTMENT_TEXTS = {
  newAppointment: 'New appointment',
  upcoming: 'Upcoming',
  past: 'Past',
  loading: 'Loading appointments',
  loadFailed: 'Loading appointments failed',
  noUpcoming: 'No upcoming appointments.',
  noPast: 'No past appointments.',
  seeAll: "See all of this client's sessions",
} as const;

/** Where the schedule opens its form with this client chosen (the schedule page reads these). */
export const newAppointmentPath = (clientId: string) => `/dashboard/schedule?new=1&client=${encodeURIComponent(clientId)}`;
/** All Sessions filtered to one client, by id. */
export const clientSessionsPath = (clientId: string) => `/dashboard/sessions?client=${encodeURIComponent(clientId)}`;

interface Context {
  client: ClientDocument;
  services: ReadonlyMap<string, ServiceDocument>;
  settings: PracticeSettings | null;
  timeZone: string;
}

function columns({ client, services, settings, timeZone }: Context): TableColumn<AppointmentDocument>[] {
  return [
    { key: 'date', header: 'Date', rowHeader: true, cell: (appointment) => <SessionWhen appointment={appointment} timeZone={timeZone} /> },
    { key: 'service', header: 'Service', cell: (appointment) => services.get(appointment.serviceId)?.name ?? 'Unknown service' },
    {
      key: 'note',
      header: 'Note',
      cell: (appointment) => {
        const at = sessionWhen(appointment, timeZone);
        const context = `${at.fullDate}, ${at.time}`;
        // Issue 34: a telehealth appointment's room, from now until it closes (4 hours after the start).
        const video = Date.parse(appointment.end) + 4 * 3_600_000 > Date.now() ? <VideoSessionLink appointment={appointment} context={context} /> : null;
        return video ? <span className="client-appointments__actions"><NoteLink appointment={appointment} context={context} />{video}</span> : <NoteLink appointment={appointment} context={context} />;
      },
    },
    {
      key: 'status',
      header: 'Status',
      cell: (appointment) => {
        const at = sessionWhen(appointment, timeZone);
        return (
          <StatusMenu
            compact
            appointment={appointment}
            client={client}
            service={services.get(appointment.serviceId)}
            settings={settings}
            label={`Status of the appointment on ${at.fullDate}, ${at.time}`}
          />
        );
      },
    },
  ];
}

/**
 * A client's Appointments tab (issue #14): the next 50 upcoming, soonest first, and the last 50,
 * latest first, each with its status in one click; All Sessions has the rest, filtered to them.
 */
export function ClientAppointments({ client, only, limit }: { client: ClientDocument; only?: 'upcoming' | 'past'; limit?: number }) {
  const userId = useUserId();
  const settings = usePracticeSettings();
  const services = useServices({ includeArchived: true });
  // Upcoming and past split at the moment the tab opened, so the lists' keys hold still.
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString());
  const mine = [Query.equal('userId', userId), Query.equal('clientId', client.$id)];
  const upcoming = useSessionsPage([...mine, Query.greaterThanEqual('start', now)], 'asc', 1);
  const past = useSessionsPage([...mine, Query.lessThan('start', now)], 'desc', 1);
  const context: Context = {
    client,
    services: new Map((services.data ?? []).map((service) => [service.$id, service])),
    settings: settings.data ?? null,
    timeZone: settings.data?.timeZone ?? browserTimeZone(),
  };

  const list = (title: string, query: typeof upcoming, empty: string) => (
    <section className="client-appointments__list">
      <h3 className="client-appointments__title">{title}</h3>
      {query.isPending || settings.isPending || services.isPending ? (
        <Skeleton label={CLIENT_APPOINTMENT_TEXTS.loading} lines={3} />
      ) : query.isError ? (
        <LoadError what={CLIENT_APPOINTMENT_TEXTS.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <Table caption={title} hideCaption columns={columns(context)} rows={query.data.slice(0, limit)} rowKey={(appointment) => appointment.$id} empty={<EmptyState icon="schedule">{empty}</EmptyState>} />
      )}
    </section>
  );

  return (
    <div className="client-appointments">
      <div className="client-appointments__actions">
        <Link className={buttonClassName('primary')} to={newAppointmentPath(client.$id)}>
          {CLIENT_APPOINTMENT_TEXTS.newAppointment}
        </Link>
        <Link to={clientSessionsPath(client.$id)}>{CLIENT_APPOINTMENT_TEXTS.seeAll}</Link>
      </div>
      {/* The overview shows one of the lists, its first rows. */}
      {only !== 'past' && list(CLIENT_APPOINTMENT_TEXTS.upcoming, upcoming, CLIENT_APPOINTMENT_TEXTS.noUpcoming)}
      {only !== 'upcoming' && list(CLIENT_APPOINTMENT_TEXTS.past, past, CLIENT_APPOINTMENT_TEXTS.noPast)}
    </div>
  );
}
