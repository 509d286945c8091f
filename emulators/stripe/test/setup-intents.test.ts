import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCheckout, startEmulator, startReceiver, waitFor, type Emulator, type Receiver } from './support/harness.ts';

// Issue 33: SetupIntents (create, confirm, retrieve, update, cancel, list) and Checkout `mode: setup` as Stripe answers
// them; the 3-D Secure challenge of a hosted Checkout payment; disputes closed in the dashboard; all through the SDK
// on a connected account.
let emu: Emulator;
let hooks: Receiver;
let acct: string;

beforeAll(async () => {
  hooks = await startReceiver();
  emu = await startEmulator({ env: { STRIPE_CONNECT_WEBHOOK_URL: hooks.url, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_test' } });
  acct = (await emu.stripe.accounts.create({ type: 'standard', email: 'setup@example.com' })).id;
});
afterAll(async () => {
  await emu.close();
  await hooks.close();
});

const events = (type: string): Stripe.Event[] => hooks.received.map((r) => r.event as unknown as Stripe.Event).filter((e) => e.account === acct && e.type === type);

describe('SetupIntents', () => {
  it('saves a card for off-session use without charging it: created, confirmed, attached, listed', async () => {
    const customer = await emu.stripe.customers.create({ metadata: { cadenceClientId: 'c1' } }, { stripeAccount: acct });
    const created = await emu.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session', metadata: { cadenceClientId: 'c1' } }, { stripeAccount: acct });
    expect(created).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', usage: 'off_session', customer: customer.id });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    const confirmed = await emu.stripe.setupIntents.confirm(created.id, { payment_method: 'pm_card_visa' }, { stripeAccount: acct });
    expect(confirmed.status).toBe('succeeded');
    const pm = String(confirmed.payment_method);
    expect((await emu.stripe.customers.listPaymentMethods(customer.id, {}, { stripeAccount: acct })).data.map((p) => p.id)).toEqual([pm]);
    expect(await emu.stripe.setupIntents.retrieve(created.id, {}, { stripeAccount: acct })).toMatchObject({ status: 'succeeded', payment_method: pm });
    expect((await emu.stripe.setupIntents.list({ customer: customer.id }, { stripeAccount: acct })).data.map((s) => s.id)).toEqual([created.id]);
    // Nothing was charged; the card pays later with no one present.
    expect((await emu.stripe.charges.list({ customer: customer.id }, { stripeAccount: acct })).data).toEqual([]);
    const later = await emu.stripe.paymentIntents.create({ amount: 1500, currency: 'usd', customer: customer.id, payment_method: pm, confirm: true, off_session: true }, { stripeAccount: acct });
    expect(later.status).toBe('succeeded');
    await waitFor(() => events('setup_intent.succeeded').length > 0 && events('setup_intent.created').length > 0);
    // Another account (or the platform) does not see it.
    await expect(emu.stripe.setupIntents.retrieve(created.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('a declined card answers 402 with the failed SetupIntent in the error; an update and a cancel work as Stripe says', async () => {
    const customer = await emu.stripe.customers.create({}, { stripeAccount: acct });
    const err = await emu.stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_visa_chargeDeclined', confirm: true }, { stripeAccount: acct }).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const failed = (err as Stripe.errors.StripeCardError).setup_intent;
    expect(failed).toMatchObject({ status: 'requires_payment_method', last_setup_error: { code: 'card_declined' } });
    const updated = await emu.stripe.setupIntents.update(String(failed?.id), { payment_method: 'pm_card_mastercard', metadata: { note: 'x' } }, { stripeAccount: acct });
    expect(updated.status).toBe('requires_confirmation');
    const canceled = await emu.stripe.setupIntents.cancel(updated.id, { cancellation_reason: 'abandoned' }, { stripeAccount: acct });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    await expect(emu.stripe.setupIntents.confirm(updated.id, {}, { stripeAccount: acct })).rejects.toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' });
  });

  it('3-D Secure: requires_action, the hosted challenge sets the card up, and then it pays off-session', async () => {
    const customer = await emu.stripe.customers.create({}, { stripeAccount: acct });
    const si = await emu.stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_authenticationRequiredOnSetup', confirm: true, return_url: 'http://app.test/after' }, { stripeAccount: acct });
    expect(si.status).toBe('requires_action');
    expect(si.next_action?.type).toBe('redirect_to_url');
    const res = await fetch(String(si.next_action?.redirect_to_url?.url), { method: 'POST', body: new URLSearchParams({ action: 'complete' }), redirect: 'manual' });
    const back = new URL(String(res.headers.get('location')));
    expect(back.searchParams.get('setup_intent')).toBe(si.id);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    const done = await emu.stripe.setupIntents.retrieve(si.id, {}, { stripeAccount: acct });
    expect(done.status).toBe('succeeded');
    const later = await emu.stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: String(done.payment_method), confirm: true, off_session: true }, { stripeAccount: acct });
    expect(later.status).toBe('succeeded');
  });
});

describe('Checkout', () => {
  it('mode setup: the hosted page saves the card on the customer, charges nothing, and completes with its SetupIntent', async () => {
    const customer = await emu.stripe.customers.create({ email: 'saver@example.com' }, { stripeAccount: acct });
    await expect(emu.stripe.checkout.sessions.create({
      mode: 'setup', customer: customer.id, success_url: 'http://app.test/ok', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }],
    }, { stripeAccount: acct })).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
    const session = await emu.stripe.checkout.sessions.create({ mode: 'setup', currency: 'usd', customer: customer.id, success_url: 'http://app.test/ok?s={CHECKOUT_SESSION_ID}', setup_intent_data: { metadata: { cadenceClientId: 'c2' } } }, { stripeAccount: acct });
    expect(session).toMatchObject({ mode: 'setup', status: 'open', payment_status: 'no_payment_required', amount_total: null, setup_intent: null });
    const page = await fetch(String(session.url));
    expect(await page.text()).toContain('Save card');
    const saved = await payCheckout(String(session.url), '4242424242424242');
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`http://app.test/ok?s=${session.id}`);
    const done = await emu.stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] }, { stripeAccount: acct });
    expect(done.status).toBe('complete');
    const si = done.setup_intent as Stripe.SetupIntent;
    expect(si).toMatchObject({ status: 'succeeded', customer: customer.id, metadata: { cadenceClientId: 'c2' } });
    expect((await emu.stripe.customers.listPaymentMethods(customer.id, {}, { stripeAccount: acct })).data.map((p) => p.id)).toEqual([si.payment_method]);
    expect((await emu.stripe.paymentIntents.list({ customer: customer.id }, { stripeAccount: acct })).data).toEqual([]);
  });

  it('mode payment: a 3-D Secure card goes through the challenge, then the session completes; a failed challenge says so and leaves it open', async () => {
    const make = () => emu.stripe.checkout.sessions.create({
      mode: 'payment', line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 2500, product_data: { name: 'Session payment' } } }],
      success_url: 'http://app.test/paid?s={CHECKOUT_SESSION_ID}', customer_email: 'x@example.com',
    }, { stripeAccount: acct });
    const session = await make();
    const started = await payCheckout(String(session.url), '4000002760003184');
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/\/3ds\/pi_/);
    expect((await emu.stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: acct })).status).toBe('open');
    const done = await fetch(String(started.location), { method: 'POST', body: new URLSearchParams({ action: 'complete' }), redirect: 'manual' });
    expect(done.headers.get('location')).toBe(`http://app.test/paid?s=${session.id}`);
    const paid = await emu.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] }, { stripeAccount: acct });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect((paid.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');

    const other = await make();
    const again = await payCheckout(String(other.url), '4000002760003184');
    const failed = await fetch(String(again.location), { method: 'POST', body: new URLSearchParams({ action: 'fail' }), redirect: 'manual' });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect((await emu.stripe.checkout.sessions.retrieve(other.id, {}, { stripeAccount: acct })).status).toBe('open');
  });
});

describe('disputes', () => {
  it('closing (accepting) a dispute makes it lost with charge.dispute.closed, and a disputed charge cannot be refunded', async () => {
    const pi = await emu.stripe.paymentIntents.create({ amount: 4000, currency: 'usd', payment_method: 'pm_card_createDispute', confirm: true }, { stripeAccount: acct });
    const [dispute] = (await emu.stripe.disputes.list({ payment_intent: pi.id }, { stripeAccount: acct })).data;
    await expect(emu.stripe.refunds.create({ payment_intent: pi.id }, { stripeAccount: acct })).rejects.toMatchObject({ statusCode: 400, code: 'charge_disputed' });
    const closed = await emu.stripe.disputes.close(String(dispute?.id), {}, { stripeAccount: acct });
    expect(closed.status).toBe('lost');
    await waitFor(() => events('charge.dispute.closed').some((e) => (e.data.object as Stripe.Dispute).id === dispute?.id));
    await expect(emu.stripe.disputes.close(String(dispute?.id), {}, { stripeAccount: acct })).rejects.toMatchObject({ statusCode: 400 });
  });
});
