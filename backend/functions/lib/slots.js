// Online booking (issue 32): the one pure function that turns a therapist's availability, a
// service's booking rules, the busy intervals and "now" into the bookable slots, all in UTC. The
// book-slot function runs it on the server (and runs it again before it books); the portal loads
// the same module through @cadence/shared-auth/booking to label and group what it shows.
//
// Working hours are wall times in the practice's zone, so every boundary is resolved per local date
// with Temporal (the polyfill, as recurrence.js does): a 09:00 window stays 09:00 local on both
// sides of a daylight-saving change. Within a window whose two ends share one UTC offset (nearly
// all of them) starts are stepped in milliseconds; a window that contains a change resolves each
// start on its own, skips a start the clocks jump over, and takes the first of a repeated one.
import { Temporal } from 'temporal-polyfill';

export const WEEKDAYS = /** @type {const} */ (['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
/** Start-time grids a service can use: every 15, 30 or 60 minutes from the window's start, or on the hour. */
export const START_GRIDS = /** @type {const} */ (['15', '30', '60', 'hour']);
export const BOOKABLE_BY = /** @type {const} */ (['nobody', 'new', 'existing', 'both']);
export const CONFIRMATION = /** @type {const} */ (['instant', 'approval']);
/** Limits of a booking rule (the same as the booking_rules attributes in backend/appwrite.json). */
export const RULE_LIMITS = {
  noticeHours: { min: 0, max: 720 },
  horizonDays: { min: 1, max: 365 },
  bufferMinutes: { min: 0, max: 240 },
  maxPerDay: { min: 1, max: 48 },
  maxPerWeek: { min: 1, max: 200 },
};

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/**
 * @typedef {typeof WEEKDAYS[number]} Weekday
 * @typedef {typeof START_GRIDS[number]} StartGrid
 * @typedef {{ start: string, end: string }} Window local wall times `HH:mm`, start before end, within one day
 * @typedef {{ from: string, to: string, windows: Window[] }} Override local dates `YYYY-MM-DD` (to inclusive); no windows is a day off
 *
 * @typedef {object} Availability
 * @property {string} timeZone IANA zone of the practice
 * @property {Partial<Record<Weekday, Window[]>>} weekly
 * @property {Override[]} overrides a later override wins over an earlier one for the same date
 *
 * @typedef {object} BookingRule
 * @property {number} durationMinutes
 * @property {number} noticeHours the earliest start is now plus this
 * @property {number} horizonDays the last bookable day is today (in the practice's zone) plus this
 * @property {number} bufferBeforeMinutes
 * @property {number} bufferAfterMinutes
 * @property {StartGrid} startGrid
 * @property {number | null} maxPerDay appointments a local day may hold before it offers no more
 * @property {number | null} maxPerWeek the same per week, Monday to Sunday
 *
 * @typedef {object} Busy
 * @property {string | number} start ISO instant or epoch milliseconds
 * @property {string | number} end
 * @property {number} [bufferBeforeMinutes]
 * @property {number} [bufferAfterMinutes]
 * @property {boolean} [counts] whether it counts towards the day and week caps (an appointment does, blocked time does not)
 *
 * @typedef {{ start: string, end: string }} Slot ISO UTC instants
 *
 * @typedef {object} SlotQuery
 * @property {Availability} availability
 * @property {BookingRule} rule
 * @property {readonly Busy[]} busy
 * @property {Date | number | string} now
 * @property {Date | number | string} [from] no slot starts before this (default: now)
 * @property {Date | number | string} [to] no slot starts at or after this (default: the horizon)
 */

const ms = (/** @type {Date | number | string} */ value) => (typeof value === 'number' ? value : new Date(value).getTime());

/** `HH:mm` → minutes after midnight, or NaN. */
export function minutesOf(/** @type {string} */ time) {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

const DAY = 24 * 60 * MINUTE;

/**
 * A zone's UTC offsets over a stretch of time, read from Temporal once (the offset at the start and
 * each change after it), so the per-day and per-slot conversions below are arithmetic.
 * @param {string} timeZone
 * @param {number} fromMs
 * @param {number} toMs
 */
function zoneOffsets(timeZone, fromMs, toMs) {
  const zoned = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(timeZone);
  /** @type {number[]} instants of each change (the first entry: -Infinity) */
  const changes = [-Infinity];
  /** @type {number[]} the offset in force from the matching change on, in ms */
  const offsets = [zoned.offsetNanoseconds / 1e6];
  for (let next = zoned.getTimeZoneTransition('next'); next && next.epochMilliseconds <= toMs; next = next.getTimeZoneTransition('next')) {
    changes.push(next.epochMilliseconds);
    offsets.push(next.offsetNanoseconds / 1e6);
  }
  const offsetAt = (/** @type {number} */ instant) => offsets[lastAtOrBefore(changes, instant)] ?? 0;
  return {
    offsetAt,
    /** The changes (instants) strictly inside (from, to). */
    changesWithin: (/** @type {number} */ from, /** @type {number} */ to) => changes.filter((change) => change > from && change < to),
    /** The local day number (days since 1970-01-01 in wall time) of an instant. */
    dayOf: (/** @type {number} */ instant) => Math.floor((instant + offsetAt(instant)) / DAY),
    /**
     * The instant a local wall time begins: a time that exists once is that instant; a time the
     * clocks repeat is the first of the two; a time the clocks skip is the moment of the change
     * (the first instant whose wall time is at or after it).
     * @param {number} wall the wall time written as if it were UTC (day number × DAY + minutes)
     * @returns {{ ms: number, exists: boolean }}
     */
    resolve(wall) {
      let best = Infinity;
      for (const offset of offsets) if (wall - offset < best && offsetAt(wall - offset) === offset) best = wall - offset;
      if (best !== Infinity) return { ms: best, exists: true };
      for (let i = 1; i < changes.length; i += 1) {
        const change = changes[i] ?? 0;
        if (wall >= change + (offsets[i - 1] ?? 0) && wall < change + (offsets[i] ?? 0)) return { ms: change, exists: false };
      }
      return { ms: wall - offsetAt(wall), exists: false };
    },
  };
}

const isoDate = (/** @type {number} */ day) => new Date(day * DAY).toISOString().slice(0, 10);
/** Monday = 0 … Sunday = 6 of a local day number (1970-01-01 was a Thursday). */
const weekdayIndex = (/** @type {number} */ day) => (((day + 3) % 7) + 7) % 7;

/** The windows of one local day: the last override that covers it, or the weekday's hours. */
function windowsOn(/** @type {Availability} */ availability, /** @type {number} */ day) {
  const iso = isoDate(day);
  /** @type {Window[] | undefined} */
  let windows;
  for (const override of availability.overrides) if (override.from <= iso && iso <= override.to) windows = override.windows;
  return windows ?? availability.weekly[WEEKDAYS[weekdayIndex(day)] ?? 'MO'] ?? [];
}

/** Index of the last element of a sorted array that is ≤ value (-1 when none). */
function lastAtOrBefore(/** @type {readonly number[]} */ sorted, /** @type {number} */ value) {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? 0) <= value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * The bookable slots, in order of start, as UTC instants.
 * A slot is offered when its start is on the service's grid inside one of the day's windows and
 * the appointment ends inside that window; it starts no earlier than now plus the notice and on a
 * local day no later than today plus the horizon; the appointment with its own buffers overlaps no
 * busy interval with that interval's buffers; and its local day and week are under the caps.
 * @param {SlotQuery} query
 * @returns {Slot[]}
 */
export function computeSlots({ availability, rule, busy, now, from, to }) {
  const nowMs = ms(now);
  const duration = rule.durationMinutes * MINUTE;
  const before = rule.bufferBeforeMinutes * MINUTE;
  const after = rule.bufferAfterMinutes * MINUTE;
  const earliest = Math.max(from === undefined ? nowMs : ms(from), nowMs + rule.noticeHours * 60 * MINUTE);
  // Offsets from two weeks before now (the first capped week) to a day past the horizon.
  const horizonGuess = nowMs + (rule.horizonDays + 2) * DAY;
  const zone = zoneOffsets(availability.timeZone, Math.min(nowMs, earliest) - 14 * DAY, Math.max(horizonGuess, to === undefined ? 0 : ms(to)) + 9 * DAY);
  const horizonEnd = zone.resolve((zone.dayOf(nowMs) + rule.horizonDays + 1) * DAY).ms;
  const latest = Math.min(horizonEnd, to === undefined ? horizonEnd : ms(to));
  if (!(latest > earliest)) return [];
  const firstDay = zone.dayOf(earliest);
  const lastDay = zone.dayOf(latest - 1);

  // Appointments per local day, from the Monday of the first week to the Sunday of the last.
  const capped = rule.maxPerDay !== null || rule.maxPerWeek !== null;
  const weekStart = firstDay - weekdayIndex(firstDay);
  const perDay = new Array(lastDay - weekStart + 7 - weekdayIndex(lastDay)).fill(0);

  // The busy intervals that can touch a slot, widened by their buffers, sorted and merged.
  const low = earliest - before;
  const high = latest + duration + after;
  /** @type {[number, number][]} */
  const blocked = [];
  for (const entry of busy) {
    const start = ms(entry.start);
    const end = ms(entry.end);
    if (capped && entry.counts) {
      const index = zone.dayOf(start) - weekStart;
      if (index >= 0 && index < perDay.length) perDay[index] += 1;
    }
    const blockStart = start - (entry.bufferBeforeMinutes ?? 0) * MINUTE;
    const blockEnd = end + (entry.bufferAfterMinutes ?? 0) * MINUTE;
    if (blockEnd > low && blockStart < high && blockEnd > blockStart) blocked.push([blockStart, blockEnd]);
  }
  blocked.sort((x, y) => x[0] - y[0]);
  /** @type {number[]} */
  const blockStarts = [];
  /** @type {number[]} */
  const blockEnds = [];
  for (const [start, end] of blocked) {
    const last = blockEnds.length - 1;
    if (last >= 0 && start <= (blockEnds[last] ?? 0)) blockEnds[last] = Math.max(blockEnds[last] ?? 0, end);
    else {
      blockStarts.push(start);
      blockEnds.push(end);
    }
  }
  const isFree = (/** @type {number} */ start) => {
    const index = lastAtOrBefore(blockStarts, start + duration + after - 1);
    return index < 0 || (blockEnds[index] ?? 0) <= start - before;
  };

  const step = rule.startGrid === 'hour' ? 60 : Number(rule.startGrid);
  /** @type {Map<number, number>} start → end, so overlapping windows offer a start once */
  const found = new Map();
  for (let day = firstDay; day <= lastDay; day += 1) {
    const index = day - weekStart;
    if (rule.maxPerDay !== null && perDay[index] >= rule.maxPerDay) continue;
    if (rule.maxPerWeek !== null) {
      const monday = index - weekdayIndex(day);
      let week = 0;
      for (let d = monday; d < monday + 7; d += 1) week += perDay[d] ?? 0;
      if (week >= rule.maxPerWeek) continue;
    }
    for (const window of windowsOn(availability, day)) {
      const startMinute = minutesOf(window.start);
      const endMinute = window.end === '24:00' ? DAY_MINUTES : minutesOf(window.end);
      if (!(endMinute > startMinute)) continue;
      const open = zone.resolve(day * DAY + startMinute * MINUTE);
      const close = zone.resolve(day * DAY + endMinute * MINUTE);
      const first = rule.startGrid === 'hour' ? Math.ceil(startMinute / 60) * 60 : startMinute;
      // One offset across the window: wall minutes and elapsed minutes agree.
      const steady = open.exists && close.exists && close.ms - open.ms === (endMinute - startMinute) * MINUTE;
      for (let minute = first; minute < endMinute; minute += step) {
        let start;
        if (steady) start = open.ms + (minute - startMinute) * MINUTE;
        else {
          const resolved = zone.resolve(day * DAY + minute * MINUTE);
          if (!resolved.exists) continue;
          start = resolved.ms;
        }
        if (start + duration > close.ms) break;
        if (start < open.ms || start < earliest || start >= latest) continue;
        // Clocks turned back inside the session: the wall time they turn back to must still be in
        // the window (02:45–03:05 across Sydney's 03:00 → 02:00 would run 02:00–02:05 outside 02:15–03:00).
        if (!steady && zone.changesWithin(start, start + duration).some((change) => {
          const wall = change + zone.offsetAt(change);
          return Math.floor(wall / DAY) !== day || wall - day * DAY < startMinute * MINUTE;
        })) continue;
        if (isFree(start)) found.set(start, start + duration);
      }
    }
  }
  return [...found.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
}

/**
 * The span of busy time a caller must load for a query: from the Monday before the first bookable
 * day (the week cap counts the whole week) to a day past the last, with a day's margin for buffers.
 * @param {Omit<SlotQuery, 'busy'>} query
 * @returns {{ from: string, to: string }} ISO UTC instants
 */
export function busySpan({ rule, now, from, to }) {
  const nowMs = ms(now);
  const earliest = Math.max(from === undefined ? nowMs : ms(from), nowMs);
  const last = Math.max(earliest, to === undefined ? nowMs + (rule.horizonDays + 2) * DAY : ms(to));
  return { from: new Date(earliest - 8 * DAY).toISOString(), to: new Date(last + 8 * DAY).toISOString() };
}

/**
 * The local date (`YYYY-MM-DD`) and wall time (`HH:mm`) of an instant in a zone, for grouping
 * slots by day and labelling them.
 * @param {string | number} instant
 * @param {string} timeZone
 */
export function wallTimeOf(instant, timeZone) {
  const zoned = Temporal.Instant.fromEpochMilliseconds(ms(instant)).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), time: zoned.toPlainTime().toString({ smallestUnit: 'minute' }) };
}
