import { useState } from 'react';
import { Button, Dialog } from '@cadence/shared-ui';
import { Link } from '@cadence/shared-router';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { clientPath } from '../clients/client-paths.ts';
import { clientDisplayName } from '../clients/client-schema.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import type { PracticeSettings } from '../practice/practice-settings.ts';
import { serviceLabel } from '../practice/services.ts';
import { formatMoney } from '@cadence/shared-auth/money';
import { LOCATION_LABELS, durationMinutes, isDeletable, type AppointmentDocument } from './appointment.ts';
import { dateLabel, timeLabel, zonedTime } from './calendar-dates.ts';
import { StatusMenu } from './status-menu.tsx';
import { StatusHistory } from './status-history.tsx';
import { NoteLink } from '../sessions/notes/note-link.tsx';
import { canNotify, NotifyClientButton } from './notify-client-button.tsx';
import { shortClientName } from '../clients/client-names.ts';
import { WatchedVideoSessionLink } from '../sessions/video/video-session-link.tsx';

/** Statuses after which the client can be told their appointment is off. */
const CANCELLED: readonly AppointmentDocument['status'][] = ['cancelled', 'late_cancelled', 'clinician_cancelled'];

export interface AppointmentDetailsProps {
  appointment: AppointmentDocument;
  client: ClientDocument | undefined;
  service: ServiceDocument | undefined;
  settings: PracticeSettings | null;
  timeZone: string;
  onClose: () => void;
  onReschedule: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** An appointment opened from the calendar: when, who, what, where; its status in one click; move, edit, delete. */
export function AppointmentDetails({ appointment, client, service, settings, timeZone, onClose, onReschedule, onEdit, onDelete }: AppointmentDetailsProps) {
  const start = zonedTime(appointment.start, timeZone);
  const end = zonedTime(appointment.end, timeZone);
  const name = client ? clientDisplayName(client) : 'Unknown client';
  // Cancelled while the details are open: offer to tell the client (issue 37), once per cancellation.
  const [openedAs] = useState(appointment.status);
  const justCancelled = CANCELLED.includes(appointment.status) && !CANCELLED.includes(openedAs);
  return (
    <Dialog
      open
      onClose={onClose}
      title={name}
      description={`${dateLabel(start.date)}, ${timeLabel(start.minutes)} – ${timeLabel(end.minutes)} (${durationMinutes(appointment)} min)`}
      footer={
        <>
          <Button onClick={onDelete} variant="quiet" disabled={!appointment.seriesId && !isDeletable(appointment)}>
            Delete…
          </Button>
          <Button onClick={onEdit}>Edit</Button>
          <Button onClick={onReschedule} variant="primary">
            Reschedule…
          </Button>
        </>
      }
    >
      <dl className="sched-details">
        <dt>Service</dt>
        <dd>
          {service ? serviceLabel(service) : 'Unknown service'}
          {appointment.feeAmount !== null && ` · ${formatMoney(appointment.feeAmount, appointment.currency)}`}
        </dd>
        <dt>Location</dt>
        <dd>
          {LOCATION_LABELS[appointment.locationType]}
          {appointment.locationType === 'telehealth' && appointment.meetingLink && (
            <>
              {' · '}
              <a href={appointment.meetingLink} target="_blank" rel="noreferrer noopener">
                Join the meeting
              </a>
            </>
          )}
        </dd>
        {appointment.seriesId && (
          <>
            <dt>Repeats</dt>
            <dd>Part of a repeating series; changes here can apply to this one or the ones after it.</dd>
          </>
        )}
        {appointment.adminNote && (
          <>
            <dt>Administrative note</dt>
            <dd>{appointment.adminNote}</dd>
          </>
        )}
      </dl>
      {appointment.locationType === 'telehealth' && <p className="sched-details__video"><WatchedVideoSessionLink appointment={appointment} name={shortClientName(client)} /></p>}
      <StatusMenu appointment={appointment} client={client} service={service} settings={settings} />
      {justCancelled && canNotify(client) && (
        <p className="sched-details__notify">
          <NotifyClientButton notice={{ appointmentId: appointment.$id, change: 'cancelled' }} clientName={shortClientName(client)} />
        </p>
      )}
      {appointment.statusHistory.length > 0 && <StatusHistory appointment={appointment} timeZone={timeZone} />}
      <p className="sched-details__client">
        <NoteLink appointment={appointment} primary />
        {client && <Link to={clientPath(client.$id)}>Open {name}’s record</Link>}
      </p>
    </Dialog>
  );
}
