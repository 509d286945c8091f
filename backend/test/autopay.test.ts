// Issue 33 "AutoPay", contract tests: turning AutoPay on and off (autopay), the nightly run
// (autopay-nightly, lib/autopay-run.js) and the Connect webhook's ledger entries, through real
// executions in the local Appwrite and the local Stripe driven by the `stripe` SDK. The run is given
// its `now` (the Stripe emulator's clock in the e2e suite): the practice is in New York, so 05:30Z
// is 00:30 there, inside the midnight-to-2-am window.
import * as server from 'node-appwrite';
import { Query } from 'node-appwrite';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@cadence/stripe-emulator/testing';
import { runAutopay } from '../functions/lib/autopay-run.js';
import { AUTOPAY_TERMS_VERSION } from '../functions/lib/autopay.js';
import { collectionsFromEnv } from '../functions/lib/collections.js';
import { APP_ORIGINS, DATABASE_ID, execute, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { card, formAction, submitForm } from './support/billing-stripe.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { createAppointment, createClient, createPractice, createService, mailFor, type Doc } from './support/practice-fixtures.ts';
import { until } from './support/until.ts';

const CONNECT_SECRET = 'whsec_connect_autopay';
const APP = APP_ORIGINS[0] ?? 'http://localhost:3000';
/** Nights in New York (UTC−5 in December). */
const NIGHT1 = '2026-12-02T05:30:00.000Z';
const at = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

interface Summary {
  success: boolean; error?: string; field?: string; online: boolean; enabled: boolean; card: string | null; cards: Array<{ id: string; label: string }>;
  termsVersion: string; consentBy: string | null; consent?: string | null; allowInsurance: boolean; usesInsurance: boolean; attentionReason: string | null;
  upcoming: Array<{ date: string; amount: number; kind: string }>;
}
interface Report { success: boolean; charged: number; amount: number; failed: number; actionRequired: number; skipped: Record<string, number>; summaries: number; errors: number }

let aw: LocalAppwrite;
let stripeServer: TestServer;
let stripe: Stripe;
let a: SignedInUser;
let b: SignedInUser;
let account: string;
let service: Doc;
const clients: Record<string, Doc> = {};
let payer: PortalClient;
let otherPayer: PortalClient;

const key = () => crypto.randomUUID();
const autopay = (who: PortalClient | SignedInUser, body: Record<string, unknown>) => execute<Summary>(who.functions, 'autopay', body);
const asClient = (who: PortalClient, clientId: string, body: Record<string, unknown>) => autopay(who, { practiceId: a.id, clientId, ...body });
const night = async (now: string) => {
  const run = await execute<Report>(aw.functions, 'autopay-nightly', { now });
  expect(run.status, run.raw).toBe(200);
  return run.body;
};

const cardPayments = async (clientId: string) => (await aw.databases.listDocuments({
  databaseId: DATABASE_ID, collectionId: 'ledger_entries', queries: [Query.equal('clientId', clientId), Query.equal('kind', 'payment'), Query.limit(100)],
})).documents;
const intentsOf = async (clientId: string) => (await stripe.paymentIntents.list({ limit: 100 }, { stripeAccount: account })).data
  .filter((pi) => pi.metadata['cadenceClientId'] === clientId && pi.status === 'succeeded');
const attempts = async (clientId: string) => (await aw.databases.listDocuments({
  databaseId: DATABASE_ID, collectionId: 'autopay_charges', queries: [Query.equal('clientId', clientId), Query.orderDesc('attemptedAt'), Query.limit(10)],
})).documents;

/** A session charge dated `date`, recorded as the ledger function does. */
async function charge(clientId: string, date: string, amount = 12000) {
  const made = await execute<{ success: boolean }>(a.functions, 'ledger', { action: 'charge', clientId, amount, date, memo: 'Psychotherapy 90834 F41.1', idempotencyKey: key() });
  expect(made.body?.success, made.raw).toBe(true);
}

/** A card saved earlier for this client on the practice's account (the customer portal-pay makes). */
async function savedCard(clientId: string, paymentMethod: string) {
  const customer = await stripe.customers.create({ metadata: { cadencePracticeId: a.id, cadenceClientId: clientId } }, { stripeAccount: account });
  await stripe.paymentMethods.attach(paymentMethod, { customer: customer.id }, { stripeAccount: account });
}

async function onboard(user: SignedInUser): Promise<string> {
  const started = await execute<{ url: string }>(user.functions, 'stripe-connect', { action: 'connect', returnUrl: `${APP}/dashboard/practice`, refreshUrl: `${APP}/dashboard/practice` });
  await fetch(String(started.body.url), { method: 'POST', body: new URLSearchParams({ business_name: 'Calm Waters Therapy', action: 'submit' }), redirect: 'manual' });
  return String((await execute<{ accountId: string }>(user.functions, 'stripe-connect', { action: 'status' })).body.accountId);
}

async function therapistOn(clientId: string) {
  const on = await autopay(a, { action: 'enable', clientId, consent: 'Signed card authorization form, Nov 20, 2026', confirmed: true });
  expect(on.body, on.raw).toMatchObject({ success: true, enabled: true });
}

/** `count` self-pay clients with a card saved and AutoPay on, each owing a charge dated `date` (`amount`, `amount` + 1, …). */
async function clientsOnAutopay(count: number, date: string, amount: number): Promise<Doc[]> {
  const crowd: Doc[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = await createClient(a, { selfPay: true });
    await savedCard(client.$id, 'pm_card_visa');
    await therapistOn(client.$id);
    await charge(client.$id, date, amount + i);
    crowd.push(client);
  }
  return crowd;
}

beforeAll(async () => {
  aw = await startAppwrite({ APPWRITE_SCHEDULES: 'off' });
  stripeServer = await startTestServer({ env: { STRIPE_CONNECT_WEBHOOK_URL: `${aw.origin}/_functions/stripe-connect-webhook`, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET } });
  stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: stripeServer.port, protocol: 'http', maxNetworkRetries: 0 });
  const vars = { ALLOWED_RETURN_ORIGINS: APP_ORIGINS.join(','), STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripeServer.port), STRIPE_API_PROTOCOL: 'http' };
  for (const id of ['STRIPE_CONNECT', 'PORTAL_PAY', 'AUTOPAY']) process.env[`FUNCTION_VARS_${id}`] = JSON.stringify(vars);
  process.env.FUNCTION_VARS_STRIPE_CONNECT_WEBHOOK = JSON.stringify({ ...vars, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET });
  process.env.FUNCTION_VARS_AUTOPAY_NIGHTLY = JSON.stringify({ ...vars, APP_ORIGIN: APP, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(aw.smtpPort), SMTP_SECURE: 'false', SMTP_FROM: 'Cadence <billing@cadence.test>' });
  portalFunctionVars(aw);
  a = await signedInUser(aw, 'autopay-a');
  b = await signedInUser(aw, 'autopay-b');
  await createPractice(a, { practiceName: 'Calm Waters Therapy', timeZone: 'America/New_York' });
  await createPractice(b, { practiceName: 'Harbor Counseling', timeZone: 'America/New_York' });
  service = await createService(a);
  account = await onboard(a);
  for (const name of ['self', 'insured', 'declined', 'auth', 'other']) clients[name] = await createClient(a, name === 'insured' ? { selfPay: false } : { selfPay: true });
  payer = await invitedClient(aw, a, clients.self!.$id, String(clients.self!['email']));
  otherPayer = await invitedClient(aw, a, clients.other!.$id, String(clients.other!['email']));
}, 180_000);

afterAll(async () => {
  await stripeServer?.close();
  await aw?.close();
});

describe('turning AutoPay on and off: one client at a time, with consent', { timeout: 120_000 }, () => {
  it('the client turns it on in the portal for a saved card with the terms accepted (version and time recorded), and off at once', async () => {
    expect((await asClient(payer, clients.self!.$id, { action: 'summary' })).body).toMatchObject({ success: true, online: true, enabled: false, cards: [] });
    // No saved card yet: save one by paying once in the portal with "Save this card" ticked.
    expect((await asClient(payer, clients.self!.$id, { action: 'enable', termsVersion: AUTOPAY_TERMS_VERSION })).status).toBe(409);
    await charge(clients.self!.$id, '2026-11-20', 3000);
    const started = await execute<{ url: string }>(payer.functions, 'portal-pay', { action: 'checkout', practiceId: a.id, clientId: clients.self!.$id, what: 'balance', saveCard: true, successUrl: `${APP}/portal`, cancelUrl: `${APP}/portal` });
    await submitForm(await formAction(String(started.body.url), ''), { email: 'payer@example.com', ...card('4242424242424242') });
    await until(() => cardPayments(clients.self!.$id), (l) => l.length === 1, 'the portal payment');

    const summary = (await asClient(payer, clients.self!.$id, { action: 'summary' })).body;
    expect(summary.cards).toEqual([{ id: expect.stringMatching(/^pm_/), label: 'Visa •••• 4242' }]);
    expect((await asClient(payer, clients.self!.$id, { action: 'enable' })).body).toMatchObject({ success: false, field: 'termsVersion' });
    expect((await asClient(payer, clients.self!.$id, { action: 'enable', termsVersion: '2020-01-01' })).status).toBe(400);
    const on = (await asClient(payer, clients.self!.$id, { action: 'enable', termsVersion: AUTOPAY_TERMS_VERSION })).body;
    expect(on).toMatchObject({ success: true, enabled: true, card: 'Visa •••• 4242', consentBy: 'client' });
    expect(on.consent).toBeUndefined();
    // The therapist reads the record: who agreed, to which terms, when.
    const [record] = (await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'autopay_enrollments', queries: [Query.equal('clientId', clients.self!.$id)] })).documents;
    expect(record).toMatchObject({ enabled: true, consentBy: 'client', termsVersion: AUTOPAY_TERMS_VERSION, consentUserId: payer.id });
    expect(Date.now() - Date.parse(String(record?.['enabledAt']))).toBeLessThan(60_000);
    expect((await asClient(payer, clients.self!.$id, { action: 'disable' })).body).toMatchObject({ success: true, enabled: false });
    expect((await asClient(payer, clients.self!.$id, { action: 'enable', termsVersion: AUTOPAY_TERMS_VERSION })).body.enabled).toBe(true);
  });

  it('the therapist turns it on only with the client’s consent named and confirmed', async () => {
    await savedCard(clients.insured!.$id, 'pm_card_visa');
    expect((await autopay(a, { action: 'enable', clientId: clients.insured!.$id })).body).toMatchObject({ success: false, field: 'consent' });
    expect((await autopay(a, { action: 'enable', clientId: clients.insured!.$id, consent: 'Signed card authorization form, Nov 20, 2026' })).status).toBe(400);
    await therapistOn(clients.insured!.$id);
    const summary = (await autopay(a, { action: 'summary', clientId: clients.insured!.$id })).body;
    expect(summary).toMatchObject({ consentBy: 'therapist', consent: 'Signed card authorization form, Nov 20, 2026', usesInsurance: true, allowInsurance: false, upcoming: [] });
  });

  it('nobody else sees or changes a client’s AutoPay: another client, another practice, the client on therapist-only settings', async () => {
    expect((await asClient(otherPayer, clients.self!.$id, { action: 'summary' })).status).toBe(404);
    expect((await asClient(otherPayer, clients.self!.$id, { action: 'disable' })).status).toBe(404);
    expect((await autopay(b, { action: 'summary', clientId: clients.self!.$id })).status).toBe(404);
    expect((await autopay(b, { action: 'disable', clientId: clients.self!.$id })).status).toBe(404);
    expect((await autopay(b, { action: 'summary', practiceId: a.id, clientId: clients.self!.$id })).status).toBe(404);
    expect((await asClient(payer, clients.self!.$id, { action: 'allowInsurance', allow: true })).status).toBe(400);
    // The records are the therapist's to read, nobody's to write from a browser.
    for (const who of [payer, otherPayer, b]) {
      expect((await who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'autopay_enrollments' })).total).toBe(0);
    }
    const [record] = (await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'autopay_enrollments', queries: [Query.equal('clientId', clients.self!.$id)] })).documents;
    await expect(a.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'autopay_enrollments', documentId: String(record?.$id), data: { enabled: false } })).rejects.toMatchObject({ code: 401 });
    expect((await asClient(payer, clients.self!.$id, { action: 'summary' })).body.enabled).toBe(true);
  });
});

describe('the nightly run', { timeout: 120_000 }, () => {
  it('shows the client every upcoming charge, then charges the due balance once on the practice’s account; the webhook records one entry', async () => {
    await charge(clients.self!.$id, '2026-11-30');
    await createAppointment(a, clients.self!.$id, service.$id, 3 * 86_400_000);
    const summary = (await asClient(payer, clients.self!.$id, { action: 'summary' })).body;
    expect(summary.upcoming.map((u) => u.amount)).toEqual([12000, 12000]);
    expect(summary.upcoming[0]?.kind).toBe('balance');
    expect(summary.upcoming[1]?.kind).toBe('session');

    // Outside the window nothing is charged; inside it, the balance older than a day.
    expect((await night('2026-12-02T12:00:00.000Z')).charged).toBe(0);
    const first = await night(NIGHT1);
    expect(first.charged).toBeGreaterThanOrEqual(1);
    expect(first.skipped['insurance']).toBe(1);
    const intents = await intentsOf(clients.self!.$id);
    expect(intents.map((pi) => pi.amount)).toEqual(expect.arrayContaining([12000]));
    const auto = intents.find((pi) => pi.amount === 12000);
    expect(auto).toMatchObject({ description: 'Calm Waters Therapy — Session payment', metadata: { cadencePracticeId: a.id, cadenceClientId: clients.self!.$id } });
    await until(() => cardPayments(clients.self!.$id), (l) => l.length === 2, 'the AutoPay payment entry');
    // The same night again, and the next: nothing more (paid; nothing else due).
    expect((await night(at(NIGHT1, 0))).charged).toBe(0);
    expect((await night(at(NIGHT1, 1))).charged).toBe(0);
    expect((await intentsOf(clients.self!.$id)).filter((pi) => pi.amount === 12000)).toHaveLength(1);
    expect(await cardPayments(clients.self!.$id)).toHaveLength(2);
  });

  it('an insurance client is charged only once the therapist allows it for that client', async () => {
    await charge(clients.insured!.$id, '2026-11-30', 2500);
    expect((await night(NIGHT1)).skipped['insurance']).toBe(1);
    expect(await intentsOf(clients.insured!.$id)).toHaveLength(0);
    expect((await autopay(a, { action: 'allowInsurance', clientId: clients.insured!.$id, allow: true })).body.allowInsurance).toBe(true);
    await night(NIGHT1);
    expect((await intentsOf(clients.insured!.$id)).map((pi) => pi.amount)).toEqual([2500]);
  });

  it('a declined card is tried once more after 3 days, then left to the therapist with the reason', async () => {
    await savedCard(clients.declined!.$id, 'pm_card_chargeCustomerFail');
    await therapistOn(clients.declined!.$id);
    await charge(clients.declined!.$id, '2026-11-30', 8000);
    expect((await night(NIGHT1)).failed).toBe(1);
    expect(await attempts(clients.declined!.$id)).toEqual([expect.objectContaining({ status: 'failed', attempt: 1, reason: 'The card was declined by the bank.' })]);
    expect((await night(at(NIGHT1, 1))).skipped['waiting to retry']).toBe(1);
    expect((await night(at(NIGHT1, 3))).failed).toBe(1);
    expect((await attempts(clients.declined!.$id))[0]).toMatchObject({ status: 'failed', attempt: 2 });
    const left = (await autopay(a, { action: 'summary', clientId: clients.declined!.$id })).body;
    expect(left.attentionReason).toBe('The card was declined by the bank.');
    expect((await night(at(NIGHT1, 4))).skipped['left to the therapist']).toBe(1);
    expect(await attempts(clients.declined!.$id)).toHaveLength(1);
  });

  it('a card that needs authentication: no charge, an email with a portal pay link and nothing clinical', async () => {
    await savedCard(clients.auth!.$id, 'pm_card_authenticationRequired');
    await therapistOn(clients.auth!.$id);
    await charge(clients.auth!.$id, '2026-11-30', 9000);
    expect((await night(NIGHT1)).actionRequired).toBe(1);
    expect((await attempts(clients.auth!.$id))[0]).toMatchObject({ status: 'action_required' });
    const mails = await until(() => mailFor(aw.origin, String(clients.auth!['email'])), (l) => l.length > 0, 'the email');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${APP}/portal`);
    for (const phi of ['90834', 'F41.1', 'Psychotherapy', 'panic', 'Jane', 'Doe', '$', 'session']) expect(`${mails[0]?.subject} ${mails[0]?.text}`).not.toContain(phi);
    // Not tried again for the same balance, and no second email.
    await night(at(NIGHT1, 1));
    expect(await mailFor(aw.origin, String(clients.auth!['email']))).toHaveLength(1);
  });

  it('a run that crashes in the middle, then restarts, charges nobody twice', async () => {
    const crowd = await clientsOnAutopay(6, '2026-12-05', 10000);
    const c = collectionsFromEnv({});
    // The first run dies: Stripe answers the third charge, then the process stops before anything
    // else is written (every later write fails).
    let created = 0;
    let dead = false;
    const dying = new Proxy(stripe, {
      get(target, prop) {
        if (prop !== 'paymentIntents') return Reflect.get(target, prop);
        return {
          create: async (...args: Parameters<Stripe['paymentIntents']['create']>) => {
            if (dead) throw new Error('process killed');
            const pi = await target.paymentIntents.create(...args);
            created += 1;
            if (created === 3) { dead = true; throw new Error('process killed'); }
            return pi;
          },
        };
      },
    });
    const databases = new Proxy(aw.databases, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => (dead && prop !== 'getDocument' && prop !== 'listDocuments' ? Promise.reject(new Error('process killed')) : (value as (...a: unknown[]) => unknown).apply(target, args));
      },
    });
    const crashed = await runAutopay({ databases: databases as unknown as server.Databases, c, stripe: dying, now: new Date(at(NIGHT1, 5)), log: () => {}, send: null, origin: null, concurrency: 2 });
    expect(crashed.errors).toBeGreaterThan(0);
    expect(created).toBeGreaterThanOrEqual(3);
    // Restarted by the scheduler within the window.
    const restarted = await night(at(NIGHT1, 5));
    expect(restarted.errors).toBe(0);
    for (const client of crowd) {
      expect((await intentsOf(client.$id)).map((pi) => pi.amount), client.$id).toHaveLength(1);
      expect((await attempts(client.$id))[0]).toMatchObject({ status: 'succeeded', attempt: 1 });
    }
    for (const client of crowd) await until(() => cardPayments(client.$id), (l) => l.length === 1, 'one entry per PaymentIntent');
    expect((await night(at(NIGHT1, 5))).charged).toBe(0);
  });

  it('a client who turns AutoPay off while the run is under way is not charged', async () => {
    const crowd = await clientsOnAutopay(3, '2026-12-06', 11000);
    const quitter = crowd[2]!;
    // The run has read every enrollment; the client turns AutoPay off before Stripe is called.
    let turnedOff = false;
    const databases = new Proxy(aw.databases, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          const params = args[0] as { collectionId?: string, queries?: string[] } | undefined;
          if (prop === 'listDocuments' && !turnedOff && params?.collectionId === 'autopay_enrollments' && params.queries?.some((q) => q.includes('$id'))) {
            turnedOff = true;
            expect((await autopay(a, { action: 'disable', clientId: quitter.$id })).body.enabled).toBe(false);
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const report = await runAutopay({ databases: databases as unknown as server.Databases, c: collectionsFromEnv({}), stripe, now: new Date(at(NIGHT1, 6)), log: () => {}, send: null, origin: null });
    expect(turnedOff).toBe(true);
    expect(report.skipped['turned off']).toBe(1);
    expect(report.errors).toBe(0);
    expect(await intentsOf(quitter.$id)).toHaveLength(0);
    expect(await attempts(quitter.$id)).toHaveLength(0);
    for (const client of crowd.slice(0, 2)) expect(await intentsOf(client.$id), client.$id).toHaveLength(1);
  });

  it('three runs at once charge nobody twice', async () => {
    const crowd = await clientsOnAutopay(4, '2026-12-07', 12000);
    const now = at(NIGHT1, 7);
    const reports = await Promise.all([
      night(now), night(now),
      runAutopay({ databases: aw.databases, c: collectionsFromEnv({}), stripe, now: new Date(now), log: () => {}, send: null, origin: null, concurrency: 1 }),
    ]);
    expect(reports.map((r) => r.errors)).toEqual([0, 0, 0]);
    for (const client of crowd) {
      expect((await intentsOf(client.$id)).map((pi) => pi.amount), client.$id).toHaveLength(1);
      expect(await attempts(client.$id)).toEqual([expect.objectContaining({ status: 'succeeded', attempt: 1 })]);
    }
    for (const client of crowd) await until(() => cardPayments(client.$id), (l) => l.length === 1, 'one entry per PaymentIntent');
    expect((await night(now)).charged).toBe(0);
  });

  it('the evening summary: counts and a total in the app, once a night, no names', async () => {
    await charge(clients.self!.$id, '2026-12-09', 7000);
    const evening = '2026-12-10T23:30:00.000Z'; // 6:30 pm in New York
    expect((await night(evening)).summaries).toBe(1);
    expect((await night(evening)).summaries).toBe(0);
    const notes = (await a.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'notifications', queries: [Query.equal('type', 'autopay')] })).documents;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'AutoPay tonight', message: 'AutoPay will charge 1 client a total of $70.00 tonight.' });
    expect(notes[0]?.$permissions).toEqual(expect.arrayContaining([`read("user:${a.id}")`]));
  });

  it('nothing about health reaches Stripe from AutoPay', async () => {
    const rows = ((await (await fetch(`${stripeServer.origin}/_dev/objects`)).json()) as { data: Array<Record<string, unknown>> }).data;
    const text = JSON.stringify(rows);
    for (const phi of ['90834', 'F41.1', 'Psychotherapy', 'panic', 'Janie', 'Doe', String(clients.self!['email'])]) expect(text).not.toContain(phi);
    const allowed = ['cadencePracticeId', 'cadenceClientId', 'cadenceInvoiceId', 'cadenceCardTerms'];
    for (const row of rows) expect(allowed).toEqual(expect.arrayContaining(Object.keys((row.metadata as Record<string, string> | undefined) ?? {})));
    const descriptions = rows.filter((o) => o._account && o.object === 'payment_intent').map((o) => String(o.description));
    expect(descriptions.length).toBeGreaterThan(8);
    for (const d of descriptions) expect(d).toMatch(/^Calm Waters Therapy — (Invoice INV-\S+|Session payment)$/);
  });
});
