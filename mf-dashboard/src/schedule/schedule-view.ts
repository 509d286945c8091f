import { addDays, addMonths, dateLabel, instantAt, isPlainDate, monthWeeks, weekDays, zonedTime, type PlainDate } from './calendar-dates.ts';
import { durationMinutes, type AppointmentDocument } from './appointment.ts';

// What the schedule shows (issue #14): a view over days in the practice's zone, the range of
// instants it loads, the words it uses — pure, so the views and their tests share one source.

export const SCHEDULE_VIEWS = ['day', 'week', 'month', 'agenda'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];
export const SCHEDULE_VIEW_LABELS: Record<ScheduleView, string> = { day: 'Day', week: 'Week', month: 'Month', agenda: 'Agenda' };
/** Views offered on a phone: the grid of a week does not fit 390 px with usable targets. */
export const PHONE_VIEWS: readonly ScheduleView[] = ['day', 'agenda'];
/** How many days the agenda lists from its date. */
export const AGENDA_DAYS = 14;
/** The grid's snap and the keyboard's step. */
export const SLOT_MINUTES = 15;

export function isScheduleView(value: unknown): value is ScheduleView {
  return typeof value === 'string' && (SCHEDULE_VIEWS as readonly string[]).includes(value);
}

/** The days a view covers. */
export function viewDays(view: ScheduleView, date: PlainDate, workWeek: boolean): PlainDate[] {
  if (view === 'day') return [date];
  if (view === 'week') return weekDays(date, workWeek);
  if (view === 'month') return monthWeeks(date).flat();
  return Array.from({ length: AGENDA_DAYS }, (_, i) => addDays(date, i));
}

/** The instants [from, to) a view loads, from the first day's midnight to the day after the last, in the zone. */
export function viewRange(days: readonly PlainDate[], timeZone: string): { from: string; to: string } {
  return { from: instantAt(days[0]!, 0, timeZone).toISOString(), to: instantAt(addDays(days[days.length - 1]!, 1), 0, timeZone).toISOString() };
}

/** Previous/next: a day, a week, a month, or the agenda's span. */
export function stepDate(view: ScheduleView, date: PlainDate, direction: 1 | -1): PlainDate {
  if (view === 'day') return addDays(date, direction);
  if (view === 'week') return addDays(date, 7 * direction);
  if (view === 'month') return addMonths(date, direction);
  return addDays(date, AGENDA_DAYS * direction);
}

/** The heading of what is shown: "Tuesday 3 March 2026", "1 – 7 March 2026", "March 2026". */
export function viewTitle(view: ScheduleView, days: readonly PlainDate[], date: PlainDate): string {
  if (view === 'day') return dateLabel(date, 'full');
  if (view === 'month') return dateLabel(date, 'month');
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const firstMonth = dateLabel(first, 'month');
  const lastMonth = dateLabel(last, 'month');
  const firstDay = Number(first.slice(8));
  const lastDay = Number(last.slice(8));
  if (firstMonth === lastMonth) return `${firstDay} – ${lastDay} ${lastMonth}`;
  const [firstMonthName, firstYear] = firstMonth.split(' ');
  return firstYear === lastMonth.split(' ')[1] ? `${firstDay} ${firstMonthName} – ${lastDay} ${lastMonth}` : `${firstDay} ${firstMonth} – ${lastDay} ${lastMonth}`;
}

/** A URL's view and date, with defaults for anything missing or wrong. */
export function readViewParams(params: URLSearchParams, today: PlainDate, phone: boolean): { view: ScheduleView; date: PlainDate; workWeek: boolean } {
  const asked = params.get('view');
  const fallback: ScheduleView = phone ? 'day' : 'week';
  let view: ScheduleView = isScheduleView(asked) ? asked : fallback;
  if (phone && !PHONE_VIEWS.includes(view)) view = fallback;
  const date = params.get('date');
  return { view, date: isPlainDate(date) ? date : today, workWeek: params.get('days') === '5' };
}

export interface PlacedAppointment {
  appointment: AppointmentDocument;
  date: PlainDate;
  /** Minutes from the day's midnight in the zone. */
  startMinutes: number;
  endMinutes: number;
  /** Side-by-side lanes for appointments that overlap. */
  lane: number;
  lanes: number;
}

/**
 * Where each appointment sits in a day column: its day and minutes in the zone (one ending after
 * midnight is cut at the day's end), and lanes so overlapping ones sit side by side.
 */
export function placeAppointments(appointments: readonly AppointmentDocument[], timeZone: string): Map<PlainDate, PlacedAppointment[]> {
  const byDay = new Map<PlainDate, PlacedAppointment[]>();
  for (const appointment of appointments) {
    const start = zonedTime(appointment.start, timeZone);
    const length = Math.max(durationMinutes(appointment), 1);
    const placed: PlacedAppointment = { appointment, date: start.date, startMinutes: start.minutes, endMinutes: Math.min(start.minutes + length, 24 * 60), lane: 0, lanes: 1 };
    const list = byDay.get(start.date) ?? [];
    list.push(placed);
    byDay.set(start.date, list);
  }
  for (const list of byDay.values()) {
    list.sort((a, b) => a.startMinutes - b.startMinutes || b.endMinutes - a.endMinutes);
    let cluster: PlacedAppointment[] = [];
    let clusterEnd = -1;
    const close = () => {
      const lanes = Math.max(1, ...cluster.map((item) => item.lane + 1));
      for (const item of cluster) item.lanes = lanes;
      cluster = [];
    };
    for (const item of list) {
      if (item.startMinutes >= clusterEnd) close();
      const laneEnds = new Map<number, number>();
      for (const other of cluster) laneEnds.set(other.lane, Math.max(laneEnds.get(other.lane) ?? 0, other.endMinutes));
      let lane = 0;
      while ((laneEnds.get(lane) ?? -1) > item.startMinutes) lane += 1;
      item.lane = lane;
      cluster.push(item);
      clusterEnd = Math.max(clusterEnd, item.endMinutes);
    }
    close();
  }
  return byDay;
}

export interface AppointmentWords {
  clientName: string;
  serviceName: string;
  /** A client's request from the portal waiting for an answer (issue 32): striped, "Requested", never dragged. */
  requested?: boolean;
}
