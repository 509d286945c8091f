import { EmptyState } from '@cadence/shared-ui';
import { dateLabel, type PlainDate } from './calendar-dates.ts';
import { AppointmentText, appointmentLabel } from './appointment-text.tsx';
import type { AppointmentDocument } from './appointment.ts';
import type { PlacedAppointment } from './schedule-view.ts';
import type { GridAppointmentLook } from './time-grid.tsx';

export interface AgendaViewProps {
  days: readonly PlainDate[];
  placed: ReadonlyMap<PlainDate, readonly PlacedAppointment[]>;
  look: (appointment: AppointmentDocument) => GridAppointmentLook;
  today: PlainDate;
  onOpen: (appointment: AppointmentDocument) => void;
}

/** The agenda: the coming days as a list, one large row per appointment (the phone's main view). */
export function AgendaView({ days, placed, look, today, onOpen }: AgendaViewProps) {
  const busy = days.filter((day) => (placed.get(day)?.length ?? 0) > 0);
  if (busy.length === 0) {
    return <EmptyState icon="schedule" title="Nothing scheduled">No appointments from {dateLabel(days[0]!)} to {dateLabel(days[days.length - 1]!)}.</EmptyState>;
  }
  return (
    <div className="sched-agenda">
      {busy.map((day) => (
        <section key={day} className="sched-agenda__day" aria-label={dateLabel(day)}>
          <h3 className="sched-agenda__date">
            {dateLabel(day)}
            {day === today && <span className="sched-agenda__today"> · Today</span>}
          </h3>
          <ul className="sched-agenda__list">
            {placed.get(day)!.map((item) => {
              const words = look(item.appointment);
              return (
                <li key={item.appointment.$id}>
                  <button
                    type="button"
                    className={`sched-agenda__item${words.requested ? ' sched-appt--requested' : ''}`}
                    style={{ borderLeftColor: words.background }}
                    aria-label={appointmentLabel({ appointment: item.appointment, date: day, startMinutes: item.startMinutes, words, withLocation: true })}
                    onClick={() => onOpen(item.appointment)}
                  >
                    <AppointmentText appointment={item.appointment} date={day} startMinutes={item.startMinutes} words={words} withLocation />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
