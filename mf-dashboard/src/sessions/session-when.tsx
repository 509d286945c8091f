import type { AppointmentDocument } from '../schedule/appointment.ts';
import { dateLabel, timeLabel, zonedTime } from '../schedule/calendar-dates.ts';
import './session-when.css';

/** When an appointment is, on the practice's clock: "Tue, Mar 3, 2026" (the one date style, for a table and a label alike) and the times. */
export function sessionWhen(appointment: Pick<AppointmentDocument, 'start' | 'end'>, timeZone: string): { date: string; fullDate: string; time: string } {
  const start = zonedTime(appointment.start, timeZone);
  const end = zonedTime(appointment.end, timeZone);
  return {
    date: dateLabel(start.date),
    fullDate: dateLabel(start.date),
    time: `${timeLabel(start.minutes)} – ${timeLabel(end.minutes)}`,
  };
}

/** The date over the times, in one cell: a table of appointments stays narrow. */
export function SessionWhen({ appointment, timeZone }: { appointment: Pick<AppointmentDocument, 'start' | 'end'>; timeZone: string }) {
  const { date, time } = sessionWhen(appointment, timeZone);
  return (
    <span className="session-when">
      <span className="session-when__date">{date}</span>
      <span className="session-when__time">{time}</span>
    </span>
  );
}
