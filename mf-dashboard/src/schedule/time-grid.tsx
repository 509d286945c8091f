import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { clockText, dateLabel, timeLabel, type PlainDate } from './calendar-dates.ts';
import { ACTIVE_STATUSES, type AppointmentDocument } from './appointment.ts';
import { AppointmentText, appointmentLabel } from './appointment-text.tsx';
import { SLOT_MINUTES, type AppointmentWords, type PlacedAppointment } from './schedule-view.ts';
import { useFillHeight } from './use-fill-height.ts';

// The day and week views: Cadence's own small time grid (issue #14 — calendar libraries cost
// 55–160 KB gzip). Days are columns, an hour is HOUR_PX tall, appointments are buttons placed by
// their minutes in the practice's zone. A mouse drags over an empty slot to create, drags an
// appointment to move it and its lower edge to resize it, snapping to 15 minutes; every drag has a
// keyboard and dialog twin (WCAG 2.2 §2.5.7): Alt+arrows move the focused appointment, the details
// dialog reschedules.

export const HOUR_PX = 48;
const DAY_MINUTES = 24 * 60;
const DRAG_THRESHOLD_PX = 4;
/** Where the grid opens scrolled to, unless something is earlier. */
const FIRST_VISIBLE_HOUR = 7;

export interface GridAppointmentLook extends AppointmentWords {
  /** The service's colour (background) and its text colour. */
  background: string;
  text: string;
}

export interface TimeGridProps {
  days: readonly PlainDate[];
  placed: ReadonlyMap<PlainDate, readonly PlacedAppointment[]>;
  look: (appointment: AppointmentDocument) => GridAppointmentLook;
  today: PlainDate;
  /** Minutes since midnight now, in the practice's zone (the current-time line). */
  nowMinutes: number;
  /** Drag and Alt+arrows are offered only where a mouse and a keyboard are (not on phones). */
  canDrag: boolean;
  onCreate: (date: PlainDate, startMinutes: number, endMinutes: number | null) => void;
  onOpen: (appointment: AppointmentDocument) => void;
  onMove: (appointment: AppointmentDocument, date: PlainDate, startMinutes: number, lengthMinutes: number) => void;
  onOpenDay: (date: PlainDate) => void;
}

interface Selection {
  date: PlainDate;
  from: number;
  to: number;
}

interface Drag {
  appointment: AppointmentDocument;
  mode: 'move' | 'resize';
  x: number;
  y: number;
  date: PlainDate;
  start: number;
  length: number;
  moved: boolean;
}

const snap = (minutes: number) => Math.max(0, Math.min(DAY_MINUTES, Math.round(minutes / SLOT_MINUTES) * SLOT_MINUTES));
const minutesAt = (column: HTMLElement, clientY: number) => ((clientY - column.getBoundingClientRect().top) / HOUR_PX) * 60;

function columnAt(x: number, y: number): HTMLElement | null {
  const hit = typeof document.elementsFromPoint === 'function' ? document.elementsFromPoint(x, y) : [];
  for (const element of hit) {
    const column = element.closest<HTMLElement>('[data-grid-date]');
    if (column) return column;
  }
  return null;
}

export function TimeGrid({ days, placed, look, today, nowMinutes, canDrag, onCreate, onOpen, onMove, onOpenDay }: TimeGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const suppressClick = useRef(false);
  // The appointment an Alt+arrow just moved: focus follows it to its new place (a move to another
  // day re-creates its button in that day's column, which would otherwise drop focus to the page).
  const refocus = useRef<{ id: string; date: PlainDate; start: number } | null>(null);
  const hintId = useId();
  useFillHeight(scrollRef);

  useLayoutEffect(() => {
    const moved = refocus.current;
    if (!moved) return;
    const arrived = (placed.get(moved.date) ?? []).some((item) => item.appointment.$id === moved.id && item.startMinutes === moved.start);
    const button = bodyRef.current?.querySelector<HTMLElement>(`[data-appointment-id="${moved.id}"]`);
    if (button && document.activeElement !== button) button.focus();
    if (arrived) refocus.current = null;
  }, [placed]);

  let earliest = FIRST_VISIBLE_HOUR * 60;
  for (const day of days) for (const item of placed.get(day) ?? []) earliest = Math.min(earliest, item.startMinutes);
  const scrollTo = Math.max(0, Math.floor(earliest / 60) * HOUR_PX - 8);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = scrollTo;
  }, [scrollTo]);

  // -- creating: press on an empty slot, drag to the end time, release --------------------------
  const startSelection = (event: ReactPointerEvent<HTMLDivElement>, date: PlainDate) => {
    if (event.button !== 0 || event.target !== event.currentTarget) return;
    const from = Math.floor(minutesAt(event.currentTarget, event.clientY) / SLOT_MINUTES) * SLOT_MINUTES;
    setSelection({ date, from, to: from });
    if (event.pointerType === 'mouse') event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const extendSelection = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!selection || event.pointerType !== 'mouse') return;
    setSelection({ ...selection, to: snap(minutesAt(event.currentTarget, event.clientY)) });
  };
  const finishSelection = () => {
    if (!selection) return;
    const { date, from, to } = selection;
    setSelection(null);
    if (to > from + SLOT_MINUTES / 2) onCreate(date, from, to);
    else if (to < from) onCreate(date, snap(to), from + SLOT_MINUTES);
    else onCreate(date, from, null);
  };

  // -- moving and resizing an appointment --------------------------------------------------------
  const startDrag = (event: ReactPointerEvent<HTMLElement>, item: PlacedAppointment, mode: Drag['mode']) => {
    // A request is answered, not moved: its time is the client's ask.
    if (!canDrag || event.button !== 0 || event.pointerType !== 'mouse' || look(item.appointment).requested) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ appointment: item.appointment, mode, x: event.clientX, y: event.clientY, date: item.date, start: item.startMinutes, length: item.endMinutes - item.startMinutes, moved: false });
  };
  const [dragOrigin, setDragOrigin] = useState<{ date: PlainDate; start: number; length: number } | null>(null);
  const continueDrag = (event: ReactPointerEvent<HTMLElement>, item: PlacedAppointment) => {
    if (!drag || drag.appointment.$id !== item.appointment.$id) return;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.abs(dy) < DRAG_THRESHOLD_PX && Math.abs(event.clientX - drag.x) < DRAG_THRESHOLD_PX) return;
    const origin = dragOrigin ?? { date: item.date, start: item.startMinutes, length: item.endMinutes - item.startMinutes };
    if (!dragOrigin) setDragOrigin(origin);
    const delta = Math.round(((dy / HOUR_PX) * 60) / SLOT_MINUTES) * SLOT_MINUTES;
    if (drag.mode === 'resize') {
      setDrag({ ...drag, moved: true, length: Math.max(SLOT_MINUTES, Math.min(DAY_MINUTES - origin.start, origin.length + delta)) });
      return;
    }
    const column = columnAt(event.clientX, event.clientY);
    const date = (column?.dataset.gridDate as PlainDate | undefined) ?? drag.date;
    setDrag({ ...drag, moved: true, date, start: Math.max(0, Math.min(DAY_MINUTES - origin.length, origin.start + delta)) });
  };
  const endDrag = () => {
    if (!drag) return;
    setDrag(null);
    setDragOrigin(null);
    if (!drag.moved) return;
    suppressClick.current = true;
    onMove(drag.appointment, drag.date, drag.start, drag.length);
  };

  // -- keyboard: arrows between appointments, Alt+arrows move the focused one --------------------
  const onBlockKey = (event: KeyboardEvent<HTMLButtonElement>, item: PlacedAppointment) => {
    const dayIndex = days.indexOf(item.date);
    const length = item.endMinutes - item.startMinutes;
    if (event.altKey && canDrag && !look(item.appointment).requested) {
      const moves: Record<string, [number, number]> = { ArrowUp: [0, -SLOT_MINUTES], ArrowDown: [0, SLOT_MINUTES], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      const date = days[dayIndex + move[0]] ?? item.date;
      const start = Math.max(0, Math.min(DAY_MINUTES - length, item.startMinutes + move[1]));
      if (date !== item.date || start !== item.startMinutes) {
        refocus.current = { id: item.appointment.$id, date, start };
        onMove(item.appointment, date, start, length);
      }
      return;
    }
    const sameDay = placed.get(item.date) ?? [];
    const index = sameDay.indexOf(item);
    let target: PlacedAppointment | undefined;
    if (event.key === 'ArrowDown') target = sameDay[index + 1];
    else if (event.key === 'ArrowUp') target = sameDay[index - 1];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      const step = event.key === 'ArrowLeft' ? -1 : 1;
      for (let i = dayIndex + step; i >= 0 && i < days.length && !target; i += step) {
        const list = placed.get(days[i]!) ?? [];
        target = [...list].sort((a, b) => Math.abs(a.startMinutes - item.startMinutes) - Math.abs(b.startMinutes - item.startMinutes))[0];
      }
    } else return;
    event.preventDefault();
    if (target) bodyRef.current?.querySelector<HTMLElement>(`[data-appointment-id="${target.appointment.$id}"]`)?.focus();
  };

  const hours = Array.from({ length: 24 }, (_, hour) => hour);
  return (
    <div className="sched-grid" style={{ ['--sched-days' as string]: days.length, ['--sched-hour' as string]: `${HOUR_PX}px` }}>
      <p id={hintId} className="ui-visually-hidden">
        {canDrag ? 'Arrow keys move between appointments. Alt with an arrow key moves the appointment by 15 minutes or a day; Enter opens it.' : 'Arrow keys move between appointments; Enter opens one.'}
      </p>
      <div className="sched-grid__head">
        <span className="sched-grid__corner" aria-hidden="true" />
        {days.map((day) => (
          <button key={day} type="button" className={day === today ? 'sched-grid__day-name sched-grid__day-name--today' : 'sched-grid__day-name'} onClick={() => onOpenDay(day)} aria-label={`${dateLabel(day, 'short')}, ${dateLabel(day)}: open the day`}>
            {dateLabel(day, 'short')}
          </button>
        ))}
      </div>
      {/* Focusable so the hours scroll from the keyboard too, even in a week with no appointment to tab to. */}
      <div className="sched-grid__scroll" ref={scrollRef} tabIndex={0} role="region" aria-label="Hours of the day">
        <div className="sched-grid__body" ref={bodyRef}>
          <div className="sched-grid__gutter" aria-hidden="true">
            {hours.map((hour) => (
              <span key={hour} className="sched-grid__hour" style={{ top: hour * HOUR_PX }}>
                {hour === 0 ? '' : timeLabel(hour * 60).replace(':00', '')}
              </span>
            ))}
          </div>
          {days.map((day) => {
            const items = placed.get(day) ?? [];
            const selecting = selection?.date === day ? selection : null;
            return (
              <div
                key={day}
                role="group"
                aria-label={`${dateLabel(day)}, ${items.length === 0 ? 'no appointments' : `${items.length} appointment${items.length === 1 ? '' : 's'}`}`}
                className="sched-grid__column"
                data-grid-date={day}
                onPointerDown={(event) => startSelection(event, day)}
                onPointerMove={extendSelection}
                onPointerUp={finishSelection}
                onPointerCancel={() => setSelection(null)}
              >
                {selecting && (
                  <div className="sched-grid__selection" style={{ top: (Math.min(selecting.from, selecting.to) / 60) * HOUR_PX, height: (Math.max(Math.abs(selecting.to - selecting.from), SLOT_MINUTES) / 60) * HOUR_PX }}>
                    {clockText(Math.min(selecting.from, selecting.to))}
                  </div>
                )}
                {day === today && <div className="sched-grid__now" style={{ top: (nowMinutes / 60) * HOUR_PX }} aria-hidden="true" />}
                {items.map((item) => {
                  const words = look(item.appointment);
                  const dragging = drag?.moved && drag.appointment.$id === item.appointment.$id ? drag : null;
                  const start = dragging && dragging.date === day ? dragging.start : item.startMinutes;
                  const length = dragging ? dragging.length : item.endMinutes - item.startMinutes;
                  const inactive = !ACTIVE_STATUSES.includes(item.appointment.status);
                  // Lanes in the right half grow leftwards when hovered or focused (to show their
                  // whole text), so a block at the week's right edge is not cut off.
                  const fromEnd = item.lanes > 1 && item.lane >= item.lanes / 2;
                  const offset = `calc(${((fromEnd ? item.lanes - 1 - item.lane : item.lane) / item.lanes) * 100}% + 2px)`;
                  return (
                    <button
                      key={item.appointment.$id}
                      type="button"
                      data-appointment-id={item.appointment.$id}
                      className={`sched-appt${item.lanes > 1 ? ' sched-appt--shared' : ''}${inactive ? ' sched-appt--inactive' : ''}${words.requested ? ' sched-appt--requested' : ''}${dragging ? ' sched-appt--dragging' : ''}`}
                      style={{
                        top: (start / 60) * HOUR_PX,
                        ['--sched-appt-height' as string]: `${Math.max((length / 60) * HOUR_PX - 2, 18)}px`,
                        ...(fromEnd ? { right: offset } : { left: offset }),
                        ['--sched-appt-width' as string]: `calc(${100 / item.lanes}% - 4px)`,
                        background: words.background,
                        color: words.text,
                      }}
                      aria-label={appointmentLabel({ appointment: item.appointment, date: day, startMinutes: start, words })}
                      aria-describedby={hintId}
                      onPointerDown={(event) => startDrag(event, item, 'move')}
                      onPointerMove={(event) => continueDrag(event, item)}
                      onPointerUp={endDrag}
                      onPointerCancel={() => setDrag(null)}
                      onKeyDown={(event) => onBlockKey(event, item)}
                      onClick={() => {
                        if (suppressClick.current) {
                          suppressClick.current = false;
                          return;
                        }
                        onOpen(item.appointment);
                      }}
                    >
                      <AppointmentText appointment={item.appointment} date={day} startMinutes={start} words={words} />
                      {canDrag && !words.requested && (
                        <span className="sched-appt__resize" aria-hidden="true" onPointerDown={(event) => startDrag(event, item, 'resize')} />
                      )}
                    </button>
                  );
                })}
                {drag?.moved && drag.date === day && !items.some((item) => item.appointment.$id === drag.appointment.$id) && (
                  <div className="sched-appt sched-appt--ghost" style={{ top: (drag.start / 60) * HOUR_PX, height: (drag.length / 60) * HOUR_PX - 2 }} aria-hidden="true">
                    {timeLabel(drag.start)}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
