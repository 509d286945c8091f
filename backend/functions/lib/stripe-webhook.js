// What both Stripe webhooks share (stripe-webhook for Cadence's own subscriptions, stripe-connect-
// webhook for the practices' connected accounts): events arrive on the function's domain (execute:
// any), so the signature is the only gate; each event is processed once (webhook_events, written only
// after success, so a failed attempt is processed again on Stripe's retry), and a failure answers 500 so
// that Stripe retries.
import { AppwriteException, Databases, Users } from 'node-appwrite';
import { documentIdFor, isoFromUnix } from './billing-rules.js';
import { collectionsFromEnv } from './collections.js';
import { messageOf, serverClient } from './execution.js';
import { stripeFromEnv } from './stripe-client.js';

/**
 * @typedef {import('stripe').Stripe.Event} StripeEvent
 * @typedef {import('./execution.js').Context} Context
 * @typedef {{ event: StripeEvent, stripe: import('stripe').Stripe, databases: Databases, users: Users,
 *   c: ReturnType<typeof collectionsFromEnv>, log: (message: string) => void }} WebhookRun
 */

/**
 * A webhook function: verifies the event with the secret in `secretVariable`, skips one already
 * processed, and hands the rest to `handle`, which returns what it did (logged). An event `handles`
 * says nothing about is acknowledged at once, with nothing read or recorded (Stripe sends every type
 * an endpoint listens to: a card payment's four events are one payment).
 * @param {{ secretVariable: string, handles?: (event: StripeEvent) => boolean, handle: (run: WebhookRun) => Promise<string> }} options
 * @returns {(context: Context) => Promise<unknown>}
 */
export function stripeWebhook({ secretVariable, handles = () => true, handle }) {
  return async ({ req, res, log, error }) => {
    const secret = process.env[secretVariable];
    if (!secret || !process.env.STRIPE_SECRET_KEY) {
      error(`${secretVariable} and STRIPE_SECRET_KEY must be set as function variables.`);
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

    if (!handles(event)) return res.json({ received: true, ignored: true });

    const client = serverClient(req);
    const databases = new Databases(client);
    const c = collectionsFromEnv(process.env);
    const eventDocumentId = documentIdFor(event.id);
    try {
      await databases.getDocument({ databaseId: c.databaseId, collectionId: c.webhookEvents, documentId: eventDocumentId });
      return res.json({ received: true, duplicate: true });
    } catch (e) {
      if (!(e instanceof AppwriteException && e.code === 404)) throw e;
    }

    try {
      const outcome = await handle({ event, stripe, databases, users: new Users(client), c, log });
      log(`${event.type} ${event.id}${event.account ? ` (${event.account})` : ''}: ${outcome}`);
    } catch (e) {
      // Not recorded as processed: Stripe retries non-2xx deliveries.
      error(`${event.type} ${event.id} failed: ${messageOf(e)}`);
      return res.json({ received: false, error: 'Processing failed; Stripe will retry.' }, 500);
    }

    try {
      await databases.createDocument({
        databaseId: c.databaseId, collectionId: c.webhookEvents, documentId: eventDocumentId,
        data: { eventId: event.id, type: event.type, createdAt: isoFromUnix(event.created), processedAt: isoFromUnix(Date.now() / 1000) },
        permissions: [],
      });
    } catch (e) {
      // A concurrent duplicate delivery recorded it first; both wrote the same state.
      if (!(e instanceof AppwriteException && e.code === 409)) throw e;
    }
    return res.json({ received: true });
  };
}
