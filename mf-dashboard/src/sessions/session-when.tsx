import type { AppointmentDocument } from '../schedule/appointment.ts';
import { dateLabel, timeLabel, zonedTime } from '../schedule/calendar-dates.ts';
import './session-when.css';

const shortDate = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** When an appointment is, on the practice's clock: "Tue, 3 Mar 2026" for a table, the full date for a label, and the times. */
export function sessionWhen(appointment: Pick<AppointmentDocument, 'start' | 'end'>, timeZone: string): { date: string; fullDate: string; time: string } {
  const start = zonedTime(appointment.start, timeZone);
  const end = zonedTime(appointment.end, timeZone);
  return {
    date: shortDate.format(new Date(`${start.date}T00:00:00Z`)),
    fullDate: dateLabel(start.date, 'full'),
    time: `${timeLabel(start.minutes)} – ${timeLabel(end.minutes)}`,
  };
}

/** The date over the times, in one cell: a table of appointments stays narrow enough for its status buttons. */
export function SessionWhen({ appointment, timeZone }: { appointment: Pick<AppointmentDocument, 'start' | 'end'>; timeZone: string }) {
  const { date, time } = sessionWhen(appointment, timeZone);
  return (
    <span className="session-when">
      <span className="session-when__date">{date}</span>
      <span className="session-when__time">{time}</span>
    </span>
  );
}
