import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@cadence/shared-router';
import { Alert, Button, buttonClassName, Checkbox, DateInput, IconButton, PageHeader, Skeleton } from '@cadence/shared-ui';
import { Link } from '@cadence/shared-router';
import { useClients } from '../clients/client-queries.ts';
import { usePracticeSettings, useServices } from '../practice/practice-queries.ts';
import { SERVICE_COLORS } from '../practice/services.ts';
import { LoadError } from '../shared/load-error.tsx';
import { browserTimeZone } from '../shared/time-zone.ts';
import { practiceZoneLabel } from '../shared/zone-label.ts';
import { AgendaView } from './agenda-view.tsx';
import { AppointmentDetails } from './appointment-details.tsx';
import { AppointmentDialog, type AppointmentDialogMode } from './appointment-dialog.tsx';
import type { AppointmentDocument } from './appointment.ts';
import { dateLabel, instantAt, isPlainDate, monthWeeks, timeLabel, todayIn, zonedTime, type PlainDate } from './calendar-dates.ts';
import { DeleteAppointmentDialog } from './delete-appointment-dialog.tsx';
import { MonthView } from './month-view.tsx';
import type { ChangeNotice } from './api/notify-client.ts';
import { canNotify, NotifyClientButton } from './notify-client-button.tsx';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { requestBlock, requestIdOf, usePendingRequests } from './booking-requests.ts';
import { RequestDialog } from './request-dialog.tsx';
import { useUserId } from '../shared/use-user-id.ts';
import { useAppointments, useUpdateAppointment } from './schedule-queries.ts';
import { PHONE_VIEWS, placeAppointments, readViewParams, SCHEDULE_VIEW_LABELS, SCHEDULE_VIEWS, stepDate, viewDays, viewRange, viewTitle, type ScheduleView } from './schedule-view.ts';
import { shortClientName } from '../clients/client-names.ts';
import { TimeGrid, type GridAppointmentLook } from './time-grid.tsx';
import { useMediaQuery } from './use-media-query.ts';
import './schedule.css';

const PHONE_QUERY = '(max-width: 640px)';
/** How long the "Moved … Undo" bar stays. */
const UNDO_MS = 10_000;
/** Where a new appointment starts when none was picked on the grid. */
const DEFAULT_START_MINUTES = 9 * 60;

type Open =
  | { kind: 'form'; mode: AppointmentDialogMode }
  | { kind: 'details' | 'reschedule' | 'delete'; appointmentId: string }
  | { kind: 'request'; requestId: string };

interface Notice {
  message: string;
  undo?: () => void;
  /** A move the client can be told about ("Notify the client"), offered to consenting clients only. */
  notify?: { notice: ChangeNotice; clientName: string };
}

/** /dashboard/schedule: the therapist's calendar in the practice's time zone. */
export function SchedulePage() {
  const settings = usePracticeSettings();
  const clients = useClients();
  const services = useServices({ includeArchived: true });
  const failed = settings.isError ? settings : clients.isError ? clients : services.isError ? services : null;

  return (
    <div className="sched-page">
      {failed ? (
        <LoadError what="Loading the schedule failed" onRetry={() => void failed.refetch()} />
      ) : settings.isPending || clients.isPending || services.isPending ? (
        <>
          <PageHeader title="Schedule" />
          <Skeleton label="Loading the schedule" lines={8} />
        </>
      ) : (
        <Schedule timeZone={settings.data?.timeZone ?? browserTimeZone()} />
      )}
    </div>
  );
}

function Schedule({ timeZone }: { timeZone: string }) {
  const settings = usePracticeSettings().data ?? null;
  const clientList = useClients().data;
  const serviceList = useServices({ includeArchived: true }).data;
  const clients = useMemo(() => clientList ?? [], [clientList]);
  const services = useMemo(() => serviceList ?? [], [serviceList]);
  const phone = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useSearchParams();
  const [now, setNow] = useState(() => new Date());
  const today = todayIn(timeZone, now);
  const { view, date, workWeek } = readViewParams(params, today, phone);
  const [open, setOpen] = useState<Open | null>(() => {
    if (params.get('new') !== '1') return null;
    const clientId = params.get('client') ?? undefined;
    return { kind: 'form', mode: { kind: 'new', date, minutes: DEFAULT_START_MINUTES, lengthMinutes: null, ...(clientId ? { clientId } : {}) } };
  });
  const [notice, setNotice] = useState<Notice | null>(null);
  const update = useUpdateAppointment();

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // "New appointment" links (a client's Appointments tab) open the form once, then leave the address.
  useEffect(() => {
    if (params.has('new') || params.has('client')) {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('new');
        next.delete('client');
        return next;
      }, { replace: true });
    }
  }, [params, setParams]);

  const days = useMemo(() => viewDays(view, date, workWeek), [view, date, workWeek]);
  const { from, to } = useMemo(() => viewRange(days, timeZone), [days, timeZone]);
  const appointments = useAppointments(from, to);
  const userId = useUserId();
  const requests = usePendingRequests();
  // Requests waiting for an answer hold their time: drawn where their appointment would be.
  const placed = useMemo(() => {
    const blocks = (requests.data ?? []).filter((r) => Date.parse(r.start) >= Date.parse(from) && Date.parse(r.start) < Date.parse(to)).map((r) => requestBlock(r, userId));
    return placeAppointments([...(appointments.data ?? []), ...blocks], timeZone);
  }, [appointments.data, requests.data, from, to, userId, timeZone]);

  const clientsById = useMemo(() => new Map(clients.map((client) => [client.$id, client])), [clients]);
  const servicesById = useMemo(() => new Map(services.map((service) => [service.$id, service])), [services]);
  const look = useCallback(
    (appointment: AppointmentDocument): GridAppointmentLook => {
      const service = servicesById.get(appointment.serviceId);
      const color = SERVICE_COLORS[service?.color ?? 'slate'];
      return {
        clientName: shortClientName(clientsById.get(appointment.clientId)), serviceName: service?.name ?? 'Service', background: color.background, text: color.text,
        ...(requestIdOf(appointment) ? { requested: true } : {}),
      };
    },
    [clientsById, servicesById],
  );

  const go = (changes: { view?: ScheduleView; date?: PlainDate; workWeek?: boolean }) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('view', changes.view ?? view);
      next.set('date', changes.date ?? date);
      if (changes.workWeek ?? workWeek) next.set('days', '5');
      else next.delete('days');
      return next;
    });
  };

  const move = (appointment: AppointmentDocument, toDate: PlainDate, startMinutes: number, lengthMinutes: number) => {
    const start = instantAt(toDate, startMinutes, timeZone);
    const end = new Date(start.getTime() + lengthMinutes * 60_000);
    const before = { start: appointment.start, end: appointment.end };
    const client = clientsById.get(appointment.clientId);
    const name = shortClientName(client);
    // A new move takes the last one's Undo away at once: until it is saved, that Undo would put the
    // earlier move back, not this one.
    setNotice(null);
    update.mutate(
      { appointmentId: appointment.$id, changes: { start: start.toISOString(), end: end.toISOString() } },
      {
        onSuccess: () =>
          setNotice({
            message: `Moved ${name} to ${dateLabel(toDate)}, ${timeLabel(startMinutes)}–${timeLabel(startMinutes + lengthMinutes)}.`,
            ...(canNotify(client) && appointment.status === 'scheduled'
              ? { notify: { notice: { appointmentId: appointment.$id, change: 'moved' as const, previousStart: before.start, previousEnd: before.end }, clientName: name } }
              : {}),
            undo: () => {
              setNotice(null);
              update.mutate({ appointmentId: appointment.$id, changes: before }, { onSuccess: () => setNotice({ message: `${name} is back at ${dateLabel(zonedTime(before.start, timeZone).date)}, ${timeLabel(zonedTime(before.start, timeZone).minutes)}.` }) });
            },
          }),
        onError: (error) => setNotice({ message: `${name} was not moved: ${error.message}` }),
      },
    );
  };

  const openAppointment = (appointment: AppointmentDocument) => {
    const requestId = requestIdOf(appointment);
    setOpen(requestId ? { kind: 'request', requestId } : { kind: 'details', appointmentId: appointment.$id });
  };
  const selected = open && open.kind !== 'form' && open.kind !== 'request' ? (appointments.data ?? []).find((appointment) => appointment.$id === open.appointmentId) : undefined;
  const selectedRequest = open?.kind === 'request' ? requests.data?.find((r) => r.id === open.requestId) : undefined;
  const zoneNotice = practiceZoneLabel(timeZone, browserTimeZone(), now);
  const views = phone ? PHONE_VIEWS : SCHEDULE_VIEWS;
  const title = viewTitle(view, days, date);
  const nowTime = zonedTime(now, timeZone);

  return (
    <>
      {/* One compact header (title, where you are, views, New appointment) so the grid below gets the
          window's height (issue 37: ≥ 10 working hours visible at 1280×800). */}
      <PageHeader
        title="Schedule"
        className="sched-header"
        actions={
          <Button variant="primary" onClick={() => setOpen({ kind: 'form', mode: { kind: 'new', date: date < today && view !== 'month' ? today : date, minutes: DEFAULT_START_MINUTES, lengthMinutes: null } })}>
            New appointment
          </Button>
        }
      />
      {services.length === 0 && (
        <Alert tone="info" title="Add a service first">
          Appointments are booked for a service. <Link to="/dashboard/practice">Set up your services</Link>.
        </Alert>
      )}
      <div className="sched-toolbar" role="toolbar" aria-label="Calendar">
        <div className="sched-toolbar__nav">
          <Button onClick={() => go({ date: today })}>Today</Button>
          <IconButton icon="chevron-left" label={`Previous ${view === 'agenda' ? 'days' : view}`} onClick={() => go({ date: stepDate(view, date, -1) })} />
          <IconButton icon="chevron-right" label={`Next ${view === 'agenda' ? 'days' : view}`} onClick={() => go({ date: stepDate(view, date, 1) })} />
          <DateInput label="Go to date" className="sched-toolbar__date" value={date} onChange={(event) => isPlainDate(event.target.value) && go({ date: event.target.value })} />
        </div>
        <div className="sched-toolbar__where">
          <h2 className="sched-title" aria-live="polite">
            {title}
          </h2>
          {zoneNotice && <p className="sched-zone">{zoneNotice}</p>}
        </div>
        <div className="sched-toolbar__views">
          {view === 'week' && <Checkbox label="Mon–Fri only" checked={workWeek} onChange={(event) => go({ workWeek: event.target.checked })} />}
          <div className="sched-toolbar__views" role="group" aria-label="View">
            {views.map((option) => (
              <button key={option} type="button" className={buttonClassName(option === view ? 'primary' : 'secondary', 'sm')} aria-pressed={option === view} onClick={() => go({ view: option })}>
                {SCHEDULE_VIEW_LABELS[option]}
              </button>
            ))}
          </div>
        </div>
      </div>
      {appointments.isError && <LoadError what="Loading appointments failed" onRetry={() => void appointments.refetch()} />}
      {/* Floats over the bottom of the window instead of taking a row above the grid. */}
      <div className="sched-notice" role="status">
        {appointments.isPending ? 'Loading appointments…' : null}
        {notice && (
          <>
            {notice.message}
            {notice.undo && (
              <Button size="sm" onClick={notice.undo}>
                Undo
              </Button>
            )}
            {notice.notify && <NotifyClientButton key={notice.notify.notice.appointmentId + notice.message} notice={notice.notify.notice} clientName={notice.notify.clientName} />}
          </>
        )}
      </div>
      {view === 'day' || view === 'week' ? (
        <TimeGrid
          days={days}
          placed={placed}
          look={look}
          today={today}
          nowMinutes={nowTime.minutes}
          canDrag={!phone}
          onCreate={(day, startMinutes, endMinutes) => setOpen({ kind: 'form', mode: { kind: 'new', date: day, minutes: startMinutes, lengthMinutes: endMinutes === null ? null : endMinutes - startMinutes } })}
          onOpen={openAppointment}
          onMove={move}
          onOpenDay={(day) => go({ view: 'day', date: day })}
        />
      ) : view === 'month' ? (
        <MonthView weeks={monthWeeks(date)} month={date.slice(0, 7)} placed={placed} look={look} today={today} onOpen={openAppointment} onOpenDay={(day) => go({ view: 'day', date: day })} />
      ) : (
        <AgendaView days={days} placed={placed} look={look} today={today} onOpen={openAppointment} />
      )}

      {open?.kind === 'form' && (
        <AppointmentDialog
          mode={open.mode}
          timeZone={timeZone}
          clients={clients}
          services={services}
          currency={settings?.currency}
          onClose={() => setOpen(null)}
          onSaved={(message) => setNotice({ message })}
        />
      )}
      {selected && open?.kind === 'details' && (
        <AppointmentDetails
          appointment={selected}
          client={clientsById.get(selected.clientId)}
          service={servicesById.get(selected.serviceId)}
          settings={settings}
          timeZone={timeZone}
          onClose={() => setOpen(null)}
          onReschedule={() => setOpen({ kind: 'reschedule', appointmentId: selected.$id })}
          onEdit={() => setOpen({ kind: 'form', mode: { kind: 'edit', appointment: selected } })}
          onDelete={() => setOpen({ kind: 'delete', appointmentId: selected.$id })}
        />
      )}
      {selected && open?.kind === 'reschedule' && (
        <RescheduleDialog
          appointment={selected}
          clientName={shortClientName(clientsById.get(selected.clientId))}
          timeZone={timeZone}
          onClose={() => setOpen(null)}
          onReschedule={(day, startMinutes, lengthMinutes) => {
            setOpen(null);
            move(selected, day, startMinutes, lengthMinutes);
          }}
        />
      )}
      {selectedRequest && (
        <RequestDialog
          request={selectedRequest}
          clientName={shortClientName(clientsById.get(selectedRequest.clientId))}
          serviceName={servicesById.get(selectedRequest.serviceId)?.name ?? 'Service'}
          timeZone={timeZone}
          onClose={() => setOpen(null)}
          onDecided={(message) => { setOpen(null); setNotice({ message }); }}
        />
      )}
      {selected && open?.kind === 'delete' && (
        <DeleteAppointmentDialog appointment={selected} clientName={shortClientName(clientsById.get(selected.clientId))} onClose={() => setOpen(null)} onDeleted={(message) => setNotice({ message })} />
      )}
    </>
  );
}
