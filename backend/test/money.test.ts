// Issue 16 (money), contract tests: the ledger, invoices, money-documents and attendance-charges
// functions run by the local Appwrite (real executions, real transactions, appointment events
// delivered as Appwrite delivers them), called as signed-in therapists through the Web SDK; what
// they wrote is read back with the API key and tried through the SDKs as the owner and as another
// therapist.
import { AppwriteException, ID, Permission, Query, Role } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBalance, ledgerEntryId, type Entry } from '../functions/lib/ledger.js';
import { DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { pdfText } from './support/pdf-text.ts';
import { createClient, createPractice, createService, mailFor, type Doc } from './support/practice-fixtures.ts';
import { until } from './support/until.ts';

interface Answer {
  success: boolean;
  error?: string;
  field?: string;
  entry?: Record<string, unknown> & { $id: string; amount: number; allocations?: string };
  allocated?: number;
  credit?: number;
  balance?: number;
  invoice?: Record<string, unknown> & { $id: string; number: string; seq: number; status: string; entryIds: string[]; total: number };
  filename?: string;
  contentType?: string;
  base64?: string;
}

let aw: LocalAppwrite;
let a: SignedInUser;
let b: SignedInUser;
let serviceId: string;

const ledger = (user: SignedInUser, body: Record<string, unknown>) => execute<Answer>(user.functions, 'ledger', body);
const invoices = (user: SignedInUser, body: Record<string, unknown>) => execute<Answer>(user.functions, 'invoices', body);
const documents = (user: SignedInUser, body: Record<string, unknown>) => execute<Answer>(user.functions, 'money-documents', body);
const key = () => crypto.randomUUID();

async function entriesOf(clientId: string): Promise<Array<Doc & Entry>> {
  const list = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', queries: [Query.equal('clientId', clientId), Query.limit(500)] });
  return list.documents as unknown as Array<Doc & Entry>;
}

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof server.AppwriteException) return { code: e.code, type: e.type };
    throw e;
  }
  throw new Error('expected a failure');
}

/** The client_balances cache equals the recomputation from every one of the client's entries. */
async function expectBalanceAgrees(clientId: string) {
  const entries = await entriesOf(clientId);
  const cached = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'client_balances', documentId: clientId });
  const computed = computeBalance(entries);
  expect({ balance: cached['balance'], credit: cached['credit'], openCharges: JSON.parse(String(cached['openCharges'])) }).toEqual(computed);
  expect(computed.balance).toBe(entries.reduce((s, e) => s + e.amount, 0));
  return computed;
}

/** An appointment of `user`'s as the dashboard writes it (then its status changes as use-set-status writes them). */
async function appointment(user: SignedInUser, clientId: string, start: string, data: Record<string, unknown> = {}) {
  return user.databases.createDocument<Doc>({
    databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
    data: {
      userId: user.id, clientId, serviceId, start, end: new Date(Date.parse(start) + 45 * 60_000).toISOString(), status: 'scheduled', locationType: 'office',
      feeAmount: 12000, currency: 'USD', statusHistory: [JSON.stringify({ status: 'scheduled', at: start, by: user.id })], ...data,
    },
  });
}

async function setStatus(user: SignedInUser, appt: Doc, status: string, feeAmount: number | null, extra: Record<string, unknown> = {}) {
  const history = [...(appt['statusHistory'] as string[]), JSON.stringify({ status, at: new Date().toISOString(), by: user.id })];
  return user.databases.updateDocument<Doc>({
    databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appt.$id, data: { status, statusHistory: history, feeAmount, feeWaived: false, feeWaivedReason: null, ...extra },
  });
}

/** A client of a's with other charges on the given dates (the ledger's `charge` action). */
async function clientWithCharges(dates: string[], amount = 10000, data: Record<string, unknown> = {}) {
  const client = await createClient(a, data);
  for (const date of dates) {
    const r = await ledger(a, { action: 'charge', clientId: client.$id, amount, date, memo: 'Workbook', idempotencyKey: key() });
    expect(r.status, r.raw).toBe(201);
  }
  return client;
}

beforeAll(async () => {
  aw = await startAppwrite();
  process.env['FUNCTION_VARS_INVOICES'] = JSON.stringify({
    SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <billing@cadence.test>',
  });
  a = await signedInUser(aw, 'money-a');
  b = await signedInUser(aw, 'money-b');
  await createPractice(a, { npi: '1234567893', taxId: '12-3456789', credentials: 'LCSW', licenseNumber: 'LCSW 149.012345' });
  await createPractice(b, { practiceName: 'Other Practice' });
  serviceId = (await createService(a)).$id;
}, 60_000);

afterAll(async () => {
  await aw?.close();
});

describe('attendance-charges (event-triggered)', () => {
  it('Show charges the session fee on the session’s day; Show → No show reverses it and charges the no-show fee, together; nothing silent', async () => {
    const client = await createClient(a);
    // 2026-10-06 03:30 UTC is the evening of Oct 5 in Chicago: the charge is dated in the practice's zone.
    let appt = await appointment(a, client.$id, '2026-10-06T03:30:00.000Z');
    appt = await setStatus(a, appt, 'show', 12000);
    const charged = await until(() => entriesOf(client.$id), (l) => l.length === 1, 'the session fee');
    expect(charged[0]).toMatchObject({
      kind: 'charge', type: 'session_fee', amount: 12000, date: '2026-10-05', appointmentId: appt.$id, userId: a.id, clientId: client.$id, currency: 'USD',
      $permissions: [Permission.read(Role.user(a.id))],
    });
    expect(charged[0]!.$id).toBe(ledgerEntryId(a.id, `attendance:${appt.$id}:2`));

    // A change that is not about attendance (the note's state) writes nothing.
    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appt.$id, data: { noteState: 'draft' } });
    appt = await setStatus(a, appt, 'no_show', 6000);
    const after = await until(() => entriesOf(client.$id), (l) => l.length === 3, 'the reversal and the no-show fee');
    const reversal = after.find((e) => e.voidsEntryId === charged[0]!.$id);
    const noShow = after.find((e) => e.type === 'no_show_fee');
    expect(reversal).toMatchObject({ kind: 'charge', type: 'session_fee', amount: -12000, reason: 'Attendance changed to No show', appointmentId: appt.$id });
    expect(noShow).toMatchObject({ kind: 'charge', amount: 6000, date: '2026-10-05', appointmentId: appt.$id });
    // One transaction: both were written together.
    expect(Math.abs(Date.parse(reversal!.$createdAt) - Date.parse(noShow!.$createdAt))).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await entriesOf(client.$id)).toHaveLength(3);
    expect((await expectBalanceAgrees(client.$id)).balance).toBe(6000);

    // Waived: reversed, no new charge; the waiver undone: charged again (a new entry, the same
    // status); then cancelled: reversed, nothing to charge.
    const waive = (feeWaived: boolean) => a.databases.updateDocument<Doc>({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: appt.$id, data: { feeWaived, feeWaivedReason: feeWaived ? 'First time' : null },
    });
    await waive(true);
    await until(() => entriesOf(client.$id), (l) => l.length === 4, 'the waiver’s reversal');
    expect((await expectBalanceAgrees(client.$id)).balance).toBe(0);
    await waive(false);
    const recharged = await until(() => entriesOf(client.$id), (l) => l.length === 5, 'the no-show fee again');
    expect(new Set(recharged.map((e) => e.$id)).size).toBe(5);
    expect((await expectBalanceAgrees(client.$id)).balance).toBe(6000);
    await setStatus(a, appt, 'cancelled', null);
    const cancelled = await until(() => entriesOf(client.$id), (l) => l.length === 6, 'the cancellation’s reversal');
    expect(cancelled.filter((e) => e.voidsEntryId).map((e) => e.reason)).toContain('Attendance changed to Cancelled');
    expect((await expectBalanceAgrees(client.$id)).balance).toBe(0);
  });

  it('a recurring occurrence bills like a single appointment; an appointment of a client that is not the therapist’s bills nothing', async () => {
    const client = await createClient(a);
    await setStatus(a, await appointment(a, client.$id, '2026-10-07T15:00:00.000Z', { seriesId: 'series-1' }), 'late_cancelled', 5000);
    await until(() => entriesOf(client.$id), (l) => l.length === 1 && l[0]!.type === 'late_cancel_fee', 'the late-cancel fee');

    const theirs = await createClient(b);
    const planted = await appointment(a, theirs.$id, '2026-10-07T15:00:00.000Z');
    await setStatus(a, planted, 'show', 12000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await entriesOf(theirs.$id)).toHaveLength(0);
  });
});

describe('attendance-charges and "No charge" (issue 29: an attended session never earns nothing silently)', () => {
  it('honours the no-charge decision kept on the appointment (who and when), charges once a fee is set afterwards, and reverses a charge the therapist then decides not to make', async () => {
    const client = await createClient(a);
    const attended = await setStatus(a, await appointment(a, client.$id, '2026-10-13T15:00:00.000Z', { feeAmount: null }), 'show', null);
    const decidedAt = new Date().toISOString();
    const decided = await a.databases.updateDocument<Doc>({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: attended.$id, data: { noChargeAt: decidedAt, noChargeBy: a.id },
    });
    expect(decided).toMatchObject({ status: 'show', feeAmount: null, noChargeBy: a.id });
    expect(Date.parse(String(decided['noChargeAt']))).toBe(Date.parse(decidedAt));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await entriesOf(client.$id)).toHaveLength(0);

    // A fee set afterwards (the decision taken back, as the dashboard's "Set fee" writes it): charged.
    await a.databases.updateDocument<Doc>({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: attended.$id, data: { feeAmount: 9000, noChargeAt: null, noChargeBy: null },
    });
    const charged = await until(() => entriesOf(client.$id), (l) => l.length === 1, 'the session fee set afterwards');
    expect(charged[0]).toMatchObject({ kind: 'charge', type: 'session_fee', amount: 9000, appointmentId: attended.$id, date: '2026-10-13' });

    // "No charge" decided on a charged session: the fee stays recorded on the appointment, the charge is reversed.
    await a.databases.updateDocument<Doc>({
      databaseId: DATABASE_ID, collectionId: 'appointments', documentId: attended.$id, data: { noChargeAt: new Date().toISOString(), noChargeBy: a.id },
    });
    const reversed = await until(() => entriesOf(client.$id), (l) => l.length === 2, 'the reversal of the decided session');
    expect(reversed.find((e) => e.voidsEntryId === charged[0]!.$id)).toMatchObject({ amount: -9000, reason: 'No charge decided' });
    expect((await expectBalanceAgrees(client.$id)).balance).toBe(0);
  });

  it('the superbill and a new invoice say which attended sessions they left out and why; with nothing to bill the 409 says so too', async () => {
    const client = await createClient(a, { firstName: 'Lea', lastName: 'Marsh' });
    const billed = await setStatus(a, await appointment(a, client.$id, '2026-11-03T15:00:00.000Z'), 'show', 12000);
    const noFee = await setStatus(a, await appointment(a, client.$id, '2026-11-10T15:00:00.000Z', { feeAmount: null }), 'show', null);
    const free = await setStatus(a, await appointment(a, client.$id, '2026-11-17T15:00:00.000Z', { feeAmount: null }), 'show', null, { noChargeAt: new Date().toISOString(), noChargeBy: a.id });
    await until(() => entriesOf(client.$id), (l) => l.length === 1, 'the one session fee');

    const superbill = await documents(a, { document: 'superbill', clientId: client.$id, from: '2026-11-01', to: '2026-11-30' });
    expect(superbill.status, superbill.raw).toBe(200);
    const leftOut = [
      { appointmentId: noFee.$id, date: '2026-11-10', reason: 'no_fee', why: expect.stringContaining('No fee applied') },
      { appointmentId: free.$id, date: '2026-11-17', reason: 'no_charge', why: expect.stringContaining('No charge') },
    ];
    expect((superbill.body as { leftOut?: unknown }).leftOut).toEqual(leftOut.map((l) => expect.objectContaining(l)));
    const text = pdfText(Buffer.from(superbill.body.base64!, 'base64'));
    expect(text).toContain('11/03/2026');
    expect(text).not.toContain('11/10/2026');

    const invoice = await invoices(a, { action: 'create', clientId: client.$id, from: '2026-11-01', to: '2026-11-30', idempotencyKey: key() });
    expect(invoice.status, invoice.raw).toBe(201);
    expect(invoice.body.invoice!.total).toBe(12000);
    expect((invoice.body as { leftOut?: unknown }).leftOut).toEqual(leftOut.map((l) => expect.objectContaining(l)));
    const nothing = await invoices(a, { action: 'create', clientId: client.$id, from: '2026-11-08', to: '2026-11-12' });
    expect(nothing.status).toBe(409);
    expect((nothing.body as { leftOut?: unknown }).leftOut).toEqual([expect.objectContaining(leftOut[0])]);
    expect(billed.$id).toBeTruthy();
  });
});

describe('ledger', () => {
  it('a double submission records one entry (same key, sent twice at once)', async () => {
    const client = await createClient(a);
    const idempotencyKey = key();
    const body = { action: 'payment', clientId: client.$id, amount: 5000, method: 'cash', date: '2026-10-01', idempotencyKey };
    const [one, two] = await Promise.all([ledger(a, body), ledger(a, body)]);
    expect([one.status, two.status].sort(), one.raw + two.raw).toEqual([200, 201]);
    expect(one.body.entry!.$id).toBe(two.body.entry!.$id);
    const three = await ledger(a, body);
    expect(three.status).toBe(200);
    expect(three.body.entry!.$id).toBe(one.body.entry!.$id);
    expect(await entriesOf(client.$id)).toHaveLength(1);
    expect(one.body.entry!.$id).toBe(ledgerEntryId(a.id, idempotencyKey));
    await expectBalanceAgrees(client.$id);
  });

  it('a payment goes to the oldest charges first; an overpayment is credit; a refund can’t exceed the credit; a void frees the allocations', async () => {
    const client = await clientWithCharges(['2026-09-01', '2026-09-08', '2026-09-15']);
    const [c1, c2, c3] = (await entriesOf(client.$id)).sort((x, y) => x.date.localeCompare(y.date));
    const pay = await ledger(a, { action: 'payment', clientId: client.$id, amount: 15000, method: 'check', reference: '1042', date: '2026-09-20', idempotencyKey: key() });
    expect(pay.status, pay.raw).toBe(201);
    expect(JSON.parse(pay.body.entry!.allocations!)).toEqual([{ entryId: c1!.$id, amount: 10000 }, { entryId: c2!.$id, amount: 5000 }]);
    expect(pay.body).toMatchObject({ allocated: 15000, credit: 0, balance: 15000 });
    expect(pay.body.entry).not.toHaveProperty('reference');

    const over = await ledger(a, { action: 'payment', clientId: client.$id, amount: 20000, method: 'card', date: '2026-09-21', idempotencyKey: key() });
    expect(over.body).toMatchObject({ allocated: 15000, credit: 5000, balance: -5000 });
    expect(JSON.parse(over.body.entry!.allocations!)).toEqual([{ entryId: c2!.$id, amount: 5000 }, { entryId: c3!.$id, amount: 10000 }]);

    const tooMuch = await ledger(a, { action: 'refund', clientId: client.$id, amount: 5001, method: 'cash', date: '2026-09-22', idempotencyKey: key() });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe("A refund can't be more than the client's credit of $50.00.");
    const refund = await ledger(a, { action: 'refund', clientId: client.$id, amount: 2000, method: 'cash', date: '2026-09-22', idempotencyKey: key() });
    expect(refund.status, refund.raw).toBe(201);
    expect(refund.body).toMatchObject({ credit: 3000, balance: -3000 });

    const voided = await ledger(a, { action: 'void', entryId: pay.body.entry!.$id, reason: 'Check bounced' });
    expect(voided.status, voided.raw).toBe(201);
    expect(voided.body.entry).toMatchObject({ kind: 'payment', type: 'check', amount: 15000, voidsEntryId: pay.body.entry!.$id });
    expect(voided.body.balance).toBe(12000);
    // Voiding twice answers the first reversal; a reversal can't be voided.
    const again = await ledger(a, { action: 'void', entryId: pay.body.entry!.$id, reason: 'Again' });
    expect(again.status).toBe(200);
    expect(again.body.entry!.$id).toBe(voided.body.entry!.$id);
    expect((await ledger(a, { action: 'void', entryId: voided.body.entry!.$id, reason: 'Undo' })).status).toBe(409);
    const balance = await expectBalanceAgrees(client.$id);
    // The second payment's 3,000 of credit left (5,000 less the refund) now pays toward the oldest charge.
    expect(balance).toEqual({ balance: 12000, credit: 0, openCharges: [{ entryId: c1!.$id, date: '2026-09-01', open: 7000 }, { entryId: c2!.$id, date: '2026-09-08', open: 5000 }] });
  });

  it('a refund of a payment: part of it, then the rest; never more than is left of it; one entry per key; only the payment’s own therapist', async () => {
    const client = await clientWithCharges(['2026-10-01', '2026-10-08']);
    const [c1, c2] = (await entriesOf(client.$id)).sort((x, y) => x.date.localeCompare(y.date));
    const pay = await ledger(a, { action: 'payment', clientId: client.$id, amount: 25000, method: 'check', reference: '2001', date: '2026-10-09', idempotencyKey: key() });
    expect(pay.body).toMatchObject({ allocated: 20000, credit: 5000, balance: -5000 });
    const paymentId = pay.body.entry!.$id;

    // Partial, sent twice with one key (a retry after a lost answer): one entry, answered with it.
    const partialKey = key();
    const partial = { action: 'refund', clientId: client.$id, paymentId, amount: 8000, date: '2026-10-10', idempotencyKey: partialKey };
    const first = await ledger(a, partial);
    expect(first.status, first.raw).toBe(201);
    // Its method defaults to the payment's; the credit goes first, then 3,000 of the Oct 8 charge is owed again.
    expect(first.body.entry).toMatchObject({ kind: 'refund', type: 'check', amount: 8000, refundsEntryId: paymentId });
    expect(first.body).toMatchObject({ credit: 0, balance: 3000 });
    const retry = await ledger(a, partial);
    expect(retry.status, retry.raw).toBe(200);
    expect(retry.body.entry!.$id).toBe(first.body.entry!.$id);
    expect((await entriesOf(client.$id)).filter((e) => e.kind === 'refund')).toHaveLength(1);
    expect(await expectBalanceAgrees(client.$id)).toEqual({ balance: 3000, credit: 0, openCharges: [{ entryId: c2!.$id, date: '2026-10-08', open: 3000 }] });

    // More than is left of the payment (17,000): refused with the ledger's body, nothing written.
    const over = await ledger(a, { ...partial, amount: 17001, method: 'cash', idempotencyKey: key() });
    expect(over.status, over.raw).toBe(409);
    expect(over.body).toEqual({ success: false, error: "A refund can't be more than what is left of this payment: $170.00.", field: 'amount' });
    // Another therapist can't refund it, nor name it for a client of their own.
    const theirs = await createClient(b);
    const stranger = await ledger(b, { ...partial, method: 'cash', idempotencyKey: key() });
    expect(stranger.status, stranger.raw).toBe(404);
    expect(stranger.body).toMatchObject({ success: false, error: 'This client could not be found.' });
    const planted = await ledger(b, { ...partial, clientId: theirs.$id, method: 'cash', idempotencyKey: key() });
    expect(planted.status, planted.raw).toBe(404);
    expect(planted.body).toEqual({ success: false, error: 'This payment could not be found.', field: 'paymentId' });
    expect(await entriesOf(theirs.$id)).toHaveLength(0);

    // The rest, in cash: the payment is refunded in full and both charges are owed again.
    const rest = await ledger(a, { ...partial, amount: 17000, method: 'cash', idempotencyKey: key() });
    expect(rest.status, rest.raw).toBe(201);
    expect(rest.body.entry).toMatchObject({ type: 'cash', amount: 17000, refundsEntryId: paymentId });
    expect(await expectBalanceAgrees(client.$id)).toEqual({
      balance: 20000, credit: 0, openCharges: [{ entryId: c1!.$id, date: '2026-10-01', open: 10000 }, { entryId: c2!.$id, date: '2026-10-08', open: 10000 }],
    });
    expect((await ledger(a, { ...partial, amount: 1, idempotencyKey: key() })).body.error).toBe("A refund can't be more than what is left of this payment: $0.00.");
    // A refunded payment is not voided under its refunds; a charge is not a payment to refund.
    const voidPaid = await ledger(a, { action: 'void', entryId: paymentId, reason: 'Wrong client' });
    expect(voidPaid.status, voidPaid.raw).toBe(409);
    expect(voidPaid.body.error).toBe('This payment has been refunded: void its refunds first.');
    expect((await ledger(a, { ...partial, paymentId: c1!.$id, idempotencyKey: key() })).body).toMatchObject({ error: 'This payment could not be found.', field: 'paymentId' });

    // Stored append-only, the owner can't change it.
    const stored = (await entriesOf(client.$id)).filter((e) => e.kind === 'refund');
    expect(stored.map((e) => e.$permissions)).toEqual([[Permission.read(Role.user(a.id))], [Permission.read(Role.user(a.id))]]);
    expect((await failure(a.databases.updateDocument<Doc>({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', documentId: stored[0]!.$id, data: { amount: 1 } }))).code).toBe(401);
  });

  it('refuses bad input plainly', async () => {
    const client = await createClient(a);
    const base = { action: 'payment', clientId: client.$id, amount: 100, method: 'cash', date: '2026-09-01', idempotencyKey: key() };
    expect((await ledger(a, { ...base, amount: 0 })).body).toMatchObject({ success: false, error: 'Enter an amount greater than zero.', field: 'amount' });
    expect((await ledger(a, { ...base, amount: 10.5 })).status).toBe(400);
    expect((await ledger(a, { ...base, clientId: undefined })).body.error).toBe('Choose a client.');
    expect((await ledger(a, { ...base, action: 'adjustment', type: 'discount' })).body.error).toBe('Enter a reason.');
    expect((await ledger(a, { ...base, date: '2026-02-30' })).body.field).toBe('date');
    expect((await ledger(a, { ...base, idempotencyKey: undefined })).body.field).toBe('idempotencyKey');
    expect(await entriesOf(client.$id)).toHaveLength(0);
  });
});

describe('invoices', () => {
  it('create from unbilled charges, issue, a payment to the invoice marks it paid; voiding the payment puts it back to issued', async () => {
    const client = await clientWithCharges(['2026-08-03', '2026-08-10', '2026-09-01']);
    // A double submission (same key, twice at once) makes one invoice.
    const idempotencyKey = key();
    const twice = await Promise.all([1, 2].map(() => invoices(a, { action: 'create', clientId: client.$id, from: '2026-08-01', to: '2026-08-31', idempotencyKey })));
    expect(twice.map((r) => r.status).sort(), twice.map((r) => r.raw).join()).toEqual([200, 201]);
    expect(twice[0]!.body.invoice!.$id).toBe(twice[1]!.body.invoice!.$id);
    const created = twice.find((r) => r.status === 201)!;
    const invoice = created.body.invoice!;
    expect(invoice).toMatchObject({ status: 'draft', total: 20000, periodStart: '2026-08-01', periodEnd: '2026-08-31' });
    expect(invoice.entryIds).toHaveLength(2);
    expect(invoice.number).toMatch(/^INV-\d{4}$/);
    // Those charges are billed now.
    expect((await invoices(a, { action: 'create', clientId: client.$id, from: '2026-08-01', to: '2026-08-31' })).body.error).toBe('There are no unbilled charges for this client in these dates.');

    const issued = await invoices(a, { action: 'issue', invoiceId: invoice.$id });
    expect(issued.body.invoice).toMatchObject({ status: 'issued' });
    expect(issued.body.invoice!['issueDate']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The oldest open charge (Aug 3) is on the invoice, but the payment names the invoice anyway.
    const pay = await ledger(a, { action: 'payment', clientId: client.$id, amount: 20000, method: 'card', date: '2026-09-05', invoiceId: invoice.$id, idempotencyKey: key() });
    expect(pay.status, pay.raw).toBe(201);
    const stored = () => aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: invoice.$id });
    expect((await stored())['status']).toBe('paid');
    await ledger(a, { action: 'void', entryId: pay.body.entry!.$id, reason: 'Card reversed' });
    expect((await stored())['status']).toBe('issued');

    // Void the invoice: its charges are unbilled again, its number stays taken.
    const voided = await invoices(a, { action: 'void', invoiceId: invoice.$id, reason: 'Wrong period' });
    expect(voided.body.invoice).toMatchObject({ status: 'void', number: invoice.number, voidReason: 'Wrong period' });
    const again = await invoices(a, { action: 'create', clientId: client.$id, from: '2026-08-01', to: '2026-09-30' });
    expect(again.body.invoice).toMatchObject({ total: 30000, seq: invoice.seq + 1 });
    await expectBalanceAgrees(client.$id);
  });

  it('10 parallel creates get 10 distinct, consecutive numbers', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => clientWithCharges(['2026-07-01'])));
    const answers = await Promise.all(clients.map((client) => invoices(a, { action: 'create', clientId: client.$id, from: '2026-07-01', to: '2026-07-31' })));
    for (const r of answers) expect(r.status, r.raw).toBe(201);
    const seqs = answers.map((r) => r.body.invoice!.seq).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(10);
    expect(seqs.at(-1)! - seqs[0]!).toBe(9);
    expect(new Set(answers.map((r) => r.body.invoice!.number)).size).toBe(10);
  });

  it('emails the invoice with its PDF attached; the message has no service, code or diagnosis', async () => {
    const client = await createClient(a, { firstName: 'Mara', lastName: 'Quinn', preferredName: null, addressLine1: '12 Elm St', city: 'Evanston', state: 'IL', postalCode: '60201' });
    await setStatus(a, await appointment(a, client.$id, '2026-10-12T15:00:00.000Z'), 'show', 12000);
    await until(() => entriesOf(client.$id), (l) => l.length === 1, 'the session fee');
    const created = await invoices(a, { action: 'create', clientId: client.$id, from: '2026-10-01', to: '2026-10-31' });
    const number = created.body.invoice!.number;
    const sent = await invoices(a, { action: 'email', invoiceId: created.body.invoice!.$id });
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.invoice).toMatchObject({ status: 'issued' });
    expect(sent.body.invoice!['emailedAt']).toBeTruthy();
    const [mail] = await mailFor(aw.origin, String(client['email']));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Invoice ${number} from Calm Waters Therapy`);
    expect(mail!.text).toContain('Hello Mara,');
    expect(mail!.text).toContain('Balance due: $120.00');
    for (const clinical of ['Psychotherapy', '90834', 'F41.1']) expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toContain(clinical);
    const attachments = (mail as unknown as { attachments: Array<{ filename: string; contentType: string; size: number; url: string }> }).attachments;
    expect(attachments).toEqual([expect.objectContaining({ filename: `${number}.pdf`, contentType: 'application/pdf' })]);

    // The attached PDF, read back from the dev mailbox, and the one money-documents answers.
    const attached = Buffer.from(await (await fetch(`${aw.origin}${attachments[0]!.url}`)).arrayBuffer());
    const pdf = await documents(a, { document: 'invoice', invoiceId: created.body.invoice!.$id });
    expect(pdf.body).toMatchObject({ success: true, filename: `${number}.pdf`, contentType: 'application/pdf' });
    const text = pdfText(Buffer.from(pdf.body.base64!, 'base64'));
    expect(pdfText(attached)).toBe(text);
    // The full TIN: a payer rejects a masked one (issue 37); only the screens mask it.
    for (const expected of [`Invoice ${number}`, 'Calm Waters Therapy', '200 E Randolph St', 'NPI: 1234567893', 'Tax ID (TIN): 12-3456789', 'Mara Quinn', '12 Elm St', '10/12/2026', 'Psychotherapy', '90834', '$120.00', 'Balance due: $120.00']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('•');

    const noEmail = await createClient(a, { email: null });
    await ledger(a, { action: 'charge', clientId: noEmail.$id, amount: 100, date: '2026-10-01', memo: 'Copy of records', idempotencyKey: key() });
    const draft = await invoices(a, { action: 'create', clientId: noEmail.$id, from: '2026-10-01', to: '2026-10-01' });
    expect((await invoices(a, { action: 'email', invoiceId: draft.body.invoice!.$id })).body).toMatchObject({ success: false, error: 'This client has no email address.' });
  });
});

describe('money-documents', () => {
  it('superbill: attended sessions only — place of service, CPT, units, fee, amount paid, ICD-10, DOB; never late-cancel or no-show fees', async () => {
    const client = await createClient(a, { firstName: 'Ida', lastName: 'Berg', dateOfBirth: '1988-04-02', diagnosisCodes: ['F41.1', 'F33.1'], addressLine1: '5 Pine Rd', city: 'Oak Park', state: 'IL', postalCode: '60302' });
    const office = await setStatus(a, await appointment(a, client.$id, '2026-06-02T15:00:00.000Z'), 'show', 12000);
    await setStatus(a, await appointment(a, client.$id, '2026-06-09T15:00:00.000Z', { locationType: 'telehealth', meetingLink: 'https://meet.example/x' }), 'show', 12000);
    await setStatus(a, await appointment(a, client.$id, '2026-06-16T15:00:00.000Z'), 'late_cancelled', 5000);
    await setStatus(a, await appointment(a, client.$id, '2026-06-23T15:00:00.000Z'), 'no_show', 7000);
    await until(() => entriesOf(client.$id), (l) => l.length === 4, 'four attendance charges');
    await ledger(a, { action: 'payment', clientId: client.$id, amount: 12000, method: 'card', date: '2026-06-03', idempotencyKey: key() });
    await ledger(a, { action: 'adjustment', clientId: client.$id, amount: 1000, type: 'discount', reason: 'Sliding scale', date: '2026-06-10', idempotencyKey: key() });

    const answer = await documents(a, { document: 'superbill', clientId: client.$id, from: '2026-06-01', to: '2026-06-30' });
    expect(answer.status, answer.raw).toBe(200);
    expect(answer.body.filename).toBe('superbill-2026-06-01-2026-06-30.pdf');
    const pdf = Buffer.from(answer.body.base64!, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Superbill', 'Calm Waters Therapy', 'NPI: 1234567893', 'Tax ID (TIN): 12-3456789', 'Rendering provider: Dr. Ada Lane, LCSW', 'License number: LCSW 149.012345',
      'Name: Ida Berg', 'Date of birth: 04/02/1988', 'A. F41.1 — Generalized anxiety disorder', 'B. F33.1 — Major depressive disorder, recurrent, moderate',
      'Place of service', 'CPT code', 'Diagnosis pointer', '06/02/2026', '06/09/2026', '90834', 'Total fees: $240.00', 'Total paid: $120.00', 'Provider signature',
    ]) expect(text).toContain(expected);
    const lines = text.split('\n');
    expect(lines.filter((l) => l === '11')).toHaveLength(1);
    expect(lines.filter((l) => l === '10')).toHaveLength(1);
    // Each line points at the client's diagnoses (no note names others).
    expect(lines.filter((l) => l === 'AB')).toHaveLength(2);
    for (const never of ['06/16/2026', '06/23/2026', '$50.00', '$70.00', 'No-show', 'Late cancellation']) expect(text).not.toContain(never);
    expect(office.$id).toBeTruthy();

    const statement = await documents(a, { document: 'statement', clientId: client.$id, from: '2026-06-05', to: '2026-06-30' });
    expect(statement.body.filename).toBe('statement-2026-06-05-2026-06-30.pdf');
    const s = pdfText(Buffer.from(statement.body.base64!, 'base64'));
    // Opening: the Jun 2 fee less the Jun 3 payment = 0; then 120 + 50 + 70 charged, 10 discounted.
    for (const expected of ['Statement', 'Opening balance: $0.00', 'Charges: $240.00', 'Payments: $0.00', 'Adjustments: $10.00', 'Closing balance: $230.00', 'Discount', 'No-show fee']) {
      expect(s).toContain(expected);
    }
    await expectBalanceAgrees(client.$id);
  });
});

describe('a superbill a payer accepts (issue 37)', () => {
  it('prints the insurance, the full TIN, the licence and each line’s diagnoses (its note’s), and carries the provider’s electronic signature: a record only the function writes, verifiable, nobody else’s to read', async () => {
    const client = await createClient(a, {
      firstName: 'Leo', lastName: 'Park', dateOfBirth: '2012-09-30', diagnosisCodes: ['F90.0'],
      insurancePayerName: 'Blue Cross Blue Shield of Illinois', insurancePayerId: '00621', insuranceMemberId: 'XOF123456789', insuranceGroupNumber: 'GRP-7788',
      insuranceSubscriberName: 'Mina Park', insuranceSubscriberRelation: 'child', insuranceSubscriberDob: '1980-01-15',
      secondaryInsurancePayerName: 'Aetna', secondaryInsurancePayerId: '60054', secondaryInsuranceMemberId: 'W998877',
      responsiblePartyName: 'Mina Park', responsiblePartyRelationship: 'Mother', responsiblePartyPhone: '(312) 555-0199',
    });
    const first = await setStatus(a, await appointment(a, client.$id, '2026-07-07T15:00:00.000Z'), 'show', 12000);
    await setStatus(a, await appointment(a, client.$id, '2026-07-14T15:00:00.000Z'), 'show', 12000);
    await until(() => entriesOf(client.$id), (l) => l.length === 2, 'two session charges');
    // The first session's note names a second diagnosis: that line points at both.
    await a.databases.createDocument({
      databaseId: DATABASE_ID, collectionId: 'progress_notes', documentId: ID.unique(),
      data: { userId: a.id, appointmentId: first.$id, clientId: client.$id, template: 'soap', diagnosisCodes: ['F90.0', 'Z63.5'] },
      permissions: [Permission.read(Role.user(a.id)), Permission.update(Role.user(a.id)), Permission.delete(Role.user(a.id))],
    });
    const period = { document: 'superbill', clientId: client.$id, from: '2026-07-01', to: '2026-07-31' };

    // A wrong password signs nothing.
    expect(await documents(a, { ...period, sign: true, password: 'wrong password!' })).toMatchObject({ status: 401, body: { success: false, error: 'The password is incorrect.' } });
    expect((await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'document_signatures', queries: [Query.equal('clientId', client.$id)] })).total).toBe(0);

    const signed = await documents(a, { ...period, sign: true, password: 'correct horse battery' });
    expect(signed.status, signed.raw).toBe(200);
    const signatureId = String((signed.body as unknown as Record<string, unknown>)['signatureId']);
    const text = pdfText(Buffer.from(signed.body.base64!, 'base64'));
    for (const expected of [
      'Tax ID (TIN): 12-3456789', 'NPI: 1234567893', 'License number: LCSW 149.012345', 'Rendering provider: Dr. Ada Lane, LCSW',
      'Responsible party: Mina Park, Mother, (312) 555-0199',
      'Primary insurance', 'Payer: Blue Cross Blue Shield of Illinois', 'Payer ID: 00621', 'Member ID: XOF123456789', 'Group number: GRP-7788',
      'Subscriber: Mina Park', 'Subscriber’s relationship to the client: child', 'Subscriber’s date of birth: 01/15/1980',
      'Secondary insurance', 'Payer: Aetna', 'Payer ID: 60054', 'Member ID: W998877',
      'A. F90.0 — Attention-deficit hyperactivity disorder, predominantly inattentive type', 'B. Z63.5 — Disruption of family by separation and divorce',
      'Electronically signed by Dr. Ada Lane, LCSW, license LCSW 149.012345 on ', `Signature ${signatureId}`,
    ]) expect(text).toContain(expected);
    expect(text).not.toContain('Provider signature: ____');
    const lines = text.split('\n');
    expect(lines).toContain('AB');
    expect(lines).toContain('A');

    // The record: written by the function alone, read-only for its owner, holding the content's hash.
    const ref = { databaseId: DATABASE_ID, collectionId: 'document_signatures', documentId: signatureId };
    const signature = await a.databases.getDocument(ref);
    expect(signature).toMatchObject({
      userId: a.id, documentType: 'superbill', clientId: client.$id, periodStart: '2026-07-01', periodEnd: '2026-07-31', signerName: 'Dr. Ada Lane', signerCredentials: 'LCSW',
      signerLicense: 'LCSW 149.012345', $permissions: [Permission.read(Role.user(a.id))],
    });
    expect(text).toContain(String(signature['contentHash']));
    expect(await failure(a.databases.updateDocument<Doc>({ ...ref, data: { contentHash: '0'.repeat(64) } }))).toMatchObject({ code: 401 });
    expect(await failure(a.databases.deleteDocument(ref))).toMatchObject({ code: 401 });
    const forged = { userId: a.id, documentType: 'superbill', clientId: client.$id, periodStart: '2026-07-01', periodEnd: '2026-07-31', contentHash: '0'.repeat(64), signedAt: new Date().toISOString() };
    expect(await failure(a.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'document_signatures', documentId: ID.unique(), data: forged }))).toMatchObject({ code: 401 });
    expect(await failure(b.databases.getDocument(ref))).toMatchObject({ code: 404 });
    expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'document_signatures', queries: [Query.equal('userId', a.id)] })).total).toBe(0);
    expect((await documents(b, { document: 'verify-superbill', signatureId })).status).toBe(404);

    // Verifiable: the superbill drawn now has the signed content, until a record it prints changes.
    expect((await documents(a, { document: 'verify-superbill', signatureId })).body).toMatchObject({ success: true, verified: true, signature: { contentHash: signature['contentHash'] } });
    await a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'clients', documentId: client.$id, data: { insuranceMemberId: 'XOF000000000' } });
    expect((await documents(a, { document: 'verify-superbill', signatureId })).body).toMatchObject({ success: true, verified: false });
  });
});

describe('another therapist, and the owner, through the SDKs', () => {
  it('entries, balances and invoices are immutable for their owner and invisible to anyone else; the functions answer 404 for someone else’s client', async () => {
    const client = await clientWithCharges(['2026-05-04']);
    const pay = await ledger(a, { action: 'payment', clientId: client.$id, amount: 5000, method: 'cash', date: '2026-05-05', idempotencyKey: key() });
    const invoice = (await invoices(a, { action: 'create', clientId: client.$id, from: '2026-05-01', to: '2026-05-31' })).body.invoice!;
    const refs = [
      { databaseId: DATABASE_ID, collectionId: 'ledger_entries', documentId: pay.body.entry!.$id },
      { databaseId: DATABASE_ID, collectionId: 'client_balances', documentId: client.$id },
      { databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: invoice.$id },
    ];
    for (const ref of refs) {
      expect((await a.databases.getDocument(ref)).$id).toBe(ref.documentId);
      expect((await a.databases.getDocument(ref)).$permissions).toEqual([Permission.read(Role.user(a.id))]);
      expect(await failure(a.databases.updateDocument<Doc>({ ...ref, data: { currency: 'EUR' } }))).toMatchObject({ code: 401 });
      expect(await failure(a.databases.updateDocument({ ...ref, data: {}, permissions: [Permission.update(Role.user(a.id))] }))).toMatchObject({ code: 401 });
      expect(await failure(a.databases.deleteDocument(ref))).toMatchObject({ code: 401 });
      expect(await failure(b.databases.getDocument(ref))).toMatchObject({ code: 404 });
      expect(await failure(b.databases.updateDocument<Doc>({ ...ref, data: { currency: 'EUR' } }))).toMatchObject({ code: 404 });
      expect(await failure(b.databases.deleteDocument(ref))).toMatchObject({ code: 404 });
      expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: ref.collectionId, queries: [Query.equal('userId', a.id)] })).total).toBe(0);
    }
    // Nobody adds an entry through the SDK, not even the owner.
    const planted = { userId: a.id, clientId: client.$id, kind: 'payment', type: 'cash', amount: -99999, currency: 'USD', date: '2026-05-06' };
    expect(await failure(a.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', documentId: ID.unique(), data: planted }))).toMatchObject({ code: 401 });
    expect(await failure(b.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'ledger_entries', documentId: ID.unique(), data: planted }))).toMatchObject({ code: 401 });

    // The functions act only on the caller's own clients, invoices and entries.
    const notFound = { success: false, error: 'This client could not be found.' };
    expect((await ledger(b, { action: 'payment', clientId: client.$id, amount: 100, method: 'cash', date: '2026-05-06', idempotencyKey: key() }))).toMatchObject({ status: 404, body: notFound });
    expect((await ledger(b, { action: 'charge', clientId: client.$id, amount: 100, date: '2026-05-06', memo: 'x', idempotencyKey: key() })).status).toBe(404);
    expect((await ledger(b, { action: 'void', entryId: pay.body.entry!.$id, reason: 'x' })).status).toBe(404);
    expect((await invoices(b, { action: 'create', clientId: client.$id, from: '2026-05-01', to: '2026-05-31' })).status).toBe(404);
    expect((await invoices(b, { action: 'void', invoiceId: invoice.$id, reason: 'x' })).status).toBe(404);
    expect((await invoices(b, { action: 'email', invoiceId: invoice.$id })).status).toBe(404);
    expect((await documents(b, { document: 'invoice', invoiceId: invoice.$id })).status).toBe(404);
    expect((await documents(b, { document: 'superbill', clientId: client.$id, from: '2026-01-01', to: '2026-12-31' })).status).toBe(404);
    expect((await documents(b, { document: 'statement', clientId: client.$id, from: '2026-01-01', to: '2026-12-31' })).status).toBe(404);
    expect(await entriesOf(client.$id)).toHaveLength(2);
    await expectBalanceAgrees(client.$id);
  });
});
