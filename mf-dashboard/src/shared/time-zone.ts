import { formatDate, formatDateTime, formatTime, PRACTICE_LOCALE } from '@cadence/shared-auth';
import { accept, refuse, type Checked } from '@cadence/shared-auth/money';

// Times are stored as UTC instants (ISO 8601 with Z, as Appwrite's datetime attributes hold them)
// plus the practice's IANA time zone, and shown in that zone (ARCHITECTURE.md "The practice").

export const TIME_ZONE_LOCALE = PRACTICE_LOCALE;
export const FALLBACK_TIME_ZONE = 'UTC';

export const TIME_ZONE_MESSAGES = {
  empty: 'Choose a time zone.',
  unknown: 'Choose a time zone from the list (an IANA name such as America/New_York).',
  instantInvalid: 'That is not a valid date and time.',
} as const;

let zoneList: readonly string[] | null | undefined;
let zonesByLowerCase: Map<string, string> | null = null;

/** The engine's IANA zone names (Intl.supportedValuesOf), or null where the engine has no list. */
export function supportedTimeZones(): readonly string[] | null {
  if (zoneList === undefined) {
    const supportedValuesOf = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    zoneList = typeof supportedValuesOf === 'function' ? supportedValuesOf('timeZone') : null;
    zonesByLowerCase = zoneList ? new Map(zoneList.map((zone) => [zone.toLowerCase(), zone])) : null;
  }
  return zoneList;
}

// An IANA name is letters first ("America/New_York", "UTC", "Etc/GMT+5"); a bare offset such as
// "+05:00", which newer engines also accept as a time zone, is not one.
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * Checks an IANA time-zone name and answers it in its canonical spelling. The engine's list decides
 * first; names it leaves out but can still format in (UTC, links such as US/Eastern or
 * Asia/Kolkata on older ICU data) pass too.
 */
export function checkTimeZone(name: unknown): Checked<string> {
  if (typeof name !== 'string' || name.trim() === '') return refuse(TIME_ZONE_MESSAGES.empty);
  const trimmed = name.trim();
  if (trimmed.length > 64 || !IANA_SHAPE.test(trimmed)) return refuse(TIME_ZONE_MESSAGES.unknown);
  supportedTimeZones();
  const listed = zonesByLowerCase?.get(trimmed.toLowerCase());
  if (listed) return accept(listed);
  try {
    dateTimeFormat(TIME_ZONE_LOCALE, { timeZone: trimmed });
    return accept(trimmed);
  } catch {
    return refuse(TIME_ZONE_MESSAGES.unknown);
  }
}

export function isTimeZone(name: unknown): name is string {
  return checkTimeZone(name).ok;
}

/** The browser's own zone: the default for a new practice. */
export function browserTimeZone(): string {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** Whether year, month and day name a real calendar day (no 30 February, 29 February only in leap years). */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Reads a stored instant; Appwrite's own "2026-11-25T14:00:00.000+00:00" form included. */
export function parseInstant(instant: unknown): Checked<Date> {
  if (instant instanceof Date) return Number.isNaN(instant.getTime()) ? refuse(TIME_ZONE_MESSAGES.instantInvalid) : accept(instant);
  const match = typeof instant === 'string' ? INSTANT.exec(instant) : null;
  if (!match || typeof instant !== 'string') return refuse(TIME_ZONE_MESSAGES.instantInvalid);
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1).map((part) => Number(part ?? 0));
  // Date would quietly roll 30 February over into March; a stored instant that does is corrupt.
  if (!isCalendarDay(year!, month!, day!) || hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 23 || offsetMinutes! > 59) {
    return refuse(TIME_ZONE_MESSAGES.instantInvalid);
  }
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? refuse(TIME_ZONE_MESSAGES.instantInvalid) : accept(date);
}

// Building an Intl.DateTimeFormat costs far more than using one; a list of 2,000 rows reuses them.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

export interface ZonedDisplayOptions {
  /** What to show: the date, the time, or both (the default). */
  show?: 'date' | 'time' | 'date-time';
  /** Adds the zone's short name ("EST", "GMT+1") after the time. */
  withZoneName?: boolean;
  locale?: string;
}

/**
 * Shows a UTC instant as the wall-clock time in `timeZone`, in the one date style of
 * @cadence/shared-auth: "Wed, Nov 25, 2026, 9:00 AM". An unreadable instant or zone shows as an
 * empty string rather than throwing inside a render.
 */
export function formatInZone(instant: string | Date, timeZone: string, options: ZonedDisplayOptions = {}): string {
  const parsed = parseInstant(instant);
  const zone = checkTimeZone(timeZone);
  if (!parsed.ok || !zone.ok) return '';
  const show = options.show ?? 'date-time';
  const format = show === 'date' ? formatDate : show === 'time' ? formatTime : formatDateTime;
  return format(parsed.value, { timeZone: zone.value, locale: options.locale, withZoneName: options.withZoneName });
}
