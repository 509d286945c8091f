// notify-client (issue 37 "Notify the client"): after a move or a cancellation the therapist can email
// the client — date, time and the practice, nothing clinical (no name, service, code, fee, note,
// diagnosis or place) — over the same SMTP path as reminders, read back from the local Appwrite's
// dev mailbox; only a client who agreed to email gets one, and only the caller's own appointment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, mailFor, updateAppointment } from './support/practice-fixtures.ts';

const FUNCTION = 'notify-client';
const VARS = 'FUNCTION_VARS_NOTIFY_CLIENT';
const ZONE = 'America/Chicago';

interface Answer { success: boolean; sent?: boolean; reason?: string; error?: string }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let serviceId: string;

const notify = (user: SignedInUser, body: Record<string, unknown>) => execute<Answer>(user.functions, FUNCTION, body);

/** Everything the fixtures store about the client and the session that must never reach an inbox. */
const CLINICAL = ['Jane', 'Janie', 'Doe', 'Psychotherapy', '90834', 'F41.1', 'panic', '120.00', 'Randolph', 'Suite', 'session', 'diagnosis', 'office'];

/** The text has none of the words (whole words, any case: "does" is not "Doe"). */
function expectNoClinicalWord(text: string | undefined): void {
  for (const word of CLINICAL) expect(text ?? '').not.toMatch(new RegExp(`\\b${word.replace(/[.]/g, '\\.')}\\b`, 'i'));
}

function localParts(iso: string) {
  const at = new Date(iso);
  return {
    date: at.toLocaleDateString('en-US', { timeZone: ZONE, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
    time: at.toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }),
  };
}

beforeAll(async () => {
  aw = await startAppwrite();
  process.env[VARS] = JSON.stringify({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence reminders <reminders@cadence.test>' });
  therapist = await signedInUser(aw, 'notify');
  await createPractice(therapist);
  serviceId = (await createService(therapist)).$id;
}, 60_000);

afterAll(async () => {
  delete process.env[VARS];
  await aw?.close();
});

describe('notify-client', () => {
  it('tells a consenting client that their appointment moved: was and now, in the practice zone, from the practice — no clinical word', async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 30 * HOUR);
    const previous = { start: String(booked['start']), end: String(booked['end']) };
    const moved = await updateAppointment(therapist, booked.$id, { start: new Date(Date.parse(previous.start) + 2 * HOUR).toISOString(), end: new Date(Date.parse(previous.end) + 2 * HOUR).toISOString() });

    const answer = await notify(therapist, { appointmentId: booked.$id, change: 'moved', previousStart: previous.start, previousEnd: previous.end });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, sent: true });

    const [mail] = await mailFor(aw.origin, String(client['email']));
    expect(mail?.subject).toBe('Your appointment with Calm Waters Therapy has moved');
    const was = localParts(previous.start);
    const now = localParts(String(moved['start']));
    expect(mail?.text).toContain(`Was: ${was.date}, ${was.time}`);
    expect(mail?.text).toContain(`Now: ${now.date}, ${now.time}`);
    expect(mail?.text).toContain('Central');
    expect(mail?.text).toContain('(312) 555-0142');
    expectNoClinicalWord(mail?.subject);
    expectNoClinicalWord(mail?.text);
    expectNoClinicalWord(mail?.html);
  });

  it('tells a consenting client that their appointment is cancelled, only once it is', async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 50 * HOUR);
    const early = await notify(therapist, { appointmentId: booked.$id, change: 'cancelled' });
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('status');
    await updateAppointment(therapist, booked.$id, { status: 'clinician_cancelled' });

    const answer = await notify(therapist, { appointmentId: booked.$id, change: 'cancelled' });
    expect(answer.status).toBe(200);
    const mails = await mailFor(aw.origin, String(client['email']));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your appointment with Calm Waters Therapy is cancelled');
    const { date, time } = localParts(String(booked['start']));
    expect(mails[0]?.text).toContain(`on ${date}, ${time}`);
    expectNoClinicalWord(mails[0]?.text);
  });

  it('sends nothing to a client who did not agree to email, or has no address', async () => {
    const unwilling = await createClient(therapist, { reminderConsent: false });
    const booked = await createAppointment(therapist, unwilling.$id, serviceId, 70 * HOUR);
    const answer = await notify(therapist, { appointmentId: booked.$id, change: 'moved' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, reason: 'no-consent', error: 'This client has not agreed to email, so nothing was sent.' });
    expect(await mailFor(aw.origin, String(unwilling['email']))).toEqual([]);

    const noAddress = await createClient(therapist, { email: null, reminderConsent: true });
    const other = await createAppointment(therapist, noAddress.$id, serviceId, 72 * HOUR);
    expect((await notify(therapist, { appointmentId: other.$id, change: 'moved' })).body.reason).toBe('no-email');
  });

  it("will not email another therapist's client, and refuses bad input", async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 90 * HOUR);
    const stranger = await signedInUser(aw, 'stranger');
    const answer = await notify(stranger, { appointmentId: booked.$id, change: 'moved' });
    expect(answer.status).toBe(404);
    expect(await mailFor(aw.origin, String(client['email']))).toEqual([]);
    expect((await notify(therapist, { appointmentId: booked.$id, change: 'rescheduled' })).status).toBe(400);
    expect((await notify(therapist, { change: 'moved' })).status).toBe(400);
  });
});
