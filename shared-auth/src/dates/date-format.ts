// One date style for Cadence (issue #37): every date and time the dashboard and the account area
// show goes through these functions, in the practice's locale — US English: "Tue, Dec 1, 2026",
// "9:30 AM". Plain calendar days (a date of birth, a ledger date, a day of the schedule) have no
// zone and are never shifted by one; instants are shown on the clock of the zone asked for
// (the practice's), or the browser's when none is given. Lint keeps Intl.DateTimeFormat and
// toLocaleDateString/TimeString out of the remotes (eslint.config.js), so this stays the one place.

/** The practice's locale: Cadence practices are in the US (dates "Tue, Dec 1, 2026", times "9:30 AM"). */
export const PRACTICE_LOCALE = 'en-US';

export interface DateFormatOptions {
  /** The IANA zone whose clock an instant is shown on; the browser's when left out. */
  timeZone?: string;
  locale?: string;
  /** Adds the zone's short name ("EST") after a time. */
  withZoneName?: boolean;
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DATE_PARTS: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const TIME_PARTS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

// Building an Intl.DateTimeFormat costs far more than using one; a list of 2,000 rows reuses them.
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      return null; // an unknown zone or locale: shown as nothing rather than a crash inside a render
    }
    formats.set(key, format);
  }
  return format;
}

// ICU puts a narrow no-break space before AM/PM and thin spaces in ranges; plain spaces read,
// copy and search the same everywhere (a CSV, a screen reader, a test).
const plainSpaces = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

/** A calendar day ("2026-12-01") or an instant (ISO string or Date); null when neither. */
function readValue(value: string | Date): { instant: Date; plain: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { instant: value, plain: false };
  const plain = PLAIN_DATE.exec(value);
  if (plain) {
    const [year, month, day] = plain.slice(1).map(Number) as [number, number, number];
    const instant = new Date(Date.UTC(year, month - 1, day, 12));
    // Date would roll 30 February into March: such a day is not a date.
    return instant.getUTCMonth() === month - 1 && instant.getUTCDate() === day ? { instant, plain: true } : null;
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : { instant: new Date(time), plain: false };
}

function format(value: string | Date, parts: Intl.DateTimeFormatOptions, options: DateFormatOptions): string {
  const read = readValue(value);
  if (!read) return '';
  const withTime = parts.hour !== undefined;
  // A calendar day is the same day everywhere: read at noon UTC, never on a zone's clock.
  const timeZone = read.plain && !withTime ? 'UTC' : options.timeZone;
  const formatter = dateTimeFormat(options.locale ?? PRACTICE_LOCALE, {
    ...parts,
    ...(timeZone ? { timeZone } : {}),
    ...(options.withZoneName && withTime ? { timeZoneName: 'short' } : {}),
  });
  return formatter ? plainSpaces(formatter.format(read.instant)) : '';
}

/** "Tue, Dec 1, 2026": a calendar day ("2026-12-01", a date of birth) or the day of an instant in the zone. */
export function formatDate(value: string | Date, options: DateFormatOptions = {}): string {
  return format(value, DATE_PARTS, options);
}

/** "9:30 AM": an instant on the zone's clock. */
export function formatTime(value: string | Date, options: DateFormatOptions = {}): string {
  return format(value, TIME_PARTS, options);
}

/** "Tue, Dec 1, 2026, 9:30 AM": an instant on the zone's clock. */
export function formatDateTime(value: string | Date, options: DateFormatOptions = {}): string {
  return format(value, { ...DATE_PARTS, ...TIME_PARTS }, options);
}

/** "9:30 AM" for a time of day given as minutes since midnight (a slot, a grid line). */
export function formatTimeOfDay(minutes: number, options: Pick<DateFormatOptions, 'locale'> = {}): string {
  if (!Number.isFinite(minutes)) return '';
  const whole = ((Math.floor(minutes) % 1440) + 1440) % 1440;
  return format(new Date(Date.UTC(2000, 0, 1, Math.floor(whole / 60), whole % 60)), TIME_PARTS, { ...options, timeZone: 'UTC' });
}

/** "December 2026": the month of a calendar day. */
export function formatMonth(value: string, options: Pick<DateFormatOptions, 'locale'> = {}): string {
  return format(value, { month: 'long', year: 'numeric' }, options);
}

/** "Tue 1": a calendar day where a column is narrow (the week grid's heads). */
export function formatWeekdayDay(value: string, options: Pick<DateFormatOptions, 'locale'> = {}): string {
  const weekday = format(value, { weekday: 'short' }, options);
  const day = format(value, { day: 'numeric' }, options);
  return weekday && day ? `${weekday} ${day}` : '';
}
