// send-reminders (issue 14 "Client reminders"): a consenting client gets one email at the practice's
// lead time before each scheduled appointment — date, time and zone, place or telehealth link, the
// practice's name and phone, how to cancel — and nothing clinical; once per appointment and start
// (a moved one again, a cancelled one never, two overlapping runs one), sent over SMTP to the local
// Appwrite's receiver and read back from its dev mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reminderClaimId } from '../functions/send-reminders/src/main.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, mailFor, updateAppointment, type Doc } from './support/practice-fixtures.ts';

const FUNCTION = 'send-reminders';
const VARS = 'FUNCTION_VARS_SEND_REMINDERS';
const ZONE = 'America/Chicago';

interface RunAnswer { success: boolean; sent: number; failed: number; error: string | null }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let serviceId: string;

function smtpVars(port = aw.smtpPort): void {
  process.env[VARS] = JSON.stringify({
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false',
    SMTP_USER: 'local', SMTP_PASSWORD: 'local', SMTP_FROM: 'Cadence reminders <reminders@cadence.test>',
  });
}

const run = () => execute<RunAnswer>(aw.functions, FUNCTION, {});

async function appointment(id: string): Promise<Doc> {
  return aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: id });
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
  smtpVars();
  therapist = await signedInUser(aw, 'reminders');
  await createPractice(therapist);
  serviceId = (await createService(therapist)).$id;
}, 60_000);

afterAll(async () => {
  delete process.env[VARS];
  await aw?.close();
});

describe('send-reminders', () => {
  it('emails a consenting client at the lead time: when (practice zone), where, the practice and how to cancel — nothing clinical; once', async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 23 * HOUR);

    const first = await run();
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const mails = await mailFor(aw.origin, String(client['email']));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const { date, time } = localParts(String(booked['start']));
    const end = localParts(String(booked['end'])).time;
    expect(mail.from).toBe('"Calm Waters Therapy" <reminders@cadence.test>');
    expect(mail.subject).toBe(`Appointment reminder: ${date} at ${time}`);
    expect(mail.text).toContain('Hello Janie,');
    expect(mail.text).toMatch(new RegExp(`When: ${date}, ${time} – ${end} Central (Standard|Daylight) Time \\(America/Chicago\\)`));
    expect(mail.text).toContain('Where: In person: 200 E Randolph St, Suite 5100, Chicago, IL 60601');
    expect(mail.text).toContain('If you need to cancel or reschedule, please contact Calm Waters Therapy at (312) 555-0142');
    expect(mail.html).toContain('Calm Waters Therapy');
    for (const clinical of ['Psychotherapy', '90834', 'F41', 'panic', 'Discuss', 'Doe', '120.00', '12000']) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(clinical);
    }
    expect(Date.parse(String((await appointment(booked.$id))['reminderSentFor']))).toBe(Date.parse(String(booked['start'])));

    const again = await run();
    expect(again.body.sent).toBe(0);
    expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(1);
  });

  it('waits for the lead time: 30 h ahead is too early at 24 h, due at 48 h', async () => {
    const client = await createClient(therapist);
    await createAppointment(therapist, client.$id, serviceId, 30 * HOUR);
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toEqual([]);

    const early = await signedInUser(aw, 'reminders-48');
    await createPractice(early, { reminderLeadHours: 48, practiceName: 'Early Bird Counseling', phone: null });
    const service = await createService(early);
    const earlyClient = await createClient(early);
    await createAppointment(early, earlyClient.$id, service.$id, 30 * HOUR);
    await run();
    const [mail, ...more] = await mailFor(aw.origin, String(earlyClient['email']));
    expect(more).toEqual([]);
    expect(mail?.text).toContain('please contact Early Bird Counseling as soon as you can');
  });

  it('telehealth: the meeting link instead of the office', async () => {
    const client = await createClient(therapist);
    await createAppointment(therapist, client.$id, serviceId, 2 * HOUR, { locationType: 'telehealth', meetingLink: 'https://meet.example.com/calm-42' });
    await run();
    const [mail] = await mailFor(aw.origin, String(client['email']));
    expect(mail?.text).toContain('Where: Online (video): https://meet.example.com/calm-42');
    expect(mail?.text).not.toContain('Randolph');
    expect(mail?.html).toContain('<a href="https://meet.example.com/calm-42">');
  });

  it('none without consent, for a cancelled or past appointment, or for a client without an email', async () => {
    const noConsent = await createClient(therapist, { reminderConsent: false });
    await createAppointment(therapist, noConsent.$id, serviceId, 3 * HOUR);
    const cancelledClient = await createClient(therapist);
    await createAppointment(therapist, cancelledClient.$id, serviceId, 3 * HOUR, { status: 'cancelled' });
    await createAppointment(therapist, cancelledClient.$id, serviceId, 4 * HOUR, { status: 'late_cancelled' });
    await createAppointment(therapist, cancelledClient.$id, serviceId, 5 * HOUR, { status: 'clinician_cancelled' });
    await createAppointment(therapist, cancelledClient.$id, serviceId, -2 * HOUR);
    const noEmail = await createClient(therapist, { email: null });
    const silent = await createAppointment(therapist, noEmail.$id, serviceId, 3 * HOUR);
    expect((await run()).body.success).toBe(true);
    expect(await mailFor(aw.origin, String(noConsent['email']))).toEqual([]);
    expect(await mailFor(aw.origin, String(cancelledClient['email']))).toEqual([]);
    expect((await appointment(silent.$id))['reminderSentFor']).toBeNull();
  });

  it('a moved appointment gets a new reminder with the new time; cancelling after that sends nothing more', async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 20 * HOUR);
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(1);

    const newStart = new Date(Date.parse(String(booked['start'])) + 90 * 60_000);
    await updateAppointment(therapist, booked.$id, { start: newStart.toISOString(), end: new Date(newStart.getTime() + 45 * 60_000).toISOString() });
    await run();
    const mails = await mailFor(aw.origin, String(client['email']));
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(localParts(newStart.toISOString()).time);
    expect(Date.parse(String((await appointment(booked.$id))['reminderSentFor']))).toBe(newStart.getTime());

    // Moved back to the first time: the client was last told the later one, so once more.
    await updateAppointment(therapist, booked.$id, { start: booked['start'], end: booked['end'] });
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(3);

    await updateAppointment(therapist, booked.$id, { status: 'cancelled', start: newStart.toISOString() });
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(3);
  });

  it('overlapping runs send each reminder once', async () => {
    const clients = await Promise.all([1, 2, 3].map(() => createClient(therapist)));
    await Promise.all(clients.map((client, i) => createAppointment(therapist, client.$id, serviceId, (6 + i) * HOUR)));
    const answers = await Promise.all([run(), run(), run()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const client of clients) expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(1);
    expect(answers.reduce((sum, a) => sum + a.body.sent, 0)).toBeGreaterThanOrEqual(3);
  });

  it("never for documents another therapist planted in this one's name", async () => {
    const client = await createClient(therapist);
    const intruder = await signedInUser(aw, 'intruder');
    await createPractice(intruder, { practiceName: 'Spam Practice' });
    // An appointment naming the therapist (the intruder's own permissions), and one of the intruder's naming the therapist's client.
    await intruder.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: 'unique()',
      data: { userId: therapist.id, clientId: client.$id, serviceId, start: new Date(Date.now() + 3 * HOUR).toISOString(), end: new Date(Date.now() + 4 * HOUR).toISOString() },
    });
    await createAppointment(intruder, client.$id, serviceId, 3 * HOUR);
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toEqual([]);
  });

  it('an SMTP failure sends nothing and leaves the reminder for the next run', async () => {
    const client = await createClient(therapist);
    const booked = await createAppointment(therapist, client.$id, serviceId, 10 * HOUR);
    smtpVars(1); // nothing listens on port 1
    try {
      const failed = await run();
      expect(failed.status).toBe(200);
      expect(failed.body.success).toBe(false);
      expect(failed.body.failed).toBeGreaterThanOrEqual(1);
      expect((await appointment(booked.$id))['reminderSentFor']).toBeNull();
    } finally {
      smtpVars();
    }
    await run();
    expect(await mailFor(aw.origin, String(client['email']))).toHaveLength(1);
  });

  it('without SMTP settings it answers 500 and sends nothing', async () => {
    process.env[VARS] = JSON.stringify({ SMTP_HOST: '' });
    try {
      const answer = await run();
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ success: false, error: 'Reminders are not configured.' });
    } finally {
      smtpVars();
    }
  });

  it('claim ids: one per appointment, start and the reminder before it; a valid Appwrite id', () => {
    const id = reminderClaimId('a1', '2026-03-03T16:00:00.000+00:00', null);
    expect(id).toMatch(/^[a-f0-9]{36}$/);
    expect(reminderClaimId('a1', '2026-03-03T16:00:00Z', '')).toBe(id);
    expect(reminderClaimId('a1', '2026-03-03T16:00:00Z', '2026-03-04T16:00:00Z')).not.toBe(id);
    expect(reminderClaimId('a2', '2026-03-03T16:00:00Z', null)).not.toBe(id);
  });
});
