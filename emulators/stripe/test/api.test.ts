import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingFixtureKeys, payCheckout, startEmulator, type Emulator } from './support/harness.ts';

let emu: Emulator;
let stripe: Stripe;
const PRICE = 'price_cadence_monthly';

beforeAll(async () => {
  emu = await startEmulator();
  stripe = emu.stripe;
});
afterAll(async () => {
  await emu.close();
});

async function subscribed(email: string, card = '4242424242424242', trial: number | null = 7): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session }> {
  const customer = await stripe.customers.create({ email, metadata: { userId: email } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription', customer: customer.id, line_items: [{ price: PRICE, quantity: 1 }],
    ...(trial ? { subscription_data: { trial_period_days: trial, metadata: { userId: email } } } : {}),
    success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/account',
  });
  const paid = await payCheckout(session.url ?? '', card);
  expect(paid.status).toBe(303);
  return { customer, session: await stripe.checkout.sessions.retrieve(session.id) };
}

describe('transport', () => {
  it('rejects a wrong key with 401 and answers with a Request-Id', async () => {
    const bad = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: emu.port, protocol: 'http', maxNetworkRetries: 0 });
    const err = await bad.customers.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((err as Stripe.errors.StripeError).statusCode).toBe(401);
    const res = await fetch(`${emu.origin}/v1/customers`);
    expect(res.status).toBe(401);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    // The key is checked before the route is looked up.
    expect((await fetch(`${emu.origin}/v1/nothing_here`)).status).toBe(401);
  });

  it('returns Stripe error bodies: 404 resource_missing, 400 missing param, unknown URL', async () => {
    const missing = await stripe.customers.retrieve('cus_nope').catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', rawType: 'invalid_request_error' });
    expect((missing as Stripe.errors.StripeError).requestId).toMatch(/^req_/);
    const bad = await stripe.checkout.sessions.create({ mode: 'subscription', success_url: 'http://x' }).catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(bad).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const unknown = await stripe.rawRequest('GET', '/v1/nothing_here', {}).catch((e: unknown) => e as Stripe.errors.StripeError);
    expect(unknown).toMatchObject({ statusCode: 404 });
  });

  it('replays an idempotent request and rejects the key with other params', async () => {
    const a = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    const b = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
    expect(b.id).toBe(a.id);
    const err = await stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((err as Stripe.errors.StripeError).statusCode).toBe(400);
    expect((await stripe.customers.list({ email: 'idem@example.com' })).data).toHaveLength(1);
  });

  it('paginates with limit/starting_after/ending_before and auto-pagination', async () => {
    for (let i = 0; i < 5; i++) await stripe.customers.create({ email: `page@example.com`, name: `n${i}` });
    const first = await stripe.customers.list({ email: 'page@example.com', limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((c) => c.name)).toEqual(['n4', 'n3']);
    const second = await stripe.customers.list({ email: 'page@example.com', limit: 2, starting_after: first.data[1]?.id });
    expect(second.data.map((c) => c.name)).toEqual(['n2', 'n1']);
    const back = await stripe.customers.list({ email: 'page@example.com', limit: 2, ending_before: second.data[0]?.id });
    expect(back.data.map((c) => c.name)).toEqual(['n4', 'n3']);
    const all = await stripe.customers.list({ email: 'page@example.com', limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all).toHaveLength(5);
  });
});

describe('the calls the billing functions make', () => {
  it('customers: create, retrieve, update, list by email, search by email and metadata', async () => {
    const c = await stripe.customers.create({ email: 'Case@Example.com', name: 'Ann', metadata: { userId: 'u1' } });
    expect(missingFixtureKeys('customer', c)).toEqual([]);
    expect((await stripe.customers.retrieve(c.id)).id).toBe(c.id);
    const updated = await stripe.customers.update(c.id, { name: 'Ann B', metadata: { plan: 'x' } });
    expect(updated.metadata).toEqual({ userId: 'u1', plan: 'x' });
    expect((await stripe.customers.list({ email: 'Case@Example.com' })).data.map((x) => x.id)).toEqual([c.id]);
    expect((await stripe.customers.list({ email: 'case@example.com' })).data).toHaveLength(0);
    const found = await stripe.customers.search({ query: "email:'Case@Example.com' AND metadata['userId']:'u1'" });
    expect(found).toMatchObject({ object: 'search_result', has_more: false });
    expect(found.data.map((x) => x.id)).toEqual([c.id]);
    expect((await stripe.customers.search({ query: "metadata['userId']:'nobody'" })).data).toHaveLength(0);
  });

  it('checkout.sessions: create (trial, {CHECKOUT_SESSION_ID}), retrieve, list, expire', async () => {
    const customer = await stripe.customers.create({ email: 'cs@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription', customer: customer.id, client_reference_id: 'user_1', metadata: { userId: 'user_1' },
      line_items: [{ price: PRICE, quantity: 1 }], subscription_data: { trial_period_days: 7 },
      success_url: 'http://localhost:3000/ok?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/back',
    });
    expect(missingFixtureKeys('checkout.session', session)).toEqual([]);
    expect(session).toMatchObject({ status: 'open', payment_status: 'unpaid', mode: 'subscription', client_reference_id: 'user_1', customer: customer.id, amount_total: 1000 });
    expect(session.url).toBe(`${emu.origin}/c/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).metadata).toEqual({ userId: 'user_1' });
    expect((await stripe.checkout.sessions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([session.id]);
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data[0]?.price?.id).toBe(PRICE);
    const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(withItems.line_items?.data[0]?.amount_total).toBe(1000);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('a completed checkout has customer, subscription (expandable) and a $0 trial invoice', async () => {
    const { customer, session } = await subscribed('done@example.com');
    expect(session).toMatchObject({ status: 'complete', customer: customer.id, payment_status: 'no_payment_required', url: null });
    const full = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'subscription.default_payment_method', 'subscription.latest_invoice'] });
    const sub = full.subscription as Stripe.Subscription;
    expect(sub.status).toBe('trialing');
    expect((sub.default_payment_method as Stripe.PaymentMethod).card?.last4).toBe('4242');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ total: 0, status: 'paid', billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(sub.id);
  });

  it('subscriptions: retrieve (fixture shape, item periods), list, update cancel_at_period_end, resume errors, cancel', async () => {
    const { customer, session } = await subscribed('subs@example.com');
    const id = String(session.subscription);
    const sub = await stripe.subscriptions.retrieve(id, { expand: ['customer', 'latest_invoice', 'default_payment_method'] });
    expect(missingFixtureKeys('subscription', sub)).toEqual([]);
    const item = sub.items.data[0];
    expect(item && missingFixtureKeys('subscription_item', item)).toEqual([]);
    expect(item?.current_period_end).toBe(sub.trial_end);
    expect(item?.price.unit_amount).toBe(1000);
    expect((sub.customer as Stripe.Customer).email).toBe('subs@example.com');
    const withSubs = await stripe.customers.retrieve(customer.id, { expand: ['subscriptions'] }) as Stripe.Customer;
    expect(withSubs.subscriptions?.data.map((s) => s.id)).toEqual([id]);
    await expect(stripe.customers.retrieve(customer.id, { expand: ['nonsense'] })).rejects.toMatchObject({ statusCode: 400 });
    expect(sub.metadata).toEqual({ userId: 'subs@example.com' });
    expect((await stripe.subscriptions.list({ customer: customer.id })).data.map((s) => s.id)).toEqual([id]);
    expect((await stripe.subscriptionItems.list({ subscription: id })).data[0]?.id).toBe(item?.id);

    const canceling = await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ status: 'trialing', cancel_at_period_end: true, cancel_at: item?.current_period_end });
    expect(canceling.canceled_at).toBeTypeOf('number');
    const undone = await stripe.subscriptions.update(id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    await expect(stripe.subscriptions.resume(id)).rejects.toMatchObject({ statusCode: 400 });

    const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
    const switched = await stripe.subscriptions.update(id, { default_payment_method: pm.id, expand: ['default_payment_method'] });
    expect((switched.default_payment_method as Stripe.PaymentMethod).card?.brand).toBe('mastercard');

    const canceled = await stripe.subscriptions.cancel(id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect(canceled.ended_at).toBeTypeOf('number');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toHaveLength(1);
  });

  it('invoices: list, retrieve (fixture shape, payments), pay, void; invoice payments', async () => {
    const { customer } = await subscribed('inv@example.com', '4242424242424242', null);
    const invoices = await stripe.invoices.list({ customer: customer.id, expand: ['data.payments'] });
    const invoice = invoices.data[0];
    if (!invoice) throw new Error('no invoice');
    expect(missingFixtureKeys('invoice', invoice)).toEqual([]);
    expect(invoice).toMatchObject({ status: 'paid', total: 1000, amount_paid: 1000, currency: 'usd', billing_reason: 'subscription_create' });
    expect(invoice.hosted_invoice_url).toBe(`${emu.origin}/i/${invoice.id}`);
    expect(invoice.number).toMatch(/^[A-Z0-9]+-0001$/);
    const line = invoice.lines.data[0];
    expect(line && missingFixtureKeys('line_item', line)).toEqual([]);
    expect(invoice.payments?.data[0]).toMatchObject({ status: 'paid', amount_paid: 1000 });
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, expand: ['data.payment.payment_intent'] });
    const payment = payments.data[0];
    expect(payment && missingFixtureKeys('invoice_payment', payment)).toEqual([]);
    expect((payment?.payment.payment_intent as Stripe.PaymentIntent).payment_method).toBeTruthy();
    // Stripe allows 4 expansion levels; the card is one more retrieve away.
    const retrieved = await stripe.invoices.retrieve(invoice.id, { expand: ['payments.data.payment.payment_intent'] });
    const pi = retrieved.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    expect((await stripe.paymentMethods.retrieve(String(pi.payment_method))).card?.last4).toBe('4242');
    await expect(stripe.invoices.retrieve(invoice.id, { expand: ['payments.data.payment.payment_intent.payment_method'] })).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.invoices.pay(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.invoices.voidInvoice(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('payment methods: retrieve, list, attach, detach; declining cards cannot be attached', async () => {
    const customer = await stripe.customers.create({ email: 'pm@example.com' });
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(missingFixtureKeys('payment_method', visa)).toEqual([]);
    expect(visa.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect((await stripe.paymentMethods.retrieve(visa.id)).customer).toBe(customer.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((p) => p.id)).toEqual([visa.id]);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);
    const declined = await stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: customer.id }).catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((await stripe.paymentMethods.detach(visa.id)).customer).toBeNull();
  });

  it('billing portal sessions, products and prices', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/account' });
    expect(missingFixtureKeys('billing_portal.session', portal)).toEqual([]);
    expect(portal.url).toBe(`${emu.origin}/p/session/${portal.id}`);
    const page = await fetch(portal.url);
    expect(await page.text()).toContain('href="http://localhost:3000/account"');
    const prices = await stripe.prices.list({ lookup_keys: ['cadence_monthly'], expand: ['data.product'] });
    const price = prices.data[0];
    expect(price && missingFixtureKeys('price', price)).toEqual([]);
    expect(price).toMatchObject({ unit_amount: 1000, currency: 'usd', recurring: { interval: 'month' } });
    expect((price?.product as Stripe.Product).name).toBe('Cadence');
    expect(missingFixtureKeys('product', price?.product as Stripe.Product)).toEqual([]);
  });

  it('events list/retrieve and webhook endpoint CRUD', async () => {
    const events = await stripe.events.list({ type: 'customer.created', limit: 3 });
    expect(events.data.length).toBeGreaterThan(0);
    const event = events.data[0];
    expect(event && missingFixtureKeys('event', event)).toEqual([]);
    expect(event?.api_version).toBe('2026-10-28.endive');
    expect((await stripe.events.retrieve(event?.id ?? '')).type).toBe('customer.created');
    const we = await stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/none', enabled_events: ['invoice.paid'] });
    expect(missingFixtureKeys('webhook_endpoint', we)).toEqual([]);
    expect(we.secret).toMatch(/^whsec_/);
    expect((await stripe.webhookEndpoints.retrieve(we.id)).secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.update(we.id, { disabled: true })).status).toBe('disabled');
    expect((await stripe.webhookEndpoints.list()).data.map((w) => w.id)).toContain(we.id);
    expect(await stripe.webhookEndpoints.del(we.id)).toMatchObject({ deleted: true });
  });

  it('test clocks: a customer on a clock is billed on clock time', async () => {
    const start = Math.floor(Date.UTC(2030, 0, 1) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'trial' });
    expect(missingFixtureKeys('test_helpers.test_clock', clock)).toEqual([]);
    const customer = await stripe.customers.create({ email: 'clock@example.com', test_clock: clock.id });
    expect(customer.test_clock).toBe(clock.id);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription', customer: customer.id, line_items: [{ price: PRICE, quantity: 1 }], subscription_data: { trial_period_days: 7 },
      success_url: 'http://localhost/ok', cancel_url: 'http://localhost/no',
    });
    expect((await payCheckout(session.url ?? '', '4242424242424242')).status).toBe(303);
    const sub = (await stripe.subscriptions.list({ test_clock: clock.id })).data[0];
    expect(sub).toMatchObject({ status: 'trialing', trial_start: start, trial_end: start + 7 * 86400, test_clock: clock.id });
    const advanced = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 8 * 86400 });
    expect(advanced).toMatchObject({ status: 'ready', frozen_time: start + 8 * 86400 });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).status).toBe('ready');
    expect((await stripe.subscriptions.retrieve(sub?.id ?? '')).status).toBe('active');
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.total])).toEqual([['subscription_cycle', 'paid', 1000], ['subscription_create', 'paid', 0]]);
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ deleted: true });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});
