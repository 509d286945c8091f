import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, startReceiver, waitFor, type Emulator, type Receiver } from './support/harness.ts';

type Log = { data: Array<{ event: string; url: string; attempt: number; status: number | string; at: number }> };

let emu: Emulator;
let hooks: Receiver;
const verifier = new Stripe('sk_test_unused');

beforeAll(async () => {
  hooks = await startReceiver();
  emu = await startEmulator({ env: { STRIPE_WEBHOOK_URL: hooks.url, STRIPE_WEBHOOK_SECRET: 'whsec_local' } });
});
afterAll(async () => {
  await emu.close();
  await hooks.close();
});
afterEach(async () => {
  hooks.status = 200;
  hooks.answer = null;
  await emu.dev('/webhooks', { duplicate: false, reorder: false, drop: false, delay_ms: 0, types: [] });
});

/** Three customer.created events, delivered before `/_dev/webhooks/flush` answers. */
async function makeEvents(n = 3): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await emu.stripe.customers.create({ email: `hook${i}@example.com` })).id);
  await emu.dev('/webhooks/flush', {});
  return ids;
}

const delivered = (from: number): Array<{ type: string; customer: string; id: string }> =>
  hooks.received.slice(from).map((r) => ({ type: r.event.type, customer: String(r.event.data.object.id), id: r.event.id }));

describe('signed delivery', () => {
  it('signs with t=…,v1=HMAC(whsec, `${t}.${body}`) that constructEvent accepts', async () => {
    const from = hooks.received.length;
    const [id] = await makeEvents(1);
    const got = hooks.received[from];
    if (!got) throw new Error('nothing delivered');
    const header = String(got.headers['stripe-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    const event = verifier.webhooks.constructEvent(got.body, header, 'whsec_local');
    expect(event).toMatchObject({ object: 'event', type: 'customer.created', api_version: '2026-10-28.endive', livemode: false });
    expect((event.data.object as Stripe.Customer).id).toBe(id);
    expect((await emu.stripe.events.retrieve(event.id)).id).toBe(event.id);
  });

  it('rejects a tampered body, a wrong secret and a stale timestamp', async () => {
    const from = hooks.received.length;
    await makeEvents(1);
    const got = hooks.received[from];
    if (!got) throw new Error('nothing delivered');
    const header = String(got.headers['stripe-signature']);
    const tampered = got.body.replace('hook0@example.com', 'evil@example.com');
    expect(() => verifier.webhooks.constructEvent(tampered, header, 'whsec_local')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => verifier.webhooks.constructEvent(got.body, header, 'whsec_other')).toThrow(/No signatures found matching/);
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(() => verifier.webhooks.constructEvent(got.body, header, 'whsec_local', 300, undefined, (t + 301) * 1000)).toThrow(/Timestamp outside the tolerance zone/);
  });

  it('signs with the emulator clock, so an advanced clock stays within tolerance for a receiver on the same clock', async () => {
    await emu.advance(86_400);
    const from = hooks.received.length;
    await makeEvents(1);
    const header = String(hooks.received[from]?.headers['stripe-signature']);
    expect(Number(/t=(\d+)/.exec(header)?.[1])).toBeGreaterThanOrEqual((await emu.now()) - 5);
  });

  it('delivers to created webhook endpoints with their own secret, filtered by enabled_events', async () => {
    const own = await startReceiver();
    try {
      const we = await emu.stripe.webhookEndpoints.create({ url: own.url, enabled_events: ['customer.updated'] });
      const [id] = await makeEvents(1);
      await emu.stripe.customers.update(id ?? '', { name: 'Renamed' });
      await emu.dev('/webhooks/flush', {});
      expect(own.types()).toEqual(['customer.updated']);
      const got = own.received[0];
      const event = verifier.webhooks.constructEvent(got?.body ?? '', String(got?.headers['stripe-signature']), we.secret ?? '');
      expect(event.data.previous_attributes).toEqual({ name: null });
      await emu.stripe.webhookEndpoints.del(we.id);
    } finally {
      await own.close();
    }
  });

  it('the configured endpoint listens only to STRIPE_WEBHOOK_EVENTS when set', async () => {
    const own = await startReceiver();
    const other = await startEmulator({ env: { STRIPE_WEBHOOK_URL: own.url, STRIPE_WEBHOOK_EVENTS: 'customer.updated, customer.deleted' } });
    try {
      const customer = await other.stripe.customers.create({ email: 'listen@example.com' });
      await other.stripe.customers.update(customer.id, { name: 'Listened' });
      await other.flush();
      expect(own.types()).toEqual(['customer.updated']);
    } finally {
      await other.close();
      await own.close();
    }
  });

  it('retries a delivery that got a non-2xx answer', async () => {
    hooks.status = 500;
    const from = hooks.received.length;
    await makeEvents(1);
    expect(hooks.received.length - from).toBe(1);
    hooks.status = 200;
    await waitFor(() => hooks.received.length - from >= 2);
    const attempts = hooks.received.slice(from);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]?.event.id).toBe(attempts[0]?.event.id);
    const log = (await emu.dev('/webhooks/deliveries')) as { data: Array<{ event: string; status: number; attempt: number }> };
    expect(log.data.filter((d) => d.event === attempts[0]?.event.id).map((d) => [d.attempt, d.status])).toEqual([[1, 500], [2, 200]]);
  });
});

describe('test switches (/_dev/webhooks)', () => {
  it('duplicate sends every event twice with the same id', async () => {
    await emu.dev('/webhooks', { duplicate: true });
    const from = hooks.received.length;
    const ids = await makeEvents(2);
    // Deliveries are concurrent, so the two events' copies may interleave.
    const got = delivered(from);
    expect(got.map((d) => d.customer).sort()).toEqual([ids[0], ids[0], ids[1], ids[1]].sort());
    for (const id of ids) expect(new Set(got.filter((d) => d.customer === id).map((d) => d.id)).size).toBe(1);
  });

  it('reorder reverses each batch (one checkout completion is one batch)', async () => {
    const customer = await emu.stripe.customers.create({ email: 'batch@example.com' });
    const session = await emu.stripe.checkout.sessions.create({
      mode: 'subscription', customer: customer.id, line_items: [{ price: 'price_cadence_monthly' }], subscription_data: { trial_period_days: 7 },
      success_url: 'http://localhost/ok', cancel_url: 'http://localhost/no',
    });
    await emu.dev('/webhooks/flush', {});
    await emu.dev('/webhooks', { reorder: true });
    const mark = hooks.received.length;
    await fetch(session.url ?? '', { method: 'POST', body: new URLSearchParams({ cardnumber: '4242424242424242', exp: '12/34', cvc: '123', name: 'A' }), redirect: 'manual' });
    const types = delivered(mark).map((d) => d.type);
    expect(types[0]).toBe('checkout.session.completed');
    expect(types.at(-1)).toBe('payment_method.attached');
  });

  it('drop records but never sends; delay sends later without holding up the clock', async () => {
    await emu.dev('/webhooks', { drop: true, types: ['customer.created'] });
    const from = hooks.received.length;
    const [id] = await makeEvents(1);
    await emu.stripe.customers.update(id ?? '', { name: 'x' });
    await emu.dev('/webhooks/flush', {});
    expect(delivered(from).map((d) => d.type)).toEqual(['customer.updated']);
    const log = (await emu.dev('/webhooks/deliveries')) as { data: Array<{ type: string; status: unknown }> };
    expect(log.data.some((d) => d.type === 'customer.created' && d.status === 'dropped')).toBe(true);
    // The event is still listed, so a sync that reads /v1/events or the objects can repair it.
    expect((await emu.stripe.events.list({ type: 'customer.created', limit: 1 })).data[0]?.data.object).toMatchObject({ id });

    await emu.dev('/webhooks', { drop: false, delay_ms: 300, types: [] });
    const mark = hooks.received.length;
    await makeEvents(1);
    expect(hooks.received.length).toBe(mark);
    await waitFor(() => hooks.received.length > mark);
    expect(hooks.received.length).toBe(mark + 1);
  });

  it('GET /_dev/webhooks reports the switches and targets; /_dev is loopback-only config', async () => {
    const state = (await emu.dev('/webhooks')) as Record<string, unknown>;
    expect(state).toMatchObject({ duplicate: false, reorder: false, drop: false, delay_ms: 0, targets: [hooks.url] });
    const post = (route: string, body: string): Promise<Response> =>
      fetch(`${emu.origin}/_dev${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const bad = await post('/clock/advance', '{"seconds":-1}');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { type: 'invalid_request_error', message: '`seconds` must be a non-negative integer', param: 'seconds' } });
    // A misspelt switch is refused instead of being silently ignored.
    const typo = await post('/webhooks', '{"duplicat":true}');
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({ error: { code: 'parameter_unknown', param: 'duplicat' } });
    expect((await post('/webhooks', '{"drop":"yes"}')).status).toBe(400);
    expect(await emu.dev('/webhooks')).toMatchObject({ duplicate: false, drop: false });
  });
});

describe('concurrent delivery (Stripe sends in parallel, unordered, and retries)', () => {
  const emailOf = (r: { event: { data: { object: Record<string, unknown> } } }): string => String(r.event.data.object['email'] ?? '');
  const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

  it('delivers many events concurrently, at most 8 in flight to an endpoint, each exactly once', async () => {
    await emu.flush();
    hooks.maxInFlight = 0;
    hooks.answer = async () => {
      await sleep(60);
      return 200;
    };
    const from = hooks.received.length;
    const customers = await Promise.all(Array.from({ length: 40 }, (_, i) => emu.stripe.customers.create({ email: `many${i}@example.com` })));
    await emu.flush();
    const got = delivered(from).filter((d) => d.type === 'customer.created');
    expect(got.map((d) => d.customer).sort()).toEqual(customers.map((c) => c.id).sort());
    expect(new Set(got.map((d) => d.id)).size).toBe(40);
    expect(hooks.maxInFlight).toBeGreaterThan(1);
    expect(hooks.maxInFlight).toBeLessThanOrEqual(8);
    const log = (await emu.dev('/webhooks/deliveries')) as Log;
    const mine = new Set(got.map((d) => d.id));
    expect(log.data.filter((d) => mine.has(d.event)).every((d) => d.status === 200 && d.attempt === 1)).toBe(true);
  });

  it('a slow delivery holds up neither the endpoint\'s other events nor another endpoint', async () => {
    await emu.flush();
    const slow = await startReceiver();
    let release = (): void => undefined;
    const gate = new Promise<number>((resolve) => { release = () => resolve(200); });
    slow.answer = () => gate;
    hooks.answer = (r) => (emailOf(r) === 'stuck@example.com' ? gate : 200);
    const endpoint = await emu.stripe.webhookEndpoints.create({ url: slow.url, enabled_events: ['customer.created'] });
    try {
      const from = hooks.received.length;
      const stuck = await emu.stripe.customers.create({ email: 'stuck@example.com' });
      const others = await Promise.all(Array.from({ length: 5 }, (_, i) => emu.stripe.customers.create({ email: `free${i}@example.com` })));
      const flushed = emu.flush();
      // Every other event is answered by the fast endpoint while the stuck one and the slow endpoint still hang.
      await waitFor(() => delivered(from).length === 6 && slow.received.length === 6);
      await waitFor(() => hooks.inFlight === 1);
      const log = (await emu.dev('/webhooks/deliveries')) as Log;
      const status = (url: string, customer: string): unknown => {
        const event = [...hooks.received, ...slow.received].find((r) => r.event.data.object.id === customer)?.event.id;
        return log.data.find((d) => d.url === url && d.event === event)?.status;
      };
      for (const c of others) expect(status(hooks.url, c.id)).toBe(200);
      expect(status(hooks.url, stuck.id)).toBe('pending');
      for (const c of [stuck, ...others]) expect(status(slow.url, c.id)).toBe('pending');
      release();
      await flushed;
      const after = (await emu.dev('/webhooks/deliveries')) as Log;
      expect(after.data.filter((d) => d.url === slow.url).map((d) => d.status)).toEqual(Array(6).fill(200));
    } finally {
      release();
      await emu.stripe.webhookEndpoints.del(endpoint.id);
      await slow.close();
    }
  });

  it('retries a failing delivery with growing back-off, while the others go through once', async () => {
    await emu.flush();
    let failures = 0;
    hooks.answer = (r) => (emailOf(r) === 'flaky@example.com' && failures++ < 2 ? 500 : 200);
    const from = hooks.received.length;
    const flaky = await emu.stripe.customers.create({ email: 'flaky@example.com' });
    const others = await Promise.all(Array.from({ length: 4 }, (_, i) => emu.stripe.customers.create({ email: `steady${i}@example.com` })));
    await emu.flush();
    const once = delivered(from);
    for (const c of others) expect(once.filter((d) => d.customer === c.id)).toHaveLength(1);
    await waitFor(() => delivered(from).filter((d) => d.customer === flaky.id).length === 3, 10_000);
    const attempts = delivered(from).filter((d) => d.customer === flaky.id);
    expect(new Set(attempts.map((d) => d.id)).size).toBe(1);
    await waitFor(() => hooks.inFlight === 0);
    const log = (await emu.dev('/webhooks/deliveries')) as Log;
    const tries = log.data.filter((d) => d.event === attempts[0]?.id);
    expect(tries.map((d) => [d.attempt, d.status])).toEqual([[1, 500], [2, 500], [3, 200]]);
    const [a, b, c] = tries.map((d) => d.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(450);
    expect(c - b).toBeGreaterThanOrEqual(1_900);
    await sleep(200);
    for (const o of others) expect(delivered(from).filter((d) => d.customer === o.id)).toHaveLength(1);
  });
});
