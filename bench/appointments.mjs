// The calendar's week as the Appwrite emulator serves it under load (issue 14): the seeded
// therapist's session, the REST call mf-dashboard's week view makes (mf-dashboard/src/schedule/api/
// list-appointments.ts: userId, start in [week start, next week start), by start, Query.select of
// the schedule's APPOINTMENT_FIELDS, 500 a page, no total) over ~50,000 appointments
// (bench/practice-dataset.mjs), 50 connections, p50/p99, asked as the browser asks (Accept-Encoding:
// the emulator answers in Brotli, as Appwrite does, and keeps the compressed answer; an answer written
// out as 300 KB of plain JSON for each of 50 connections measured the socket, not the calendar).
//
// Alone: `node bench/appointments.mjs [--clients 2000] [--duration 10]` starts its own Appwrite
// emulator (temp data, rate limits off), seeds the practice and prints the figures as JSON.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { instantOf, localParts } from '../backend/functions/lib/recurrence.js';
import { root } from './apps.mjs';
import { BROWSER_ACCEPT_ENCODING, CONNECTIONS } from './clients.mjs';
import { sessionCookie, startBenchEmulator } from './shared.mjs';

const requireFrom = (pkg) => createRequire(path.join(root, pkg, 'package.json'));
const autocannon = requireFrom('emulators/appwrite')('autocannon');
const { Query } = requireFrom('e2e')('node-appwrite');

/** The week-range query's p99 at 50 connections: issue 14's 30 ms (issue 35 asks ≤ 50 ms). */
export const WEEK_QUERY_P99_GOAL_MS = 30;
const PAGE = 500;
/** mf-dashboard's APPOINTMENT_FIELDS (schedule/appointment.ts; `pnpm bench` runs without TypeScript): what the calendar selects. */
export const WEEK_QUERY_FIELDS = [
  'userId', 'clientId', 'serviceId', 'seriesId', 'start', 'end', 'status', 'locationType', 'meetingLink', 'adminNote',
  'feeAmount', 'currency', 'feeWaived', 'feeWaivedReason', 'statusHistory', 'noteState', 'noChargeAt', 'noChargeBy',
];
const SETTLE_MS = 3000;

/** Monday 00:00 of this week and of the next, in the practice's zone, as UTC instants. */
export function thisWeek(timeZone, now = Date.now()) {
  const today = localParts(now, timeZone).date;
  // Calendar days of plain dates (UTC midnights: no zone, no DST), then each Monday's instant in the zone.
  const day = Date.parse(`${today}T00:00:00Z`);
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * 86_400_000;
  const date = (ms) => new Date(ms).toISOString().slice(0, 10);
  return { from: instantOf(date(monday), timeZone), to: instantOf(date(monday + 7 * 86_400_000), timeZone) };
}

/** The Web SDK's GET: `queries[i]=<json>` (its Client.flatten), `total=false` as listAppointments sends it. */
export function weekQueryUrl(endpoint, userId, { from, to }) {
  const queries = [Query.equal('userId', userId), Query.greaterThanEqual('start', from), Query.lessThan('start', to), Query.orderAsc('start'), Query.select(WEEK_QUERY_FIELDS), Query.limit(PAGE)];
  const search = queries.map((query, i) => `queries[${i}]=${encodeURIComponent(query)}`).join('&');
  return `${endpoint}/databases/main/collections/appointments/documents?${search}&total=false`;
}

/**
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string }, timeZone: string, expected?: number,
 *   connections?: number, durationS?: number, settleMs?: number }} options  `expected`: appointments the week must hold.
 */
export async function measureWeekQuery({ endpoint, therapist, timeZone, expected, connections = CONNECTIONS, durationS = Number(process.env.BENCH_DURATION_S ?? 10), settleMs = SETTLE_MS }) {
  const week = thisWeek(timeZone);
  const url = weekQueryUrl(endpoint, therapist.id, week);
  const headers = { 'x-appwrite-project': 'cadence', 'x-appwrite-response-format': '1.8.0', cookie: await sessionCookie(endpoint, therapist) };
  const check = await fetch(url, { headers });
  const body = await check.json();
  if (check.status !== 200) throw new Error(`week query: ${check.status} ${JSON.stringify(body)}`);
  if (expected !== undefined && body.documents.length !== expected) throw new Error(`week query: ${body.documents.length} appointments, expected ${expected}`);
  const asked = { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  // One connection first: the time the emulator spends on one call, with nothing queued before it.
  const alone = await autocannon({ url, headers: asked, connections: 1, duration: Math.max(1, Math.round(durationS / 3)) });
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const run = await autocannon({ url, headers: asked, connections, duration: durationS });
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return {
    call: 'appointments: this week (listAppointments)',
    week,
    documents: body.documents.length,
    responseKB: Math.round(Buffer.byteLength(JSON.stringify(body)) / 1024),
    connections,
    durationS,
    requestsPerSec: Math.round(run.requests.average),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    goalP99Ms: WEEK_QUERY_P99_GOAL_MS,
    non2xx: run.non2xx + alone.non2xx,
    errors: run.errors + alone.errors,
    oneConnection: { requestsPerSec: Math.round(alone.requests.average), p50Ms: alone.latency.p50, p99Ms: alone.latency.p99 },
  };
}

/** How many seeded appointments start in the week (what the call must return). */
export function appointmentsInWeek(appointments, { from, to }) {
  const [start, end] = [Date.parse(from), Date.parse(to)];
  return appointments.filter((a) => Date.parse(a.start) >= start && Date.parse(a.start) < end).length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, duration: { type: 'string', default: '10' }, port: { type: 'string', default: '3391' } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { endpoint, stop } = await startBenchEmulator({ port: Number(values.port), name: 'appointments' });
  try {
    const t = performance.now();
    const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
    console.error(`seeded ${seeded.counts.appointments} appointments in ${Math.round(performance.now() - t)} ms`);
    const timeZone = seeded.practice.settings.timeZone;
    const result = await measureWeekQuery({
      endpoint, therapist: seeded.therapist, timeZone, durationS: Number(values.duration),
      expected: appointmentsInWeek(seeded.practice.appointments, thisWeek(timeZone)),
    });
    console.log(JSON.stringify({ counts: seeded.counts, seedMs: seeded.totalMs, weekQuery: result }, null, 2));
  } finally {
    stop();
  }
}
