import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCheckout, startEmulator, startReceiver, waitFor, type Emulator, type Receiver } from './support/harness.ts';

// Connect (issue 33): Standard accounts, hosted onboarding, `Stripe-Account` scoping, direct charges through Checkout
// in payment mode and PaymentIntents, refunds, disputes, and Connect webhooks — all through the official SDK.
let emu: Emulator;
let platformHooks: Receiver;
let connectHooks: Receiver;
const verifier = new Stripe('sk_test_unused');
const CONNECT_SECRET = 'whsec_connect_test';

beforeAll(async () => {
  platformHooks = await startReceiver();
  connectHooks = await startReceiver();
  emu = await startEmulator({
    env: { STRIPE_WEBHOOK_URL: platformHooks.url, STRIPE_CONNECT_WEBHOOK_URL: connectHooks.url, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET },
  });
});
afterAll(async () => {
  await emu.close();
  await platformHooks.close();
  await connectHooks.close();
});

/** A Standard account taken through the hosted onboarding form. */
async function onboardedAccount(name: string): Promise<Stripe.Account> {
  const account = await emu.stripe.accounts.create({ type: 'standard', email: `${name.toLowerCase().replace(/\W/g, '')}@example.com` });
  const link = await emu.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/return' });
  const res = await fetch(link.url, { method: 'POST', body: new URLSearchParams({ business_name: name, action: 'submit' }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return emu.stripe.accounts.retrieve(account.id);
}

const connectEvents = (account: string, type?: string): Stripe.Event[] =>
  connectHooks.received.map((r) => r.event as unknown as Stripe.Event).filter((e) => e.account === account && (!type || e.type === type));

describe('connected accounts and onboarding', () => {
  it('creates a Standard account that needs onboarding, and the hosted onboarding completes it with account.updated on the Connect endpoint', async () => {
    const account = await emu.stripe.accounts.create({ type: 'standard', email: 'practice@example.com' });
    expect(account).toMatchObject({ object: 'account', type: 'standard', details_submitted: false, charges_enabled: false, payouts_enabled: false });
    expect(account.id).toMatch(/^acct_/);
    expect(account.requirements?.currently_due?.length).toBeGreaterThan(0);

    const link = await emu.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/return' });
    expect(link).toMatchObject({ object: 'account_link' });
    expect(link.expires_at - link.created).toBe(300);
    const form = await fetch(link.url);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('Business name');

    const done = await fetch(link.url, { method: 'POST', body: new URLSearchParams({ business_name: 'Calm Waters Therapy', action: 'submit' }), redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://app.test/return');
    const after = await emu.stripe.accounts.retrieve(account.id);
    expect(after).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
    expect(after.requirements?.currently_due).toEqual([]);
    expect(after.business_profile?.name).toBe('Calm Waters Therapy');

    // Single use: the same link now sends the person to refresh_url.
    const again = await fetch(link.url, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('http://app.test/refresh');

    await waitFor(() => connectEvents(account.id, 'account.updated').length === 1);
    const got = connectHooks.received.find((r) => (r.event as unknown as Stripe.Event).account === account.id);
    if (!got) throw new Error('no Connect delivery');
    const event = verifier.webhooks.constructEvent(got.body, String(got.headers['stripe-signature']), CONNECT_SECRET);
    expect(event.account).toBe(account.id);
    expect(() => verifier.webhooks.constructEvent(got.body, String(got.headers['stripe-signature']), 'whsec_local')).toThrow(/No signatures found/);
    expect(platformHooks.received.some((r) => r.event.type === 'account.updated')).toBe(false);
    // The event lives on the connected account.
    expect((await emu.stripe.events.retrieve(event.id, {}, { stripeAccount: account.id })).account).toBe(account.id);
  });

  it('"Save and finish later" returns with requirements still due; an expired link goes to refresh_url', async () => {
    const account = await emu.stripe.accounts.create({ type: 'standard' });
    const link = await emu.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/return' });
    const later = await fetch(link.url, { method: 'POST', body: new URLSearchParams({ business_name: 'X', action: 'later' }), redirect: 'manual' });
    expect(later.headers.get('location')).toBe('http://app.test/return');
    expect((await emu.stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
    const fresh = await emu.stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/return' });
    await emu.advance(301);
    expect((await fetch(fresh.url, { redirect: 'manual' })).headers.get('location')).toBe('http://app.test/refresh');
  });

  it('refuses an unknown account in Stripe-Account (403) and account links for unknown accounts', async () => {
    await expect(emu.stripe.customers.list({}, { stripeAccount: 'acct_doesnotexist' })).rejects.toMatchObject({ type: 'StripePermissionError', statusCode: 403 });
    await expect(emu.stripe.accountLinks.create({ account: 'acct_nope', type: 'account_onboarding', return_url: 'http://x', refresh_url: 'http://x' }))
      .rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });
});

describe('Stripe-Account scoping', () => {
  it("keeps practice A's objects invisible to practice B's account id and to the platform", async () => {
    const a = await onboardedAccount('Practice A');
    const b = await onboardedAccount('Practice B');
    const customer = await emu.stripe.customers.create({ email: 'client@example.com', metadata: { cadenceClientId: 'c1' } }, { stripeAccount: a.id });
    const pi = await emu.stripe.paymentIntents.create({ amount: 5000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', confirm: true }, { stripeAccount: a.id });
    expect(pi.status).toBe('succeeded');

    expect((await emu.stripe.customers.retrieve(customer.id, {}, { stripeAccount: a.id })).id).toBe(customer.id);
    await expect(emu.stripe.customers.retrieve(customer.id, {}, { stripeAccount: b.id })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(emu.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(emu.stripe.paymentIntents.retrieve(pi.id, {}, { stripeAccount: b.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(emu.stripe.charges.retrieve(String(pi.latest_charge), {}, { stripeAccount: b.id })).rejects.toMatchObject({ statusCode: 404 });
    await expect(emu.stripe.refunds.create({ payment_intent: pi.id }, { stripeAccount: b.id })).rejects.toMatchObject({ statusCode: 404 });

    const bCustomers = await emu.stripe.customers.list({ limit: 100 }, { stripeAccount: b.id });
    expect(bCustomers.data.map((c) => c.id)).not.toContain(customer.id);
    const bEvents = await emu.stripe.events.list({ limit: 100 }, { stripeAccount: b.id });
    expect(bEvents.data.every((e) => e.account === b.id)).toBe(true);
    const aEvents = await emu.stripe.events.list({ limit: 100 }, { stripeAccount: a.id });
    expect(aEvents.data.map((e) => e.type)).toEqual(expect.arrayContaining(['customer.created', 'payment_intent.succeeded', 'charge.succeeded']));
    const platformEvents = await emu.stripe.events.list({ limit: 100 });
    expect(platformEvents.data.some((e) => e.account)).toBe(false);
    // The platform's own catalog is not the connected account's.
    await expect(emu.stripe.prices.retrieve('price_cadence_monthly', {}, { stripeAccount: a.id })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('Checkout in payment mode on a connected account', () => {
  it('charges the card, saves it with setup_future_usage, and the Connect endpoint gets the events with `account`', async () => {
    const acct = await onboardedAccount('Calm Waters Therapy');
    const session = await emu.stripe.checkout.sessions.create({
      mode: 'payment', customer_creation: 'always', customer_email: 'payer@example.com',
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 4250, product_data: { name: 'Calm Waters Therapy — Invoice INV-0042' } } }],
      payment_intent_data: { setup_future_usage: 'off_session', description: 'Calm Waters Therapy — Invoice INV-0042', metadata: { cadenceInvoiceId: 'inv1' } },
      metadata: { cadenceClientId: 'c1' }, success_url: 'http://app.test/paid?session={CHECKOUT_SESSION_ID}', cancel_url: 'http://app.test/cancel',
    }, { stripeAccount: acct.id });
    expect(session).toMatchObject({ mode: 'payment', amount_total: 4250, currency: 'usd', status: 'open', payment_intent: null });
    const page = await (await fetch(String(session.url))).text();
    expect(page).toContain('Calm Waters Therapy — Invoice INV-0042');
    expect(page).toContain('$42.50');
    expect(page).toContain('charge your card for future payments');

    const paid = await payCheckout(String(session.url), '4242424242424242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://app.test/paid?session=${session.id}`);
    const done = await emu.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] }, { stripeAccount: acct.id });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const pi = done.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ status: 'succeeded', amount: 4250, amount_received: 4250, setup_future_usage: 'off_session', metadata: { cadenceInvoiceId: 'inv1' } });
    const charge = pi.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const saved = await emu.stripe.customers.listPaymentMethods(String(done.customer), {}, { stripeAccount: acct.id });
    expect(saved.data.map((pm) => pm.id)).toEqual([pi.payment_method]);

    await waitFor(() => connectEvents(acct.id, 'checkout.session.completed').length === 1);
    expect(connectEvents(acct.id).map((e) => e.type)).toEqual(expect.arrayContaining(['payment_intent.succeeded', 'charge.succeeded', 'payment_method.attached']));
    expect(platformHooks.received.some((r) => r.event.type === 'checkout.session.completed' && (r.event.data.object as { id: string }).id === session.id)).toBe(false);

    // The saved card pays later, off-session, with no one present.
    const later = await emu.stripe.paymentIntents.create({
      amount: 1500, currency: 'usd', customer: String(done.customer), payment_method: String(pi.payment_method), confirm: true, off_session: true,
    }, { stripeAccount: acct.id });
    expect(later.status).toBe('succeeded');
  });

  it('shows a decline on the page and creates nothing', async () => {
    const acct = await onboardedAccount('Decline Practice');
    const session = await emu.stripe.checkout.sessions.create({
      mode: 'payment', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'Session payment' } } }],
      success_url: 'http://app.test/ok', customer_email: 'x@example.com',
    }, { stripeAccount: acct.id });
    const declined = await payCheckout(String(session.url), '4000000000009995');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card has insufficient funds.');
    expect((await emu.stripe.paymentIntents.list({}, { stripeAccount: acct.id })).data).toEqual([]);
    expect((await emu.stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: acct.id })).status).toBe('open');
  });

  it('refuses payment_intent_data in subscription mode and totals under $0.50', async () => {
    await expect(emu.stripe.checkout.sessions.create({
      mode: 'payment', success_url: 'http://x', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 10, product_data: { name: 'x' } } }],
    })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_small' });
    await expect(emu.stripe.checkout.sessions.create({
      mode: 'subscription', success_url: 'http://x', line_items: [{ price: 'price_cadence_monthly', quantity: 1 }], payment_intent_data: { description: 'x' },
    })).rejects.toMatchObject({ statusCode: 400, param: 'payment_intent_data' });
  });
});

describe('PaymentIntents: test cards', () => {
  let acct: string;
  beforeAll(async () => {
    acct = (await onboardedAccount('Cards Practice')).id;
  });

  it('declines and insufficient funds: 402 with the failed intent, requires_payment_method', async () => {
    for (const [pm, decline, message] of [
      ['pm_card_visa_chargeDeclined', 'generic_decline', 'Your card was declined.'],
      ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds', 'Your card has insufficient funds.'],
    ] as const) {
      const err = await emu.stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: pm, confirm: true }, { stripeAccount: acct }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
      const card = err as Stripe.errors.StripeCardError;
      expect(card).toMatchObject({ code: 'card_declined', decline_code: decline, message, statusCode: 402 });
      expect(card.payment_intent?.status).toBe('requires_payment_method');
      const stored = await emu.stripe.paymentIntents.retrieve(String(card.payment_intent?.id), {}, { stripeAccount: acct });
      expect(stored.last_payment_error?.decline_code).toBe(decline);
    }
  });

  it('3-D Secure on-session: requires_action, then the hosted challenge completes it and returns to return_url', async () => {
    const pi = await emu.stripe.paymentIntents.create({
      amount: 3000, currency: 'usd', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'http://app.test/after-3ds',
    }, { stripeAccount: acct });
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('redirect_to_url');
    const url = String(pi.next_action?.redirect_to_url?.url);
    expect((await fetch(url)).status).toBe(200);
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ action: 'complete' }), redirect: 'manual' });
    const back = new URL(String(res.headers.get('location')));
    expect(back.origin + back.pathname).toBe('http://app.test/after-3ds');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await emu.stripe.paymentIntents.retrieve(pi.id, {}, { stripeAccount: acct })).status).toBe('succeeded');

    const failing = await emu.stripe.paymentIntents.create({ amount: 3000, currency: 'usd', payment_method: 'pm_card_authenticationRequired', confirm: true, return_url: 'http://app.test/r' }, { stripeAccount: acct });
    await fetch(String(failing.next_action?.redirect_to_url?.url), { method: 'POST', body: new URLSearchParams({ action: 'fail' }), redirect: 'manual' });
    const failed = await emu.stripe.paymentIntents.retrieve(failing.id, {}, { stripeAccount: acct });
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('3-D Secure off-session: authentication_required, unless the card was set up for off-session use', async () => {
    const customer = await emu.stripe.customers.create({ email: 'auth@example.com' }, { stripeAccount: acct });
    const always = await emu.stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id }, { stripeAccount: acct });
    const err = await emu.stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: always.id, confirm: true, off_session: true }, { stripeAccount: acct })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'StripeCardError', code: 'authentication_required', decline_code: 'authentication_required' });
    expect((err as Stripe.errors.StripeCardError).payment_intent?.status).toBe('requires_payment_method');

    // 4000002500003155: saved through an on-session payment with setup_future_usage, then it pays off-session.
    const first = await emu.stripe.paymentIntents.create({
      amount: 2000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_authenticationRequiredOnSetup', setup_future_usage: 'off_session', confirm: true, return_url: 'http://app.test/r',
    }, { stripeAccount: acct });
    expect(first.status).toBe('requires_action');
    await fetch(String(first.next_action?.redirect_to_url?.url), { method: 'POST', body: new URLSearchParams({ action: 'complete' }), redirect: 'manual' });
    const saved = String((await emu.stripe.paymentIntents.retrieve(first.id, {}, { stripeAccount: acct })).payment_method);
    const offSession = await emu.stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: saved, confirm: true, off_session: true }, { stripeAccount: acct });
    expect(offSession.status).toBe('succeeded');
  });

  it('refunds in part and then the rest, refuses more than is left, and sends charge.refunded', async () => {
    const pi = await emu.stripe.paymentIntents.create({ amount: 10000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true }, { stripeAccount: acct });
    const part = await emu.stripe.refunds.create({ payment_intent: pi.id, amount: 2500, reason: 'requested_by_customer' }, { stripeAccount: acct });
    expect(part).toMatchObject({ object: 'refund', amount: 2500, status: 'succeeded', payment_intent: pi.id, charge: pi.latest_charge });
    await expect(emu.stripe.refunds.create({ payment_intent: pi.id, amount: 8000 }, { stripeAccount: acct }))
      .rejects.toMatchObject({ statusCode: 400, message: 'Refund amount ($80.00) is greater than unrefunded amount on charge ($75.00)' });
    const rest = await emu.stripe.refunds.create({ payment_intent: pi.id }, { stripeAccount: acct });
    expect(rest.amount).toBe(7500);
    const charge = await emu.stripe.charges.retrieve(String(pi.latest_charge), {}, { stripeAccount: acct });
    expect(charge).toMatchObject({ amount_refunded: 10000, refunded: true });
    await expect(emu.stripe.refunds.create({ payment_intent: pi.id }, { stripeAccount: acct })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    await waitFor(() => connectEvents(acct, 'charge.refunded').filter((e) => (e.data.object as Stripe.Charge).id === charge.id).length === 2);
    expect((await emu.stripe.refunds.list({ payment_intent: pi.id }, { stripeAccount: acct })).data).toHaveLength(2);
  });

  it('the dispute test card pays, then charge.dispute.created arrives', async () => {
    const pi = await emu.stripe.paymentIntents.create({ amount: 4000, currency: 'usd', payment_method: 'pm_card_createDispute', confirm: true }, { stripeAccount: acct });
    expect(pi.status).toBe('succeeded');
    await waitFor(() => connectEvents(acct, 'charge.dispute.created').some((e) => (e.data.object as Stripe.Dispute).payment_intent === pi.id));
    expect((await emu.stripe.disputes.list({ payment_intent: pi.id }, { stripeAccount: acct })).data[0]).toMatchObject({ amount: 4000, status: 'needs_response' });
  });
});
