import { Query } from '@cadence/shared-auth';
import { moneyInputText } from '@cadence/shared-auth/money';
import { type CsvCell } from '../shared/csv-writer.ts';
import { addDays, clockText, instantAt, isPlainDate, zonedTime, type PlainDate } from '../schedule/calendar-dates.ts';
import { unchargedQueries } from './no-charge/uncharged-filter.ts';
import { APPOINTMENT_STATUS_LABELS, APPOINTMENT_STATUSES, NOTE_STATES, type Appointment, type AppointmentStatus, type NoteState } from '../schedule/appointment.ts';

// All Sessions (issue #14): which appointments the list shows, as the address keeps it and as
// Appwrite queries ask for it. Pure, so the page, the CSV and the tests share one rule.

/** Which side of now the list shows: All Sessions opens on the past, newest first (issue #37). */
export const SESSION_TIMES = ['past', 'upcoming', 'all'] as const;
export type SessionTime = (typeof SESSION_TIMES)[number];

/** The order a view opens in: the past newest first, the future soonest first. */
export const defaultOrder = (when: SessionTime): 'asc' | 'desc' => (when === 'upcoming' ? 'asc' : 'desc');

export interface SessionFilter {
  /** Past (the default), upcoming, or both. */
  when: SessionTime;
  /** A client's id: never a name in the address. */
  clientId: string;
  status: AppointmentStatus | '';
  serviceId: string;
  /** Plain dates in the practice's zone, both ends included; '' = open. */
  from: PlainDate | '';
  to: PlainDate | '';
  noteState: NoteState | '';
  /** 'none': attended sessions with no charge (issue 29). */
  charge: 'none' | '';
  order: 'asc' | 'desc';
}

export const NO_SESSION_FILTER: SessionFilter = { when: 'past', clientId: '', status: '', serviceId: '', from: '', to: '', noteState: '', charge: '', order: 'desc' };

/** Rows per page: the DOM holds one page, never the whole practice. */
export const SESSIONS_PAGE_SIZE = 50;

/** Appwrite counts a list's total only up to this many (APP_LIMIT_COUNT), and an offset goes no further. */
export const COUNT_CAP = 5000;

const APPWRITE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' => (values.includes(value as T) ? (value as T) : '');

/** The filter the address names; anything unreadable there is left out rather than failing. */
export function filterFromParams(params: URLSearchParams): SessionFilter & { page: number } {
  const id = (name: string) => {
    const value = params.get(name) ?? '';
    return APPWRITE_ID.test(value) ? value : '';
  };
  const date = (name: string) => {
    const value = params.get(name);
    return isPlainDate(value) ? value : '';
  };
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const when = oneOf(SESSION_TIMES, params.get('when')) || 'past';
  const order = params.get('order');
  return {
    when,
    clientId: id('client'),
    status: oneOf(APPOINTMENT_STATUSES, params.get('status')),
    serviceId: id('service'),
    from: date('from'),
    to: date('to'),
    noteState: oneOf(NOTE_STATES, params.get('note')),
    charge: params.get('charge') === 'none' ? 'none' : '',
    order: order === 'asc' || order === 'desc' ? order : defaultOrder(when),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The address parameter each filter field is kept in. */
export const FILTER_PARAMS = { when: 'when', clientId: 'client', status: 'status', serviceId: 'service', from: 'from', to: 'to', noteState: 'note', charge: 'charge', order: 'order' } as const satisfies Record<keyof SessionFilter, string>;

export function isFiltering(filter: SessionFilter): boolean {
  return filter.when !== 'past' || filter.clientId !== '' || filter.status !== '' || filter.serviceId !== '' || filter.from !== '' || filter.to !== '' || filter.noteState !== '' || filter.charge !== '';
}

/**
 * The Appwrite queries that select the filter's appointments (no order, limit or cursor): the
 * therapist's own, then each chosen field, then the date range as instants of the practice's zone
 * (`to` is the whole day, up to the next midnight there), then the side of `now` the view shows.
 */
export function filterQueries(userId: string, filter: Omit<SessionFilter, 'order'>, timeZone: string, now: string): string[] {
  return [
    Query.equal('userId', userId),
    ...(filter.clientId ? [Query.equal('clientId', filter.clientId)] : []),
    ...(filter.serviceId ? [Query.equal('serviceId', filter.serviceId)] : []),
    ...(filter.status ? [Query.equal('status', filter.status)] : []),
    ...(filter.noteState ? [Query.equal('noteState', filter.noteState)] : []),
    ...(filter.charge === 'none' ? unchargedQueries() : []),
    ...(filter.from ? [Query.greaterThanEqual('start', instantAt(filter.from, 0, timeZone).toISOString())] : []),
    ...(filter.to ? [Query.lessThan('start', instantAt(addDays(filter.to, 1), 0, timeZone).toISOString())] : []),
    ...(filter.when === 'past' ? [Query.lessThan('start', now)] : filter.when === 'upcoming' ? [Query.greaterThanEqual('start', now)] : []),
  ];
}

export function orderQuery(order: SessionFilter['order']): string {
  return order === 'asc' ? Query.orderAsc('start') : Query.orderDesc('start');
}

export type StatusCounts = Record<AppointmentStatus, number>;

/** How many the filter (whatever status it names) holds; `atLeast` when a count reached Appwrite's cap. */
export function countTotal(counts: StatusCounts, status: AppointmentStatus | ''): { total: number; atLeast: boolean } {
  const statuses: readonly AppointmentStatus[] = status ? [status] : APPOINTMENT_STATUSES;
  const total = statuses.reduce((sum, each) => sum + counts[each], 0);
  return { total, atLeast: statuses.some((each) => counts[each] >= COUNT_CAP) };
}

const numberFormat = new Intl.NumberFormat('en-US');

/** "1,234", or "5,000+" where the count stopped at Appwrite's cap. */
export function countText(count: number, atLeast = count >= COUNT_CAP): string {
  return `${numberFormat.format(count)}${atLeast ? '+' : ''}`;
}

/**
 * How many pages to offer: exact while the total is known; past Appwrite's cap, at least one more
 * page than the one shown whenever it is full.
 */
export function pageCount(total: number, atLeast: boolean, page: number, rowsOnPage: number): number {
  const known = Math.max(1, Math.ceil(total / SESSIONS_PAGE_SIZE));
  return atLeast ? Math.max(known, rowsOnPage === SESSIONS_PAGE_SIZE ? page + 1 : page) : known;
}

export const SESSIONS_CSV_HEADER = ['Client', 'Date', 'Time', 'Time zone', 'Service', 'Status', 'Fee', 'Currency', 'Fee waived'] as const;

/** One CSV row: the date and time on the practice's clock, the fee as a plain amount, names as the therapist knows them. */
export function sessionCsvRow(
  appointment: Pick<Appointment, 'start' | 'status' | 'feeAmount' | 'currency' | 'feeWaived'>,
  names: { client: string; service: string },
  timeZone: string,
): CsvCell[] {
  const { date, minutes } = zonedTime(appointment.start, timeZone);
  return [
    names.client,
    date,
    clockText(minutes),
    timeZone,
    names.service,
    APPOINTMENT_STATUS_LABELS[appointment.status],
    appointment.feeAmount === null ? '' : moneyInputText(appointment.feeAmount, appointment.currency),
    appointment.feeAmount === null ? '' : appointment.currency,
    appointment.feeWaived ? 'yes' : '',
  ];
}
