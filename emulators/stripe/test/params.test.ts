import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from './support/harness.ts';

let emu: Emulator;
let stripe: Stripe;

beforeAll(async () => {
  emu = await startEmulator();
  stripe = emu.stripe;
});
afterAll(async () => {
  await emu.close();
});

/** The error a call is refused with (fails the test if it succeeds). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const result = await call.then(() => null, (e: unknown) => e);
  if (!(result instanceof Stripe.errors.StripeError)) throw new Error(`expected a Stripe error, got ${JSON.stringify(result)}`);
  return result;
}

/** The SDK's types refuse these shapes; a client built without them (or with a cast) sends them anyway. */
const untyped = <T>(params: Record<string, unknown>): T => params as T;

describe('param shapes are checked as Stripe checks them (400 invalid_request_error)', () => {
  it('a scalar where a hash is expected: "Invalid hash", and nothing is created', async () => {
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const err = await refusal(stripe.customers.create(untyped({ email: 'shape@example.com', invoice_settings: 'x' })));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err).toMatchObject({ statusCode: 400, rawType: 'invalid_request_error', message: 'Invalid hash', param: 'invoice_settings' });
    expect((await stripe.customers.list({ limit: 100 })).data).toHaveLength(before);
  });

  it('an empty string for a hash that cannot be unset: parameter_invalid_empty', async () => {
    const err = await refusal(stripe.customers.create(untyped({ invoice_settings: '' })));
    expect(err).toMatchObject({ statusCode: 400, code: 'parameter_invalid_empty', param: 'invoice_settings' });
    expect(err.message).toContain("You passed an empty string for 'invoice_settings'");
  });

  it('unknown params, top-level and nested, in the body and in the query string: parameter_unknown', async () => {
    const top = await refusal(stripe.customers.create(untyped({ email: 'x@example.com', colour: 'blue' })));
    expect(top).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour', message: 'Received unknown parameter: colour' });
    const nested = await refusal(stripe.customers.update('cus_any', untyped({ invoice_settings: { footer: 'x' } })));
    expect(nested).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'invoice_settings[footer]', message: 'Received unknown parameter: invoice_settings[footer]' });
    const inQuery = await refusal(stripe.subscriptions.list(untyped({ owner: 'me' })));
    expect(inQuery).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'owner' });
    const inItems = await refusal(stripe.checkout.sessions.create(untyped({
      mode: 'subscription', line_items: [{ price: 'price_cadence_monthly', quantity: 1, colour: 'red' }], success_url: 'http://localhost/ok',
    })));
    expect(inItems).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });
  });

  it('enums name their values: "Invalid status: must be one of …"', async () => {
    const err = await refusal(stripe.subscriptions.list(untyped({ status: 'bogus' })));
    expect(err).toMatchObject({ statusCode: 400, param: 'status' });
    expect(err.message).toBe('Invalid status: must be one of active, past_due, unpaid, canceled, incomplete, incomplete_expired, trialing, paused, all, or ended');
    const mode = await refusal(stripe.checkout.sessions.create(untyped({ mode: 'rental', success_url: 'http://localhost/ok' })));
    expect(mode).toMatchObject({ statusCode: 400, param: 'mode', message: 'Invalid mode: must be one of payment, setup, or subscription' });
    const feedback = await refusal(stripe.subscriptions.update('sub_any', untyped({ cancellation_details: { feedback: 'meh' } })));
    expect(feedback).toMatchObject({ statusCode: 400, param: 'cancellation_details[feedback]' });
  });

  it('a scalar where an array is expected: "Invalid array"', async () => {
    const err = await refusal(stripe.prices.list(untyped({ lookup_keys: 'cadence_monthly' })));
    expect(err).toMatchObject({ statusCode: 400, message: 'Invalid array', param: 'lookup_keys' });
    const items = await refusal(stripe.checkout.sessions.create(untyped({ mode: 'subscription', line_items: 'price_cadence_monthly', success_url: 'http://localhost/ok' })));
    expect(items).toMatchObject({ message: 'Invalid array', param: 'line_items' });
  });

  it('integers and booleans: "Invalid integer: …" (parameter_invalid_integer), "Invalid boolean: …"', async () => {
    const trial = await refusal(stripe.checkout.sessions.create(untyped({
      mode: 'subscription', line_items: [{ price: 'price_cadence_monthly' }], success_url: 'http://localhost/ok', subscription_data: { trial_period_days: 'seven' },
    })));
    expect(trial).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'subscription_data[trial_period_days]', message: 'Invalid integer: seven' });
    const created = await refusal(stripe.invoices.list(untyped({ created: { gte: 'yesterday' } })));
    expect(created).toMatchObject({ code: 'parameter_invalid_integer', param: 'created[gte]' });
    const page = await refusal(stripe.customers.search({ query: "email:'x@example.com'", limit: 101 }));
    expect(page).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'limit' });
    const flag = await refusal(stripe.products.list(untyped({ active: 'yes' })));
    expect(flag).toMatchObject({ statusCode: 400, param: 'active', message: 'Invalid boolean: yes' });
  });

  it('a hash where a string is expected, and strings longer than Stripe allows', async () => {
    const hashed = await refusal(stripe.customers.create(untyped({ email: { address: 'x@example.com' } })));
    expect(hashed).toMatchObject({ statusCode: 400, param: 'email' });
    expect(hashed.message).toMatch(/^Invalid string: /);
    const name = await refusal(stripe.customers.create({ name: 'N'.repeat(257) }));
    expect(name).toMatchObject({ statusCode: 400, param: 'name', message: 'Invalid string: NNNNNNNNNN...NNNNNNNNNN; must be at most 256 characters' });
    await expect(stripe.customers.create({ name: 'N'.repeat(256) })).resolves.toMatchObject({ object: 'customer' });
  });

  it('metadata: string values only, keys up to 40 characters, values up to 500', async () => {
    const key = 'k'.repeat(41);
    await expect(refusal(stripe.customers.create({ metadata: { [key]: 'v' } }))).resolves.toMatchObject({
      statusCode: 400, param: 'metadata', message: `Invalid key: ${key} must be a string under 40 characters`,
    });
    await expect(refusal(stripe.customers.create({ metadata: { note: 'v'.repeat(501) } }))).resolves.toMatchObject({ statusCode: 400, param: 'metadata' });
    await expect(refusal(stripe.customers.create(untyped({ metadata: { note: { nested: 'v' } } })))).resolves.toMatchObject({ statusCode: 400, param: 'metadata' });
    await expect(refusal(stripe.checkout.sessions.create(untyped({
      mode: 'subscription', line_items: [{ price: 'price_cadence_monthly' }], success_url: 'http://localhost/ok', subscription_data: { metadata: 'x' },
    })))).resolves.toMatchObject({ message: 'Invalid hash', param: 'subscription_data[metadata]' });
  });

  it('well-formed calls pass: empty strings unset, metadata="" clears, expand[] and nested hashes', async () => {
    const customer = await stripe.customers.create({ email: 'fine@example.com', name: 'Fine', metadata: { a: '1' }, expand: ['invoice_settings.default_payment_method'] });
    const cleared = await stripe.customers.update(customer.id, untyped({ name: '', metadata: '' }));
    expect(cleared).toMatchObject({ name: null, metadata: {} });
    const sub = await stripe.subscriptions.list({ customer: customer.id, status: 'all', created: { gte: 0 }, limit: 3 });
    expect(sub.data).toEqual([]);
  });

  it('prices.list filters by type, as the checkout function asks (`type: recurring`)', async () => {
    expect((await stripe.prices.list({ type: 'recurring', active: true })).data.map((p) => p.id)).toContain('price_cadence_monthly');
    expect((await stripe.prices.list({ type: 'one_time' })).data).toEqual([]);
  });
});
