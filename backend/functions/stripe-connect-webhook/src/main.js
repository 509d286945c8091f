// stripe-connect-webhook (issue 33): events from the practices' connected Stripe accounts arrive on
// this function's domain (execute: any; the Connect endpoint's signature is the only gate). Each
// successful payment becomes ONE ledger payment entry, applied as cash is (lib/ledger-record.js), with
// the card brand and last four: the entry's id comes from the PaymentIntent, so a redelivered,
// duplicated or reordered event (checkout.session.completed and payment_intent.succeeded both name it)
// finds the entry already there. Refunds made in Cadence or in the Stripe dashboard (charge.refunded)
// become refund entries of that payment, one per Stripe refund. What is written is re-read from Stripe
// on the event's account, and only for a practice whose settings name that account.
import { AppwriteException, Databases, Users } from 'node-appwrite';
import { documentIdFor, isoFromUnix } from '../../lib/billing-rules.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { ledgerEntryId, refundableOf } from '../../lib/ledger.js';
import { creditEntry, record } from '../../lib/ledger-record.js';
import { currencyOf, dateIn, isNotFound, practiceOf, storedEntry, zoneOf } from '../../lib/money-store.js';
import { cardLabel, connectedAccount, paymentKey } from '../../lib/online-payments.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('stripe').Stripe.Event} StripeEvent
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('../../lib/money-function.js').Run} Run
 */

/** @param {unknown} value */
const idOf = (value) => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null);

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
 * The practice and client a PaymentIntent names, checked against the event's account.
 * @param {Run & { stripe: StripeClient }} base
 * @param {import('stripe').Stripe.PaymentIntent} pi
 * @param {string} account
 */
async function ownerOf(base, pi, account) {
  const practiceId = pi.metadata?.['cadencePracticeId'] ?? '';
  const clientId = pi.metadata?.['cadenceClientId'] ?? '';
  if (!practiceId || !clientId) return null;
  const practice = await practiceOf(base.databases, base.c, practiceId);
  if (!practice || practice['stripeAccountId'] !== account || !(await connectedAccount(base.stripe, practice))) return null;
  const client = await base.databases.getDocument({ databaseId: base.c.databaseId, collectionId: base.c.clients, documentId: clientId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!client || client['userId'] !== practiceId) return null;
  return { practice, practiceId, clientId };
}

/**
 * @param {Run & { stripe: StripeClient }} base
 * @param {string} piId
 * @param {string} account
 */
async function recordPayment(base, piId, account) {
  const pi = await base.stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] }, { stripeAccount: account });
  if (pi.status !== 'succeeded') return 'not succeeded';
  const owner = await ownerOf(base, pi, account);
  if (!owner) return 'not a Cadence payment of this account';
  const { practice, practiceId, clientId } = owner;
  const charge = /** @type {import('stripe').Stripe.Charge | null} */ (typeof pi.latest_charge === 'object' ? pi.latest_charge : null);
  const currency = currencyOf(practice);
  const run = { ...base, userId: practiceId };
  const invoiceId = pi.metadata?.['cadenceInvoiceId'] || null;
  await record(run, clientId, ledgerEntryId(practiceId, paymentKey(pi.id)), currency, (state) => {
    // A paid or void invoice no longer takes it: the payment goes to the oldest charges.
    const invoice = invoiceId ? state.invoices.find((i) => i.$id === invoiceId && i['status'] === 'issued') : null;
    return creditEntry(state, {
      userId: practiceId, clientId, kind: 'payment', type: 'card', amount: pi.amount_received, currency,
      date: dateIn(new Date(pi.created * 1000), zoneOf(practice)), memo: 'Paid online', reference: cardLabel(charge?.payment_method_details?.card),
      reason: null, appointmentId: null, invoiceId: invoice ? invoice.$id : null,
    });
  });
  return 'recorded';
}

/**
 * Every refund of a charge as a refund entry of its payment (one per Stripe refund).
 * @param {Run & { stripe: StripeClient }} base
 * @param {import('stripe').Stripe.Charge} charge
 * @param {string} account
 */
async function recordRefunds(base, charge, account) {
  const piId = idOf(charge.payment_intent);
  if (!piId) return 'no payment intent';
  const pi = await base.stripe.paymentIntents.retrieve(piId, {}, { stripeAccount: account });
  const owner = await ownerOf(base, pi, account);
  if (!owner) return 'not a Cadence payment of this account';
  const { practice, practiceId, clientId } = owner;
  const paymentId = ledgerEntryId(practiceId, paymentKey(pi.id));
  // Reordered: the refund came first. Failing makes Stripe retry after the payment is recorded.
  if (!(await storedEntry(base.databases, base.c, paymentId, practiceId))) throw new Error(`payment ${pi.id} not recorded yet`);
  const refunds = await base.stripe.refunds.list({ charge: charge.id, limit: 100 }, { stripeAccount: account });
  const currency = currencyOf(practice);
  const run = { ...base, userId: practiceId };
  for (const refund of refunds.data.filter((r) => r.status === 'succeeded')) {
    await record(run, clientId, ledgerEntryId(practiceId, `stripe-refund:${refund.id}`), currency, ({ entries }) => ({
      userId: practiceId, clientId, kind: 'refund', type: 'card', amount: Math.min(refund.amount, refundableOf(entries, paymentId) ?? 0), currency,
      date: dateIn(new Date(refund.created * 1000), zoneOf(practice)), memo: 'Refunded by card', reference: cardLabel(charge.payment_method_details?.card),
      refundsEntryId: paymentId,
    }));
  }
  return 'refunds recorded';
}

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
    else if (event.type === 'charge.refunded') outcome = await recordRefunds(base, /** @type {import('stripe').Stripe.Charge} */ (event.data.object), account);
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
