// stripe-webhook's gate (issue 5; reference/stripe/PROTOCOL.md §3.3): only a Stripe-Signature made
// with the endpoint's whsec secret over the exact raw body, at most 300 s old, gets in; anything
// else is a 401 and writes nothing. Runs through the local Appwrite's function domain.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDocuments, postWebhook, startAppwrite, stripeFunctionVars, type LocalAppwrite } from './support/billing-appwrite.ts';

const SECRET = 'whsec_local';
// Only for its webhook helpers; nothing here talks to a Stripe API.
const stripe = new Stripe('sk_test_local');
let aw: LocalAppwrite;

beforeAll(async () => {
  // No Stripe API is reached: an event outside billing's families is acknowledged without a call.
  stripeFunctionVars(9, SECRET);
  aw = await startAppwrite();
});

afterAll(async () => {
  await aw?.close();
});

let counter = 0;
function eventPayload(type = 'product.created'): { id: string; payload: string } {
  counter += 1;
  const id = `evt_test_sig_${counter}_${Date.now().toString(36)}`;
  const event = {
    id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1,
    request: { id: null, idempotency_key: null }, type,
    data: { object: { id: 'prod_sig', object: 'product', customer: 'cus_should_never_be_read' } },
  };
  return { id, payload: JSON.stringify(event) };
}

const sign = (payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function nothingWritten(): Promise<void> {
  for (const collection of ['webhook_events', 'customers', 'subscriptions', 'invoices', 'checkout_sessions']) {
    expect(await allDocuments(aw, collection), collection).toEqual([]);
  }
}

describe('stripe-webhook signature', () => {
  it('rejects a tampered body with 401 and writes nothing', async () => {
    const { payload } = eventPayload('customer.subscription.updated');
    const header = sign(payload);
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    const answer = await postWebhook(aw, tampered, header);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ received: false, error: 'Invalid signature.' });
    await nothingWritten();
  });

  it('rejects a signature made with another secret', async () => {
    const { payload } = eventPayload('invoice.paid');
    expect((await postWebhook(aw, payload, sign(payload, 'whsec_someone_else'))).status).toBe(401);
    await nothingWritten();
  });

  it('rejects a stale timestamp (older than Stripe’s 300 s tolerance)', async () => {
    const { payload } = eventPayload('checkout.session.completed');
    expect((await postWebhook(aw, payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) - 301))).status).toBe(401);
    await nothingWritten();
  });

  it('rejects a missing or malformed header', async () => {
    const { payload } = eventPayload();
    expect((await postWebhook(aw, payload, null)).status).toBe(401);
    expect((await postWebhook(aw, payload, 'garbage')).status).toBe(401);
    await nothingWritten();
  });

  it('accepts a valid signature once; a redelivery of the same event id is acknowledged without processing', async () => {
    const { id, payload } = eventPayload();
    const first = await postWebhook(aw, payload, sign(payload));
    expect(first).toEqual({ status: 200, body: { received: true } });
    const stored = await allDocuments(aw, 'webhook_events');
    expect(stored.map((d) => [d['eventId'], d['type'], d.$permissions])).toEqual([[id, 'product.created', []]]);
    // Stripe signs every attempt anew.
    const again = await postWebhook(aw, payload, sign(payload));
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await allDocuments(aw, 'webhook_events')).toHaveLength(1);
  });
});
