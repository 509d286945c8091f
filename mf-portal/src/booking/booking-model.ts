import { formatDate, formatTime } from '@cadence/shared-auth';
import type { Slot } from './booking-api.ts';

// What the booking page works out from the server's slots (issue 32): the days they fall on and the
// times of each, on the client's own clock, and the practice's clock beside it when the two differ.

/** The browser's zone (the client's); UTC when the browser cannot say. */
export function clientTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface SlotDay {
  /** "Tue, Dec 1, 2026" on the client's clock: a slot belongs to the day it starts on there. */
  label: string;
  slots: Slot[];
}

/** The slots grouped by the client's day, in time order, the first `days` days that have any. */
export function slotDays(slots: readonly Slot[], timeZone: string, days = 7): SlotDay[] {
  const grouped: SlotDay[] = [];
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    const label = formatDate(slot.start, { timeZone });
    const last = grouped[grouped.length - 1];
    if (last?.label === label) last.slots.push(slot);
    else if (grouped.length < days) grouped.push({ label, slots: [slot] });
    else break;
  }
  return grouped;
}

/** Whether two zones show a different clock at this instant (the same offset is the same clock). */
export function zonesDiffer(a: string, b: string, at: string | Date = new Date()): boolean {
  return a !== b && formatTime(at, { timeZone: a }) + formatDate(at, { timeZone: a }) !== formatTime(at, { timeZone: b }) + formatDate(at, { timeZone: b });
}

/**
 * A slot's time for the client: their clock, and the practice's after it when the zones differ
 * ("9:00 AM CST (10:00 AM EST at the practice)").
 */
export function slotTimeLabel(start: string, clientZone: string, practiceZone: string): string {
  if (!zonesDiffer(clientZone, practiceZone, start)) return formatTime(start, { timeZone: clientZone });
  return `${formatTime(start, { timeZone: clientZone, withZoneName: true })} (${formatTime(start, { timeZone: practiceZone, withZoneName: true })} at the practice)`;
}

/** "Tue, Dec 1, 2026 at 9:00 AM", with the practice's time when the zones differ. */
export function whenLabel(start: string, clientZone: string, practiceZone: string): string {
  return `${formatDate(start, { timeZone: clientZone })} at ${slotTimeLabel(start, clientZone, practiceZone)}`;
}

/** Whole minutes and seconds left until `until` ("4:05"), or null once it has passed. */
export function timeLeft(until: string | null, now: number): string | null {
  if (!until) return null;
  const seconds = Math.floor((Date.parse(until) - now) / 1000);
  if (!(seconds > 0)) return null;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
