// Issue 34 "Rooms are appointments": the reminder of a telehealth appointment carries the room's own
// link (`/portal/join#<token>`), and video-link says what it opens — through the SDKs over HTTP with
// real sessions: the client signed out (the link names the login, portal-sign-in's emailed code signs
// in, then the room's waiting room), the client signed in, the client's guardian, another client, the
// therapist and a guest with a wrong token; the window and the expiry; only the token's SHA-256 at rest;
// nothing clinical or personal in the mail's link. Each guardian is reminded too, with a link of their own.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client, Functions, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, execute, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, mailFor, updateAppointment, type Doc } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, invitedGuardian, portalFunctionVars, revokeAccess, signInWith, type PortalClient } from './support/portal-fixtures.ts';
import { signTelehealthConsent } from './support/video-fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

interface LinkAnswer { success: boolean; error?: string; reason?: string; signIn?: boolean; userId?: string; appointmentId?: string; early?: boolean; opensAt?: string; closesAt?: string }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let otherTherapist: SignedInUser;
let record: Doc;
let client: PortalClient;
let guardian: PortalClient;
let otherClient: PortalClient;
let serviceId: string;
let guest: Functions;

const open = (who: { functions: Functions } | Functions, token: string) =>
  execute<LinkAnswer>(who instanceof Functions ? who : who.functions, 'video-link', { token });

const telehealth = (startsIn: number) => createAppointment(therapist, record.$id, serviceId, startsIn, { locationType: 'telehealth' });

/** Runs the reminders (as the schedule does) and answers the room link the newest reminder to the client carries. */
async function remindedLink(): Promise<{ token: string; href: string; text: string; subject: string; html: string }> {
  const before = (await mailFor(aw.origin, String(record['email']))).length;
  const run = await execute<{ sent: number }>(aw.functions, 'send-reminders', {});
  expect(run.status, run.raw).toBe(200);
  const mails = await mailFor(aw.origin, String(record['email']));
  expect(mails.length).toBe(before + 1);
  const mail = mails[0]!;
  const href = /http:\/\/localhost:3000\/portal\/join#\S+/.exec(mail.text)?.[0] ?? '';
  expect(href, mail.text).not.toBe('');
  return { token: new URL(href).hash.slice(1), href, text: mail.text, subject: mail.subject, html: mail.html };
}

/** The newest sign-in code mailed to `email` (portal-sign-in's mail). */
async function newestCode(email: string): Promise<string> {
  const [mail] = await mailFor(aw.origin, email);
  const code = /Your sign-in code is ([0-9a-f]{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${mail?.text}`);
  return code;
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({ ...mail, ESIGN_CODE_SECRET: 'test-esign-code-secret' });
  process.env.FUNCTION_VARS_SEND_REMINDERS = JSON.stringify({ ...mail, APP_ORIGIN });
  [therapist, otherTherapist] = await Promise.all([signedInUser(aw, 'link-therapist'), signedInUser(aw, 'link-other')]);
  await Promise.all([createPractice(therapist), createPractice(otherTherapist, { practiceName: 'Lakeside Counseling' })]);
  serviceId = (await createService(therapist)).$id;
  record = await createClient(therapist, { firstName: 'Jane', preferredName: 'Janie', lastName: 'Doe' });
  const otherRecord = await createClient(otherTherapist);
  client = await invitedClient(aw, therapist, record.$id, String(record['email']));
  guardian = await invitedGuardian(aw, therapist, record.$id, { name: 'Pat Doe', email: `pat.${Date.now().toString(36)}@example.com` });
  otherClient = await invitedClient(aw, otherTherapist, otherRecord.$id, String(otherRecord['email']));
  await signTelehealthConsent(client, therapist, record.$id);
  guest = new Functions(new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID));
}, 180_000);

afterAll(async () => {
  delete process.env.FUNCTION_VARS_SEND_REMINDERS;
  await aw?.close();
});

describe('the reminder’s room link', () => {
  let appointment: Doc;
  let link: Awaited<ReturnType<typeof remindedLink>>;

  beforeAll(async () => {
    appointment = await telehealth(10 * 60_000);
    link = await remindedLink();
  });

  it('is the app’s /portal/join with a 256-bit token in the fragment — no name, no clinical word; only the token’s SHA-256 is stored', async () => {
    expect(link.href).toMatch(/^http:\/\/localhost:3000\/portal\/join#[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.text).toContain('The link opens your video session from 30 minutes before it starts.');
    for (const word of ['Jane', 'Doe', 'Janie', appointment.$id, record.$id, client.id]) expect(link.href).not.toContain(word);
    for (const clinical of ['Psychotherapy', '90834', 'F41', 'panic', 'Discuss', 'Doe', '120.00']) expect(`${link.subject}\n${link.text}\n${link.html}`).not.toContain(clinical);

    const stored = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'video_links', queries: [Query.equal('appointmentId', appointment.$id), Query.equal('clientUserId', client.id)] });
    expect(stored.documents).toHaveLength(1);
    const doc = stored.documents[0]!;
    expect(doc).toMatchObject({ userId: therapist.id, clientUserId: client.id, tokenHash: createHash('sha256').update(link.token).digest('hex'), $permissions: [] });
    expect(Date.parse(String(doc['expiresAt']))).toBe(Date.parse(String(appointment['start'])) + 4 * HOUR);
    expect(JSON.stringify(doc)).not.toContain(link.token);
    const bytes = ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(aw.dataDir, f)).filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain(String(doc['tokenHash']));
    // The token is on disk only inside the dev mailbox's copy of the mail (the client's inbox), as its link.
    const at = [...bytes.matchAll(new RegExp(link.token.replace(/-/g, '\\-'), 'g'))].map((m) => m.index);
    expect(at.length).toBeGreaterThan(0);
    for (const index of at) expect(bytes.slice(index - '/portal/join#'.length, index)).toBe('/portal/join#');
    // Nobody reads the links, not even the two people of the appointment.
    for (const who of [therapist, client]) {
      expect((await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'video_links' })).documents).toEqual([]);
    }
  });

  it('signed out, it names the client’s login; the code portal-sign-in emails signs in; then it opens that appointment’s waiting room', async () => {
    const first = await open(guest, link.token);
    expect(first).toMatchObject({ status: 200, body: { success: true, signIn: true, userId: client.id } });
    expect(first.body.appointmentId).toBeUndefined();
    const mailed = await execute<{ success: boolean; userId: string }>(guest, 'portal-sign-in', { userId: first.body.userId });
    expect(mailed.body).toMatchObject({ success: true, userId: client.id });
    const signedIn = await signInWith(aw, client.id, await newestCode(client.email));
    expect(signedIn.id).toBe(client.id);
    expect(await open(signedIn, link.token)).toMatchObject({ status: 200, body: { success: true, appointmentId: appointment.$id } });
    const entered = await execute<Record<string, unknown>>(signedIn.functions, 'video-room', { action: 'enter', appointmentId: appointment.$id });
    expect(entered).toMatchObject({ status: 200, body: { role: 'client', room: { admittedAt: null } } });
  });

  it('refuses everyone else signed in — the guardian, another practice’s client, the therapist, another therapist — and a wrong token', async () => {
    for (const who of [guardian, otherClient, therapist, otherTherapist]) {
      const answer = await open(who, link.token);
      expect(answer).toMatchObject({ status: 403, body: { success: false, reason: 'someoneElse' } });
      expect(answer.body.appointmentId).toBeUndefined();
    }
    const flipped = `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [randomBytes(32).toString('base64url'), flipped, link.token.slice(1), '', createHash('sha256').update(link.token).digest('hex')]) {
      for (const who of [guest, client.functions]) {
        expect(await open(who, token)).toMatchObject({ status: 404, body: { success: false, reason: 'invalid' } });
      }
    }
  });

  it('the guardian gets a reminder of their own, naming whose appointment, with a link for their own login that opens the room for them alone', async () => {
    const [mail] = (await mailFor(aw.origin, guardian.email)).filter((m) => m.subject.startsWith('Appointment reminder'));
    expect(mail?.text).toContain('Hello Pat Doe,');
    expect(mail?.text).toContain("This is a reminder of Janie's appointment with");
    const href = /http:\/\/localhost:3000\/portal\/join#\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(href, mail?.text).toMatch(/^http:\/\/localhost:3000\/portal\/join#[A-Za-z0-9_-]{43}$/);
    const token = new URL(href).hash.slice(1);
    expect(token).not.toBe(link.token);
    expect(await open(guest, token)).toMatchObject({ status: 200, body: { success: true, signIn: true, userId: guardian.id } });
    expect(await open(guardian, token)).toMatchObject({ status: 200, body: { success: true, appointmentId: appointment.$id } });
    for (const who of [client, otherClient, therapist]) expect(await open(who, token)).toMatchObject({ status: 403, body: { reason: 'someoneElse' } });
    const stored = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'video_links', queries: [Query.equal('appointmentId', appointment.$id)] });
    expect(stored.documents.map((d) => d['clientUserId']).sort()).toEqual([client.id, guardian.id].sort());
  });

  it('opens only its own appointment: a second session has another token, each naming its own', async () => {
    const second = await telehealth(20 * 60_000);
    const secondLink = await remindedLink();
    expect(secondLink.token).not.toBe(link.token);
    expect((await open(client, secondLink.token)).body.appointmentId).toBe(second.$id);
    expect((await open(client, link.token)).body.appointmentId).toBe(appointment.$id);
  });
});

describe('when the link works', () => {
  it('before the room opens it says when, to anyone holding it, and names nobody', async () => {
    const later = await telehealth(3 * HOUR);
    const { token } = await remindedLink();
    for (const who of [guest, client.functions]) {
      const answer = await open(who, token);
      expect(answer).toMatchObject({ status: 403, body: { success: false, reason: 'window', early: true, error: 'This video session is not open yet.' } });
      expect(Date.parse(String(answer.body.opensAt))).toBe(Date.parse(String(later['start'])) - 30 * 60_000);
      expect(answer.body.userId).toBeUndefined();
    }
  });

  it('after the room closes, past its expiry, or for a cancelled appointment, it no longer opens', async () => {
    const moved = await telehealth(15 * 60_000);
    const movedLink = await remindedLink();
    expect((await open(client, movedLink.token)).status).toBe(200);
    await updateAppointment(therapist, moved.$id, { start: new Date(Date.now() - 4 * HOUR - 5 * 60_000).toISOString(), end: new Date(Date.now() - 3 * HOUR).toISOString() });
    expect(await open(client, movedLink.token)).toMatchObject({ status: 403, body: { reason: 'window', early: false, error: 'This video session has closed.' } });

    const expiring = await telehealth(25 * 60_000);
    const expiringLink = await remindedLink();
    expect((await open(guest, expiringLink.token)).status).toBe(200);
    const [doc] = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'video_links', queries: [Query.equal('appointmentId', expiring.$id)] })).documents;
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'video_links', documentId: doc!.$id, data: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect(await open(client, expiringLink.token)).toMatchObject({ status: 403, body: { reason: 'window' } });

    const cancelled = await telehealth(28 * 60_000);
    const cancelledLink = await remindedLink();
    await updateAppointment(therapist, cancelled.$id, { status: 'cancelled' });
    expect(await open(client, cancelledLink.token)).toMatchObject({ status: 409, body: { reason: 'cancelled' } });
  });

  it('an office appointment’s reminder, and a client not in the portal, get no room link', async () => {
    await createAppointment(therapist, record.$id, serviceId, 35 * 60_000);
    const run = await execute(aw.functions, 'send-reminders', {});
    expect(run.status).toBe(200);
    const [office] = await mailFor(aw.origin, String(record['email']));
    expect(office?.text).toContain('Where: In person:');
    expect(office?.text).not.toContain('/portal/join');
    const outside = await createClient(therapist, { firstName: 'Ola' });
    await createAppointment(therapist, outside.$id, serviceId, 40 * 60_000, { locationType: 'telehealth', meetingLink: 'https://meet.example.org/abc' });
    await execute(aw.functions, 'send-reminders', {});
    const [mail] = await mailFor(aw.origin, String(outside['email']));
    expect(mail?.text).toContain('Where: Online (video): https://meet.example.org/abc');
    expect(mail?.text).not.toContain('/portal/join');
  });

  it('reminds each guardian once, of an office visit too; a client without an email through their guardian alone; a revoked guardian no more', async () => {
    const reminders = async (email: string) => (await mailFor(aw.origin, email)).filter((m) => m.subject.startsWith('Appointment reminder'));
    const minor = await createClient(therapist, { firstName: 'Kit', preferredName: null, lastName: 'Roe', email: null, dateOfBirth: '2015-04-02' });
    const parent = await invitedGuardian(aw, therapist, minor.$id, { name: 'Lee Roe', email: `lee.${Date.now().toString(36)}@example.com` });
    const visit = await createAppointment(therapist, minor.$id, serviceId, 45 * 60_000);
    for (let i = 0; i < 2; i += 1) expect((await execute(aw.functions, 'send-reminders', {})).status).toBe(200);
    const [office, ...more] = await reminders(parent.email);
    expect(more).toHaveLength(0);
    expect(office?.text).toContain('Hello Lee Roe,');
    expect(office?.text).toContain("This is a reminder of Kit's appointment with");
    expect(office?.text).toContain('Where: In person:');
    expect((await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: visit.$id }))['reminderSentFor']).toBe(visit['start']);

    expect((await revokeAccess(therapist, parent.accessId)).body.success).toBe(true);
    await createAppointment(therapist, minor.$id, serviceId, 50 * 60_000, { locationType: 'telehealth' });
    expect((await execute(aw.functions, 'send-reminders', {})).status).toBe(200);
    expect(await reminders(parent.email)).toHaveLength(1);
  });
});
