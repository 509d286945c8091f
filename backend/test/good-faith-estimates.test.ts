// Issue 32 "Good Faith Estimates": the therapist drafts, versions and delivers a self-pay client's
// estimate through good-faith-estimates; the client (and only they) downloads it from the portal's
// documents. Real sessions through the SDKs against the local Appwrite running the real functions:
// the therapist, another therapist, client A and client B of the same practice.
import { AppwriteException, ID, Query } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { pdfText } from './support/pdf-text.ts';
import { createAppointment, createClient, createPractice, createService, mailFor, type Doc } from './support/practice-fixtures.ts';
import { APP_ORIGIN, invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { addBusinessDays, GFE_DISCLAIMERS, holidaysOf } from '../functions/lib/good-faith-estimate.js';
import { collectionsFromEnv } from '../functions/lib/collections.js';
import { recordSelfPayAnswer } from '../functions/lib/self-pay.js';

vi.setConfig({ testTimeout: 90_000 });

const COLLECTION = 'good_faith_estimates';
const PRACTICE = 'Calm Waters Therapy';

interface Estimate { $id: string; version: number; status: string; fee: number; total: number; dueOn: string | null; frequency: string; months: number; portalDocumentId: string | null; $permissions: string[] }
interface Due { clientId: string; appointmentId: string; scheduledOn: string; visitOn: string; dueOn: string; rule: string; change?: Record<string, unknown> }
interface Answer { success: boolean; error: string | null; field?: string; due?: Due[]; estimate?: Estimate; missing?: string[]; base64?: string; filename?: string; shared?: { documentId: string; created: boolean; mailed: boolean } }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let service: Doc;
let recordA: Doc;
let recordB: Doc;
let clientA: PortalClient;
let clientB: PortalClient;

const gfe = (who: { functions: SignedInUser['functions'] }, body: Record<string, unknown>) => execute<Answer>(who.functions, 'good-faith-estimates', body);
const draftFor = (record: Doc, extra: Record<string, unknown> = {}) => gfe(therapist, {
  action: 'draft', clientId: record.$id, serviceId: service.$id, frequency: 'weekly', months: 12, startOn: '2026-12-21', basis: 'scheduled', basisOn: '2026-12-07', ...extra,
});
const pdf = (answer: { body: Answer }) => pdfText(Buffer.from(String(answer.body.base64), 'base64'));

async function code(p: Promise<unknown>): Promise<number> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException) return e.code;
    throw e;
  }
  return 200;
}

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  process.env.FUNCTION_VARS_GOOD_FAITH_ESTIMATES = JSON.stringify({ APP_ORIGIN, SMTP_HOST: mail['SMTP_HOST'], SMTP_PORT: mail['SMTP_PORT'], SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <documents@cadence.test>' });
  therapist = await signedInUser(aw, 'gfe-therapist');
  other = await signedInUser(aw, 'gfe-other');
  await createPractice(therapist, { practiceName: PRACTICE, credentials: 'LCSW', npi: '1234567893', taxId: '12-3456789' });
  await createPractice(other, { practiceName: 'Lakeside Counseling', npi: '1234567893', taxId: '98-7654321' });
  service = await createService(therapist);
  recordA = await createClient(therapist, { dateOfBirth: '1990-04-02' });
  recordB = await createClient(therapist, { firstName: 'Bob', lastName: 'Roe', dateOfBirth: '1985-01-01', selfPay: true });
  clientA = await invitedClient(aw, therapist, recordA.$id, String(recordA['email']));
  clientB = await invitedClient(aw, therapist, recordB.$id, String(recordB['email']));
}, 180_000);

afterAll(async () => {
  await aw?.close();
});

describe('drafting', () => {
  it('only for a self-pay client: the flag is the therapist’s to set on the record, and the draft is theirs alone', async () => {
    const refused = await draftFor(recordA);
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.error).toMatch(/self-pay/);
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: recordA.$id, data: { selfPay: true } });

    const drafted = await draftFor(recordA);
    expect(drafted.status, drafted.raw).toBe(201);
    // Scheduled Mon Dec 7 for Mon Dec 21 (10 business days away): due 3 business days later.
    expect(drafted.body.estimate).toMatchObject({ version: 1, status: 'draft', fee: 12000, total: 53 * 12000, dueOn: '2026-12-10' });
    expect(drafted.body.missing).toEqual([]);
    expect(drafted.body.estimate?.$permissions).toEqual([`read("user:${therapist.id}")`]);

    // Redrafting a draft changes it in place (still version 1).
    const redrafted = await draftFor(recordA, { frequency: 'biweekly', months: 6 });
    expect(redrafted.status, redrafted.raw).toBe(200);
    expect(redrafted.body.estimate).toMatchObject({ $id: drafted.body.estimate?.$id, version: 1, frequency: 'biweekly', months: 6 });

    // Another therapist: neither the client nor the estimate exists for them.
    expect((await gfe(other, { action: 'draft', clientId: recordA.$id, serviceId: service.$id, frequency: 'weekly', months: 12, startOn: '2026-12-21', basis: 'scheduled', basisOn: '2026-12-07' })).status).toBe(404);
    expect((await gfe(other, { action: 'pdf', estimateId: drafted.body.estimate?.$id })).status).toBe(404);
    expect((await gfe(other, { action: 'deliver', estimateId: drafted.body.estimate?.$id })).status).toBe(404);
    expect(await code(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: COLLECTION, documentId: String(drafted.body.estimate?.$id) }))).toBe(404);
    // The client cannot read, nor call the therapist's function.
    expect((await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: COLLECTION })).documents).toEqual([]);
    expect((await gfe(clientA, { action: 'pdf', estimateId: drafted.body.estimate?.$id })).status).toBe(403);
  });

  it('counts the practice’s own days off, and says what bad input is wrong', async () => {
    // Days off Dec 8–9 (an availability override without hours): 1 business day after Mon Dec 7 is Thu Dec 10.
    await therapist.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'availability', documentId: ID.unique(),
      data: { userId: therapist.id, weekly: '{}', overrides: JSON.stringify([{ from: '2026-12-08', to: '2026-12-09', windows: [] }]) },
    });
    const drafted = await draftFor(recordB, { startOn: '2026-12-14' });
    expect(drafted.status, drafted.raw).toBe(201);
    expect(drafted.body.estimate?.dueOn).toBe('2026-12-10');
    // Asked Fri Dec 4: Mon 7, Thu 10, Fri 11 are the 3 business days.
    const requested = await draftFor(recordB, { basis: 'requested', basisOn: '2026-12-04' });
    expect(requested.body.estimate?.dueOn).toBe('2026-12-11');

    for (const [extra, field] of [[{ months: 13 }, 'months'], [{ frequency: 'daily' }, 'frequency'], [{ startOn: '2026-02-30' }, 'startOn'], [{ fee: -1 }, 'fee'], [{ basis: 'maybe' }, 'basis']] as const) {
      const bad = await draftFor(recordB, extra);
      expect(bad.status, bad.raw).toBe(400);
      expect(bad.body.field).toBe(field);
    }
  });
});

describe('delivering', () => {
  it('puts the PDF in the client’s portal documents with a PHI-free mail; client B and the other therapist get nothing', async () => {
    const [draft] = (await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: COLLECTION, queries: [Query.equal('clientId', recordA.$id)] })).documents;
    const delivered = await gfe(therapist, { action: 'deliver', estimateId: draft!.$id });
    expect(delivered.status, delivered.raw).toBe(200);
    expect(delivered.body.estimate).toMatchObject({ status: 'delivered', version: 1 });
    expect(delivered.body.shared).toMatchObject({ created: true, mailed: true });

    const [entry, ...more] = (await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_documents', queries: [Query.equal('clientUserId', clientA.id)] })).documents;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'gfe', refId: draft!.$id, title: 'Good Faith Estimate (version 1)' });
    const mails = (await mailFor(aw.origin, String(recordA['email']))).filter((m) => m.subject === `You have a new document from ${PRACTICE}`);
    expect(mails).toHaveLength(1);
    for (const word of ['Jane', 'Doe', 'Estimate', '120', '90834', 'Psychotherapy']) expect(`${mails[0]?.subject} ${mails[0]?.text} ${mails[0]?.html}`).not.toContain(word);

    const mine = await execute<Answer>(clientA.functions, 'portal-documents', { documentId: entry!.$id });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.filename).toBe('good-faith-estimate-v1.pdf');
    const text = pdf(mine);
    expect(text).toBe(pdf(await gfe(therapist, { action: 'pdf', estimateId: draft!.$id })));
    for (const element of [
      'Good Faith Estimate', 'Jane Doe', '04/02/1990', 'Psychotherapy', '90834', 'Scheduled date: 12/21/2026', 'F41.1', 'Dr. Ada Lane, LCSW', 'NPI: 1234567893',
      'Tax ID (TIN): 12-3456789', '200 E Randolph St', '$120.00', 'Total estimated charges: $1,560.00',
    ]) expect(text).toContain(element);
    // The disclaimers' words, whatever the line breaks.
    const flat = text.replace(/\s+/g, ' ');
    for (const disclaimer of Object.values(GFE_DISCLAIMERS)) expect(flat).toContain(disclaimer.slice(0, 60));

    expect((await execute<Answer>(clientB.functions, 'portal-documents', { documentId: entry!.$id })).status).toBe(404);
    expect((await execute<Answer>(other.functions, 'portal-documents', { documentId: entry!.$id })).status).toBe(404);
    expect(await code(clientB.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'portal_documents', documentId: entry!.$id }))).toBe(404);
  });

  it('a delivered version never changes: no update or delete for anyone, no second delivery; a new fee is version 2', async () => {
    const ref = { databaseId: DATABASE_ID, collectionId: COLLECTION };
    const [v1] = (await therapist.databases.listDocuments({ ...ref, queries: [Query.equal('clientId', recordA.$id)] })).documents;
    expect(await code(therapist.databases.updateDocument<Doc>({ ...ref, documentId: v1!.$id, data: { fee: 1 } }))).toBe(401);
    expect(await code(therapist.databases.deleteDocument({ ...ref, documentId: v1!.$id }))).toBe(401);
    expect(await code(clientA.databases.updateDocument<Doc>({ ...ref, documentId: v1!.$id, data: { fee: 1 } }))).toBe(404);
    expect((await gfe(therapist, { action: 'deliver', estimateId: v1!.$id })).status).toBe(409);

    const same = await draftFor(recordA, { frequency: 'biweekly', months: 6 });
    expect(same.status, same.raw).toBe(409);
    const v2 = await draftFor(recordA, { frequency: 'biweekly', months: 6, fee: 15000 });
    expect(v2.status, v2.raw).toBe(201);
    expect(v2.body.estimate).toMatchObject({ version: 2, status: 'draft', fee: 15000 });
    expect(await therapist.databases.getDocument({ ...ref, documentId: v1!.$id })).toMatchObject({ fee: 12000, status: 'delivered' });
    const delivered = await gfe(therapist, { action: 'deliver', estimateId: v2.body.estimate?.$id });
    expect(delivered.status, delivered.raw).toBe(200);
    const titles = (await clientA.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_documents', queries: [Query.orderDesc('issuedAt')] })).documents.map((d) => d['title']);
    expect(titles).toEqual(['Good Faith Estimate (version 2)', 'Good Faith Estimate (version 1)']);
  });

  it('recordSelfPayAnswer (for booking) stores the client’s answer on the therapist’s own record only', async () => {
    const run = { databases: aw.databases, c: collectionsFromEnv({}) };
    const record = await createClient(therapist, { firstName: 'Ola', lastName: 'Berg' });
    expect(await recordSelfPayAnswer(run, therapist.id, record.$id, 'maybe')).toBeNull();
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: record.$id }))['selfPay']).toBeNull();
    expect(await recordSelfPayAnswer(run, therapist.id, record.$id, false)).toBe(true);
    expect((await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: record.$id }))['selfPay']).toBe(true);
    await expect(recordSelfPayAnswer(run, other.id, record.$id, true)).rejects.toThrow('This client could not be found.');
    expect(await recordSelfPayAnswer(run, therapist.id, record.$id, true)).toBe(false);
  });

  it('a client never invited, or a practice missing its NPI, is told what to do first', async () => {
    const notInvited = await createClient(therapist, { firstName: 'Nia', lastName: 'Stone', dateOfBirth: '2000-05-05', selfPay: true });
    const drafted = await draftFor(notInvited);
    const refused = await gfe(therapist, { action: 'deliver', estimateId: drafted.body.estimate?.$id });
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.error).toBe('Invite the client to the portal first.');

    const lonely = await signedInUser(aw, 'gfe-no-npi');
    await createPractice(lonely);
    const record = await createClient(lonely, { dateOfBirth: '1970-01-01', selfPay: true });
    const lonelyService = await createService(lonely);
    const draft = await gfe(lonely, { action: 'draft', clientId: record.$id, serviceId: lonelyService.$id, frequency: 'monthly', months: 3, startOn: '2026-12-21', basis: 'requested', basisOn: '2026-12-01' });
    expect(draft.body.missing).toEqual(['the NPI', 'the tax ID (TIN)']);
    const missing = await gfe(lonely, { action: 'deliver', estimateId: draft.body.estimate?.$id });
    expect(missing.status).toBe(409);
    expect(missing.body.error).toBe('Before it can be delivered, add the NPI, the tax ID (TIN).');
  });
});

describe('Today\'s reminder: booked self-pay clients with no estimate yet', () => {
  it('lists each with the due date counted from the day the appointment was made; a draft, insurance, a visit too soon or another practice\'s clients are not listed', async () => {
    const DAY = 24 * 60 * 60_000;
    const chicago = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
    const booked = await createClient(therapist, { firstName: 'Cara', lastName: 'Diaz', selfPay: true });
    const soon = await createClient(therapist, { firstName: 'Dan', lastName: 'Soon', selfPay: true });
    const insured = await createClient(therapist, { firstName: 'Ines', lastName: 'Sured', selfPay: false });
    // Three weeks away (10+ business days): due 3 business days after today; and a later one that changes nothing.
    const first = await createAppointment(therapist, booked.$id, service.$id, 21 * DAY);
    await createAppointment(therapist, booked.$id, service.$id, 28 * DAY);
    // Tomorrow (fewer than 3 business days away): no estimate is due at scheduling.
    await createAppointment(therapist, soon.$id, service.$id, DAY);
    await createAppointment(therapist, insured.$id, service.$id, 21 * DAY);
    // recordA and recordB have estimates drafted already; give them a coming visit too.
    await createAppointment(therapist, recordA.$id, service.$id, 21 * DAY);
    // A cancelled visit is no booking.
    const cancelled = await createClient(therapist, { firstName: 'Cal', lastName: 'Celled', selfPay: true });
    await createAppointment(therapist, cancelled.$id, service.$id, 21 * DAY, { status: 'cancelled' });

    const answer = await gfe(therapist, { action: 'due' });
    expect(answer.status, answer.raw).toBe(200);
    // The practice's days off (Dec 8–9, set above) count as no business days.
    const holidays = holidaysOf([{ from: '2026-12-08', to: '2026-12-09', windows: [] }]);
    expect(answer.body.due).toEqual([{
      clientId: booked.$id, appointmentId: first.$id, scheduledOn: chicago(Date.now()), visitOn: chicago(Date.parse(String(first['start']))),
      dueOn: addBusinessDays(chicago(Date.now()), 3, holidays), rule: 'scheduled-3',
    }]);

    // Drafting one takes the client off this list (Today lists the draft instead).
    expect((await draftFor(booked)).status).toBe(201);
    expect((await gfe(therapist, { action: 'due' })).body.due).toEqual([]);
    // Another practice sees none of it; a client cannot ask.
    expect((await gfe(other, { action: 'due' })).body.due).toEqual([]);
    expect((await gfe(clientA, { action: 'due' })).status).toBe(403);
  });
});

describe('a new version when what is booked no longer matches the delivered estimate', () => {
  it('a session charged more than the estimate, or sessions booked at another frequency, bring the client back to Today until a new version is drafted', async () => {
    const DAY = 24 * 60 * 60_000;
    const ellis = await createClient(therapist, { firstName: 'Ellis', lastName: 'Moor', dateOfBirth: '1988-06-30', selfPay: true });
    const draft = await draftFor(ellis, { frequency: 'weekly', fee: 12000 });
    expect(draft.status, draft.raw).toBe(201);
    await invitedClient(aw, therapist, ellis.$id, String(ellis['email']));
    const delivered = await gfe(therapist, { action: 'deliver', estimateId: draft.body.estimate?.$id });
    expect(delivered.status, delivered.raw).toBe(200);
    // Weekly at the estimate's fee: it still holds.
    const weekly = [await createAppointment(therapist, ellis.$id, service.$id, 21 * DAY), await createAppointment(therapist, ellis.$id, service.$id, 28 * DAY), await createAppointment(therapist, ellis.$id, service.$id, 35 * DAY)];
    const mine = async () => ((await gfe(therapist, { action: 'due' })).body.due ?? []).filter((d) => d.clientId === ellis.$id);
    expect(await mine()).toEqual([]);
    // The fee rises on a booked session: a new version is due, by what the next visit makes due.
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: weekly[2]!.$id, data: { feeAmount: 14000 } });
    const [raised, ...more] = await mine();
    expect(more).toEqual([]);
    expect(raised).toMatchObject({ rule: 'changed', appointmentId: weekly[0]!.$id, change: { estimateId: draft.body.estimate?.$id, version: 1, fee: { from: 12000, to: 14000 } } });
    expect(raised?.change).not.toHaveProperty('frequency');
    // Counted from the day of the change, so it holds still from one day to the next.
    const chicagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    expect(raised?.scheduledOn).toBe(chicagoToday);
    // Sessions now every 2 weeks (the guess is shown, nothing is changed).
    await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: weekly[2]!.$id, data: { feeAmount: 12000 } });
    for (const [i, days] of [[1, 35], [2, 49]] as const) {
      const start = new Date(Math.floor((Date.now() + days * DAY) / 60_000) * 60_000);
      await therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: weekly[i]!.$id, data: { start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString() } });
    }
    const [moved] = await mine();
    expect(moved).toMatchObject({ rule: 'changed', change: { version: 1, frequency: { from: 'weekly', to: 'biweekly' } } });
    expect(moved?.change).not.toHaveProperty('fee');
    // Drafting version 2 takes it off (Today lists the draft instead); another practice sees nothing.
    expect((await draftFor(ellis, { frequency: 'biweekly', fee: 12000 })).status).toBe(201);
    expect(await mine()).toEqual([]);
    expect(((await gfe(other, { action: 'due' })).body.due ?? []).filter((d) => d.clientId === ellis.$id)).toEqual([]);
  });
});
