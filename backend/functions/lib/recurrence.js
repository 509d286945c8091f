// Recurring appointments (issue 14): a series is an RFC 5545 RRULE body, a local start
// (`YYYY-MM-DDTHH:mm:ss`, wall time) and an IANA zone. Expansion is rrule-temporal's, in the series'
// zone on Temporal (temporal-polyfill on Node 20): the wall-clock time holds across daylight-saving
// changes, and a generated local time that falls in a DST gap is omitted without consuming COUNT
// (RFC 5545 §3.3.10). Nothing here adds days or hours by hand.
//
// Cadence offers a subset of RRULE, and only that subset is accepted, each refusal naming the form
// field it is about: FREQ WEEKLY or MONTHLY, INTERVAL, BYDAY (ordinals like 2TU or -1FR only when
// monthly), BYMONTHDAY (monthly), and COUNT (at most 520) or UNTIL (a date, or the UTC date-time RFC
// 5545 asks for with a zoned start) or no end.
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';

/** Issue 14: "a count over 520" is refused. */
export const MAX_COUNT = 520;
/** Occurrences are real documents up to this many days ahead (issue 14: at least 6 months). */
export const HORIZON_DAYS = 183;
/** appointment_series.rrule's size in backend/appwrite.json. */
const RRULE_MAX_LENGTH = 500;
/** appointments: durationMinutes 5–480 (backend/appwrite.json). */
export const DURATION_MINUTES = { min: 5, max: 480 };
const MAX_INTERVAL = 99;
const WEEKDAYS = /** @type {const} */ (['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
const SUPPORTED_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL']);
/** Outer periods rrule-temporal may walk (200 years monthly, 46 weekly: any COUNT of at most 520 at
 * any interval Cadence offers); a rule with no occurrence in them is refused as impossible. */
const MAX_ITERATIONS = 2_400;

/** @typedef {'repeat' | 'count' | 'until' | 'start' | 'duration'} RecurrenceField */

/** Bad input, with the form field the message belongs beside. */
export class RecurrenceError extends Error {
  /**
   * @param {RecurrenceField} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.name = 'RecurrenceError';
    this.field = field;
  }
}

/**
 * A parsed rule of the subset Cadence offers.
 * @typedef {object} Rule
 * @property {'WEEKLY' | 'MONTHLY'} freq
 * @property {number} interval
 * @property {string[]} byDay e.g. ['TU', 'TH'], or ['2TU'] / ['-1FR'] when monthly
 * @property {number[]} byMonthDay 1..31 or -31..-1, monthly only
 * @property {number | null} count
 * @property {Until | null} until
 *
 * UNTIL as written: a date (through the end of that local day) or a UTC instant.
 * @typedef {{ date: string } | { instant: string }} Until
 *
 * What a series is made of (appointment_series).
 * @typedef {object} SeriesTiming
 * @property {string} dtstart local wall time `YYYY-MM-DDTHH:mm:ss` in timeZone
 * @property {string} timeZone IANA zone
 * @property {number} durationMinutes
 * @property {string} rrule RRULE body without DTSTART
 *
 * One occurrence: UTC instants (ISO strings) and its local date in the series' zone.
 * @typedef {object} Occurrence
 * @property {string} start
 * @property {string} end
 * @property {string} localDate `YYYY-MM-DD`
 */

const fail = (/** @type {RecurrenceField} */ field, /** @type {string} */ message) => new RecurrenceError(field, message);

/**
 * @param {string} text
 * @param {RecurrenceField} field
 * @param {string} what
 * @param {number} min
 * @param {number} max
 */
function integerPart(text, field, what, min, max) {
  if (!/^[+-]?\d{1,4}$/.test(text)) throw fail(field, `${what} must be a whole number from ${min} to ${max}.`);
  const value = Number(text);
  if (value < min || value > max) throw fail(field, `${what} must be a whole number from ${min} to ${max}.`);
  return value;
}

/**
 * The end of a rule as written in UNTIL: `YYYYMMDD` (a date) or `YYYYMMDDTHHMMSSZ` (UTC).
 * @param {string} text
 * @returns {Until}
 */
function parseUntil(text) {
  const date = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  const utc = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  const [, year = '', month = '', day = '', hour = '', minute = '', second = ''] = date ?? utc ?? [];
  try {
    if (date) return { date: Temporal.PlainDate.from({ year: +year, month: +month, day: +day }, { overflow: 'reject' }).toString() };
    if (utc) {
      const local = Temporal.PlainDateTime.from({ year: +year, month: +month, day: +day, hour: +hour, minute: +minute, second: +second }, { overflow: 'reject' });
      return { instant: local.toZonedDateTime('UTC').toInstant().toString() };
    }
  } catch {
    // a date that does not exist
  }
  throw fail('until', 'Enter a valid end date.');
}

/**
 * Parses and checks an RRULE body (no DTSTART) against what Cadence offers.
 * @param {unknown} text
 * @returns {Rule}
 */
export function parseRule(text) {
  if (typeof text !== 'string' || !text.trim()) throw fail('repeat', 'Choose how the appointment repeats.');
  if (text.length > RRULE_MAX_LENGTH) throw fail('repeat', 'This repeat rule is too long.');
  const body = text.trim().replace(/^RRULE:/i, '');
  /** @type {Map<string, string>} */
  const parts = new Map();
  for (const piece of body.split(';')) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(piece.trim());
    if (!match) throw fail('repeat', 'This repeat rule cannot be read.');
    const name = (match[1] ?? '').toUpperCase();
    if (!SUPPORTED_PARTS.has(name)) throw fail('repeat', `Appointments repeat weekly or monthly, on chosen weekdays or a day of the month; ${name} is not offered.`);
    if (parts.has(name)) throw fail('repeat', `${name} appears twice in the repeat rule.`);
    parts.set(name, (match[2] ?? '').trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (freq !== 'WEEKLY' && freq !== 'MONTHLY') throw fail('repeat', 'Appointments repeat weekly or monthly.');
  const interval = parts.has('INTERVAL') ? integerPart(parts.get('INTERVAL') ?? '', 'repeat', 'The interval', 1, MAX_INTERVAL) : 1;

  /** @type {string[]} */
  const byDay = [];
  for (const token of parts.has('BYDAY') ? (parts.get('BYDAY') ?? '').split(',') : []) {
    const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(token.trim());
    if (!match) throw fail('repeat', `"${token}" is not a day of the week (MO, TU, WE, TH, FR, SA, SU).`);
    const weekday = match[2] ?? '';
    if (match[1] !== undefined) {
      if (freq !== 'MONTHLY') throw fail('repeat', 'A weekly rule repeats on weekdays, without a number before them.');
      const ordinal = Number(match[1]);
      if (ordinal === 0 || ordinal < -5 || ordinal > 5) throw fail('repeat', 'The week of the month must be 1 to 5, or -1 for the last.');
      const canonical = `${ordinal}${weekday}`;
      if (!byDay.includes(canonical)) byDay.push(canonical);
    } else if (!byDay.includes(weekday)) {
      byDay.push(weekday);
    }
  }

  /** @type {number[]} */
  const byMonthDay = [];
  if (parts.has('BYMONTHDAY')) {
    if (freq !== 'MONTHLY') throw fail('repeat', 'A day of the month is for monthly appointments.');
    for (const token of (parts.get('BYMONTHDAY') ?? '').split(',')) {
      const day = integerPart(token.trim(), 'repeat', 'The day of the month', -31, 31);
      if (day === 0) throw fail('repeat', 'The day of the month must be 1 to 31, or -1 for the last.');
      if (!byMonthDay.includes(day)) byMonthDay.push(day);
    }
  }

  /** @type {number | null} */
  let count = null;
  if (parts.has('COUNT')) {
    const raw = parts.get('COUNT') ?? '';
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw fail('count', `Enter how many appointments, from 1 to ${MAX_COUNT}.`);
    count = Number(raw);
    if (count > MAX_COUNT) throw fail('count', `A series can have at most ${MAX_COUNT} appointments.`);
  }
  const until = parts.has('UNTIL') ? parseUntil(parts.get('UNTIL') ?? '') : null;
  // RFC 5545 §3.3.10: COUNT and UNTIL MUST NOT occur in the same rule.
  if (count !== null && until) throw fail('repeat', 'End the series after a number of appointments or on a date, not both.');
  return { freq, interval, byDay, byMonthDay, count, until };
}

/**
 * The RRULE body for a rule, in a fixed order (what the series document stores).
 * @param {Rule} rule
 */
export function formatRule(rule) {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.join(',')}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until && 'date' in rule.until) parts.push(`UNTIL=${rule.until.date.replaceAll('-', '')}`);
  if (rule.until && 'instant' in rule.until) parts.push(`UNTIL=${rule.until.instant.replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
  return parts.join(';');
}

/**
 * An IANA zone name Temporal knows, as it spells it; offsets such as "+05:00" are not zones.
 * @param {unknown} timeZone
 * @returns {string}
 */
export function checkTimeZone(timeZone) {
  if (typeof timeZone !== 'string' || timeZone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) {
    throw fail('start', 'Choose a time zone, such as America/New_York.');
  }
  try {
    return Temporal.Now.zonedDateTimeISO(timeZone).timeZoneId;
  } catch {
    throw fail('start', `"${timeZone}" is not a time zone.`);
  }
}

/**
 * A local wall time `YYYY-MM-DDTHH:mm` or `YYYY-MM-DDTHH:mm:ss` that exists in the zone, as
 * `YYYY-MM-DDTHH:mm:ss`.
 * @param {unknown} dtstart
 * @param {string} timeZone
 * @returns {string}
 */
export function checkLocalStart(dtstart, timeZone) {
  const match = typeof dtstart === 'string' ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(dtstart) : null;
  if (!match) throw fail('start', 'Enter the date and start time.');
  /** @type {Temporal.PlainDateTime} */
  let local;
  try {
    local = Temporal.PlainDateTime.from(
      { year: +(match[1] ?? 0), month: +(match[2] ?? 0), day: +(match[3] ?? 0), hour: +(match[4] ?? 0), minute: +(match[5] ?? 0), second: +(match[6] ?? 0) },
      { overflow: 'reject' },
    );
  } catch {
    throw fail('start', 'This date or time does not exist.');
  }
  try {
    local.toZonedDateTime(timeZone, { disambiguation: 'reject' });
  } catch {
    // A wall time in the gap when clocks go forward has no instant.
    if (!isAmbiguous(local, timeZone)) throw fail('start', `${local.toPlainTime().toString({ smallestUnit: 'minute' })} does not exist on ${local.toPlainDate()} in ${timeZone}: the clocks go forward then. Choose another time.`);
  }
  return local.toString({ smallestUnit: 'second' });
}

/**
 * Whether a wall time happens twice (clocks go back): it exists, the earlier one counts.
 * @param {Temporal.PlainDateTime} local
 * @param {string} timeZone
 */
function isAmbiguous(local, timeZone) {
  const earlier = local.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  const later = local.toZonedDateTime(timeZone, { disambiguation: 'later' });
  return earlier.toPlainDateTime().equals(local) && later.toPlainDateTime().equals(local) && earlier.epochNanoseconds !== later.epochNanoseconds;
}

/**
 * @param {unknown} minutes
 * @returns {number}
 */
export function checkDuration(minutes) {
  if (typeof minutes !== 'number' || !Number.isInteger(minutes)) throw fail('duration', 'Enter the length in whole minutes.');
  if (minutes < DURATION_MINUTES.min) throw fail('duration', `An appointment lasts at least ${DURATION_MINUTES.min} minutes.`);
  if (minutes > DURATION_MINUTES.max) throw fail('duration', `An appointment lasts at most ${DURATION_MINUTES.max / 60} hours.`);
  return minutes;
}

/**
 * The instant UNTIL ends at: a date ends with its last second in the zone.
 * @param {Until} until
 * @param {string} timeZone
 * @returns {Temporal.ZonedDateTime}
 */
function untilInstant(until, timeZone) {
  if ('instant' in until) return Temporal.Instant.from(until.instant).toZonedDateTimeISO(timeZone);
  return Temporal.PlainDate.from(until.date).add({ days: 1 }).toZonedDateTime({ timeZone }).subtract({ seconds: 1 });
}

/**
 * The UNTIL that ends a series just before a local date: the last second of the day before, in
 * UTC as RFC 5545 asks with a zoned start.
 * @param {string} localDate `YYYY-MM-DD`
 * @param {string} timeZone
 * @returns {Until}
 */
export function untilBefore(localDate, timeZone) {
  const lastSecond = Temporal.PlainDate.from(localDate).toZonedDateTime({ timeZone }).subtract({ seconds: 1 });
  return { instant: lastSecond.toInstant().toString() };
}

/**
 * A series checked whole: its zone, start, length and rule, each refusal naming its field; a rule
 * that never takes place, or ends before it starts, is refused.
 * @param {{ dtstart: unknown, timeZone: unknown, durationMinutes: unknown, rrule: unknown }} input
 * @returns {SeriesTiming & { rule: Rule }}
 */
export function checkSeries(input) {
  const timeZone = checkTimeZone(input.timeZone);
  const dtstart = checkLocalStart(input.dtstart, timeZone);
  const durationMinutes = checkDuration(input.durationMinutes);
  const rule = parseRule(input.rrule);
  const timing = { dtstart, timeZone, durationMinutes, rrule: formatRule(rule) };
  const start = startOf(timing);
  if (rule.until && Temporal.ZonedDateTime.compare(untilInstant(rule.until, timeZone), start) < 0) {
    throw fail('until', 'The end date is before the start.');
  }
  if (!firstOccurrence(timing)) {
    throw fail('repeat', rule.until || rule.count
      ? 'This rule has no date on which the appointment would take place before it ends. Check the days you chose and the end.'
      : 'This rule has no date on which the appointment would take place. Check the days you chose.');
  }
  return { ...timing, rule };
}

/**
 * @param {SeriesTiming} series
 * @returns {Temporal.ZonedDateTime}
 */
function startOf(series) {
  return Temporal.PlainDateTime.from(series.dtstart).toZonedDateTime(series.timeZone);
}

/**
 * rrule-temporal's rule for a series (its output built with this module's Temporal).
 * @param {SeriesTiming} series
 */
function ruleOf(series) {
  const rule = parseRule(series.rrule);
  return new RRuleTemporal({
    tzid: series.timeZone,
    dtstart: startOf(series),
    temporal: Temporal,
    freq: rule.freq,
    interval: rule.interval,
    ...(rule.byDay.length ? { byDay: rule.byDay } : {}),
    ...(rule.byMonthDay.length ? { byMonthDay: rule.byMonthDay } : {}),
    ...(rule.count !== null ? { count: rule.count } : {}),
    ...(rule.until ? { until: untilInstant(rule.until, series.timeZone) } : {}),
    maxIterations: MAX_ITERATIONS,
  });
}

/**
 * @param {Temporal.ZonedDateTime} start
 * @param {number} durationMinutes
 * @returns {Occurrence}
 */
function occurrenceAt(start, durationMinutes) {
  return {
    start: new Date(start.epochMilliseconds).toISOString(),
    end: new Date(start.add({ minutes: durationMinutes }).epochMilliseconds).toISOString(),
    localDate: start.toPlainDate().toString(),
  };
}

/**
 * An occurrence at the series' wall time on the local date rrule-temporal chose, or null when that
 * wall time does not exist that day (a DST gap: omitted, RFC 5545).
 *
 * rrule-temporal 2.2.8's zoned fast path can resolve a generated wall time with the wrong UTC offset
 * in a zone whose rules change often (found by the property test: monthly 06:00 Africa/Casablanca
 * came out at 05:00 on 2029-02-01, a Ramadan change). The library decides the dates; the instant of
 * each is resolved again here by Temporal from the date and the series' wall time. The date is the
 * one of the day before, of or after the library's local date whose wall time lies nearest its
 * instant (a wrong offset can move the instant past midnight).
 * @param {Temporal.ZonedDateTime} generated
 * @param {Temporal.PlainTime} wallTime
 * @returns {Temporal.ZonedDateTime | null}
 */
function atWallTime(generated, wallTime) {
  const date = generated.toPlainDate();
  const [best] = [date, date.subtract({ days: 1 }), date.add({ days: 1 })]
    .map((day) => day.toPlainDateTime(wallTime).toZonedDateTime(generated.timeZoneId))
    .sort((a, b) => Math.abs(Number(a.epochMilliseconds - generated.epochMilliseconds)) - Math.abs(Number(b.epochMilliseconds - generated.epochMilliseconds)));
  if (!best) return null;
  return best.toPlainTime().equals(wallTime) ? best : null;
}

/**
 * The series' first occurrence, or null when the rule never takes place.
 * @param {SeriesTiming} series
 * @returns {Occurrence | null}
 */
export function firstOccurrence(series) {
  try {
    const first = ruleOf(series).next(startOf(series), true);
    const resolved = first ? atWallTime(first, startOf(series).toPlainTime()) : null;
    return resolved ? occurrenceAt(resolved, series.durationMinutes) : null;
  } catch {
    // rrule-temporal gives up after maxIterations periods without a match: an impossible rule.
    return null;
  }
}

/**
 * Occurrences starting after `after` (exclusive) and up to `until` (inclusive), in order.
 * @param {SeriesTiming} series
 * @param {Date | number | string} after
 * @param {Date | number | string} until
 * @returns {Occurrence[]}
 */
export function occurrencesBetween(series, after, until) {
  const from = new Date(after).getTime();
  const to = new Date(until).getTime();
  if (!(to > from)) return [];
  /** @type {Temporal.ZonedDateTime[]} */
  let found;
  try {
    found = ruleOf(series).between(new Date(from), new Date(to), true);
  } catch {
    return [];
  }
  const wallTime = startOf(series).toPlainTime();
  return found
    .map((z) => atWallTime(z, wallTime))
    .filter((z) => z !== null && z.epochMilliseconds > from && z.epochMilliseconds <= to)
    .map((z) => occurrenceAt(/** @type {Temporal.ZonedDateTime} */ (z), series.durationMinutes));
}

/**
 * How many of the rule's occurrences start before an instant (COUNT left for a series split there).
 * @param {SeriesTiming} series
 * @param {Date | number | string} before
 */
export function occurrencesBefore(series, before) {
  const start = startOf(series).epochMilliseconds;
  return occurrencesBetween(series, start - 1, new Date(before).getTime() - 1).length;
}

/**
 * The local date and wall time of an instant in a zone.
 * @param {Date | number | string} instant
 * @param {string} timeZone
 * @returns {{ date: string, time: string }} `YYYY-MM-DD`, `HH:mm:ss`
 */
export function localParts(instant, timeZone) {
  const local = Temporal.Instant.fromEpochMilliseconds(new Date(instant).getTime()).toZonedDateTimeISO(timeZone).toPlainDateTime();
  return { date: local.toPlainDate().toString(), time: local.toPlainTime().toString({ smallestUnit: 'second' }) };
}

/**
 * The rule re-anchored for a series that now starts on another date ("this and following" moved
 * to a new day): weekly weekdays shift with the date; a monthly day of the month, or weekday of the
 * month, becomes the new date's.
 * @param {Rule} rule
 * @param {string} fromDate `YYYY-MM-DD` the occurrence's old date
 * @param {string} toDate its new date
 * @returns {Rule}
 */
export function moveRule(rule, fromDate, toDate) {
  const from = Temporal.PlainDate.from(fromDate);
  const to = Temporal.PlainDate.from(toDate);
  if (from.equals(to)) return rule;
  if (rule.freq === 'WEEKLY') {
    const shift = to.dayOfWeek - from.dayOfWeek;
    const byDay = rule.byDay.map((day) => WEEKDAYS[(WEEKDAYS.indexOf(/** @type {typeof WEEKDAYS[number]} */ (day)) + shift + 7) % 7] ?? day);
    return { ...rule, byDay };
  }
  const weekday = WEEKDAYS[to.dayOfWeek - 1] ?? 'MO';
  if (rule.byMonthDay.length === 1 && !rule.byDay.length) {
    const last = (rule.byMonthDay[0] ?? 0) < 0 && to.day === to.daysInMonth;
    return { ...rule, byMonthDay: [last ? -1 : to.day] };
  }
  if (rule.byDay.length === 1 && !rule.byMonthDay.length && /^-?\d/.test(rule.byDay[0] ?? '')) {
    const last = (rule.byDay[0] ?? '').startsWith('-') && to.add({ days: 7 }).month !== to.month;
    return { ...rule, byDay: [`${last ? -1 : Math.ceil(to.day / 7)}${weekday}`] };
  }
  return rule;
}

/**
 * The instant `days` calendar days after `from` (the horizon: now + HORIZON_DAYS), in UTC.
 * @param {Date | number} from
 * @param {number} [days]
 * @returns {Date}
 */
export function horizonFrom(from, days = HORIZON_DAYS) {
  return new Date(Temporal.Instant.fromEpochMilliseconds(new Date(from).getTime()).add({ hours: 24 * days }).epochMilliseconds);
}

/**
 * The instant of a local wall time in a zone (a time the clocks skip resolves forward, a time they
 * repeat to the earlier one: Temporal's 'compatible').
 * @param {string} localDateTime `YYYY-MM-DDTHH:mm[:ss]`, or a date `YYYY-MM-DD` for the start of that day
 * @param {string} timeZone
 * @returns {string} ISO UTC
 */
export function instantOf(localDateTime, timeZone) {
  const zoned = localDateTime.length === 10
    ? Temporal.PlainDate.from(localDateTime).toZonedDateTime({ timeZone })
    : Temporal.PlainDateTime.from(localDateTime).toZonedDateTime(timeZone);
  return new Date(zoned.epochMilliseconds).toISOString();
}
