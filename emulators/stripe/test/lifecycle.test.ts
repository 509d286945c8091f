import { rmSync } from 'node:fs';
import type Stripe from 'stripe';
import { tempDataDir } from '../src/testing.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payCheckout, startEmulator, startReceiver, type Emulator, type Receiver } from './support/harness.ts';

const DAY = 86_400;
const PRICE = 'price_cadence_monthly';
let emu: Emulator;
let hooks: Receiver;

/** Each group gets its own server and receiver, so one group's sessions and renewals never show up in another's events. */
function freshEmulator(): void {
  beforeAll(async () => {
    hooks = await startReceiver();
    emu = await startEmulator({ env: { STRIPE_WEBHOOK_URL: hooks.url } });
  });
  afterAll(async () => {
    await emu.close();
    await hooks.close();
  });
}

async function checkout(email: string, trialDays: number | null): Promise<Stripe.Checkout.Session> {
  return emu.stripe.checkout.sessions.create({
    mode: 'subscription', customer_email: email, client_reference_id: email, line_items: [{ price: PRICE, quantity: 1 }],
    ...(trialDays ? { subscription_data: { trial_period_days: trialDays } } : {}),
    success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/account',
  });
}

/** Events the receiver got since `from`, by type. */
const typesSince = (from: number): string[] => hooks.types().slice(from);

async function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; html: string; location: string | null }> {
  const res = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: res.status, html: await res.text(), location: res.headers.get('location') };
}

describe('hosted checkout', () => {
  freshEmulator();
  it('shows plan, price, trial terms, labelled card fields and a back link', async () => {
    const session = await checkout('page@example.com', 7);
    const html = await (await fetch(session.url ?? '')).text();
    expect(html).toContain('Cadence');
    expect(html).toContain('$10.00');
    expect(html).toContain('USD / month');
    expect(html).toContain('7 days free');
    for (const id of ['cardnumber', 'exp', 'cvc', 'name']) expect(html).toMatch(new RegExp(`<label for="${id}">`));
    expect(html).toContain('href="http://localhost:3000/account"');
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="http/);
  });

  it('declined cards show the decline and create nothing', async () => {
    const before = (await emu.stripe.customers.list({ limit: 100 })).data.length;
    const session = await checkout('declined@example.com', 7);
    const declined = await payCheckout(session.url ?? '', '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.html).toMatch(/id="form-error" role="alert"/);
    expect(declined.html).toMatch(/id="cardnumber"[^>]*aria-describedby="form-error"/);
    const poor = await payCheckout(session.url ?? '', '4000 0000 0000 9995');
    expect(poor.html).toContain('Your card has insufficient funds.');
    const invalid = await payCheckout(session.url ?? '', '4242424242424241');
    expect(invalid.html).toContain('Your card number is invalid.');
    expect((await emu.stripe.customers.list({ limit: 100 })).data).toHaveLength(before);
    expect((await emu.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    // Without a trial the first charge is immediate, so the 0341 card is declined at checkout too.
    const noTrial = await checkout('no-trial@example.com', null);
    expect((await payCheckout(noTrial.url ?? '', '4000000000000341')).html).toContain('Your card was declined.');
    expect((await emu.stripe.customers.list({ email: 'no-trial@example.com' })).data).toHaveLength(0);
  });

  it('without a trial, a paid first invoice makes the subscription active', async () => {
    const session = await checkout('paid@example.com', null);
    expect((await payCheckout(session.url ?? '', '4242424242424242')).status).toBe(303);
    const done = await emu.stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice'] });
    const sub = done.subscription as Stripe.Subscription;
    expect(done.payment_status).toBe('paid');
    expect(sub.status).toBe('active');
    expect(sub.latest_invoice).toMatchObject({ status: 'paid', total: 1000, amount_paid: 1000 });
  });
});

describe('the subscription lifecycle on the emulator clock', () => {
  freshEmulator();
  let sessionId = '';
  let subId = '';
  let portalUrl = '';

  const sub = (): Promise<Stripe.Subscription> => emu.stripe.subscriptions.retrieve(subId);

  it('checkout with 4242 → trialing, a $0 invoice, webhooks delivered before the redirect', async () => {
    const session = await checkout('life@example.com', 7);
    sessionId = session.id;
    const mark = hooks.received.length;
    const paid = await payCheckout(session.url ?? '', '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:3000/payment-success?session_id=${session.id}`);
    expect(typesSince(mark)).toEqual([
      'customer.created', 'payment_method.attached', 'customer.updated', 'customer.subscription.created',
      'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed',
    ]);
    const completed = hooks.received.at(-1)?.event.data.object;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', client_reference_id: 'life@example.com' });
    subId = String(completed?.subscription);
    const s = await sub();
    expect(s.status).toBe('trialing');
    expect((s.trial_end ?? 0) - (s.trial_start ?? 0)).toBe(7 * DAY);
    const invoices = await emu.stripe.invoices.list({ subscription: subId });
    expect(invoices.data.map((i) => [i.total, i.status])).toEqual([[0, 'paid']]);
  });

  it('trial_will_end fires 3 days before the trial ends', async () => {
    const mark = hooks.received.length;
    await emu.advance(3 * DAY);
    expect(typesSince(mark)).toEqual([]);
    await emu.advance(1 * DAY + 60);
    expect(typesSince(mark)).toEqual(['customer.subscription.trial_will_end']);
  });

  it('+7 days → active; a 1000-cent subscription_cycle invoice, finalized and charged an hour later', async () => {
    const s0 = await sub();
    const trialEnd = s0.trial_end ?? 0;
    const mark = hooks.received.length;
    await emu.advance(trialEnd - (await emu.now()));
    expect(typesSince(mark)).toEqual(['customer.subscription.updated', 'invoice.created']);
    const updated = hooks.received[mark]?.event;
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'trialing' });
    const s1 = await sub();
    expect(s1.status).toBe('active');
    expect(s1.items.data[0]?.current_period_start).toBe(trialEnd);
    const draft = (await emu.stripe.invoices.list({ subscription: subId, limit: 1 })).data[0];
    expect(draft).toMatchObject({ status: 'draft', total: 1000, billing_reason: 'subscription_cycle', number: null });

    await emu.advance(3600);
    expect(typesSince(mark).slice(2)).toEqual(['invoice.finalized', 'payment_intent.succeeded', 'invoice_payment.paid', 'invoice.paid', 'invoice.payment_succeeded']);
    const paid = await emu.stripe.invoices.retrieve(draft?.id ?? '');
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1000, amount_remaining: 0, attempt_count: 1 });
    expect(paid.parent?.subscription_details?.subscription).toBe(subId);
    const pdf = await fetch(paid.invoice_pdf ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the portal shows plan, status, next payment and card; switching to 0341 fails the next cycle → past_due', async () => {
    const s = await sub();
    const portal = await emu.stripe.billingPortal.sessions.create({ customer: String(s.customer), return_url: 'http://localhost:3000/account' });
    portalUrl = portal.url;
    const html = await (await fetch(portalUrl)).text();
    for (const text of ['Cadence', '$10.00 per month', 'Active', 'Next payment', 'Visa •••• 4242', 'Invoice history', 'Return to Cadence']) expect(html).toContain(text);
    const updated = await postForm(`${portalUrl}/card`, { cardnumber: '4000000000000341', exp: '12/34', cvc: '123', name: 'Ann' });
    expect(updated.status).toBe(303);
    expect(await (await fetch(portalUrl)).text()).toContain('Visa •••• 0341');

    const mark = hooks.received.length;
    const periodEnd = (await sub()).items.data[0]?.current_period_end ?? 0;
    await emu.advance(periodEnd - (await emu.now()) + 3600);
    expect(typesSince(mark)).toEqual([
      'customer.subscription.updated', 'invoice.created', 'invoice.finalized', 'payment_intent.payment_failed', 'invoice.payment_failed', 'customer.subscription.updated',
    ]);
    expect((await sub()).status).toBe('past_due');
    const open = (await emu.stripe.invoices.list({ subscription: subId, status: 'open' })).data[0];
    expect(open).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 1000 });
    expect(open?.next_payment_attempt).toBe((open?.status_transitions.finalized_at ?? 0) + 3 * DAY);
  });

  it('paying the open invoice on the hosted page → paid, subscription active again', async () => {
    const open = (await emu.stripe.invoices.list({ subscription: subId, status: 'open' })).data[0];
    const url = open?.hosted_invoice_url ?? '';
    const page = await (await fetch(url)).text();
    expect(page).toContain('Pay $10.00');
    const again = await postForm(`${url}/pay`, { use: 'saved' });
    expect(again.status).toBe(402);
    expect(again.html).toContain('Your card was declined.');
    const mark = hooks.received.length;
    const paid = await postForm(`${url}/pay`, { use: 'new', cardnumber: '4242424242424242', exp: '12/34', cvc: '123', name: 'Ann' });
    expect(paid.status).toBe(200);
    expect(paid.html).toContain('Payment successful');
    expect(typesSince(mark)).toContain('invoice.paid');
    expect((await emu.stripe.invoices.retrieve(open?.id ?? '')).status).toBe('paid');
    const s = await sub();
    expect(s.status).toBe('active');
    expect(String(s.default_payment_method)).not.toBe('');
  });

  it('cancel at period end from the portal → canceled at the period end (customer.subscription.deleted); resume undoes it', async () => {
    expect((await postForm(`${portalUrl}/cancel`, {})).status).toBe(303);
    let s = await sub();
    expect(s).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await (await fetch(portalUrl)).text()).toContain('Resume subscription');
    expect((await postForm(`${portalUrl}/resume`, {})).status).toBe(303);
    expect((await sub()).cancel_at_period_end).toBe(false);
    await postForm(`${portalUrl}/cancel`, {});
    s = await sub();
    const end = s.items.data[0]?.current_period_end ?? 0;
    const mark = hooks.received.length;
    await emu.advance(end - (await emu.now()) - 60);
    expect((await sub()).status).toBe('active');
    await emu.advance(120);
    expect(typesSince(mark)).toEqual(['customer.subscription.deleted']);
    s = await sub();
    expect(s).toMatchObject({ status: 'canceled', ended_at: end });
    expect((await emu.stripe.checkout.sessions.retrieve(sessionId)).status).toBe('complete');
  });
});

describe('dunning', () => {
  freshEmulator();
  it('a failing card is retried 3 times over 7 days, then the subscription is canceled', async () => {
    const session = await checkout('dunning@example.com', 1);
    await payCheckout(session.url ?? '', '4000000000000341');
    const subId = String((await emu.stripe.checkout.sessions.retrieve(session.id)).subscription);
    const mark = hooks.received.length;
    await emu.advance(1 * DAY + 3600);
    expect((await emu.stripe.subscriptions.retrieve(subId)).status).toBe('past_due');
    await emu.advance(7 * DAY);
    const types = typesSince(mark);
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    // The cancel stops automatic collection of the open invoice (invoice.updated, auto_advance false).
    expect(types.slice(-2)).toEqual(['customer.subscription.deleted', 'invoice.updated']);
    const s = await emu.stripe.subscriptions.retrieve(subId);
    expect(s).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    const invoice = (await emu.stripe.invoices.list({ subscription: subId, limit: 1 })).data[0];
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null, auto_advance: false });
    const voided = await emu.stripe.invoices.voidInvoice(invoice?.id ?? '');
    expect(voided).toMatchObject({ status: 'void', amount_remaining: 0 });
    await emu.dev('/webhooks/flush', {});
    expect(hooks.types().at(-1)).toBe('invoice.voided');
  });

  it('canceling a past_due subscription stops the open invoice\'s automatic collection: no more retries', async () => {
    const session = await checkout('cancel-past-due@example.com', 1);
    await payCheckout(session.url ?? '', '4000000000000341');
    const subId = String((await emu.stripe.checkout.sessions.retrieve(session.id)).subscription);
    await emu.advance(1 * DAY + 3600);
    const open = (await emu.stripe.invoices.list({ subscription: subId, status: 'open' })).data[0];
    expect(open).toMatchObject({ attempt_count: 1, auto_advance: true });
    expect(open?.next_payment_attempt).not.toBeNull();

    await emu.stripe.subscriptions.cancel(subId);
    const stopped = await emu.stripe.invoices.retrieve(open?.id ?? '');
    expect(stopped).toMatchObject({ status: 'open', auto_advance: false, next_payment_attempt: null, attempt_count: 1 });
    const mark = hooks.received.length;
    await emu.advance(8 * DAY);
    expect(typesSince(mark)).not.toContain('invoice.payment_failed');
    expect(await emu.stripe.invoices.retrieve(open?.id ?? '')).toMatchObject({ status: 'open', attempt_count: 1 });
  });

  it('invoices.pay: the failing card gives a 402 card_error; another card pays and the subscription is active again', async () => {
    const session = await checkout('api-pay@example.com', 1);
    await payCheckout(session.url ?? '', '4000000000000341');
    const done = await emu.stripe.checkout.sessions.retrieve(session.id);
    const subId = String(done.subscription);
    await emu.advance(1 * DAY + 3600);
    const open = (await emu.stripe.invoices.list({ subscription: subId, status: 'open' })).data[0];
    await expect(emu.stripe.invoices.pay(open?.id ?? '')).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    const visa = await emu.stripe.paymentMethods.attach('pm_card_visa', { customer: String(done.customer) });
    const paid = await emu.stripe.invoices.pay(open?.id ?? '', { payment_method: visa.id });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1000 });
    expect((await emu.stripe.subscriptions.retrieve(subId)).status).toBe('active');
  });
});

describe('persistence', () => {
  it('objects, the clock offset and pending jobs survive a restart', async () => {
    const hooks2 = await startReceiver();
    const dataDir = tempDataDir();
    const first = await startEmulator({ dataDir, env: { STRIPE_WEBHOOK_URL: hooks2.url } });
    const session = await first.stripe.checkout.sessions.create({
      mode: 'subscription', customer_email: 'restart@example.com', line_items: [{ price: PRICE }], subscription_data: { trial_period_days: 7 },
      success_url: 'http://localhost/ok', cancel_url: 'http://localhost/no',
    });
    await payCheckout(session.url ?? '', '4242424242424242');
    await first.advance(2 * DAY);
    const before = await first.now();
    await first.close();

    const second = await startEmulator({ dataDir, env: { STRIPE_WEBHOOK_URL: hooks2.url } });
    try {
      expect(await second.now()).toBeGreaterThanOrEqual(before);
      const done = await second.stripe.checkout.sessions.retrieve(session.id);
      expect(done.status).toBe('complete');
      const subId = String(done.subscription);
      expect((await second.stripe.subscriptions.retrieve(subId)).status).toBe('trialing');
      await second.advance(5 * DAY + 3600);
      expect((await second.stripe.subscriptions.retrieve(subId)).status).toBe('active');
      expect(hooks2.types()).toContain('invoice.payment_succeeded');
      expect((await second.stripe.products.retrieve('prod_cadence')).name).toBe('Cadence');
    } finally {
      await second.close();
      await hooks2.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
