import { dateLabel, timeLabel, type PlainDate } from './calendar-dates.ts';
import { appointmentLabel } from './appointment-text.tsx';
import { ACTIVE_STATUSES, type AppointmentDocument } from './appointment.ts';
import type { PlacedAppointment } from './schedule-view.ts';
import type { GridAppointmentLook } from './time-grid.tsx';

/** Appointments a month cell lists before "+N more" (which opens the day). */
const SHOWN_PER_DAY = 3;
const WEEKDAY_HEADINGS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface MonthViewProps {
  weeks: readonly (readonly PlainDate[])[];
  month: string;
  placed: ReadonlyMap<PlainDate, readonly PlacedAppointment[]>;
  look: (appointment: AppointmentDocument) => GridAppointmentLook;
  today: PlainDate;
  onOpen: (appointment: AppointmentDocument) => void;
  onOpenDay: (date: PlainDate) => void;
}

/** The month: a table of weeks, each day listing its first appointments; a day's number opens it. */
export function MonthView({ weeks, month, placed, look, today, onOpen, onOpenDay }: MonthViewProps) {
  return (
    <table className="sched-month">
      <caption className="ui-visually-hidden">{dateLabel(`${month}-01`, 'month')}</caption>
      <thead>
        <tr>
          {WEEKDAY_HEADINGS.map((day) => (
            <th key={day} scope="col">
              {day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const items = placed.get(day) ?? [];
              const outside = !day.startsWith(month);
              return (
                <td key={day} className={`sched-month__day${outside ? ' sched-month__day--outside' : ''}${day === today ? ' sched-month__day--today' : ''}`}>
                  <button type="button" className="sched-month__date" onClick={() => onOpenDay(day)} aria-label={`${dateLabel(day)}${items.length ? `, ${items.length} appointment${items.length === 1 ? '' : 's'}` : ''}: open the day`}>
                    {Number(day.slice(8))}
                  </button>
                  <ul className="sched-month__list">
                    {items.slice(0, SHOWN_PER_DAY).map((item) => {
                      const words = look(item.appointment);
                      return (
                        <li key={item.appointment.$id}>
                          <button
                            type="button"
                            className={`sched-chip${ACTIVE_STATUSES.includes(item.appointment.status) ? '' : ' sched-chip--inactive'}${words.requested ? ' sched-appt--requested' : ''}`}
                            style={{ borderLeftColor: words.background }}
                            aria-label={appointmentLabel({ appointment: item.appointment, date: day, startMinutes: item.startMinutes, words })}
                            onClick={() => onOpen(item.appointment)}
                          >
                            {timeLabel(item.startMinutes)} {words.clientName}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                  {items.length > SHOWN_PER_DAY && (
                    <button type="button" className="sched-month__more" onClick={() => onOpenDay(day)}>
                      +{items.length - SHOWN_PER_DAY} more
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
