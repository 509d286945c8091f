// Issue 14, recurring appointments: the schedule-series and extend-series functions run by the local
// Appwrite (real executions of backend/functions/*/src/main.js, real transactions), called as a
// signed-in therapist through the Web SDK; what they wrote is read back with the API key.
import { ID, Permission, Query, Role } from 'appwrite';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrencesBetween, checkSeries } from '../functions/lib/recurrence.js';
import { occurrenceId } from '../functions/lib/series-store.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';

const ZONE = 'America/New_York';
const owner = (userId: string) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];

interface Answer {
  message?: string;
  field?: string;
  overlaps?: { start: string; appointmentId: string; clientId: string | null }[];
  seriesId?: string;
  previousSeriesId?: string | null;
  created?: number;
  removed?: number;
  kept?: number;
  keptAppointments?: { appointmentId: string; start: string; reason: string }[];
  seriesDeleted?: boolean;
  generatedUntil?: string | null;
}

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;
let clientId: string;
let serviceId: string;

const schedule = (user: SignedInUser, body: unknown) => execute<Answer>(user.functions, 'schedule-series', body);

/** A local date `days` from today in the zone, on the given ISO weekday (1 = Monday) on or after it. */
function localDay(days: number, isoWeekday: number): string {
  let date = Temporal.Now.plainDateISO(ZONE).add({ days });
  while (date.dayOfWeek !== isoWeekday) date = date.add({ days: 1 });
  return date.toString();
}

const localTime = (iso: string, zone = ZONE) => Temporal.Instant.from(iso).toZonedDateTimeISO(zone).toPlainTime().toString({ smallestUnit: 'minute' });
const localDate = (iso: string, zone = ZONE) => Temporal.Instant.from(iso).toZonedDateTimeISO(zone).toPlainDate().toString();

async function appointmentsOf(seriesId: string) {
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'appointments', queries: [Query.equal('seriesId', seriesId), Query.orderAsc('start'), Query.limit(500)] });
  return list.documents;
}

async function seriesDocument(seriesId: string) {
  return aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: seriesId });
}

/** A weekly series for therapist a (10:00 New York, Tuesdays unless told). */
function weekly(dtstart: string, over: Record<string, unknown> = {}) {
  return { clientId, serviceId, dtstart, timeZone: ZONE, durationMinutes: 50, rrule: 'FREQ=WEEKLY;BYDAY=TU', locationType: 'office', ...over };
}

beforeAll(async () => {
  aw = await startAppwrite();
  a = await signedInUser(aw, 'therapist-a');
  b = await signedInUser(aw, 'therapist-b');
  const client = await a.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(),
    data: { userId: a.id, firstName: 'Jane', lastName: 'Doe', status: 'active', currency: 'USD' }, permissions: owner(a.id),
  });
  const service = await a.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'services', documentId: ID.unique(),
    data: { userId: a.id, name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 50, fee: 12000, currency: 'USD' }, permissions: owner(a.id),
  });
  clientId = client.$id;
  serviceId = service.$id;
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe('create (issue 14: a series and its occurrences, up to the horizon, in transactions)', () => {
  it('a weekly 10:00 New York series keeps 10:00 local across the daylight-saving change; occurrences are owner-only documents with the fee', async () => {
    // Started ~17 weeks ago, so past and future occurrences (to now + 183 days) span at least one change.
    const start = localDay(-120, 2);
    const answer = await schedule(a, { action: 'create', series: weekly(`${start}T10:00`, { adminNote: 'Parking code 1234' }) });
    expect(answer.status).toBe(201);
    const seriesId = answer.body.seriesId!;
    const docs = await appointmentsOf(seriesId);
    expect(docs.length).toBe(answer.body.created);
    expect(docs.length).toBeGreaterThan(40);
    expect(docs.map((d) => localTime(d['start'] as string))).toEqual(docs.map(() => '10:00'));
    expect(new Set(docs.map((d) => new Date(d['start'] as string).getUTCHours()))).toEqual(new Set([14, 15]));
    expect(docs.every((d) => Temporal.Instant.from(d['start'] as string).toZonedDateTimeISO(ZONE).dayOfWeek === 2)).toBe(true);
    expect(localDate(docs[0]!['start'] as string)).toBe(start);
    expect(docs[0]).toMatchObject({
      userId: a.id, clientId, serviceId, seriesId, status: 'scheduled', noteState: 'none', feeAmount: 12000, currency: 'USD',
      locationType: 'office', adminNote: 'Parking code 1234', $permissions: owner(a.id),
    });
    expect(Date.parse(docs[0]!['end'] as string) - Date.parse(docs[0]!['start'] as string)).toBe(50 * 60_000);
    expect(JSON.parse((docs[0]!['statusHistory'] as string[])[0]!)).toMatchObject({ status: 'scheduled', by: a.id });
    const series = await seriesDocument(seriesId);
    expect(series).toMatchObject({ userId: a.id, rrule: 'FREQ=WEEKLY;BYDAY=TU', dtstart: `${start}T10:00:00`, timeZone: ZONE, $permissions: owner(a.id) });
    const horizon = Date.parse(series['generatedUntil'] as string);
    expect(Math.abs(horizon - (Date.now() + 183 * 86_400_000))).toBeLessThan(120_000);
    expect(Date.parse(docs.at(-1)!['start'] as string)).toBeLessThanOrEqual(horizon);
    expect(Date.parse(docs.at(-1)!['start'] as string)).toBeGreaterThan(horizon - 7 * 86_400_000);
    expect(answer.body.generatedUntil).toBe(new Date(horizon).toISOString());
    // The therapist reads them with their own session.
    const mine = await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'appointments', queries: [Query.equal('seriesId', seriesId), Query.limit(100)] });
    expect(mine.total).toBe(docs.length);
  });

  it("the client's fee override is the occurrences' fee; COUNT ends the series before the horizon", async () => {
    const special = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(),
      data: { userId: a.id, firstName: 'Sam', lastName: 'Lee', status: 'active', feeOverride: 8000, currency: 'CAD' }, permissions: owner(a.id),
    });
    const answer = await schedule(a, { action: 'create', series: weekly(`${localDay(30, 4)}T16:30`, { clientId: special.$id, rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=5' }), allowOverlap: true });
    expect(answer).toMatchObject({ status: 201, body: { created: 5 } });
    const docs = await appointmentsOf(answer.body.seriesId!);
    expect(docs.map((d) => [d['feeAmount'], d['currency']])).toEqual(docs.map(() => [8000, 'CAD']));
    expect(Date.parse(docs[1]!['start'] as string) - Date.parse(docs[0]!['start'] as string)).toBeGreaterThanOrEqual(14 * 86_400_000 - 3_600_000);
  });

  it("a first visit's own service (intake, then ongoing, issue 37): one RRULE, the first occurrence with the intake and its fee, the rest the series' service", async () => {
    const intake = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'services', documentId: ID.unique(),
      data: { userId: a.id, name: 'Intake assessment', serviceCode: '90791', durationMinutes: 60, fee: 20000, currency: 'USD' }, permissions: owner(a.id),
    });
    const answer = await schedule(a, {
      action: 'create', series: weekly(`${localDay(40, 3)}T11:00`, { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4', firstServiceId: intake.$id }), allowOverlap: true,
    });
    expect(answer).toMatchObject({ status: 201, body: { created: 4 } });
    const docs = await appointmentsOf(answer.body.seriesId!);
    expect(docs.map((d) => [d['serviceId'], d['feeAmount']])).toEqual([[intake.$id, 20000], [serviceId, 12000], [serviceId, 12000], [serviceId, 12000]]);
    expect(await seriesDocument(answer.body.seriesId!)).toMatchObject({ serviceId, rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4' });
    // Another therapist's service is not a first visit's: 404 beside the field, nothing written.
    const foreign = await b.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'services', documentId: ID.unique(),
      data: { userId: b.id, name: 'Intake', serviceCode: '90791', durationMinutes: 60, fee: 1000, currency: 'USD' }, permissions: owner(b.id),
    });
    const refused = await schedule(a, { action: 'create', series: weekly(`${localDay(60, 3)}T11:00`, { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=2', firstServiceId: foreign.$id }), allowOverlap: true });
    expect(refused).toMatchObject({ status: 404, body: { field: 'firstService' } });
  });

  it.each([
    [{ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=521' }, 'count'],
    [{ rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20200101' }, 'until'],
    [{ rrule: 'FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=15' }, 'repeat'],
    [{ rrule: 'FREQ=DAILY' }, 'repeat'],
    [{ durationMinutes: 0 }, 'duration'],
    [{ durationMinutes: -50 }, 'duration'],
    [{ dtstart: '2027-03-14T02:30' }, 'start'],
    [{ timeZone: 'Nowhere/Special' }, 'start'],
    [{ locationType: 'moon' }, 'locationType'],
    [{ meetingLink: 'javascript:alert(1)' }, 'meetingLink'],
  ])('bad input %j → 400 with its field, nothing written', async (over, field) => {
    const before = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'appointment_series', queries: [Query.equal('userId', a.id), Query.limit(1)] });
    const answer = await schedule(a, { action: 'create', series: weekly(`${localDay(10, 2)}T10:00`, over) });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(answer.body.message).toEqual(expect.any(String));
    const after = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'appointment_series', queries: [Query.equal('userId', a.id), Query.limit(1)] });
    expect(after.total).toBe(before.total);
  });

  it('a body that is not a request gets 400, never a crash; without a user, 401', async () => {
    for (const body of [null, 'text', { action: 'explode' }, { action: 'create' }, { action: 'create', series: [] }, { action: 'edit' }, { action: 'delete', appointmentId: 42 }]) {
      const answer = await schedule(a, body);
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const execution = await aw.functions.createExecution({ functionId: 'schedule-series', body: JSON.stringify({ action: 'create', series: weekly('2027-01-05T10:00') }), async: false });
    expect(execution.responseStatusCode).toBe(401);
  });

  it('a save that fails in its first transaction leaves no series and no occurrences', async () => {
    const seriesId = ID.unique();
    const dtstart = `${localDay(14, 2)}T10:00`;
    const timing = checkSeries({ dtstart, timeZone: ZONE, durationMinutes: 50, rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    const third = occurrencesBetween(timing, Date.now() - 86_400_000 * 30, Date.now() + 86_400_000 * 100)[2]!;
    // A document already under the id the third occurrence is written with: the commit fails.
    await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: occurrenceId(seriesId, third.localDate),
      data: { userId: a.id, clientId, serviceId, start: '2020-01-01T10:00:00.000Z', end: '2020-01-01T10:50:00.000Z' }, permissions: owner(a.id),
    });
    const answer = await schedule(a, { action: 'create', seriesId, series: weekly(dtstart), allowOverlap: true });
    expect(answer.status).toBe(409);
    await expect(seriesDocument(seriesId)).rejects.toMatchObject({ code: 404 });
    expect(await appointmentsOf(seriesId)).toEqual([]);
  });

  it('the same save sent twice makes one series', async () => {
    const seriesId = ID.unique();
    const request = { action: 'create', seriesId, series: weekly(`${localDay(60, 5)}T12:00`, { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=3' }), allowOverlap: true };
    const [first, second] = [await schedule(a, request), await schedule(a, request)];
    expect(first).toMatchObject({ status: 201, body: { seriesId, created: 3 } });
    expect(second).toMatchObject({ status: 409, body: { message: 'This series has already been saved.', seriesId } });
    expect(await appointmentsOf(seriesId)).toHaveLength(3);
  });

  it('a save that fails in a later transaction leaves a whole, shorter series: the first 99 occurrences and generatedUntil at the last', async () => {
    const seriesId = ID.unique();
    const dtstart = `${localDay(7, 1)}T08:00`;
    const rrule = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    const planned = occurrencesBetween(checkSeries({ dtstart, timeZone: ZONE, durationMinutes: 50, rrule }), Date.now(), Date.now() + 180 * 86_400_000);
    expect(planned.length).toBeGreaterThan(110);
    await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: occurrenceId(seriesId, planned[105]!.localDate),
      data: { userId: a.id, clientId, serviceId, start: '2020-01-01T10:00:00.000Z', end: '2020-01-01T10:50:00.000Z' }, permissions: owner(a.id),
    });
    const answer = await schedule(a, { action: 'create', seriesId, series: weekly(dtstart, { rrule }), allowOverlap: true });
    expect(answer).toMatchObject({ status: 201, body: { seriesId, created: 99, generatedUntil: planned[98]!.start } });
    const docs = await appointmentsOf(seriesId);
    expect(docs.map((d) => new Date(d['start'] as string).toISOString())).toEqual(planned.slice(0, 99).map((o) => o.start));
    expect((await seriesDocument(seriesId))['generatedUntil']).toBe(planned[98]!.start.replace('Z', '+00:00'));
  });
});

describe('overlap', () => {
  it('an occurrence overlapping an appointment → 409 with the overlaps and nothing written; allowOverlap saves it', async () => {
    const day = localDay(21, 3);
    const single = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
      data: {
        userId: a.id, clientId, serviceId, start: Temporal.PlainDateTime.from(`${day}T10:30`).toZonedDateTime(ZONE).toInstant().toString(),
        end: Temporal.PlainDateTime.from(`${day}T11:20`).toZonedDateTime(ZONE).toInstant().toString(),
      },
      permissions: owner(a.id),
    });
    const cancelled = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
      data: {
        userId: a.id, clientId, serviceId, status: 'cancelled', start: Temporal.PlainDateTime.from(`${day}T10:00`).toZonedDateTime(ZONE).add({ weeks: 1 }).toInstant().toString(),
        end: Temporal.PlainDateTime.from(`${day}T10:50`).toZonedDateTime(ZONE).add({ weeks: 1 }).toInstant().toString(),
      },
      permissions: owner(a.id),
    });
    const seriesId = ID.unique();
    const request = { action: 'create', seriesId, series: weekly(`${localDay(7, 3)}T10:00`, { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=6' }) };
    const refused = await schedule(a, request);
    expect(refused.status).toBe(409);
    // Whose it is, so the app names each client once (issue 37).
    expect(refused.body.overlaps).toEqual([{ start: new Date(single['start'] as string).toISOString(), appointmentId: single.$id, clientId }]);
    expect(refused.body.overlaps?.map((o) => o.appointmentId)).not.toContain(cancelled.$id);
    await expect(seriesDocument(seriesId)).rejects.toMatchObject({ code: 404 });
    expect(await appointmentsOf(seriesId)).toEqual([]);
    const saved = await schedule(a, { ...request, allowOverlap: true });
    expect(saved).toMatchObject({ status: 201, body: { seriesId, created: 6 } });
  });
});

describe('edit and delete (this and following / all future)', () => {
  it('"this and following" to a new time: past occurrences stay, the old series ends before the split, a new series carries on; a late-cancelled one is kept', async () => {
    const start = localDay(-28, 5);
    const created = await schedule(a, { action: 'create', series: weekly(`${start}T09:00`, { rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=12' }), allowOverlap: true });
    const seriesId = created.body.seriesId!;
    const before = await appointmentsOf(seriesId);
    expect(before).toHaveLength(12);
    const now = Date.now();
    const future = before.filter((d) => Date.parse(d['start'] as string) > now);
    const past = before.filter((d) => Date.parse(d['start'] as string) <= now);
    expect(past.length).toBeGreaterThanOrEqual(4);
    const split = future[1]!;
    const lateCancelled = future[3]!;
    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: lateCancelled.$id, data: { status: 'late_cancelled' } });

    const answer = await schedule(a, { action: 'edit', appointmentId: split.$id, scope: 'following', changes: { time: '14:00', durationMinutes: 45 }, allowOverlap: true });
    expect(answer.status).toBe(200);
    const remaining = 12 - past.length - 1;
    expect(answer.body).toMatchObject({ previousSeriesId: seriesId, removed: remaining - 1, kept: 1, keptAppointments: [{ appointmentId: lateCancelled.$id, reason: 'late_cancelled' }] });

    const old = await appointmentsOf(seriesId);
    // Before the split nothing changed; from it only the late-cancelled one is left.
    expect(old.map((d) => d.$id)).toEqual([...past, future[0]!, lateCancelled].map((d) => d.$id));
    for (const d of [...past, future[0]!]) expect(old.find((o) => o.$id === d.$id)).toMatchObject({ start: d['start'], end: d['end'], $updatedAt: d.$updatedAt });
    const oldSeries = await seriesDocument(seriesId);
    expect(oldSeries['rrule']).toMatch(/^FREQ=WEEKLY;BYDAY=FR;UNTIL=\d{8}T\d{6}Z$/);

    const next = await appointmentsOf(answer.body.seriesId!);
    // COUNT=12 carries on with what is left of it; the kept day is not doubled.
    expect(next).toHaveLength(remaining - 1);
    expect(localDate(next[0]!['start'] as string)).toBe(localDate(split['start'] as string));
    expect(next.map((d) => localTime(d['start'] as string))).toEqual(next.map(() => '14:00'));
    expect(next.map((d) => localDate(d['start'] as string))).not.toContain(localDate(lateCancelled['start'] as string));
    expect(Date.parse(next[0]!['end'] as string) - Date.parse(next[0]!['start'] as string)).toBe(45 * 60_000);
    const newSeries = await seriesDocument(answer.body.seriesId!);
    expect(newSeries).toMatchObject({ dtstart: `${localDate(split['start'] as string)}T14:00:00`, durationMinutes: 45, rrule: `FREQ=WEEKLY;BYDAY=FR;COUNT=${remaining}`, $permissions: owner(a.id) });
  });

  it('"this and following" to a new date moves the weekday; "all" splits at the first occurrence not yet started', async () => {
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(-14, 1)}T11:00`, { rrule: 'FREQ=WEEKLY;BYDAY=MO' }), allowOverlap: true });
    const docs = await appointmentsOf(created.body.seriesId!);
    const now = Date.now();
    const firstFuture = docs.find((d) => Date.parse(d['start'] as string) > now)!;
    const target = docs.filter((d) => Date.parse(d['start'] as string) > now)[2]!;
    const newDate = Temporal.PlainDate.from(localDate(target['start'] as string)).add({ days: 2 }).toString();
    const moved = await schedule(a, { action: 'edit', appointmentId: target.$id, scope: 'following', changes: { date: newDate }, allowOverlap: true });
    expect(moved.status).toBe(200);
    const wednesdays = await appointmentsOf(moved.body.seriesId!);
    expect(localDate(wednesdays[0]!['start'] as string)).toBe(newDate);
    expect(wednesdays.every((d) => Temporal.Instant.from(d['start'] as string).toZonedDateTimeISO(ZONE).dayOfWeek === 3)).toBe(true);
    expect((await seriesDocument(moved.body.seriesId!))['rrule']).toBe('FREQ=WEEKLY;BYDAY=WE');

    const all = await schedule(a, { action: 'edit', appointmentId: docs[0]!.$id, scope: 'all', changes: { meetingLink: 'https://meet.example.com/jane', locationType: 'telehealth' }, allowOverlap: true });
    expect(all.status).toBe(200);
    const carried = await appointmentsOf(all.body.seriesId!);
    expect(carried[0]!['start']).toBe(firstFuture['start']);
    expect(carried.every((d) => d['locationType'] === 'telehealth' && d['meetingLink'] === 'https://meet.example.com/jane')).toBe(true);
    const left = await appointmentsOf(created.body.seriesId!);
    expect(left.every((d) => Date.parse(d['start'] as string) <= now)).toBe(true);
    expect(left.length).toBeGreaterThanOrEqual(2);
    const refusedDate = await schedule(a, { action: 'edit', appointmentId: docs[0]!.$id, scope: 'following', changes: { time: '12:00' } });
    expect(refusedDate).toMatchObject({ status: 400, body: { field: 'scope' } });
  });

  it('delete "following" ends the series and removes the rest, keeping one with a note (and saying why)', async () => {
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(-7, 6)}T10:00`, { rrule: 'FREQ=WEEKLY;BYDAY=SA' }), allowOverlap: true });
    const seriesId = created.body.seriesId!;
    const docs = await appointmentsOf(seriesId);
    const now = Date.now();
    const future = docs.filter((d) => Date.parse(d['start'] as string) > now);
    const noted = future[4]!;
    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: noted.$id, data: { noteState: 'draft' } });
    const answer = await schedule(a, { action: 'delete', appointmentId: future[1]!.$id, scope: 'following' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ seriesId, removed: future.length - 2, kept: 1, keptAppointments: [{ appointmentId: noted.$id, reason: 'note' }], seriesDeleted: false });
    expect(answer.body.message).toMatch(/kept because it has a note/);
    const left = await appointmentsOf(seriesId);
    expect(left.map((d) => d.$id)).toEqual([...docs.filter((d) => Date.parse(d['start'] as string) <= now), future[0]!, noted].map((d) => d.$id));
    expect((await seriesDocument(seriesId))['rrule']).toMatch(/UNTIL=/);
    // extend-series leaves an ended series be.
    const extended = await aw.functions.createExecution({ functionId: 'extend-series', body: '', async: false });
    expect(extended.responseStatusCode).toBe(200);
    expect((await appointmentsOf(seriesId)).map((d) => d.$id)).toEqual(left.map((d) => d.$id));
  });

  it('a split too big for one transaction (five days a week: ~260 operations) ends whole: old series ended, new one complete', async () => {
    const rrule = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(7, 1)}T07:00`, { rrule, durationMinutes: 30 }), allowOverlap: true });
    const docs = await appointmentsOf(created.body.seriesId!);
    expect(docs.length).toBeGreaterThan(120);
    const answer = await schedule(a, { action: 'edit', appointmentId: docs[2]!.$id, scope: 'following', changes: { time: '07:30' }, allowOverlap: true });
    expect(answer).toMatchObject({ status: 200, body: { removed: docs.length - 2, kept: 0 } });
    expect((await appointmentsOf(created.body.seriesId!)).map((d) => d.$id)).toEqual(docs.slice(0, 2).map((d) => d.$id));
    const next = await appointmentsOf(answer.body.seriesId!);
    expect(answer.body.created).toBe(next.length);
    // Every later day carries on at 07:30 up to the new series' horizon (now + 183 days, an instant):
    // a run within 30 minutes of the old last occurrence's time of day ends one day earlier.
    const horizon = Date.parse(String(answer.body.generatedUntil));
    const carriedOn = docs.slice(2).filter((d) => Date.parse(d['start'] as string) + 30 * 60_000 < horizon);
    expect(docs.length - 2 - carriedOn.length).toBeLessThanOrEqual(1);
    expect(next.map((d) => localDate(d['start'] as string))).toEqual(carriedOn.map((d) => localDate(d['start'] as string)));
    expect(next.every((d) => localTime(d['start'] as string) === '07:30')).toBe(true);
    expect((await seriesDocument(created.body.seriesId!))['rrule']).toMatch(/^FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=/);

    const ended = await schedule(a, { action: 'delete', appointmentId: next[0]!.$id, scope: 'all' });
    expect(ended).toMatchObject({ status: 200, body: { removed: next.length, kept: 0, seriesDeleted: true } });
    expect(await appointmentsOf(answer.body.seriesId!)).toEqual([]);
  });

  it('delete "all" of a series that has not started removes it whole', async () => {
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(40, 7)}T10:00`, { rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=4' }), allowOverlap: true });
    const docs = await appointmentsOf(created.body.seriesId!);
    const answer = await schedule(a, { action: 'delete', appointmentId: docs[2]!.$id, scope: 'all' });
    expect(answer.body).toMatchObject({ removed: 4, kept: 0, seriesDeleted: true });
    expect(await appointmentsOf(created.body.seriesId!)).toEqual([]);
    await expect(seriesDocument(created.body.seriesId!)).rejects.toMatchObject({ code: 404 });
  });
});

describe('extend-series (daily)', () => {
  it('adds what is missing up to the horizon, and a second run (or two at once) adds nothing twice', async () => {
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(1, 4)}T07:30`, { rrule: 'FREQ=WEEKLY;BYDAY=TH' }), allowOverlap: true });
    const seriesId = created.body.seriesId!;
    const all = await appointmentsOf(seriesId);
    // As if the series had been written ten weeks ago: its last ten occurrences do not exist yet.
    const cut = all[all.length - 11]!;
    for (const d of all.slice(-10)) await aw.databases.deleteDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: d.$id });
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: seriesId, data: { generatedUntil: cut['start'] } });

    const runs = await Promise.all([1, 2].map(() => aw.functions.createExecution({ functionId: 'extend-series', body: '', async: false })));
    expect(runs.map((r) => r.responseStatusCode)).toEqual([200, 200]);
    const again = await aw.functions.createExecution({ functionId: 'extend-series', body: '', async: false });
    expect(JSON.parse(again.responseBody)).toMatchObject({ created: 0 });
    const after = await appointmentsOf(seriesId);
    expect(after.map((d) => d['start'])).toEqual(all.map((d) => d['start']));
    expect(new Set(after.map((d) => d.$id)).size).toBe(after.length);
    expect(Date.parse((await seriesDocument(seriesId))['generatedUntil'] as string)).toBeGreaterThan(Date.now() + 182 * 86_400_000);
  });

  it("is not for signed-in users, and never extends a series that is not its therapist's own", async () => {
    await expect(a.functions.createExecution({ functionId: 'extend-series', body: '', async: false })).rejects.toMatchObject({ code: 401 });
    const data = { userId: a.id, clientId, serviceId, rrule: 'FREQ=WEEKLY;COUNT=3', dtstart: `${localDay(3, 1)}T06:45:00`, timeZone: ZONE, durationMinutes: 30 };
    // Only functions write series (no collection-level create): a therapist's browser cannot plant one.
    await expect(b.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: ID.unique(), data, permissions: [Permission.read(Role.any())] }))
      .rejects.toMatchObject({ code: 401 });
    // Written with a key but not owner-only (another tool, a mistake): not a's, so not expanded.
    const notOwn = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: ID.unique(), data, permissions: [Permission.read(Role.any())] });
    // a's own, never expanded yet (no generatedUntil), is.
    const own = await aw.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: ID.unique(), data, permissions: owner(a.id) });
    const run = await aw.functions.createExecution({ functionId: 'extend-series', body: '', async: false });
    expect(run.responseStatusCode).toBe(200);
    expect(await appointmentsOf(notOwn.$id)).toEqual([]);
    const made = await appointmentsOf(own.$id);
    expect(made.map((d) => [localDate(d['start'] as string), localTime(d['start'] as string), d['feeAmount']])).toEqual(
      [0, 1, 2].map((week) => [Temporal.PlainDate.from(localDay(3, 1)).add({ weeks: week }).toString(), '06:45', 12000]),
    );
  });
});

describe("a second therapist (issue 14: never another therapist's data)", () => {
  it("can't create with another's client or service, can't edit or delete another's series, and can't read the documents", async () => {
    const created = await schedule(a, { action: 'create', series: weekly(`${localDay(50, 2)}T15:00`, { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' }), allowOverlap: true });
    const seriesId = created.body.seriesId!;
    const docs = await appointmentsOf(seriesId);

    const ownService = await b.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'services', documentId: ID.unique(),
      data: { userId: b.id, name: 'Intake', durationMinutes: 60, fee: 15000 }, permissions: owner(b.id),
    });
    const withClient = await schedule(b, { action: 'create', series: { ...weekly(`${localDay(50, 2)}T15:00`), serviceId: ownService.$id } });
    expect(withClient).toMatchObject({ status: 404, body: { message: 'This client could not be found.', field: 'client' } });
    const ownClient = await b.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(),
      data: { userId: b.id, firstName: 'Ben', lastName: 'Ray' }, permissions: owner(b.id),
    });
    const withService = await schedule(b, { action: 'create', series: { ...weekly(`${localDay(50, 2)}T15:00`), clientId: ownClient.$id } });
    expect(withService).toMatchObject({ status: 404, body: { message: 'This service could not be found.', field: 'service' } });
    // A client planted under b's name but written by someone else is not b's either.
    const plantedClient = await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'clients', documentId: ID.unique(), data: { userId: b.id, firstName: 'X', lastName: 'Y' }, permissions: [Permission.read(Role.any())],
    });
    expect((await schedule(b, { action: 'create', series: { ...weekly(`${localDay(50, 2)}T15:00`), clientId: plantedClient.$id, serviceId: ownService.$id } })).status).toBe(404);

    for (const body of [
      { action: 'edit', appointmentId: docs[1]!.$id, scope: 'following', changes: { time: '08:00' } },
      { action: 'edit', appointmentId: docs[0]!.$id, scope: 'all', changes: { adminNote: 'mine now' } },
      { action: 'delete', appointmentId: docs[0]!.$id, scope: 'all' },
      { action: 'delete', appointmentId: docs[2]!.$id, scope: 'following' },
    ]) {
      const answer = await schedule(b, body);
      expect(answer).toMatchObject({ status: 404, body: { message: 'This appointment could not be found.' } });
      expect(answer.raw).not.toContain(seriesId);
    }
    expect((await appointmentsOf(seriesId)).map((d) => [d.$id, d['start'], d.$updatedAt])).toEqual(docs.map((d) => [d.$id, d['start'], d.$updatedAt]));
    await expect(b.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointment_series', documentId: seriesId })).rejects.toMatchObject({ code: 404 });
    await expect(b.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: docs[0]!.$id })).rejects.toMatchObject({ code: 404 });
    // What b lists under a's id is at most what b planted there (read by anyone), never a's own.
    for (const collectionId of ['appointments', 'appointment_series']) {
      const seen = await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId, queries: [Query.equal('userId', a.id), Query.limit(100)] });
      expect(seen.documents.filter((d) => d.$permissions.some((p) => p.includes(`user:${a.id}`)))).toEqual([]);
    }
    await expect(b.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: docs[0]!.$id, data: { status: 'cancelled' } })).rejects.toMatchObject({ code: 404 });
  });
});
