import { memo } from 'react';
import { formatDate } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import type { ClientDocument } from '../../clients/api/client-document.ts';
import { clientPath } from '../../clients/client-paths.ts';
import { clientDisplayName } from '../../clients/client-schema.ts';
import type { ServiceDocument } from '../../practice/api/service-document.ts';
import { LOCATION_LABELS, durationMinutes, type AppointmentDocument } from '../../schedule/appointment.ts';
import { dateLabel, timeLabel, zonedTime } from '../../schedule/calendar-dates.ts';

export interface NoteContext {
  appointment: AppointmentDocument;
  client: ClientDocument;
  service: ServiceDocument | undefined;
  timeZone: string;
}

/** The note's header, filled in for the therapist: who, when, what, where (memoised: not redrawn as the note is typed). */
export const NoteHeader = memo(function NoteHeader({ appointment, client, service, timeZone }: NoteContext) {
  const start = zonedTime(appointment.start, timeZone);
  const end = zonedTime(appointment.end, timeZone);
  return (
    <dl className="note-header">
      <div>
        <dt>Client</dt>
        <dd>
          <Link to={clientPath(client.$id)}>{clientDisplayName(client)}</Link>
        </dd>
      </div>
      <div>
        <dt>Date of birth</dt>
        <dd>{client.dateOfBirth ? formatDate(client.dateOfBirth) : 'Not recorded'}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>{dateLabel(start.date, 'full')}</dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd>
          {timeLabel(start.minutes)} – {timeLabel(end.minutes)} ({durationMinutes(appointment)} min)
        </dd>
      </div>
      <div>
        <dt>Service</dt>
        <dd>{service ? `${service.name}${service.serviceCode ? ` (${service.serviceCode})` : ''}` : 'Unknown service'}</dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{LOCATION_LABELS[appointment.locationType]}</dd>
      </div>
    </dl>
  );
});
