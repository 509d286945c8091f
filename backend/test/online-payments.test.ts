// Issue 33, contract tests: Stripe Connect for a practice (stripe-connect), paying in the portal through
// hosted Checkout on the practice's own account (portal-pay), and the Connect webhook turning each
// payment into ONE ledger entry (stripe-connect-webhook). Real executions in the local Appwrite, the
// local Stripe driven through its hosted pages and the `stripe` SDK; what was written is read back with
// the API key, and what Stripe stored is read from the emulator's own database for the no-PHI check.
import * as server from 'node-appwrite';
import { Query } from 'node-appwrite';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@cadence/stripe-emulator/testing';
import { APP_ORIGINS, DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { card, formAction, submitForm } from './support/billing-stripe.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { createClient, createPractice, mailFor, type Doc } from './support/practice-fixtures.ts';
import { until } from './support/until.ts';

const CONNECT_SECRET = 'whsec_connect_test';
const APP = APP_ORIGINS[0] ?? 'http://localhost:3000';

interface Status { success: boolean; error?: string; connected: boolean; accountId: string | null; detailsSubmitted: boolean; chargesEnabled: boolean; payoutsEnabled: boolean; requirementsDue: string[]; url?: string; message?: string }
interface Summary { success: boolean; error?: string; field?: string; online: boolean; balance: number; invoices: Array<{ id: string; number: string; open: number }>; url?: string; state?: string }

let aw: LocalAppwrite;
let stripeServer: TestServer;
let stripe: Stripe;
let a: SignedInUser;
let b: SignedInUser;
let clientRecord: Doc;
let payer: PortalClient;
let invoice: { $id: string; number: string; total: number };

interface CardAnswer { success: boolean; error?: string; field?: string; needsAuthentication?: boolean; sent?: boolean; url?: string; entry?: { $id: string; amount: number }; cards?: Array<{ id: string; label: string }> }

const connect = (user: SignedInUser, body: Record<string, unknown>) => execute<Status>(user.functions, 'stripe-connect', body);
const office = (user: SignedInUser, body: Record<string, unknown>) => execute<CardAnswer>(user.functions, 'card-payments', { clientId: clientRecord.$id, ...body });
const pay = (who: PortalClient | SignedInUser, body: Record<string, unknown>) => execute<Summary>(who.functions, 'portal-pay', { practiceId: a.id, clientId: clientRecord.$id, ...body });
const key = () => crypto.randomUUID();

const payments = async (): Promise<server.Models.DefaultDocument[]> => (await aw.databases.listDocuments({
  databaseId: DATABASE_ID, collectionId: 'ledger_entries', queries: [Query.equal('clientId', clientRecord.$id), Query.equal('kind', ['payment', 'refund']), Query.limit(100)],
})).documents;

/** Connects the therapist's practice through the hosted onboarding (as the browser does). */
async function onboard(user: SignedInUser, name: string): Promise<string> {
  const started = await connect(user, { action: 'connect', returnUrl: `${APP}/dashboard/practice?stripe=return`, refreshUrl: `${APP}/dashboard/practice?stripe=refresh` });
  expect(started.body).toMatchObject({ success: true });
  const done = await fetch(String(started.body.url), { method: 'POST', body: new URLSearchParams({ business_name: name, action: 'submit' }), redirect: 'manual' });
  expect(done.headers.get('location')).toBe(`${APP}/dashboard/practice?stripe=return`);
  return String((await connect(user, { action: 'status' })).body.accountId);
}

/** Pays a portal Checkout URL with a card through the hosted page; answers where it redirected. */
async function payAt(url: string, number: string): Promise<{ status: number; location: string | null; text: string }> {
  return submitForm(await formAction(url, ''), { email: 'payer@example.com', ...card(number) });
}

beforeAll(async () => {
  aw = await startAppwrite();
  stripeServer = await startTestServer({ env: { STRIPE_CONNECT_WEBHOOK_URL: `${aw.origin}/_functions/stripe-connect-webhook`, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET } });
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: stripeServer.port, protocol: 'http', maxNetworkRetries: 0 });
  const vars = {
    ALLOWED_RETURN_ORIGINS: APP_ORIGINS.join(','), STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripeServer.port), STRIPE_API_PROTOCOL: 'http',
  };
  process.env.FUNCTION_VARS_STRIPE_CONNECT = JSON.stringify(vars);
  process.env.FUNCTION_VARS_PORTAL_PAY = JSON.stringify(vars);
  const mail = { APP_ORIGIN: APP, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <payments@cadence.test>' };
  process.env.FUNCTION_VARS_STRIPE_CONNECT_WEBHOOK = JSON.stringify({ ...vars, ...mail, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET });
  process.env.FUNCTION_VARS_CARD_PAYMENTS = JSON.stringify({ ...vars, ...mail });
  process.env.FUNCTION_VARS_PORTAL_DOCUMENTS = JSON.stringify(mail);
  portalFunctionVars(aw);
  a = await signedInUser(aw, 'connect-a');
  b = await signedInUser(aw, 'connect-b');
  await createPractice(a, { practiceName: 'Calm Waters Therapy' });
  await createPractice(b, { practiceName: 'Harbor Counseling' });
  clientRecord = await createClient(a);
  for (const date of ['2026-11-02', '2026-11-09']) {
    const charged = await execute<{ success: boolean }>(a.functions, 'ledger', { action: 'charge', clientId: clientRecord.$id, amount: 12000, date, memo: 'Psychotherapy 90834 F41.1', idempotencyKey: key() });
    expect(charged.body?.success, `${charged.status} ${charged.raw}`).toBe(true);
  }
  const made = await execute<{ invoice: { $id: string; number: string; total: number } }>(a.functions, 'invoices', { action: 'create', clientId: clientRecord.$id, from: '2026-11-01', to: '2026-11-30', idempotencyKey: key() });
  invoice = made.body.invoice;
  await execute(a.functions, 'invoices', { action: 'issue', invoiceId: invoice.$id });
  payer = await invitedClient(aw, a, clientRecord.$id, String(clientRecord['email']));
}, 120_000);

afterAll(async () => {
  await stripeServer?.close();
  await aw?.close();
});

describe('Practice → Payments: Connect Stripe', () => {
  it('makes a Standard account for the practice, onboards it through the hosted page, shows its status, and disconnects', async () => {
    expect((await connect(a, { action: 'status' })).body).toMatchObject({ success: true, connected: false });
    const started = await connect(a, { action: 'connect', returnUrl: `${APP}/dashboard/practice`, refreshUrl: `${APP}/dashboard/practice` });
    const account = (await connect(a, { action: 'status' })).body;
    expect(account).toMatchObject({ connected: true, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false });
    expect(account.requirementsDue.length).toBeGreaterThan(0);
    // The id is on the practice's settings; the secret key never left the function.
    const settings = (await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'practice_settings', queries: [Query.equal('userId', a.id)] })).documents[0];
    expect(settings?.['stripeAccountId']).toBe(account.accountId);
    expect(JSON.stringify(started.body)).not.toContain('sk_test');

    expect((await connect(a, { action: 'connect', returnUrl: 'https://evil.example/x', refreshUrl: `${APP}/x` })).status).toBe(400);
    const accountId = await onboard(a, 'Calm Waters Therapy');
    expect(accountId).toBe(account.accountId);
    expect((await connect(a, { action: 'status' })).body).toMatchObject({ connected: true, detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirementsDue: [] });

    const off = await connect(a, { action: 'disconnect' });
    expect(off.body).toMatchObject({ success: true, connected: false });
    expect(off.body.message).toMatch(/Online payments are off/);
    expect((await pay(payer, { action: 'summary' })).body.online).toBe(false);
    expect((await pay(payer, { action: 'checkout', what: 'balance', successUrl: `${APP}/portal`, cancelUrl: `${APP}/portal` })).status).toBe(409);
    // Connecting again finds the same account, already onboarded.
    expect(await onboard(a, 'Calm Waters Therapy')).toBe(accountId);
  });

  it("an account id copied into another practice's settings reaches nothing", async () => {
    const { accountId } = (await connect(a, { action: 'status' })).body;
    const practiceB = (await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'practice_settings', queries: [] })).documents[0];
    if (!practiceB) throw new Error('no practice B');
    await b.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'practice_settings', documentId: practiceB.$id, data: { stripeAccountId: accountId } });
    expect((await connect(b, { action: 'status' })).body.connected).toBe(false);
  });
});

describe('Paying in the portal', () => {
  it('refuses amounts under $1 or over the balance, and anyone not linked to the client', async () => {
    const summary = (await pay(payer, { action: 'summary' })).body;
    expect(summary).toMatchObject({ success: true, online: true, balance: 24000 });
    expect(summary.invoices).toEqual([expect.objectContaining({ id: invoice.$id, number: invoice.number, open: 24000 })]);
    const urls = { successUrl: `${APP}/portal`, cancelUrl: `${APP}/portal` };
    expect((await pay(payer, { action: 'checkout', what: 'amount', amount: 99, ...urls })).body).toMatchObject({ success: false, error: 'Enter at least $1.00.', field: 'amount' });
    expect((await pay(payer, { action: 'checkout', what: 'amount', amount: 24001, ...urls })).body).toMatchObject({ success: false, error: 'Enter no more than what you owe.' });
    expect((await pay(b, { action: 'summary' })).status).toBe(404);
    expect((await pay(a, { action: 'summary' })).status).toBe(404);
  });

  it('a partial payment with a saved card becomes ONE card payment entry (brand, last four), also when the event is duplicated and replayed', async () => {
    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duplicate: true, reorder: true }) });
    const started = await pay(payer, { action: 'checkout', what: 'amount', amount: 5000, saveCard: true, successUrl: `${APP}/portal?x=1`, cancelUrl: `${APP}/portal` });
    expect(started.body.success).toBe(true);
    const paid = await payAt(String(started.body.url), '4242424242424242');
    const sessionId = new URL(String(paid.location)).searchParams.get('paid');
    expect(sessionId).toMatch(/^cs_test_/);
    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duplicate: false, reorder: false }) });

    const entries = await until(payments, (list) => list.length >= 1, 'the payment entry');
    await new Promise((r) => setTimeout(r, 1000));
    const all = await payments();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'payment', type: 'card', amount: -5000, reference: 'Visa •••• 4242', memo: 'Paid online' });
    expect(entries[0]?.$id).toBe(all[0]?.$id);
    expect((await pay(payer, { action: 'status', sessionId })).body.state).toBe('recorded');
    expect((await pay(payer, { action: 'summary' })).body.balance).toBe(19000);

    // Replayed by hand: every delivered event again, byte for byte, with a fresh valid signature.
    const { accountId } = (await connect(a, { action: 'status' })).body;
    const events = await stripe.events.list({ limit: 100 }, { stripeAccount: String(accountId) });
    for (const event of events.data.filter((e) => e.type === 'checkout.session.completed' || e.type === 'payment_intent.succeeded')) {
      const payload = JSON.stringify(event, null, 2);
      const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET });
      const res = await fetch(`${aw.origin}/_functions/stripe-connect-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
      expect(res.status).toBe(200);
    }
    expect(await payments()).toHaveLength(1);
    // The card was saved on the practice's account for this client.
    const customers = await stripe.customers.search({ query: `metadata['cadenceClientId']:'${clientRecord.$id}'` }, { stripeAccount: String(accountId) });
    expect((await stripe.customers.listPaymentMethods(String(customers.data[0]?.id), {}, { stripeAccount: String(accountId) })).data).toHaveLength(1);
  });

  it('a forged event (wrong secret, or a real one for an account that is not the practice\'s) records nothing', async () => {
    const before = (await payments()).length;
    const { accountId } = (await connect(a, { action: 'status' })).body;
    const [event] = (await stripe.events.list({ limit: 100, type: 'payment_intent.succeeded' }, { stripeAccount: String(accountId) })).data;
    const payload = JSON.stringify({ ...event, id: 'evt_forged1' });
    const wrong = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_attacker' });
    const res = await fetch(`${aw.origin}/_functions/stripe-connect-webhook`, { method: 'POST', headers: { 'stripe-signature': wrong }, body: payload });
    expect(res.status).toBe(401);
    const otherAccount = JSON.stringify({ ...event, id: 'evt_forged2', account: 'acct_someoneelse00' });
    const signed = stripe.webhooks.generateTestHeaderString({ payload: otherAccount, secret: CONNECT_SECRET });
    await fetch(`${aw.origin}/_functions/stripe-connect-webhook`, { method: 'POST', headers: { 'stripe-signature': signed }, body: otherAccount });
    expect(await payments()).toHaveLength(before);
  });

  it('pays a whole invoice, which the ledger marks paid; a late webhook shows "processing" until it lands', async () => {
    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drop: true }) });
    const left = (await pay(payer, { action: 'summary' })).body.invoices[0];
    expect(left?.open).toBe(19000);
    const started = await pay(payer, { action: 'checkout', what: 'invoice', invoiceId: invoice.$id, successUrl: `${APP}/portal`, cancelUrl: `${APP}/portal` });
    const paid = await payAt(String(started.body.url), '5555555555554444');
    const sessionId = new URL(String(paid.location)).searchParams.get('paid');
    expect((await pay(payer, { action: 'status', sessionId })).body.state).toBe('processing');
    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ drop: false }) });
    // Stripe sends it again (here: the stored event, replayed as a retry would).
    const { accountId } = (await connect(a, { action: 'status' })).body;
    const completed = (await stripe.events.list({ limit: 10, type: 'checkout.session.completed' }, { stripeAccount: String(accountId) })).data
      .find((e) => (e.data.object as Stripe.Checkout.Session).id === sessionId);
    const payload = JSON.stringify(completed, null, 2);
    await fetch(`${aw.origin}/_functions/stripe-connect-webhook`, { method: 'POST', headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET }) }, body: payload });
    expect((await pay(payer, { action: 'status', sessionId })).body.state).toBe('recorded');
    const stored = await aw.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'client_invoices', documentId: invoice.$id });
    expect(stored['status']).toBe('paid');
    expect((await payments()).find((e) => e['amount'] === -19000)).toMatchObject({ reference: 'Mastercard •••• 4444', invoiceId: invoice.$id });
  });

  it('a refund in the Stripe dashboard arrives by webhook as a refund entry of that payment', async () => {
    const { accountId } = (await connect(a, { action: 'status' })).body;
    const first = (await payments()).find((e) => e['amount'] === -5000);
    const [pi] = (await stripe.paymentIntents.list({ limit: 100 }, { stripeAccount: String(accountId) })).data.filter((p) => p.amount === 5000);
    await stripe.refunds.create({ payment_intent: String(pi?.id), amount: 2000 }, { stripeAccount: String(accountId) });
    const refunds = await until(async () => (await payments()).filter((e) => e['kind'] === 'refund'), (list) => list.length === 1, 'the refund entry');
    expect(refunds[0]).toMatchObject({ amount: 2000, type: 'card', refundsEntryId: first?.$id });
  });
});

describe('Refunds, office charges, receipts and disputes (card-payments)', () => {
  const accountOf = async () => String((await connect(a, { action: 'status' })).body.accountId);
  const refundsOf = async (paymentId: string) => (await payments()).filter((e) => e['kind'] === 'refund' && e['refundsEntryId'] === paymentId);
  const replay = async (types: string[]) => {
    const events = await stripe.events.list({ limit: 100 }, { stripeAccount: await accountOf() });
    for (const event of events.data.filter((e) => types.includes(e.type))) {
      const payload = JSON.stringify(event, null, 2);
      const res = await fetch(`${aw.origin}/_functions/stripe-connect-webhook`, { method: 'POST', headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET }) }, body: payload });
      expect(res.status).toBe(200);
    }
  };

  it("refunds a card payment from Cadence: more than is left is refused with Stripe's error, a part then the rest, one entry each, also when the events are replayed", async () => {
    const payment = (await payments()).find((e) => e['amount'] === -5000);
    if (!payment) throw new Error('no card payment');
    const piId = String(payment['paymentIntentId']);
    expect(piId).toMatch(/^pi_/);
    // Stripe's own answer to an over-refund (the dashboard's 2000 left 3000).
    const refused = await stripe.refunds.create({ payment_intent: piId, amount: 3001 }, { stripeAccount: await accountOf() }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: 'amount_too_large', param: 'amount', message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)' });
    const over = await office(a, { action: 'refund', entryId: payment.$id, amount: 3001, idempotencyKey: key() });
    expect(over).toMatchObject({ status: 400, body: { success: false, field: 'amount', error: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)' } });
    // Money paid by card goes back by card: the paper refund is refused; another practice reaches nothing.
    const paper = await execute<CardAnswer>(a.functions, 'ledger', { action: 'refund', clientId: clientRecord.$id, paymentId: payment.$id, amount: 100, date: '2026-11-20', idempotencyKey: key() });
    expect(paper.status).toBe(409);
    expect((await office(b, { action: 'refund', entryId: payment.$id, amount: 100, idempotencyKey: key() })).status).toBe(404);

    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duplicate: true }) });
    const partKey = key();
    const part = await office(a, { action: 'refund', entryId: payment.$id, amount: 1000, idempotencyKey: partKey });
    // 201 when the function wrote it, 200 when the webhook (delivered meanwhile) was first: one entry either way.
    expect(part.body).toMatchObject({ success: true, entry: { amount: 1000 } });
    expect([200, 201]).toContain(part.status);
    // The same click again: Stripe's idempotency gives the same refund, the ledger the same entry.
    expect((await office(a, { action: 'refund', entryId: payment.$id, amount: 1000, idempotencyKey: partKey })).body.entry?.$id).toBe(part.body.entry?.$id);
    const rest = await office(a, { action: 'refund', entryId: payment.$id, amount: 2000, idempotencyKey: key() });
    expect(rest.body).toMatchObject({ success: true, entry: { amount: 2000 } });
    await fetch(`${stripeServer.origin}/_dev/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ duplicate: false }) });
    await replay(['charge.refunded', 'refund.created']);
    expect((await refundsOf(payment.$id)).map((e) => e['amount']).sort()).toEqual([1000, 2000, 2000]);
    const done = await office(a, { action: 'refund', entryId: payment.$id, amount: 100, idempotencyKey: key() });
    expect(done.body).toMatchObject({ success: false, error: expect.stringMatching(/has already been refunded/) });
  });

  it('charges a saved card in the office; a declined card says why and records nothing; a card that needs the client gets a pay link mailed', async () => {
    const account = await accountOf();
    const saved = await office(a, { action: 'cards' });
    expect(saved.body.cards).toEqual([expect.objectContaining({ label: 'Visa •••• 4242' })]);
    expect((await office(b, { action: 'cards' })).status).toBe(404);
    const before = (await payments()).length;
    const charged = await office(a, { action: 'charge', paymentMethodId: saved.body.cards?.[0]?.id, amount: 3000, idempotencyKey: key() });
    expect(charged.body.success).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const after = await payments();
    expect(after).toHaveLength(before + 1);
    expect(after.find((e) => e.$id === charged.body.entry?.$id)).toMatchObject({ amount: -3000, type: 'card', memo: 'Charged in the office', reference: 'Visa •••• 4242' });

    const [customer] = (await stripe.customers.search({ query: `metadata['cadenceClientId']:'${clientRecord.$id}'` }, { stripeAccount: account })).data;
    const declining = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: String(customer?.id) }, { stripeAccount: account });
    const declined = await office(a, { action: 'charge', paymentMethodId: declining.id, amount: 3000, idempotencyKey: key() });
    expect(declined).toMatchObject({ status: 402, body: { success: false, error: 'The card was declined by the client’s bank. Ask the client for another card or another way to pay.' } });
    const asking = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: String(customer?.id) }, { stripeAccount: account });
    const needs = await office(a, { action: 'charge', paymentMethodId: asking.id, amount: 3000, idempotencyKey: key() });
    expect(needs).toMatchObject({ status: 402, body: { success: false, needsAuthentication: true } });
    expect(await payments()).toHaveLength(before + 1);
    // Another client's card, or none: nothing.
    expect((await office(a, { action: 'charge', paymentMethodId: 'pm_nothere', amount: 3000, idempotencyKey: key() })).status).toBe(404);

    expect((await office(a, { action: 'payLink' })).body).toMatchObject({ success: true, sent: true });
    const [mail] = await mailFor(aw.origin, String(clientRecord['email']));
    expect(mail).toMatchObject({ subject: 'Complete your payment to Calm Waters Therapy' });
    expect(mail?.text).toContain(`${APP}/portal`);
  });

  it('a Checkout link for the office (the QR code) is mailed naming the practice only, and paid through it is one payment', async () => {
    const link = await office(a, { action: 'link', amount: 2500, email: true });
    expect(link.body).toMatchObject({ success: true, sent: true });
    const [mail] = await mailFor(aw.origin, String(clientRecord['email']));
    expect(mail).toMatchObject({ subject: 'Pay Calm Waters Therapy by card' });
    expect(mail?.text).toContain(String(link.body.url));
    expect((await office(b, { action: 'link', amount: 2500 })).status).toBe(404);
    const before = (await payments()).length;
    await payAt(String(link.body.url), '4242424242424242');
    const after = await until(payments, (list) => list.length > before, 'the linked payment');
    expect(after.find((e) => e['amount'] === -2500)).toMatchObject({ type: 'card', memo: 'Paid online' });
  });

  it('each card payment has a receipt in the portal (a PDF) and a mail "Your receipt from …" with a sign-in link', async () => {
    const cardPayments = (await payments()).filter((e) => e['kind'] === 'payment' && e['type'] === 'card');
    const receipts = (await payer.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'portal_documents', queries: [Query.equal('kind', 'receipt')] })).documents;
    expect(receipts.map((r) => r['refId']).sort()).toEqual(cardPayments.map((e) => e.$id).sort());
    const pdf = await execute<{ success: boolean; filename: string; base64: string }>(payer.functions, 'portal-documents', { documentId: receipts[0]?.$id });
    expect(pdf.body.success).toBe(true);
    expect(Buffer.from(pdf.body.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await execute(b.functions, 'portal-documents', { documentId: receipts[0]?.$id })).status).toBe(404);
    const mails = (await mailFor(aw.origin, String(clientRecord['email']))).filter((m) => m.subject === 'Your receipt from Calm Waters Therapy');
    expect(mails).toHaveLength(cardPayments.length);
    expect(mails[0]?.text).toContain(`${APP}/portal/documents`);
    for (const phi of ['$', '90834', 'Psychotherapy', String(clientRecord['firstName'])]) expect(mails[0]?.text).not.toContain(phi);
  });

  it('a dispute made in Stripe arrives: the payment is disputed, the therapist told once, its closing recorded, and it cannot be refunded', async () => {
    const account = await accountOf();
    await execute(a.functions, 'ledger', { action: 'charge', clientId: clientRecord.$id, amount: 12000, date: '2026-11-16', memo: 'Session', idempotencyKey: key() });
    const started = await pay(payer, { action: 'checkout', what: 'amount', amount: 1000, successUrl: `${APP}/portal`, cancelUrl: `${APP}/portal` });
    await payAt(String(started.body.url), '4000000000000259');
    const disputes = () => a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'card_disputes', queries: [] }).then((r) => r.documents);
    const [dispute] = await until(disputes, (list) => list.length === 1, 'the dispute');
    const payment = (await payments()).find((e) => e.$id === dispute?.['paymentEntryId']);
    expect(payment).toMatchObject({ amount: -1000 });
    expect(dispute).toMatchObject({ status: 'needs_response', amount: 1000, clientId: clientRecord.$id });
    await replay(['charge.dispute.created']);
    const notices = async () => (await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('type', 'card_dispute')] })).documents;
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]?.['message']).toMatch(/^The card payment of \$10\.00 on \d\d\/\d\d\/\d{4} is disputed/);
    expect(JSON.stringify(told)).not.toContain(String(clientRecord['firstName']));
    expect(await disputes()).toHaveLength(1);
    expect((await b.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'card_disputes', queries: [] })).total).toBe(0);
    expect((await payer.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'card_disputes', queries: [] })).total).toBe(0);

    const refused = await office(a, { action: 'refund', entryId: String(payment?.$id), amount: 100, idempotencyKey: key() });
    expect(refused.body.error).toMatch(/has been charged back; cannot issue a refund/);
    await stripe.disputes.close(String(dispute?.['disputeId']), {}, { stripeAccount: account });
    await until(disputes, (list) => list[0]?.['status'] === 'lost', 'the closed dispute');
    expect(await notices()).toHaveLength(1);
  });
});

describe('No health information in Stripe', () => {
  it('nothing about health reaches Stripe: every object the emulator stored has generic words and Cadence ids only', async () => {
    const rows = ((await (await fetch(`${stripeServer.origin}/_dev/objects`)).json()) as { data: Array<Record<string, unknown>> }).data;
    expect(rows.length).toBeGreaterThan(10);
    const text = JSON.stringify(rows);
    // As a word: Stripe's random ids ("evt_…DDhDoeYF…") may hold "Doe" by chance.
    const word = (phi: string) => new RegExp(`(^|[^A-Za-z0-9])${phi.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`);
    for (const phi of ['90834', 'F41.1', 'Psychotherapy', 'panic', String(clientRecord['firstName']), String(clientRecord['lastName']), String(clientRecord['email']), 'Janie']) {
      expect(text).not.toMatch(word(phi));
    }
    const allowed = ['cadencePracticeId', 'cadenceClientId', 'cadenceInvoiceId', 'cadenceCardTerms', 'cadenceChannel'];
    for (const row of rows) expect(allowed).toEqual(expect.arrayContaining(Object.keys((row.metadata as Record<string, string> | undefined) ?? {})));
    // The practice's own objects (the platform's seeded "Cadence" plan is not a payment).
    const descriptions = rows.filter((o) => o._account && (o.object === 'payment_intent' || o.object === 'product')).map((o) => String(o.object === 'product' ? o.name : o.description));
    expect(descriptions.length).toBeGreaterThanOrEqual(4);
    for (const d of descriptions) expect(d).toMatch(/^Calm Waters Therapy — (Invoice INV-\S+|Session payment)$/);
  });
});
