import { dateLabel, timeLabel } from './calendar-dates.ts';
import { APPOINTMENT_STATUS_LABELS, LOCATION_LABELS, durationMinutes, type AppointmentDocument } from './appointment.ts';
import type { AppointmentWords } from './schedule-view.ts';

export interface AppointmentTextProps {
  appointment: AppointmentDocument;
  date: string;
  startMinutes: number;
  words: AppointmentWords;
  /** The agenda also says where. */
  withLocation?: boolean;
}

function parts({ appointment, startMinutes, words, withLocation }: AppointmentTextProps) {
  return {
    time: timeLabel(startMinutes),
    service: `${words.serviceName} ${durationMinutes(appointment)} min`,
    location: withLocation ? LOCATION_LABELS[appointment.locationType] : null,
    status: words.requested ? 'Requested' : APPOINTMENT_STATUS_LABELS[appointment.status],
  };
}

/**
 * An appointment button's accessible name: "Tuesday 3 March, 10:00 AM, Jane D., Psychotherapy 45
 * min, Scheduled" — what is seen on it (AppointmentText), in the same order, after the day.
 */
export function appointmentLabel(props: AppointmentTextProps): string {
  const { time, service, location, status } = parts(props);
  return [dateLabel(props.date), time, props.words.clientName, service, ...(location ? [location] : []), status].join(', ');
}

/** What an appointment button shows, each part on its own line when there is room. */
export function AppointmentText(props: AppointmentTextProps) {
  const { time, service, location, status } = parts(props);
  return (
    <>
      {/* The spaces between the parts are what a reader of the text (and axe) sees between them. */}
      <span className="sched-text__time">{time}</span>{' '}
      <span className="sched-text__name">{props.words.clientName}</span>{' '}
      <span className="sched-text__meta">
        {service}, {location ? `${location}, ` : ''}
        <span className="sched-text__status">{status}</span>
      </span>
    </>
  );
}
