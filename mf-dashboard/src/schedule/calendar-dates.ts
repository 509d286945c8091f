import { formatDate, formatMonth, formatTimeOfDay, formatWeekdayDay } from '@cadence/shared-auth';
import { checkTimeZone } from '../shared/time-zone.ts';

// The calendar's days are plain dates ("2026-03-03") in the practice's zone; appointments are UTC
// instants. A plain date is arithmetic on a UTC day (no zone, no DST), and converting between a wall
// time in the zone and an instant goes through Intl's zone data. Recurrence never uses this: series
// are expanded on the server with rrule-temporal.

export type PlainDate = string;

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTES_PER_DAY = 24 * 60;

function utcDay(date: PlainDate): Date {
  const match = PLAIN_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

function plain(day: Date): PlainDate {
  return day.toISOString().slice(0, 10);
}

export function isPlainDate(value: unknown): value is PlainDate {
  if (typeof value !== 'string' || !PLAIN_DATE.test(value)) return false;
  return plain(utcDay(value)) === value;
}

export function addDays(date: PlainDate, days: number): PlainDate {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return plain(day);
}

export function addMonths(date: PlainDate, months: number): PlainDate {
  const day = utcDay(date);
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day.getUTCDate(), lastDay));
  return plain(target);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: PlainDate): number {
  return utcDay(date).getUTCDay();
}

/** The week's days from Sunday, or Monday to Friday for a work week. */
export function weekDays(date: PlainDate, workWeek = false): PlainDate[] {
  const sunday = addDays(date, -weekday(date));
  return workWeek ? [1, 2, 3, 4, 5].map((offset) => addDays(sunday, offset)) : [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(sunday, offset));
}

/** The month view's weeks: Sunday-first rows covering the whole month. */
export function monthWeeks(date: PlainDate): PlainDate[][] {
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(addMonths(first, 1), -1);
  const weeks: PlainDate[][] = [];
  for (let start = addDays(first, -weekday(first)); start <= last; start = addDays(start, 7)) weeks.push(weekDays(start));
  return weeks;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

export interface ZonedTime {
  date: PlainDate;
  /** Minutes since midnight on that date, in the zone. */
  minutes: number;
}

/** Where an instant falls on the zone's wall clock. */
export function zonedTime(instant: string | Date, timeZone: string): ZonedTime {
  const at = instant instanceof Date ? instant : new Date(instant);
  const values: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(at)) if (part.type !== 'literal') values[part.type] = Number(part.value);
  const date = `${String(values.year).padStart(4, '0')}-${String(values.month).padStart(2, '0')}-${String(values.day).padStart(2, '0')}`;
  return { date, minutes: (values.hour ?? 0) * 60 + (values.minute ?? 0) };
}

function offsetAt(epochMs: number, timeZone: string): number {
  const { date, minutes } = zonedTime(new Date(epochMs), timeZone);
  const wall = utcDay(date).getTime() + minutes * 60_000;
  return Math.round((wall - Math.floor(epochMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall time names in the zone. A time that does not exist (skipped by a DST change)
 * moves forward by the gap, a time that happens twice is the earlier one — Temporal's "compatible".
 */
export function instantAt(date: PlainDate, minutes: number, timeZone: string): Date {
  const wall = utcDay(date).getTime() + minutes * 60_000;
  const before = offsetAt(wall - MINUTES_PER_DAY * 60_000, timeZone);
  const after = offsetAt(wall + MINUTES_PER_DAY * 60_000, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((epoch) => offsetAt(epoch, timeZone) === Math.round((wall - epoch) / 60_000))
    .sort((a, b) => a - b);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // In a gap: the wall time with the offset from before the change, which lands after the gap.
  return new Date(wall - before * 60_000);
}

export function todayIn(timeZone: string, now: Date = new Date()): PlainDate {
  return zonedTime(now, checkTimeZone(timeZone).ok ? timeZone : 'UTC').date;
}

/** "10:00" from 600. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 600 from "10:00"; null when not a time of day. */
export function minutesOf(clock: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * A plain date in the one date style (@cadence/shared-auth): "Tue, Mar 3, 2026" (long and full,
 * which used to differ), "Tue 3" (short, a narrow column's head), "March 2026" (month).
 */
export function dateLabel(date: PlainDate, style: 'long' | 'short' | 'month' | 'full' = 'long'): string {
  if (style === 'month') return formatMonth(date);
  if (style === 'short') return formatWeekdayDay(date);
  return formatDate(date);
}

/** "10:00 AM" for a number of minutes since midnight. */
export function timeLabel(minutes: number): string {
  return formatTimeOfDay(minutes);
}
