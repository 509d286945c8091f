// The billing lifecycle of issue 5 end to end: the checkout and billing-portal functions called as
// the signed-in user, the hosted Stripe pages submitted like a browser, the Stripe clock moved
// through trial, renewals, a failing card, a hosted-page payment, a cancel at period end and a
// re-subscribe; after every step the documents and labels the app reads (spec §3, §4) are checked.
// Both emulators run in-process; Stripe's webhooks reach stripe-webhook through Appwrite's domain.
import type { Models } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allDocuments,
  execute,
  signedInUser,
  startAppwrite,
  stripeFunctionVars,
  type LocalAppwrite,
  type SignedInUser,
} from './support/billing-appwrite.ts';
import { card, DAY, formAction, startStripe, submitForm, type LocalStripe, type WebhookSwitches } from './support/billing-stripe.ts';

const APP = 'http://localhost:3000';
const HOUR = 3_600;
/** A renewal invoice is charged about an hour after it is created (PROTOCOL §4.3 A). */
const CHARGE_DELAY = 2 * HOUR;

let aw: LocalAppwrite;
let stripe: LocalStripe;

beforeAll(async () => {
  aw = await startAppwrite();
  stripe = await startStripe(`${aw.origin}/_functions/stripe-webhook`);
  stripeFunctionVars(stripe.port);
}, 60_000);

afterAll(async () => {
  await stripe?.close();
  await aw?.close();
});

interface CheckoutAnswer { success: boolean; url: string | null; error: string | null }

type Doc = Models.DefaultDocument;

interface BillingState {
  labels: string[];
  subscriptions: Doc[];
  invoices: Doc[];
  sessions: Doc[];
  customer: Doc | null;
}

const byCreated = (a: Doc, b: Doc) => String(a['createdAt']).localeCompare(String(b['createdAt'])) || a.$createdAt.localeCompare(b.$createdAt);

async function state(userId: string): Promise<BillingState> {
  const user = await aw.users.get({ userId });
  const customers = await allDocuments(aw, 'customers', userId);
  return {
    labels: [...user.labels].sort(),
    subscriptions: (await allDocuments(aw, 'subscriptions', userId)).sort(byCreated),
    invoices: (await allDocuments(aw, 'invoices', userId)).sort(byCreated),
    sessions: (await allDocuments(aw, 'checkout_sessions', userId)).sort(byCreated),
    customer: customers[0] ?? null,
  };
}

const readOnly = (userId: string) => [`read("user:${userId}")`];
/** The user's labels: the billing ones Stripe decides, beside the `therapist` label the sync leaves alone. */
const sorted = (...labels: string[]) => [...labels, 'therapist'].sort();
const ms = (iso: unknown) => Date.parse(String(iso));

/** What must be equal however webhooks were delivered: everything but ids and write times. */
function comparable(s: BillingState) {
  return {
    labels: s.labels,
    subscriptions: s.subscriptions.map((d) => [d['status'], d['trialStart'] !== null, d['backupCardBrand'], d['backupCardLast4']]),
    invoices: s.invoices.map((d) => [d['status'], d['total'], d['amount'], d['currency'], d['billingReason'], d['cardLast4'], Boolean(d['number']), Boolean(d['hostedInvoiceUrl'])]),
    sessions: s.sessions.map((d) => d['status']),
  };
}

async function startCheckout(user: SignedInUser): Promise<string> {
  const answer = await execute<CheckoutAnswer>(user.functions, 'checkout', {
    successUrl: `${APP}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${APP}/payment-cancelled`,
  });
  expect(answer.status, answer.raw).toBe(200);
  expect(answer.body.success).toBe(true);
  expect(answer.body.url).toMatch(new RegExp(`^${stripe.origin}/`));
  return answer.body.url ?? '';
}

/** Pays on the hosted Checkout page; returns where the browser is sent. */
async function payCheckout(url: string, number: string): Promise<string> {
  const result = await submitForm(await formAction(url, new URL(url).pathname), card(number));
  expect(result.status, result.text.slice(0, 300)).toBe(303);
  await stripe.flush();
  return result.location ?? '';
}

async function portalUrl(user: SignedInUser): Promise<string> {
  const answer = await execute<CheckoutAnswer>(user.functions, 'billing-portal', { returnUrl: `${APP}/account` });
  expect(answer.status, answer.raw).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.url ?? '';
}

async function portalAction(url: string, action: string, fields: Record<string, string> = {}): Promise<void> {
  const result = await submitForm(await formAction(url, `/${action}`), fields);
  expect(result.status, result.text.slice(0, 300)).toBe(303);
  await stripe.flush();
}

/**
 * The whole lifecycle for one new user; asserts every step and returns the end state.
 * `switches` changes how Stripe delivers webhooks for the whole run.
 */
async function lifecycle(label: string, switches: WebhookSwitches = {}): Promise<BillingState> {
  await stripe.webhooks(switches);
  const user = await signedInUser(aw, label);
  const me = user.id;

  // Checkout → a customer (document id = user id) and a pending checkout session, both read-only.
  const url = await startCheckout(user);
  let s = await state(me);
  expect(s.customer?.$id).toBe(me);
  expect(s.customer?.['stripeCustomerId']).toMatch(/^cus_/);
  expect(s.customer?.$permissions).toEqual(readOnly(me));
  expect(s.sessions.map((d) => [d['status'], d.$permissions])).toEqual([['pending', readOnly(me)]]);
  expect(s.labels).toEqual(sorted());

  // Card 4242 on the hosted page → trialing, a $0 trial invoice (spec §4 "Invoices").
  const landing = await payCheckout(url, '4242424242424242');
  expect(landing).toMatch(new RegExp(`^${APP}/payment-success\\?session_id=cs_`));
  s = await state(me);
  expect(s.labels).toEqual(sorted('subscribed', 'trialActive', 'checkoutCompleted'));
  expect(s.sessions.map((d) => d['status'])).toEqual(['completed']);
  expect(s.subscriptions).toHaveLength(1);
  const sub = s.subscriptions[0] as Doc;
  expect(sub.$id).toBe(sub['stripeSubscriptionId']);
  expect(sub.$id).toMatch(/^sub_/);
  expect(sub.$permissions).toEqual(readOnly(me));
  expect([sub['status'], sub['backupCardBrand'], sub['backupCardLast4'], sub['backupPaymentMethodType']]).toEqual(['trialing', 'visa', '4242', 'card']);
  expect(ms(sub['trialEnd']) - ms(sub['trialStart'])).toBe(7 * DAY * 1000);
  expect(ms(sub['currentPeriodEnd'])).toBe(ms(sub['trialEnd']));
  expect(s.invoices).toHaveLength(1);
  const trialInvoice = s.invoices[0] as Doc;
  expect(trialInvoice.$id).toBe(trialInvoice['stripeInvoiceId']);
  expect(trialInvoice.$permissions).toEqual(readOnly(me));
  expect([trialInvoice['status'], trialInvoice['total'], trialInvoice['amount'], trialInvoice['billingReason'], trialInvoice['subscriptionId']])
    .toEqual(['paid', 0, 0, 'subscription_create', sub.$id]);

  // +7 days → the trial ends, a paid $10.00 renewal.
  await stripe.advance(7 * DAY + CHARGE_DELAY);
  s = await state(me);
  expect(s.subscriptions.map((d) => d['status'])).toEqual(['active']);
  expect(s.labels).toEqual(sorted('subscribed', 'paymentCurrent', 'checkoutCompleted'));
  expect(s.invoices).toHaveLength(2);
  const firstCharge = s.invoices[1] as Doc;
  expect([firstCharge['status'], firstCharge['total'], firstCharge['amount'], firstCharge['currency'], firstCharge['billingReason'], firstCharge['cardBrand'], firstCharge['cardLast4'], firstCharge['paymentMethod']])
    .toEqual(['paid', 1000, 1000, 'usd', 'subscription_cycle', 'visa', '4242', 'card']);
  expect(firstCharge['number']).toBeTruthy();
  expect(firstCharge['hostedInvoiceUrl']).toMatch(new RegExp(`^${stripe.origin}/`));
  expect(firstCharge['invoicePdf']).toMatch(/\/pdf$/);
  expect(ms(firstCharge['periodEnd'])).toBeGreaterThan(ms(firstCharge['periodStart']));

  // The portal: card 0341 (attaches, later charges fail), then the next cycle → past_due.
  const portal = await portalUrl(user);
  await portalAction(portal, 'card', card('4000000000000341'));
  s = await state(me);
  expect([s.subscriptions[0]?.['backupCardLast4'], s.subscriptions[0]?.['status']]).toEqual(['0341', 'active']);
  // The paid invoice keeps the card that paid it.
  expect(s.invoices[1]?.['cardLast4']).toBe('4242');

  const periodEnd = ms(s.subscriptions[0]?.['currentPeriodEnd']) / 1000;
  await stripe.advance(Math.ceil(periodEnd - (await stripe.now())) + CHARGE_DELAY);
  s = await state(me);
  expect(s.subscriptions.map((d) => d['status'])).toEqual(['past_due']);
  expect(s.labels).toEqual(sorted('subscribed', 'paymentFailed', 'checkoutCompleted'));
  expect(s.invoices).toHaveLength(3);
  const failed = s.invoices[2] as Doc;
  expect([failed['status'], failed['total'], failed['amount'], failed['cardLast4']]).toEqual(['open', 1000, 1000, '0341']);

  // Paid with 4242 on the hosted invoice page → active again.
  const pay = await submitForm(await formAction(String(failed['hostedInvoiceUrl']), '/pay'), { use: 'new', ...card('4242424242424242') });
  expect(pay.status, pay.text.slice(0, 300)).toBeLessThan(400);
  await stripe.flush();
  s = await state(me);
  expect(s.subscriptions.map((d) => d['status'])).toEqual(['active']);
  expect(s.labels).toEqual(sorted('subscribed', 'paymentCurrent', 'checkoutCompleted'));
  expect(s.invoices[2]?.['status']).toBe('paid');

  // Cancel at period end → subscriptionCanceled, access until currentPeriodEnd (spec §4 step 5).
  await portalAction(await portalUrl(user), 'cancel');
  s = await state(me);
  expect(s.subscriptions.map((d) => d['status'])).toEqual(['active']);
  expect(s.labels).toEqual(sorted('subscribed', 'paymentCurrent', 'subscriptionCanceled', 'checkoutCompleted'));
  const accessUntil = ms(s.subscriptions[0]?.['currentPeriodEnd']) / 1000;
  expect(accessUntil).toBeGreaterThan(await stripe.now());

  // Past it → expired, no subscribed.
  await stripe.advance(Math.ceil(accessUntil - (await stripe.now())) + HOUR);
  s = await state(me);
  expect(s.subscriptions.map((d) => d['status'])).toEqual(['canceled']);
  expect(s.labels).toEqual(sorted('subscriptionExpired', 'checkoutCompleted'));
  expect(s.invoices).toHaveLength(3);

  // A new checkout: same customer, no second trial — the first charge is taken at once.
  const again = await startCheckout(user);
  s = await state(me);
  expect(s.sessions.map((d) => d['status'])).toEqual(['completed', 'pending']);
  await payCheckout(again, '4242424242424242');
  s = await state(me);
  expect(s.subscriptions.map((d) => [d['status'], d['trialStart']])).toEqual([['canceled', expect.any(String)], ['active', null]]);
  expect(s.labels).toEqual(sorted('subscribed', 'paymentCurrent', 'checkoutCompleted'));
  expect(s.invoices).toHaveLength(4);
  expect([s.invoices[3]?.['status'], s.invoices[3]?.['total'], s.invoices[3]?.['billingReason']]).toEqual(['paid', 1000, 'subscription_create']);
  expect(s.sessions.map((d) => d['status'])).toEqual(['completed', 'completed']);
  return s;
}

let baseline: BillingState;

describe('billing lifecycle through the functions and the Stripe clock', () => {
  it('checkout → trial → paid → failing card → paid on the hosted page → canceled at period end → expired → no second trial', async () => {
    baseline = await lifecycle('lifecycle');
  }, 180_000);

  it('ends in the same state when every webhook is delivered twice', async () => {
    const end = await lifecycle('duplicated', { duplicate: true });
    const delivered = (await stripe.deliveries()).filter((d) => d.status === 200).map((d) => d.event);
    expect(delivered.length).toBeGreaterThan(0);
    expect(new Set(delivered).size).toBe(delivered.length / 2);
    expect(comparable(end)).toEqual(comparable(baseline));
    const events = await allDocuments(aw, 'webhook_events');
    expect(new Set(events.map((d) => d['eventId'])).size).toBe(events.length);
  }, 180_000);

  it('ends in the same state when webhooks arrive in reverse order', async () => {
    const end = await lifecycle('reordered', { reorder: true });
    const types = (await stripe.deliveries()).map((d) => d.type);
    // Reversed batches: the session completes before the subscription it created is announced.
    expect(types.indexOf('checkout.session.completed')).toBeLessThan(types.indexOf('customer.subscription.created'));
    expect(comparable(end)).toEqual(comparable(baseline));
  }, 180_000);
});

describe('subscriptions-sync', () => {
  it('repairs documents and labels after webhooks were dropped', async () => {
    const user = await signedInUser(aw, 'dropped');
    const url = await startCheckout(user);
    await stripe.webhooks({ drop: true });
    await payCheckout(url, '4242424242424242');
    await stripe.advance(7 * DAY + CHARGE_DELAY);
    let s = await state(user.id);
    // Nothing arrived: the user paid but the app does not know.
    expect([s.labels, s.subscriptions.length, s.invoices.length, s.sessions.map((d) => d['status'])]).toEqual([sorted(), 0, 0, ['pending']]);
    await stripe.webhooks({});

    const sync = await execute<{ success: boolean; synced: number; failed: string[] }>(aw.functions, 'subscriptions-sync', {});
    expect(sync.status, sync.raw).toBe(200);
    expect(sync.body.success).toBe(true);
    expect(sync.body.failed).toEqual([]);
    s = await state(user.id);
    expect(s.labels).toEqual(sorted('subscribed', 'paymentCurrent', 'checkoutCompleted'));
    expect(s.subscriptions.map((d) => d['status'])).toEqual(['active']);
    expect(s.invoices.map((d) => [d['status'], d['total'], d['billingReason']])).toEqual([['paid', 0, 'subscription_create'], ['paid', 1000, 'subscription_cycle']]);
    expect(s.sessions.map((d) => d['status'])).toEqual(['completed']);
  }, 120_000);
});
