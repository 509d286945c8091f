// Billing history for the e2e suite, made on the local Stripe through the official SDK. Each
// subscription lives on its own Stripe test clock, so a test can move its days forward (trial end,
// renewals, a failing card, the end of a canceled period) without moving any other test's time.
// Stripe's webhooks reach the stripe-webhook function as in production; the labels, subscription
// and invoice documents the app reads are written there, not here.
import { expect } from '@playwright/test';
import Stripe from 'stripe';
import { ports } from './ports.ts';
import { users, type TestUser } from './accounts.ts';

export const stripe = new Stripe('sk_test_local', { host: '127.0.0.1', port: ports.stripe, protocol: 'http' });
export const stripeUrl = `http://127.0.0.1:${ports.stripe}`;

export const DAY = 86_400;
/** The seeded monthly price ($10.00 USD / month, spec §6). */
const PRICE = 'price_cadence_monthly';
const TRIAL_DAYS = 7;

/**
 * Submits the hosted Checkout page's card form as the browser does (no redirect following). Returns
 * the first charge's date the page announces ("… per month starting {date}") for a trial, else null.
 */
async function payHostedCheckout(url: string, cardnumber: string): Promise<string | null> {
  const html = await (await fetch(url)).text();
  const firstCharge = /per month starting ([^.<]+)\./.exec(html)?.[1] ?? null;
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!action) throw new Error(`no checkout form on ${url}`);
  const response = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'therapist@example.test', cardnumber, exp: '12 / 34', cvc: '123', name: 'Dana Therapist' }).toString(),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`checkout payment → ${response.status} ${(await response.text()).slice(0, 300)}`);
  return firstCharge;
}

/** Delivers every webhook that is due (first attempts) before answering. */
export async function flushWebhooks(): Promise<void> {
  const response = await fetch(`${stripeUrl}/_dev/webhooks/flush`, { method: 'POST' });
  if (!response.ok) throw new Error(`webhook flush → ${response.status} ${await response.text()}`);
}

export interface ClockedSubscription {
  clockId: string;
  customerId: string;
  subscriptionId: string;
  /** The date the hosted checkout page gave for the first charge of a trial ('December 1, 2026', UTC), else null. */
  checkoutFirstCharge: string | null;
  /** The test clock's time (unix seconds). */
  now(): Promise<number>;
  /** Moves this subscription's clock forward; everything that falls due runs and its webhooks are delivered. */
  advanceDays(days: number): Promise<void>;
  /** The card later charges use (e.g. 'pm_card_chargeCustomerFail' for a failing renewal). */
  useCard(paymentMethod: string): Promise<void>;
  /** Cancel at period end, as the billing portal does. */
  cancelAtPeriodEnd(): Promise<void>;
}

/**
 * Subscribes a therapist the way checkout does (customer with metadata.userId, the monthly price,
 * the 7-day trial unless `trial: false`), on a fresh test clock starting now, and waits until the
 * webhooks have given the user the `subscribed` label.
 */
export async function subscribeOnTestClock(
  therapist: TestUser,
  opts: { cardNumber?: string; trial?: boolean } = {},
): Promise<ClockedSubscription> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: therapist.email });
  const customer = await stripe.customers.create({
    email: therapist.email,
    name: therapist.name,
    metadata: { userId: therapist.id },
    test_clock: clock.id,
  });
  // Checkout as the checkout function creates it, paid on the hosted page as a browser submits it.
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: therapist.id,
    metadata: { userId: therapist.id },
    line_items: [{ price: PRICE, quantity: 1 }],
    subscription_data: { metadata: { userId: therapist.id }, ...(opts.trial === false ? {} : { trial_period_days: TRIAL_DAYS }) },
    success_url: 'http://localhost/payment-success',
    cancel_url: 'http://localhost/payment-cancelled',
  });
  const checkoutFirstCharge = await payHostedCheckout(session.url ?? '', opts.cardNumber ?? '4242424242424242');
  const subscription = (await stripe.checkout.sessions.retrieve(session.id)).subscription;
  if (typeof subscription !== 'string') throw new Error(`checkout ${session.id} made no subscription`);
  await flushWebhooks();
  await waitForLabels(therapist, (labels) => labels.includes('subscribed'));

  const now = async () => (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time;
  return {
    clockId: clock.id,
    customerId: customer.id,
    subscriptionId: subscription,
    checkoutFirstCharge,
    now,
    async advanceDays(days) {
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: (await now()) + Math.round(days * DAY) });
      await flushWebhooks();
    },
    async useCard(paymentMethod) {
      const card = await stripe.paymentMethods.attach(paymentMethod, { customer: customer.id });
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
      await stripe.subscriptions.update(subscription, { default_payment_method: card.id });
      await flushWebhooks();
    },
    async cancelAtPeriodEnd() {
      await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
      await flushWebhooks();
    },
  };
}

/** Waits (polling the Server API) until the user's labels satisfy `check`; returns them. */
export async function waitForLabels(therapist: TestUser, check: (labels: string[]) => boolean): Promise<string[]> {
  let labels: string[] = [];
  await expect
    .poll(async () => {
      labels = (await users.get({ userId: therapist.id })).labels;
      return check(labels);
    }, { message: `labels of ${therapist.email}`, timeout: 15_000 })
    .toBe(true);
  return labels;
}

interface WebhookSwitches {
  delay_ms: number;
}

async function webhookSwitches(change?: Partial<WebhookSwitches>): Promise<WebhookSwitches> {
  const response = await fetch(`${stripeUrl}/_dev/webhooks`, change
    ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(change) }
    : {});
  if (!response.ok) throw new Error(`webhook switches → ${response.status} ${await response.text()}`);
  return (await response.json()) as WebhookSwitches;
}

/**
 * Runs `action` with every webhook it causes delivered `ms` later (slow activation). The emulator's
 * switch is global, so it is on only while `action` runs and is restored even if it fails; events
 * already scheduled keep their delay. Earlier deliveries finish first: the webhook re-reads the
 * customer from Stripe, so a late one (e.g. customer.created from checkout) would activate early.
 */
export async function withWebhooksDelayed<T>(ms: number, action: () => Promise<T>): Promise<T> {
  await flushWebhooks();
  const { delay_ms: previous } = await webhookSwitches();
  await webhookSwitches({ delay_ms: ms });
  try {
    return await action();
  } finally {
    await webhookSwitches({ delay_ms: previous });
  }
}
