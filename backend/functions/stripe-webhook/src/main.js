// stripe-webhook: Stripe's events arrive on this function's domain (execute: any, so the
// signature is the only gate). Each event only names a customer; what gets written is re-read
// from Stripe (lib/billing-sync.js), so duplicates and out-of-order deliveries end in one state.
import { AppwriteException, Databases, Users } from 'node-appwrite';
import { documentIdFor, isoFromUnix } from '../../lib/billing-rules.js';
import { reconcileCustomer } from '../../lib/billing-sync.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('stripe').Stripe.Event} StripeEvent
 * @typedef {import('../../lib/execution.js').Context} Context
 */

/** Event families that change what a user sees; others (products, prices, …) are acknowledged. */
const RELEVANT = ['checkout.session.', 'customer.subscription.', 'invoice.', 'customer.', 'payment_method.'];

/**
 * @param {StripeEvent} event
 * @returns {string | null}
 */
export function customerOfEvent(event) {
  const object = /** @type {{ object?: string, id?: string, customer?: string | { id: string } | null }} */ (event.data.object);
  if (object.object === 'customer') return object.id ?? null;
  const customer = object.customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * The user and session a completed checkout names (the checkout function sets both).
 * @param {StripeEvent} event
 */
function checkoutHints(event) {
  if (event.type !== 'checkout.session.completed') return {};
  const session = event.data.object;
  return { userId: session.client_reference_id ?? session.metadata?.['userId'] ?? null, completedCheckoutSessionId: session.id };
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_WEBHOOK_SECRET and STRIPE_SECRET_KEY must be set as function variables.');
    return res.json({ received: false, error: 'Webhook is not configured.' }, 500);
  }
  const stripe = stripeFromEnv(process.env);

  /** @type {StripeEvent} */
  let event;
  try {
    // The exact raw bytes: a re-serialised body would not match the signature.
    event = stripe.webhooks.constructEvent(req.bodyBinary ?? req.bodyText, req.headers['stripe-signature'] ?? '', secret);
  } catch (e) {
    log(`rejected webhook: ${messageOf(e)}`);
    return res.json({ received: false, error: 'Invalid signature.' }, 401);
  }

  const client = serverClient(req);
  const databases = new Databases(client);
  const collections = collectionsFromEnv(process.env);
  const eventDocumentId = documentIdFor(event.id);

  try {
    await databases.getDocument({ databaseId: collections.databaseId, collectionId: collections.webhookEvents, documentId: eventDocumentId });
    return res.json({ received: true, duplicate: true });
  } catch (e) {
    if (!(e instanceof AppwriteException && e.code === 404)) throw e;
  }

  const customerId = RELEVANT.some((prefix) => event.type.startsWith(prefix)) ? customerOfEvent(event) : null;
  try {
    if (customerId) {
      const result = await reconcileCustomer(
        { stripe, databases, users: new Users(client), collections, now: () => Date.now(), log },
        customerId,
        checkoutHints(event),
      );
      log(`${event.type} ${event.id}: user ${result.userId ?? '-'} → [${result.labels.join(', ')}]`);
    }
  } catch (e) {
    // Not recorded as processed: Stripe retries non-2xx deliveries.
    error(`${event.type} ${event.id} failed: ${messageOf(e)}`);
    return res.json({ received: false, error: 'Processing failed; Stripe will retry.' }, 500);
  }

  try {
    // Recorded only after success, so a failed attempt is processed again on Stripe's retry.
    await databases.createDocument({
      databaseId: collections.databaseId,
      collectionId: collections.webhookEvents,
      documentId: eventDocumentId,
      data: { eventId: event.id, type: event.type, createdAt: isoFromUnix(event.created), processedAt: isoFromUnix(Date.now() / 1000) },
      permissions: [],
    });
  } catch (e) {
    // A concurrent duplicate delivery recorded it first; both wrote the same state.
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
  }
  return res.json({ received: true });
};
