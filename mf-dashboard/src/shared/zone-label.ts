import { browserTimeZone, checkTimeZone, dateTimeFormat, parseInstant, TIME_ZONE_LOCALE } from './time-zone.ts';

// The notice that times are in the practice's zone (the calendar, All Sessions), apart from
// time-zone.ts, which every screen (Today among them) reads to show a time.

/** The zone's short name at that instant ("EST" in winter, "EDT" in summer; "GMT+1" where no abbreviation exists). */
export function zoneAbbreviation(timeZone: string, at: string | Date = new Date()): string {
  const parsed = parseInstant(at);
  const zone = checkTimeZone(timeZone);
  if (!parsed.ok || !zone.ok) return '';
  const parts = dateTimeFormat(TIME_ZONE_LOCALE, { timeZone: zone.value, timeZoneName: 'short' }).formatToParts(parsed.value);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone.value;
}

/** The zone's UTC offset in minutes at that instant (−300 for New York in winter). */
export function zoneOffsetMinutes(timeZone: string, at: string | Date = new Date()): number {
  const parsed = parseInstant(at);
  const zone = checkTimeZone(timeZone);
  if (!parsed.ok || !zone.ok) return 0;
  const parts = dateTimeFormat('en-US', {
    timeZone: zone.value,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(parsed.value);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wallClockAsUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  const instantSeconds = Math.floor(parsed.value.getTime() / 1000) * 1000;
  return Math.round((wallClockAsUtc - instantSeconds) / 60_000);
}

/**
 * The notice shown beside times when the browser is somewhere else than the practice:
 * "Times are in America/New_York (EST)". Null when both zones keep the same clock at that instant,
 * so a therapist at home never sees it.
 */
export function practiceZoneLabel(practiceZone: string, viewerZone: string = browserTimeZone(), at: string | Date = new Date()): string | null {
  const practice = checkTimeZone(practiceZone);
  const viewer = checkTimeZone(viewerZone);
  if (!practice.ok) return null;
  if (viewer.ok && (viewer.value === practice.value || zoneOffsetMinutes(viewer.value, at) === zoneOffsetMinutes(practice.value, at))) {
    return null;
  }
  return `Times are in ${practice.value} (${zoneAbbreviation(practice.value, at)})`;
}
