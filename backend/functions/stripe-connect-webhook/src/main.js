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
import { recordDispute } from '../../lib/card-disputes.js';
import { idOf, ownerOf, recordCardPayment, recordChargeRefunds } from '../../lib/card-ledger.js';
import { DISPUTE_EVENTS } from '../../lib/connect-events.js';
import { stripeWebhook } from '../../lib/stripe-webhook.js';

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


/**
 * What this endpoint acts on: a connected account's successful payment, refund or dispute.
 * @param {StripeEvent} event
 */
const handles = (event) => Boolean(event.account) && (paidIntentOf(event) !== null || event.type === 'charge.refunded' || DISPUTE_EVENTS.includes(event.type));

export default stripeWebhook({
  secretVariable: 'STRIPE_CONNECT_WEBHOOK_SECRET',
  handles,
  handle: async ({ event, stripe, databases, users, c, log }) => {
    const account = event.account;
    if (!account) return 'not a connected account event';
    const base = { stripe, databases, users, c, userId: '', log };
    const piId = paidIntentOf(event);
    if (piId) return recordPayment(base, piId, account);
    if (event.type === 'charge.refunded') return recordChargeRefunds(base, /** @type {import('stripe').Stripe.Charge} */ (event.data.object), account);
    if (DISPUTE_EVENTS.includes(event.type)) return recordDispute(base, /** @type {import('stripe').Stripe.Dispute} */ (event.data.object), account);
    return 'ignored';
  },
});
