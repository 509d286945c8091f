// Issue 32's slots figure: a month of slots for a busy practice (2,000 clients, 50,000 appointments
// in the dataset) computed by the one pure function (backend/functions/lib/slots.js) in ≤ 50 ms.
// Each run finds the month's busy time among all 50,000 by start (an index, as the database query
// of the book-slot function does) and computes the slots from it.
// Run alone: `node bench/slots.mjs` (prints JSON).
import { pathToFileURL } from 'node:url';
import { busySpan, computeSlots } from '../backend/functions/lib/slots.js';

export const SLOTS_TARGET_MS = 50;
const CLIENTS = 2_000;
const APPOINTMENTS = 50_000;
const TIME_ZONE = 'America/New_York';
const HOUR = 3_600_000;

/** A small deterministic generator, so every run measures the same calendar. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * 50,000 appointments of 2,000 clients on weekday hours, sorted by start: about six a weekday over
 * the coming two months and the rest spread over the years before `now`, each with 10 minutes after.
 * @param {number} now epoch ms
 */
export function busyPractice(now) {
  const next = random(32);
  const base = now - (now % (24 * HOUR));
  /** @type {{ start: string, end: string, clientId: string, bufferAfterMinutes: number, counts: boolean }[]} */
  const busy = [];
  const add = (/** @type {number} */ day) => {
    const start = base + day * 24 * HOUR + (13 + Math.floor(next() * 10)) * HOUR; // 08:00–17:00 New York
    const weekday = new Date(start).getUTCDay();
    if (weekday === 0 || weekday === 6) return;
    busy.push({ start: new Date(start).toISOString(), end: new Date(start + 50 * 60_000).toISOString(), clientId: `client-${Math.floor(next() * CLIENTS)}`, bufferAfterMinutes: 10, counts: true });
  };
  for (let day = 0; day < 61; day += 1) for (let i = 0; i < 6; i += 1) add(day);
  while (busy.length < APPOINTMENTS) add(-1 - Math.floor(next() * 12 * 365));
  return busy.sort((x, y) => x.start.localeCompare(y.start));
}

/** Index of the first entry starting at or after `instant` (the database's index on start). */
function firstFrom(/** @type {number[]} */ starts, /** @type {number} */ instant) {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((starts[mid] ?? 0) < instant) low = mid + 1;
    else high = mid;
  }
  return low;
}

export const BENCH_AVAILABILITY = {
  timeZone: TIME_ZONE,
  weekly: Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR'].map((day) => [day, [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '19:00' }]])),
  overrides: [{ from: '2026-12-24', to: '2026-12-26', windows: [] }],
};
export const BENCH_RULE = {
  durationMinutes: 50, noticeHours: 24, horizonDays: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, startGrid: '15', maxPerDay: 8, maxPerWeek: 35,
};

/**
 * Times `runs` month-long slot computations, each finding the month's busy time in the 50,000 by
 * the start index (as the book-slot function's query does) and computing the slots; answers the
 * median and p99 in ms.
 */
export function measureSlots({ runs = 200, now = Date.parse('2026-12-01T14:00:00Z') } = {}) {
  const dataset = busyPractice(now);
  const starts = dataset.map((entry) => Date.parse(entry.start));
  const to = now + 31 * 24 * HOUR;
  const query = { availability: BENCH_AVAILABILITY, rule: BENCH_RULE, now, to };
  const run = () => {
    const span = busySpan(query);
    const busy = dataset.slice(firstFrom(starts, Date.parse(span.from)), firstFrom(starts, Date.parse(span.to)));
    return { busy: busy.length, slots: computeSlots({ ...query, busy }).length };
  };
  let last = run(); // warm the JIT and the polyfill's zone data
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0) * 100) / 100;
  return { clients: CLIENTS, appointments: dataset.length, busyInMonth: last.busy, slots: last.slots, runs, medianMs: at(0.5), p99Ms: at(0.99), targetMs: SLOTS_TARGET_MS };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(JSON.stringify(measureSlots(), null, 2));
