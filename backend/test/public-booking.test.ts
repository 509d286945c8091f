// Issue 32, the public booking page for new clients: the public-booking function through the SDKs
// over HTTP against the local Appwrite running it — a guest (no session) books, the code arrives in
// the mailbox. The abuse limits: nothing is held before the email's code is confirmed, a held time
// expires after 10 minutes unconfirmed (aged with the server key, as book-slot's undo test does),
// per-address and per-practice rate limits answer Appwrite's 429 body, codes are stored hashed and
// allow 5 wrong tries. An existing client's email is not silently made a second client.
import { Client, Functions, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execute, DATABASE_ID, PROJECT_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createOwned } from './support/booking-fixtures.ts';
import { createClient, createPractice, mailFor } from './support/practice-fixtures.ts';
import { newestLink, portalFunctionVars, signInWith } from './support/portal-fixtures.ts';
import { exportTexts } from './support/export-zip.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });

interface Slot { start: string; end: string }
interface Answer {
  success?: boolean; error?: string | null; field?: string; slots?: Slot[]; services?: Array<{ $id: string; name: string; confirmation: string }>;
  practiceName?: string; timeZone?: string; bookingId?: string; heldUntil?: string; outcome?: string; existingClient?: boolean;
  type?: string; code?: number; message?: string;
}

const SLUG = 'calm-waters';
let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let guest: Functions;
let instant: string;
let approval: string;
let existingOnly: string;
let emails = 0;

const call = (body: Record<string, unknown>) => execute<Answer>(guest, 'public-booking', { practice: SLUG, ...body });
const newEmail = () => `new.client.${++emails}.${Date.now().toString(36)}@example.com`;
const slotsOf = async (serviceId: string) => (await call({ action: 'slots', serviceId })).body.slots ?? [];
const bookings = (queries: string[]) => aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'public_bookings', queries }).then((l) => l.documents);

/** The code in the newest mail to `email`. */
async function codeFor(email: string): Promise<string> {
  const [mail] = await mailFor(aw.origin, email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function started(serviceId: string, slot: Slot | undefined, email = newEmail(), more: Record<string, unknown> = {}) {
  const answer = await call({ action: 'start', serviceId, start: slot?.start, name: 'Casey Morgan', email, phone: '(312) 555-0199', usesInsurance: false, ...more });
  expect(answer.status, answer.raw).toBe(201);
  return { bookingId: String(answer.body.bookingId), email, code: await codeFor(email) };
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  process.env.FUNCTION_VARS_BOOK_SLOT = process.env.FUNCTION_VARS_INVITE_CLIENT;
  guest = new Functions(new Client().setEndpoint(aw.endpoint).setProject(PROJECT_ID));
  therapist = await signedInUser(aw, 'public-therapist');
  other = await signedInUser(aw, 'public-other');
  await createPractice(therapist, { practiceName: 'Calm Waters Therapy', timeZone: 'America/Chicago', bookingSlug: SLUG });
  await createPractice(other, { practiceName: 'Lakeside Counseling' });
  const everyDay = Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => [d, [{ start: '08:00', end: '20:00' }]]));
  await createOwned(therapist, 'availability', { weekly: JSON.stringify(everyDay), overrides: '[]' });
  const service = async (name: string, rule: Record<string, unknown>, intakePacket: string[] = []) => {
    const doc = await createOwned(therapist, 'services', { name, durationMinutes: 50, fee: 15000, currency: 'USD', color: 'blue', archived: false, sortOrder: 1, intakePacket });
    await createOwned(therapist, 'booking_rules', { serviceId: doc.$id, bookableBy: 'new', confirmation: 'instant', noticeHours: 0, horizonDays: 14, bufferBeforeMinutes: 0, bufferAfterMinutes: 10, startGrid: '60', ...rule });
    return doc.$id;
  };
  instant = await service('First consultation', {}, ['template:demographics']);
  approval = await service('Intake assessment', { confirmation: 'approval', bookableBy: 'both' });
  existingOnly = await service('Psychotherapy', { bookableBy: 'existing' });
});
afterAll(async () => { await aw?.close(); });

describe('public-booking: the practice\'s page', () => {
  it('a practice that opted in shows its name, zone and only the services new clients may book; any other slug is a clear 404', async () => {
    const answer = await call({ action: 'practice' });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body).toMatchObject({ practiceName: 'Calm Waters Therapy', timeZone: 'America/Chicago' });
    expect(answer.body.services?.map((s) => [s.name, s.confirmation]).sort()).toEqual([['First consultation', 'instant'], ['Intake assessment', 'approval']]);
    expect((await call({ action: 'slots', serviceId: existingOnly })).status).toBe(404);
    for (const practice of ['lakeside', 'no-such-practice', '../x', '']) {
      const unknown = await execute<Answer>(guest, 'public-booking', { action: 'practice', practice });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('This practice does not take bookings online. Please contact the practice directly.');
    }
    // A slug is one practice's: the unique index refuses a second.
    await expect(other.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'practice_settings', queries: [Query.equal('userId', other.id)] })
      .then(({ documents }) => other.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: String(documents[0]?.$id), data: { bookingSlug: SLUG } })))
      .rejects.toMatchObject({ code: 409 });
  });

  it('refuses bad details with the field, and asks the self-pay question', async () => {
    const [slot] = await slotsOf(instant);
    const base = { action: 'start', serviceId: instant, start: slot?.start, name: 'Casey Morgan', email: newEmail(), phone: '(312) 555-0199', usesInsurance: true };
    for (const [field, value] of [['name', ' '], ['email', 'casey@'], ['phone', 'call me'], ['usesInsurance', 'maybe'], ['start', 'soon']] as const) {
      const answer = await call({ ...base, [field]: value });
      expect(answer.status, answer.raw).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await call({ ...base, usesInsurance: undefined })).body.error).toBe('Answer whether you will use insurance for these sessions.');
  });
});

describe('public-booking: the code before the hold', () => {
  it('nothing is held until the code is confirmed; the code is stored hashed; the mail names only the practice', async () => {
    const slots = await slotsOf(instant);
    const slot = slots[3];
    const { bookingId, email, code } = await started(instant, slot);
    // Not held yet: the time is still offered to everyone.
    expect((await slotsOf(instant)).map((s) => s.start)).toContain(slot?.start);
    const [stored] = await bookings([Query.equal('$id', bookingId)]);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(String(stored?.codeHash)).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await mailFor(aw.origin, email);
    expect(mail?.subject).toBe('Your booking code for Calm Waters Therapy');
    for (const clinical of ['First consultation', 'Casey', slot?.start.slice(0, 10) ?? '-', 'insurance']) expect(`${mail?.subject} ${mail?.text} ${mail?.html}`).not.toContain(clinical);

    // Without the right code there is no hold and no booking.
    expect((await call({ action: 'confirm', bookingId, code })).status).toBe(410);
    const wrong = await call({ action: 'verify', bookingId, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    expect((await slotsOf(instant)).map((s) => s.start)).toContain(slot?.start);

    const held = await call({ action: 'verify', bookingId, code });
    expect(held.status, held.raw).toBe(200);
    expect(Date.parse(String(held.body.heldUntil)) - Date.now()).toBeGreaterThan(9 * 60_000);
    // Held now: nobody else is offered it.
    expect((await slotsOf(instant)).map((s) => s.start)).not.toContain(slot?.start);
  });

  it('five wrong codes end the booking: the right one no longer works', async () => {
    const { bookingId, code } = await started(instant, (await slotsOf(instant))[5]);
    const wrongCode = code === '123456' ? '654321' : '123456';
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await call({ action: 'verify', bookingId, code: wrongCode })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const locked = await call({ action: 'verify', bookingId, code });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('Too many wrong codes. Please start again to get a new one.');
  });
});

describe('public-booking: the hold', () => {
  it('a held time expires after 10 minutes unconfirmed: confirming fails and the time is free again', async () => {
    const slot = (await slotsOf(instant))[7];
    const { bookingId, code } = await started(instant, slot);
    expect((await call({ action: 'verify', bookingId, code })).status).toBe(200);
    expect((await slotsOf(instant)).map((s) => s.start)).not.toContain(slot?.start);
    // Ten minutes and a second later.
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'public_bookings', documentId: bookingId, data: { heldUntil: new Date(Date.now() - 1000).toISOString() } });
    expect((await slotsOf(instant)).map((s) => s.start)).toContain(slot?.start);
    const late = await call({ action: 'confirm', bookingId, code });
    expect(late.status, late.raw).toBe(410);
    expect(late.body.error).toBe('We held this time for 10 minutes and it has passed. Please choose a time again.');
    expect((await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'slot_claims', queries: [Query.equal('requestId', bookingId)] })).total).toBe(0);
    expect((await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'clients', queries: [Query.equal('userId', therapist.id), Query.equal('email', (await bookings([Query.equal('$id', bookingId)]))[0]?.email ?? '')] })).total).toBe(0);
  });

  it('confirmed in time: a prospective self-pay client, the appointment, the invitation and the intake packet in the portal', async () => {
    const slot = (await slotsOf(instant))[9];
    const { bookingId, email, code } = await started(instant, slot);
    expect((await call({ action: 'verify', bookingId, code })).status).toBe(200);
    const done = await call({ action: 'confirm', bookingId, code });
    expect(done.status, done.raw).toBe(201);
    expect(done.body.outcome).toBe('booked');
    const [record] = (await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'clients', queries: [Query.equal('email', email)] })).documents;
    expect(record).toMatchObject({ firstName: 'Casey', lastName: 'Morgan', phone: '(312) 555-0199', status: 'prospective', selfPay: true, reminderConsent: true });
    const appointment = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: bookingId });
    expect(appointment).toMatchObject({ clientId: record?.$id, serviceId: instant, start: expect.stringContaining(slot?.start.slice(0, 16) ?? '-'), status: 'scheduled' });
    // The invitation names the practice only; its link signs the new client in, who sees the packet.
    const { mail, link } = await newestLink(aw, email);
    expect(mail.subject).toBe('Calm Waters Therapy invited you to its client portal');
    expect(mail.text).not.toContain('First consultation');
    const client = await signInWith(aw, link.searchParams.get('userId') ?? '', link.searchParams.get('secret') ?? '');
    const forms = await client.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'form_requests', queries: [Query.equal('clientId', String(record?.$id))] });
    expect(forms.documents.map((f) => f.title)).toHaveLength(1);
    // Confirmed once only.
    expect((await call({ action: 'confirm', bookingId, code })).status).toBe(409);
  });

  it('an approval service becomes a request the therapist answers', async () => {
    const { bookingId, code } = await started(approval, (await slotsOf(approval))[11], newEmail(), { usesInsurance: true });
    expect((await call({ action: 'verify', bookingId, code })).status).toBe(200);
    const done = await call({ action: 'confirm', bookingId, code });
    expect(done.body.outcome, done.raw).toBe('requested');
    const request = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'booking_requests', documentId: bookingId });
    expect(request).toMatchObject({ status: 'requested', serviceId: approval, appointmentId: null });
    const record = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: String(request.clientId) });
    expect(record.selfPay).toBe(false);
  });
});

describe('public-booking: in the practice\'s export', () => {
  it('every booking started on the page is in public-bookings.csv as the new client gave it, without the code\'s hash; another therapist\'s export has none', async () => {
    const files = await exportTexts(therapist);
    const csv = files['public-bookings.csv'] ?? '';
    expect(csv).toContain('Casey Morgan');
    expect(csv).toContain('(312) 555-0199');
    expect(csv).toMatch(/confirmed/);
    expect(csv).not.toMatch(/codeHash|[0-9a-f]{64}/);
    expect(files['README.txt']).toContain('public-bookings.csv');
    expect((await exportTexts(other))['public-bookings.csv'] ?? '').not.toContain('Casey Morgan');
  });
});

describe('public-booking: an existing client\'s email', () => {
  it('is not made a second client silently: the booker is told and decides', async () => {
    const known = await createClient(therapist, { firstName: 'Jo', lastName: 'Known' });
    const { bookingId, code } = await started(instant, (await slotsOf(instant))[13], String(known.email));
    const guess = await call({ action: 'verify', bookingId, code });
    expect(guess.status, guess.raw).toBe(409);
    expect(guess.body).toMatchObject({ existingClient: true, field: 'email' });
    expect(guess.body.error).toContain('sign in to the client portal');
    const count = async () => (await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'clients', queries: [Query.equal('email', String(known.email))] })).total;
    expect(await count()).toBe(1);
    // Someone else at the same address (a family member) goes on as a new client.
    expect((await call({ action: 'verify', bookingId, code, newClient: true })).status).toBe(200);
    expect((await call({ action: 'confirm', bookingId, code })).status).toBe(201);
    expect(await count()).toBe(2);
  });
});

describe('public-booking: rate limits', () => {
  it('per address: a fourth code in an hour is Appwrite\'s 429, and nothing is mailed', async () => {
    const email = newEmail();
    const slots = await slotsOf(instant);
    for (const i of [15, 16, 17]) await started(instant, slots[i], email);
    const before = (await mailFor(aw.origin, email)).length;
    const limited = await call({ action: 'start', serviceId: instant, start: slots[18]?.start, name: 'Casey Morgan', email, phone: '3125550199', usesInsurance: false });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Rate limit for the current endpoint has been exceeded. Please try again after some time.', code: 429, type: 'general_rate_limit_exceeded', version: '1.8.0' });
    expect((await mailFor(aw.origin, email)).length).toBe(before);
  });

  it('per practice: 30 codes an hour at most, whoever asks', async () => {
    const existing = (await bookings([Query.equal('userId', therapist.id), Query.limit(100)])).length;
    const now = new Date().toISOString();
    for (let i = existing; i < 30; i += 1) {
      await aw.databases.createDocument({
        databaseId: DATABASE_ID, collectionId: 'public_bookings', documentId: `filler${i}`,
        data: { userId: therapist.id, serviceId: instant, start: now, end: now, name: 'x', email: `filler${i}@example.com`, phone: '3125550100', usesInsurance: true, codeHash: '0'.repeat(64), status: 'expired', requestedAt: now, codeExpiresAt: now },
      });
    }
    const limited = await call({ action: 'start', serviceId: instant, start: (await slotsOf(instant))[20]?.start, name: 'Casey Morgan', email: newEmail(), phone: '3125550199', usesInsurance: false });
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('general_rate_limit_exceeded');
  });
});
