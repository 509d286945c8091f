import { useEffect, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { buttonClassName, Skeleton } from '@cadence/shared-ui';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientPath } from '../clients/client-paths.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { useServices } from '../practice/practice-queries.ts';
import type { AppointmentDocument } from '../schedule/appointment.ts';
import { addDays, instantAt, timeLabel, todayIn, zonedTime } from '../schedule/calendar-dates.ts';
import { useAppointments } from '../schedule/schedule-queries.ts';
import { shortClientName, clientDisplayName } from '../clients/client-names.ts';
import { StatusMenu } from '../schedule/status-menu.tsx';
import { serviceLabel } from '../practice/service-choice.ts';
import { NoteLink } from '../sessions/notes/note-link.tsx';
import { LoadError } from '../shared/load-error.tsx';
import { usePhoneFormat } from '../shared/phone-format.ts';
import { VideoSessionLink } from '../sessions/video/video-session-link.tsx';
import { useWaitingRooms } from '../sessions/video/waiting-rooms.ts';

export const TODAY_TEXTS = {
  title: "Today's appointments",
  loading: "Loading today's appointments",
  loadFailed: "Loading today's appointments failed",
  none: 'No appointments today.',
  openSchedule: 'Open the schedule',
  next: (name: string, wait: string) => `Next: ${name} ${wait}`,
  now: (name: string, until: string) => `Now: ${name}, until ${until}`,
  status: (name: string, time: string) => `Status of ${name} at ${time}`,
  join: 'Join video',
  joinLabel: (name: string, time: string) => `Join video with ${name} at ${time}`,
  office: 'Office',
  call: (name: string) => `Call ${name}`,
} as const;

/** How long until an instant, as the countdown says it: "in 25 min", "in 2 h 5 min", "now". */
export function waitText(minutes: number): string {
  if (minutes <= 0) return 'now';
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}

/** The appointment under way and the next one to come, among those still scheduled. */
export function nextAppointments(appointments: readonly AppointmentDocument[], now: number): { current: AppointmentDocument | null; next: AppointmentDocument | null } {
  const scheduled = appointments.filter((appointment) => appointment.status === 'scheduled');
  return {
    current: scheduled.find((appointment) => Date.parse(appointment.start) <= now && now < Date.parse(appointment.end)) ?? null,
    next: scheduled.find((appointment) => Date.parse(appointment.start) > now) ?? null,
  };
}

/** The countdown moves on every 30 seconds: a minute's resolution is what it shows. */
const TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface TodaysAppointmentsProps {
  settings: PracticeSettings | null;
  timeZone: string;
  clients: readonly ClientDocument[];
}

/**
 * Today (issues #14, #37): the day's appointments in order, each one row — time, client, service,
 * the status chip and its menu, the note, the video link or the office, the client's phone — and
 * the next one's countdown.
 */
export function TodaysAppointments({ settings, timeZone, clients }: TodaysAppointmentsProps) {
  const now = useNow();
  const services = useServices({ includeArchived: true }).data ?? [];
  const formatPhone = usePhoneFormat();
  const today = todayIn(timeZone, new Date(now));
  const from = instantAt(today, 0, timeZone).toISOString();
  const to = instantAt(addDays(today, 1), 0, timeZone).toISOString();
  const appointments = useAppointments(from, to);
  const waiting = useWaitingRooms();
  const clientsById = new Map(clients.map((client) => [client.$id, client]));
  const servicesById = new Map<string, ServiceDocument>(services.map((service) => [service.$id, service]));
  const clock = (instant: string) => timeLabel(zonedTime(instant, timeZone).minutes);

  let body;
  if (appointments.isPending) {
    body = <Skeleton label={TODAY_TEXTS.loading} lines={3} />;
  } else if (appointments.isError) {
    body = <LoadError what={TODAY_TEXTS.loadFailed} onRetry={() => void appointments.refetch()} />;
  } else if (appointments.data.length === 0) {
    body = (
<p className="today__none">{TODAY_TEXTS.none}</p>
    );
  } else {
    const ordered = [...appointments.data].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
    const { current, next } = nextAppointments(ordered, now);
    const name = (appointment: AppointmentDocument) => shortClientName(clientsById.get(appointment.clientId));
    const waitingFor = (appointment: AppointmentDocument) => {
      const since = waiting.get(appointment.$id);
      return since ? { name: name(appointment), since } : null;
    };
    const fullName = (appointment: AppointmentDocument) => {
      const client = clientsById.get(appointment.clientId);
      return client ? clientDisplayName(client) : name(appointment);
    };
    body = (
      <>
        {current && <p className="today__next">{TODAY_TEXTS.now(name(current), clock(current.end))}</p>}
        {next && <p className="today__next">{TODAY_TEXTS.next(name(next), waitText(Math.ceil((Date.parse(next.start) - now) / 60_000)))}</p>}
        <ol className="today__appointments">
          {ordered.map((appointment) => {
            const client = clientsById.get(appointment.clientId);
            const service = servicesById.get(appointment.serviceId);
            const start = clock(appointment.start);
            const who = fullName(appointment);
            return (
              <li key={appointment.$id} className="today-row">
                <span className="today-row__time today__appointment-time">
                  {start} – {clock(appointment.end)}
                </span>
                <span className="today-row__who">
                  {client ? <Link to={clientPath(client.$id)}>{who}</Link> : <span>{who}</span>}
                  {service && <span className="today-row__service">{serviceLabel(service)}</span>}
                </span>
                <span className="today-row__status">
                  <StatusMenu compact appointment={appointment} client={client} service={service} settings={settings} label={TODAY_TEXTS.status(name(appointment), start)} />
                </span>
                <span className="today-row__actions">
                  <NoteLink appointment={appointment} context={`${who}, ${start}`} />
                  {appointment.locationType === 'telehealth' ? (
                    <>
                      <VideoSessionLink appointment={appointment} context={`${who}, ${start}`} waiting={waitingFor(appointment)} />
                      {appointment.meetingLink ? (
                        <a href={appointment.meetingLink} target="_blank" rel="noreferrer noopener" aria-label={TODAY_TEXTS.joinLabel(who, start)}>
                          {TODAY_TEXTS.join}
                        </a>
                      ) : null}
                    </>
                  ) : (
                    <span className="today-row__place">{TODAY_TEXTS.office}</span>
                  )}
                  {client?.phone && (
                    <a href={`tel:${client.phone.replace(/[^\d+]/g, '')}`} aria-label={`${TODAY_TEXTS.call(who)}, ${formatPhone(client.phone)}`}>
                      {formatPhone(client.phone)}
                    </a>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </>
    );
  }

  return (
    <section aria-labelledby="today-appointments" className="today__day">
      <div className="today__day-head">
        <h3 id="today-appointments" className="today__subtitle">
          {TODAY_TEXTS.title}
        </h3>
        <Link className={buttonClassName('secondary', 'sm')} to="/dashboard/schedule">
          {TODAY_TEXTS.openSchedule}
        </Link>
      </div>
      {body}
    </section>
  );
}
