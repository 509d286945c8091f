// stripe-connect-webhook (issue 33): events from the practices' connected Stripe accounts arrive on
// this function's domain (execute: any; the Connect endpoint's signature is the only gate). Each
// successful payment becomes ONE ledger payment entry, applied as cash is (lib/ledger-record.js), with
// the card brand and last four: the entry's id comes from the PaymentIntent, so a redelivered,
// duplicated or reordered event (checkout.session.completed and payment_intent.succeeded both name it)
// finds the entry already there. Refunds made in Cadence or in the Stripe dashboard (charge.refunded)
// become refund entries of that payment, one per Stripe refund (lib/card-ledger.js); disputes
// (charge.dispute.*) are kept with Stripe's status and told to the therapist (lib/card-disputes.js).
// What is written is re-read from Stripe on the event's account, and only for a practice whose
// settings name that account.
import { AppwriteException, Databases, Users } from 'node-appwrite';
import { documentIdFor, isoFromUnix } from '../../lib/billing-rules.js';
import { recordDispute } from '../../lib/card-disputes.js';
import { idOf, ownerOf, recordCardPayment, recordChargeRefunds } from '../../lib/card-ledger.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('stripe').Stripe.Event} StripeEvent
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('../../lib/card-ledger.js').CardRun} CardRun
 */

/**
 * The PaymentIntent an event is about, when it is a successful payment.
 * @param {StripeEvent} event
 */
function paidIntentOf(event) {
  if (event.type === 'payment_intent.succeeded') return idOf(event.data.object);
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const session = /** @type {import('stripe').Stripe.Checkout.Session} */ (event.data.object);
    return session.mode === 'payment' && session.payment_status === 'paid' ? idOf(session.payment_intent) : null;
  }
  return null;
}

/**
 * @param {CardRun} run
 * @param {string} piId
 * @param {string} account
 */
async function recordPayment(run, piId, account) {
  const pi = await run.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] }, { stripeAccount: account });
  if (pi.status !== 'succeeded') return 'not succeeded';
  const owner = await ownerOf(run, pi, account);
  if (!owner) return 'not a Cadence payment of this account';
  await recordCardPayment(run, pi, owner);
  return 'recorded';
}

const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_withdrawn', 'charge.dispute.funds_reinstated'];

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const secret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
  if (!secret || !process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_SECRET_KEY must be set as function variables.');
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
  const account = event.account;
  if (!account) return res.json({ received: true, ignored: 'not a connected account event' });

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

  const base = { stripe, databases, users: new Users(client), c, userId: '', log };
  try {
    const piId = paidIntentOf(event);
    let outcome = 'ignored';
    if (piId) outcome = await recordPayment(base, piId, account);
    else if (event.type === 'charge.refunded') outcome = await recordChargeRefunds(base, /** @type {import('stripe').Stripe.Charge} */ (event.data.object), account);
    else if (DISPUTE_EVENTS.includes(event.type)) outcome = await recordDispute(base, /** @type {import('stripe').Stripe.Dispute} */ (event.data.object), account);
    log(`${event.type} ${event.id} (${account}): ${outcome}`);
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
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
  }
  return res.json({ received: true });
};
