// Issue 32's booking figure: "Booking click → confirmed ≤ 1 s p95 on the local stack". An invited
// client books BOOKINGS instant appointments one after another, each as the portal's confirm
// button does — a synchronous execution of book-slot with the client's session — timed from the
// request to its answer: the slots computed again on the server from the therapist's availability,
// rules and calendar (a busy practice: an appointment every weekday morning for the coming weeks),
// the time claimed, the appointment and request written, the therapist's notice and email sent
// (the emulator's SMTP receiver). Each answer is checked (201, booked) and the appointment read back.
// Run alone: node bench/booking.mjs (its own emulator, events and schedules off).
import { parseArgs } from 'node:util';
import { KEY_HEADERS, sessionCookie, startBenchEmulator } from './shared.mjs';

const BOOKINGS = 20;
export const BOOKING_GOAL_P95_MS = 1000;
const DAY = 86_400_000;

async function serverApi(endpoint, method, route, body) {
  const response = await fetch(`${endpoint}${route}`, { method, headers: KEY_HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

const own = (userId) => [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`];
const createDocument = (endpoint, userId, collectionId, data, permissions = own(userId)) =>
  serverApi(endpoint, 'POST', `/databases/main/collections/${collectionId}/documents`, { documentId: 'unique()', data: { userId, ...data }, permissions });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function execution(endpoint, headers, functionId, body) {
  const response = await fetch(`${endpoint}/functions/${functionId}/executions`, { method: 'POST', headers, body: JSON.stringify({ body: JSON.stringify(body), async: false }) });
  const run = await response.json();
  return { response, run, answer: run.responseBody ? JSON.parse(run.responseBody) : {} };
}

/**
 * @param {{ endpoint: string, therapist: { email: string, password: string }, bookings?: number }} options
 *   `endpoint` with /v1; `therapist` a subscribed therapist with no practice yet.
 */
export async function measureBooking({ endpoint, therapist, bookings = BOOKINGS }) {
  const therapistCookie = await sessionCookie(endpoint, therapist);
  const therapistHeaders = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', cookie: therapistCookie };
  const userId = (await (await fetch(`${endpoint}/account`, { headers: therapistHeaders })).json()).$id;
  await createDocument(endpoint, userId, 'practice_settings', { practiceName: 'Bench Practice', therapistName: 'Ada Lovelace', timeZone: 'America/New_York', currency: 'USD' });
  const weekly = Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR'].map((d) => [d, [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '19:00' }]]));
  await createDocument(endpoint, userId, 'availability', { weekly: JSON.stringify(weekly), overrides: '[]' });
  const service = await createDocument(endpoint, userId, 'services', { name: 'Psychotherapy', durationMinutes: 50, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 1 });
  await createDocument(endpoint, userId, 'booking_rules', {
    serviceId: service.$id, bookableBy: 'existing', confirmation: 'instant', noticeHours: 24, horizonDays: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, startGrid: '15', maxPerDay: 8, maxPerWeek: 35,
  });
  const email = `bench-booker-${Date.now().toString(36)}@example.test`;
  const client = await createDocument(endpoint, userId, 'clients', { firstName: 'Bench', lastName: 'Booker', email, reminderConsent: true, status: 'active', tags: [], currency: 'USD' });
  // A busy calendar: 10:00 and 14:00 New York on every day of the next 60.
  for (let day = 1; day <= 60; day += 1) {
    for (const hourUtc of [15, 19]) {
      const start = new Date(Math.floor(Date.now() / DAY) * DAY + day * DAY + hourUtc * 3_600_000);
      await createDocument(endpoint, userId, 'appointments', { clientId: client.$id, serviceId: service.$id, start: start.toISOString(), end: new Date(start.getTime() + 50 * 60_000).toISOString(), status: 'scheduled' });
    }
  }
  // The client, invited as the therapist invites one; a password only so the bench can sign in.
  const invited = await execution(endpoint, therapistHeaders, 'invite-client', { clientId: client.$id });
  if (invited.run.responseStatusCode !== 200) throw new Error(`invite-client: ${invited.run.responseStatusCode} ${invited.run.responseBody}`);
  const { users } = await serverApi(endpoint, 'GET', `/users?queries[]=${encodeURIComponent(JSON.stringify({ method: 'equal', attribute: 'email', values: [email] }))}`);
  const password = 'bench client passphrase';
  await serverApi(endpoint, 'PATCH', `/users/${users[0].$id}/password`, { password });
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', cookie: await sessionCookie(endpoint, { email, password }) };

  const slots = (await execution(endpoint, headers, 'book-slot', { action: 'slots', accessId: client.$id, serviceId: service.$id })).answer.slots ?? [];
  // Times two hours apart or more, so one booking (with its buffer) never takes the next one's slot.
  const picks = [];
  for (const slot of slots) if (picks.length < bookings && (picks.length === 0 || Date.parse(slot.start) >= Date.parse(picks[picks.length - 1].start) + 2 * 3_600_000)) picks.push(slot);
  if (picks.length < bookings) throw new Error(`only ${picks.length} free times for ${bookings} bookings`);
  const each = [];
  const serverEach = [];
  for (const slot of picks) {
    const started = performance.now();
    const { response, run, answer } = await execution(endpoint, headers, 'book-slot', { action: 'book', accessId: client.$id, serviceId: service.$id, start: slot.start });
    each.push(Math.round(performance.now() - started));
    serverEach.push(Math.round(run.duration * 1000));
    if (response.status !== 201 || run.responseStatusCode !== 201 || answer.outcome !== 'booked') throw new Error(`book-slot: ${response.status} ${run.responseStatusCode} ${answer.error ?? run.errors ?? ''}`);
    const appointment = await serverApi(endpoint, 'GET', `/databases/main/collections/appointments/documents/${answer.request.appointmentId}`);
    if (Date.parse(appointment.start) !== Date.parse(slot.start)) throw new Error('book-slot: the appointment is not at the booked time');
  }
  return { bookings, calendar: 120, p50: percentile(each, 50), p95: percentile(each, 95), max: Math.max(...each), serverP50: percentile(serverEach, 50), goalP95: BOOKING_GOAL_P95_MS, each };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3395' }, bookings: { type: 'string', default: String(BOOKINGS) } } });
  const { createTherapist } = await import('./route-switch.mjs');
  const port = Number(values.port);
  const smtpPort = port + 25;
  const mail = JSON.stringify({ APP_ORIGIN: 'http://localhost:3000', PORTAL_ID_SECRET: 'bench-portal-id-secret', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence portal <portal@cadence.local>' });
  const { endpoint, stop } = await startBenchEmulator({
    port, name: 'booking', exitOnSignal: true,
    env: { APPWRITE_SMTP_PORT: String(smtpPort), FUNCTION_VARS_BOOK_SLOT: mail, FUNCTION_VARS_INVITE_CLIENT: mail },
  });
  try {
    const therapist = await createTherapist(`http://127.0.0.1:${port}`);
    const result = await measureBooking({ endpoint, therapist, bookings: Number(values.bookings) });
    console.log(`Booking click → confirmed (book-slot, ${result.bookings} instant bookings, ${result.calendar} appointments on the calendar): p50 ${result.p50} ms, p95 ${result.p95} ms (goal ≤ ${result.goalP95} ms), max ${result.max} ms (in the function p50 ${result.serverP50} ms)`);
  } finally {
    stop();
  }
}
