import { dateLabel, timeLabel, zonedTime } from './calendar-dates.ts';

/** An appointment a new one (or a series' occurrences) would overlap. */
export interface OverlapFound {
  start: string;
  /** Whose it is; null when the server did not say. */
  clientId: string | null;
}

/** One line of the warning: a client at a time, and every date they are booked then. */
export interface OverlapLine {
  who: string;
  time: string;
  dates: string[];
}

/**
 * The overlap warning's lines (issue 37): a series that runs into a weekly client meets them on
 * every date, so each client and time is named once with its dates, each date once — not one
 * "another appointment at 10:00 AM" per occurrence. Lines and dates in calendar order.
 */
export function overlapLines(found: readonly OverlapFound[], timeZone: string, nameOf: (clientId: string | null) => string): OverlapLine[] {
  const lines = new Map<string, { who: string; minutes: number; dates: Set<string>; first: string }>();
  for (const overlap of [...found].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const { date, minutes } = zonedTime(overlap.start, timeZone);
    const who = nameOf(overlap.clientId);
    const key = `${overlap.clientId ?? who}|${minutes}`;
    const line = lines.get(key) ?? { who, minutes, dates: new Set<string>(), first: date };
    line.dates.add(date);
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((a, b) => a.first.localeCompare(b.first) || a.minutes - b.minutes)
    .map((line) => ({ who: line.who, time: timeLabel(line.minutes), dates: [...line.dates].sort().map((date) => dateLabel(date)) }));
}

/** "Jane D. at 10:00 AM on Tue, Dec 1, 2026; Tue, Dec 8, 2026" (dates in the one date style, apart by semicolons). */
export const overlapSentence = (line: OverlapLine): string => `${line.who} at ${line.time} on ${line.dates.join('; ')}`;

/** The warning's title: how many appointments are in the way. */
export const overlapTitle = (count: number): string => (count === 1 ? 'This overlaps another appointment' : `This overlaps ${count} other appointments`);
