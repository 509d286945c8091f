// Issue 31 "Measures", scheduled and acknowledged, through the SDKs over HTTP against the local
// Appwrite running the real functions: the therapist sets a client's schedule with send-measure
// (before every / every other appointment, or none), the send-reminders schedule sends the requests
// without the therapist — due 48 hours before each appointment, once however often it runs — and
// emails the client without the measure's name; a pending request follows its appointment (moved:
// due 48 h before the new start; cancelled: withdrawn); "every other" stays every other when
// appointments are cancelled; an item-9 answer opens an alert that only its therapist acknowledges
// — which also marks its in-app notification read —, with an email to the therapist that says only
// "A client's questionnaire needs your attention".
import { Query, type Models } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DUE_BEFORE_HOURS, dueAtFor, dueFits, isCounted, scheduledRequestIdOf, scheduleIdOf, servesAppointment } from '../functions/lib/measure-schedule.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, mailFor, updateAppointment } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';

vi.setConfig({ testTimeout: 90_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let serviceId: string;
let recordA: Models.DefaultDocument;
let recordB: Models.DefaultDocument;
let clientA: PortalClient;
let clientB: PortalClient;

interface Answer { success: boolean; error: string | null; field?: string; [key: string]: unknown }
const send = (who: SignedInUser | PortalClient, body: Record<string, unknown>) => execute<Answer>(who.functions, 'send-measure', body);
const requestsOf = async (clientId: string) => (await aw.databases.listDocuments({
  databaseId: DATABASE_ID, collectionId: 'measure_requests', queries: [Query.equal('clientId', clientId), Query.orderAsc('dueAt'), Query.limit(100)],
})).documents;
const runReminders = () => execute<Answer & { measures: { created: number; emailed: number; failed: number; moved: number; withdrawn: number } }>(aw.functions, 'send-reminders', {});
const NOTHING = { created: 0, emailed: 0, failed: 0, moved: 0, withdrawn: 0 };

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const smtp = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <measures@cadence.test>' };
  process.env.FUNCTION_VARS_SEND_REMINDERS = JSON.stringify({ APP_ORIGIN, ...smtp });
  process.env.FUNCTION_VARS_SUBMIT_MEASURE = JSON.stringify({ APP_ORIGIN, ...smtp });
  therapist = await signedInUser(aw, 'schedule-therapist');
  other = await signedInUser(aw, 'schedule-other');
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy' });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  serviceId = (await createService(therapist)).$id;
  recordA = await createClient(therapist);
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe' });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA.email));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB.email));
}, 120_000);

afterAll(async () => {
  delete process.env.FUNCTION_VARS_SEND_REMINDERS;
  delete process.env.FUNCTION_VARS_SUBMIT_MEASURE;
  await aw?.close();
});

describe('the schedule rules', () => {
  it('due 48 hours before, or at the start when booked later; every other serves an appointment when the counted one before it had none', () => {
    const now = Date.parse('2026-03-02T12:00:00Z');
    expect(dueAtFor('2026-03-05T12:00:00.000Z', now)).toBe('2026-03-03T12:00:00.000Z');
    expect(DUE_BEFORE_HOURS).toBe(48);
    expect(dueAtFor('2026-03-03T12:00:00.000Z', now)).toBe('2026-03-03T12:00:00.000Z');
    // The first since the schedule was set, then alternating on what the one before got.
    expect([null, { served: true }, { served: false }].map((p) => servesAppointment('every_other', p))).toEqual([true, false, true]);
    expect([null, { served: true }].map((p) => servesAppointment('every', p))).toEqual([true, true]);
    expect(['scheduled', 'show', 'no_show', 'cancelled', 'late_cancelled', 'clinician_cancelled'].map(isCounted)).toEqual([true, true, false, false, false, false]);
    // A due date fits its appointment either way dueAtFor made it; a moved appointment's does not.
    expect(dueFits('2026-03-03T12:00:00.000Z', '2026-03-05T12:00:00.000Z')).toBe(true);
    expect(dueFits('2026-03-05T12:00:00.000Z', '2026-03-05T12:00:00.000Z')).toBe(true);
    expect(dueFits('2026-03-03T12:00:00.000Z', '2026-03-06T12:00:00.000Z')).toBe(false);
  });
});

describe('send-measure {action:"schedule"}', () => {
  it('refuses a client, another practice, an uninvited client and an unknown cadence', async () => {
    expect(await send(clientA, { action: 'schedule', clientId: recordA.$id, instrument: 'phq-9', cadence: 'every' })).toMatchObject({ status: 403 });
    expect(await send(other, { action: 'schedule', clientId: recordA.$id, instrument: 'phq-9', cadence: 'every' })).toMatchObject({ status: 404 });
    const notInvited = await createClient(therapist);
    expect(await send(therapist, { action: 'schedule', clientId: notInvited.$id, instrument: 'phq-9', cadence: 'every' })).toMatchObject({ status: 409 });
    expect(await send(therapist, { action: 'schedule', clientId: recordA.$id, instrument: 'phq-9', cadence: 'weekly' }))
      .toMatchObject({ status: 400, body: { success: false, error: 'Choose how often to send it.', field: 'cadence' } });
  });

  it('stores one schedule per client and measure, the therapist’s alone to read; none removes it', async () => {
    const set = await send(therapist, { action: 'schedule', clientId: recordA.$id, instrument: 'gad-7', cadence: 'every' });
    expect(set).toMatchObject({ status: 200, body: { success: true, schedule: { clientId: recordA.$id, instrument: 'gad-7', cadence: 'every' } } });
    const id = scheduleIdOf(recordA.$id, 'gad-7');
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_schedules', documentId: id })).cadence).toBe('every');
    for (const outsider of [clientA, other]) {
      await expect(outsider.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_schedules', documentId: id })).rejects.toMatchObject({ code: 404 });
    }
    expect(await send(therapist, { action: 'schedule', clientId: recordA.$id, instrument: 'gad-7', cadence: 'none' })).toMatchObject({ status: 200, body: { schedule: null } });
    await expect(aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_schedules', documentId: id })).rejects.toMatchObject({ code: 404 });
  });
});

describe('send-reminders sends the scheduled measures', () => {
  it('every other appointment for A, every one for B; due 48 h before; once however often it runs; the email names no measure', async () => {
    expect((await send(therapist, { action: 'schedule', clientId: recordA.$id, instrument: 'phq-9', cadence: 'every_other' })).status).toBe(200);
    expect((await send(therapist, { action: 'schedule', clientId: recordB.$id, instrument: 'gad-7', cadence: 'every' })).status).toBe(200);
    // Beyond the 24 h reminder lead time, within the 120 h the measures go out ahead; a far one not yet.
    const a = await Promise.all([50, 70, 90].map((h) => createAppointment(therapist, recordA.$id, serviceId, h * HOUR)));
    const cancelled = await createAppointment(therapist, recordA.$id, serviceId, 60 * HOUR, { status: 'cancelled' });
    const b = await Promise.all([30, 100].map((h) => createAppointment(therapist, recordB.$id, serviceId, h * HOUR)));
    await createAppointment(therapist, recordB.$id, serviceId, 200 * HOUR);
    const before = Date.now();

    const first = await runReminders();
    expect(first.status, first.raw).toBe(200);
    expect(first.body.measures).toEqual({ ...NOTHING, created: 4, emailed: 4 });

    const forA = await requestsOf(recordA.$id);
    expect(forA.map((r) => r.appointmentId)).toEqual([a[0]!.$id, a[2]!.$id]);
    expect(forA.map((r) => r.appointmentId)).not.toContain(cancelled.$id);
    const schedA = scheduleIdOf(recordA.$id, 'phq-9');
    expect(forA.map((r) => r.$id)).toEqual([scheduledRequestIdOf(schedA, a[0]!.$id), scheduledRequestIdOf(schedA, a[2]!.$id)]);
    for (const [i, request] of forA.entries()) {
      const appt = [a[0]!, a[2]!][i]!;
      expect(request).toMatchObject({ userId: therapist.id, clientUserId: clientA.id, instrument: 'phq-9', status: 'sent' });
      expect(Date.parse(String(request.dueAt))).toBe(Date.parse(String(appt.start)) - 48 * HOUR);
      expect([...request.$permissions].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${clientA.id}")`].sort());
    }
    const forB = await requestsOf(recordB.$id);
    expect(forB.map((r) => r.appointmentId)).toEqual([b[0]!.$id, b[1]!.$id]);
    // Booked 30 h ahead: due at its start.
    expect(Date.parse(String(forB[0]!.dueAt))).toBe(Date.parse(String(b[0]!.start)));
    expect(Date.parse(String(forB[0]!.sentAt))).toBeGreaterThanOrEqual(before - 1000);

    // The client reads their own; client A not B's.
    expect((await clientB.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: forB[0]!.$id })).instrument).toBe('gad-7');
    await expect(clientA.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: forB[0]!.$id })).rejects.toMatchObject({ code: 404 });

    const mails = (await mailFor(aw.origin, String(recordA.email))).filter((m) => m.subject === 'A questionnaire to complete before your appointment');
    expect(mails).toHaveLength(2);
    const mail = mails[0]!;
    expect(mail.text).toContain('You have a questionnaire to complete before your appointment.');
    expect(mail.text).toContain(`${APP_ORIGIN}/portal/sign-in`);
    for (const word of ['PHQ', 'phq', 'GAD', 'depress', 'anxi', 'Doe', 'Jane', 'panic', 'Psychotherapy']) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(word);

    const again = await runReminders();
    expect(again.body.measures).toEqual(NOTHING);
    expect(await requestsOf(recordA.$id)).toHaveLength(2);
  });

  it('a schedule removed sends nothing more; a schedule planted for another practice’s client sends nothing', async () => {
    expect((await send(therapist, { action: 'schedule', clientId: recordB.$id, instrument: 'gad-7', cadence: 'none' })).status).toBe(200);
    const later = await createAppointment(therapist, recordB.$id, serviceId, 110 * HOUR);
    // Written with the server key as if by send-measure, but naming another practice: the link check refuses it.
    await aw.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'measure_schedules', documentId: scheduleIdOf(recordA.$id, 'gad-2'),
      data: { userId: other.id, clientId: recordA.$id, instrument: 'gad-2', cadence: 'every' }, permissions: [],
    });
    const run = await runReminders();
    expect(run.body.measures).toEqual(NOTHING);
    expect((await requestsOf(recordB.$id)).map((r) => r.appointmentId)).not.toContain(later.$id);
    expect((await requestsOf(recordA.$id)).map((r) => r.instrument)).not.toContain('gad-2');
  });
});

describe('a pending request follows its appointment', () => {
  it('moved: due 48 hours before the new start; cancelled: withdrawn, gone from the client and refused on submit', async () => {
    const record = await createClient(therapist, { firstName: 'Cal', lastName: 'Moss' });
    const client = await invitedClient(aw, therapist, record.$id, String(record.email));
    expect((await send(therapist, { action: 'schedule', clientId: record.$id, instrument: 'phq-2', cadence: 'every' })).status).toBe(200);
    const [moving, cancelling, staying] = await Promise.all([50, 70, 80].map((h) => createAppointment(therapist, record.$id, serviceId, h * HOUR)));
    expect((await runReminders()).body.measures).toMatchObject({ created: 3 });

    const newStart = new Date(Date.parse(String(moving!.start)) + 40 * HOUR);
    await updateAppointment(therapist, moving!.$id, { start: newStart.toISOString(), end: new Date(newStart.getTime() + 45 * 60_000).toISOString() });
    await updateAppointment(therapist, cancelling!.$id, { status: 'late_cancelled' });
    const run = await runReminders();
    expect(run.body.measures).toEqual({ ...NOTHING, moved: 1, withdrawn: 1 });
    const byAppointment = new Map((await requestsOf(record.$id)).map((r) => [r.appointmentId, r]));
    expect(Date.parse(String(byAppointment.get(moving!.$id)?.dueAt))).toBe(newStart.getTime() - 48 * HOUR);
    expect(byAppointment.get(moving!.$id)?.status).toBe('sent');
    expect(byAppointment.get(cancelling!.$id)?.status).toBe('withdrawn');
    expect(Date.parse(String(byAppointment.get(staying!.$id)?.dueAt))).toBe(Date.parse(String(staying!.start)) - 48 * HOUR);
    const withdrawn = await execute<Answer>(client.functions, 'submit-measure', { requestId: byAppointment.get(cancelling!.$id)?.$id, answers: { q1: 0, q2: 0 } });
    expect(withdrawn).toMatchObject({ status: 409, body: { success: false, error: 'This questionnaire is no longer needed: its appointment was cancelled.' } });
    // Once followed, nothing more changes.
    expect((await runReminders()).body.measures).toEqual(NOTHING);
    expect((await send(therapist, { action: 'schedule', clientId: record.$id, instrument: 'phq-2', cadence: 'none' })).status).toBe(200);
  });

  it('every other counts only scheduled and attended appointments, and a cancellation never gives two in a row', async () => {
    const record = await createClient(therapist, { firstName: 'Dee', lastName: 'Fox' });
    await invitedClient(aw, therapist, record.$id, String(record.email));
    expect((await send(therapist, { action: 'schedule', clientId: record.$id, instrument: 'gad-2', cadence: 'every_other' })).status).toBe(200);
    const [first, second, third] = await Promise.all([30, 50, 70].map((h) => createAppointment(therapist, record.$id, serviceId, h * HOUR)));
    expect((await runReminders()).body.measures).toMatchObject({ created: 2 });
    // Sorted: the order of ids, not of due dates (the first, 30 h away, is due at its start).
    const live = async () => (await requestsOf(record.$id)).filter((r) => r.status === 'sent').map((r) => String(r.appointmentId)).sort();
    expect(await live()).toEqual([first!.$id, third!.$id].sort());

    // The second is cancelled and a fourth booked: counted, the fourth follows the third, which had one.
    await updateAppointment(therapist, second!.$id, { status: 'cancelled' });
    const fourth = await createAppointment(therapist, record.$id, serviceId, 90 * HOUR);
    expect((await runReminders()).body.measures).toEqual(NOTHING);
    expect(await live()).toEqual([first!.$id, third!.$id].sort());

    // The third cancelled: its request withdrawn; the fourth now follows the first, which had one.
    await updateAppointment(therapist, third!.$id, { status: 'clinician_cancelled' });
    expect((await runReminders()).body.measures).toEqual({ ...NOTHING, withdrawn: 1 });
    expect(await live()).toEqual([first!.$id]);

    // The first cancelled too: the fourth has no counted appointment with a measure before it, so it gets one.
    await updateAppointment(therapist, first!.$id, { status: 'cancelled' });
    expect((await runReminders()).body.measures).toMatchObject({ created: 1, withdrawn: 1 });
    expect(await live()).toEqual([fourth.$id]);
  });
});

describe('the item-9 alert', () => {
  it('opens on the request, emails the therapist only the sentence, and only its therapist acknowledges it', async () => {
    const sent = await send(therapist, { clientId: recordA.$id, instrument: 'phq-9' });
    const requestId = String((sent.body.request as { $id: string }).$id);
    const answered = await execute<Answer>(clientA.functions, 'submit-measure', { requestId, answers: { q1: 0, q2: 0, q3: 0, q4: 0, q5: 0, q6: 0, q7: 0, q8: 0, q9: 1 } });
    expect(answered).toMatchObject({ status: 201, body: { crisis: true } });
    expect(await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: requestId })).toMatchObject({ alertOpen: true, acknowledgedAt: null });

    const mails = await mailFor(aw.origin, therapist.email);
    const alert = mails.filter((m) => m.subject === "A client's questionnaire needs your attention");
    expect(alert).toHaveLength(1);
    expect(alert[0]!.text.trim()).toBe(`A client's questionnaire needs your attention.\n\n${APP_ORIGIN}/dashboard`);

    for (const outsider of [other, clientA]) {
      expect((await send(outsider, { action: 'acknowledge', requestId })).status).toBeGreaterThanOrEqual(403);
    }
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: requestId })).alertOpen).toBe(true);
    const notification = async () => (await therapist.databases.listDocuments({
      databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('userId', therapist.id), Query.equal('notificationId', `measure_alert:${requestId}`)],
    })).documents.map((n) => n['read']);
    expect(await notification()).toEqual([false]);
    expect(await send(therapist, { action: 'acknowledge', requestId })).toMatchObject({ status: 200, body: { success: true } });
    expect(await notification()).toEqual([true]);
    const acknowledged = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'measure_requests', documentId: requestId });
    expect(acknowledged.alertOpen).toBe(false);
    expect(Date.parse(String(acknowledged.acknowledgedAt))).toBeGreaterThan(Date.now() - 60_000);
  });
});
