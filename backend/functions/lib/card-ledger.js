// Card payments and their refunds in the ledger (issue 33), one writer for everything that learns of
// them: the Connect webhook (a portal Checkout, a payment or refund made in the Stripe dashboard) and
// the card-payments function (a card charged or refunded from Cadence). Each entry's id comes from the
// Stripe object (`stripe:<pi>`, `stripe-refund:<re>`), so whichever of them comes second finds the entry
// there: one payment per PaymentIntent, one refund per Stripe refund. What is written is read from
// Stripe on the practice's own account, and only for a practice whose settings name that account and
// for its own client. A newly recorded payment puts a receipt in the client's portal (lib/card-receipts.js).
import { ledgerEntryId, refundableOf } from './ledger.js';
import { creditEntry, record } from './ledger-record.js';
import { currencyOf, dateIn, isNotFound, practiceOf, storedEntry, zoneOf } from './money-store.js';
import { cardLabel, connectedAccount, paymentKey } from './online-payments.js';
import { publishReceipt } from './card-receipts.js';

/**
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('stripe').Stripe.PaymentIntent} PaymentIntent
 * @typedef {import('stripe').Stripe.Charge} Charge
 * @typedef {import('stripe').Stripe.Refund} Refund
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./money-function.js').Run & { stripe: StripeClient, users: import('node-appwrite').Users, log: (m: string) => void }} CardRun
 * @typedef {{ practice: Doc, practiceId: string, clientId: string }} Owner
 */

/** @param {unknown} value */
export const idOf = (value) => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String(value.id) : null);

/** The ledger id of a PaymentIntent's payment entry. @param {string} practiceId @param {string} piId */
export const cardPaymentEntryId = (practiceId, piId) => ledgerEntryId(practiceId, paymentKey(piId));

/** The ledger id of a Stripe refund's entry. @param {string} practiceId @param {string} refundId */
export const cardRefundEntryId = (practiceId, refundId) => ledgerEntryId(practiceId, `stripe-refund:${refundId}`);

/**
 * What the payment entry says of how it came: a charge made in the office (card-payments sets
 * `cadenceChannel: office`) or a payment the client made online.
 * @param {PaymentIntent} pi
 */
export const paymentMemo = (pi) => (pi.metadata?.['cadenceChannel'] === 'office' ? 'Charged in the office' : 'Paid online');

/**
 * The practice and client a PaymentIntent names, checked against the account it lives on.
 * @param {CardRun} run
 * @param {PaymentIntent} pi
 * @param {string} account
 * @returns {Promise<Owner | null>}
 */
export async function ownerOf(run, pi, account) {
  const practiceId = pi.metadata?.['cadencePracticeId'] ?? '';
  const clientId = pi.metadata?.['cadenceClientId'] ?? '';
  if (!practiceId || !clientId) return null;
  const practice = await practiceOf(run.databases, run.c, practiceId);
  if (!practice || practice['stripeAccountId'] !== account || !(await connectedAccount(run.stripe, practice))) return null;
  const client = await run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.clients, documentId: clientId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!client || client['userId'] !== practiceId) return null;
  return { practice, practiceId, clientId };
}

/**
 * A succeeded PaymentIntent as ONE card payment entry, applied as cash is (its invoice while issued,
 * else the oldest charges), with the card brand and last four; a new one gets its receipt.
 * @param {CardRun} run
 * @param {PaymentIntent} pi read with `latest_charge` expanded
 * @param {Owner} owner
 */
export async function recordCardPayment(run, pi, { practice, practiceId, clientId }) {
  const memo = paymentMemo(pi);
  const charge = /** @type {Charge | null} */ (typeof pi.latest_charge === 'object' ? pi.latest_charge : null);
  const currency = currencyOf(practice);
  const invoiceId = pi.metadata?.['cadenceInvoiceId'] || null;
  const entryId = cardPaymentEntryId(practiceId, pi.id);
  const answer = await record({ ...run, userId: practiceId }, clientId, entryId, currency, (state) => {
    // A paid or void invoice no longer takes it: the payment goes to the oldest charges.
    const invoice = invoiceId ? state.invoices.find((i) => i.$id === invoiceId && i['status'] === 'issued') : null;
    return {
      ...creditEntry(state, {
        userId: practiceId, clientId, kind: 'payment', type: 'card', amount: pi.amount_received, currency,
        date: dateIn(new Date(pi.created * 1000), zoneOf(practice)), memo, reference: cardLabel(charge?.payment_method_details?.card),
        reason: null, appointmentId: null, invoiceId: invoice ? invoice.$id : null,
      }),
      paymentIntentId: pi.id,
    };
  });
  if (answer.status === 201) {
    // A receipt that fails is logged: the payment stands.
    await publishReceipt(run, { practice, practiceId, clientId, entryId, amount: pi.amount_received, currency }).catch((e) => run.log(`receipt for ${entryId} not published: ${e instanceof Error ? e.message : String(e)}`));
  }
  return answer;
}

/**
 * One Stripe refund as a refund entry of its payment (never more than is left of it in the ledger).
 * @param {CardRun} run
 * @param {Refund} refund
 * @param {Owner} owner
 * @param {string} paymentId the payment's ledger id
 * @param {Charge | null} charge
 */
export async function recordCardRefund(run, refund, { practice, practiceId, clientId }, paymentId, charge) {
  const currency = currencyOf(practice);
  return record({ ...run, userId: practiceId }, clientId, cardRefundEntryId(practiceId, refund.id), currency, ({ entries }) => ({
    userId: practiceId, clientId, kind: 'refund', type: 'card', amount: Math.min(refund.amount, refundableOf(entries, paymentId) ?? 0), currency,
    date: dateIn(new Date(refund.created * 1000), zoneOf(practice)), memo: 'Refunded by card', reference: cardLabel(charge?.payment_method_details?.card),
    refundsEntryId: paymentId,
  }));
}

/**
 * Every succeeded refund of a charge (from Cadence or the Stripe dashboard) as a refund entry.
 * @param {CardRun} run
 * @param {Charge} charge
 * @param {string} account
 */
export async function recordChargeRefunds(run, charge, account) {
  const piId = idOf(charge.payment_intent);
  if (!piId) return 'no payment intent';
  const pi = await run.stripe.paymentIntents.retrieve(piId, {}, { stripeAccount: account });
  const owner = await ownerOf(run, pi, account);
  if (!owner) return 'not a Cadence payment of this account';
  const paymentId = cardPaymentEntryId(owner.practiceId, pi.id);
  // Reordered: the refund came first. Failing makes Stripe retry after the payment is recorded.
  if (!(await storedEntry(run.databases, run.c, paymentId, owner.practiceId))) throw new Error(`payment ${pi.id} not recorded yet`);
  const refunds = await run.stripe.refunds.list({ charge: charge.id, limit: 100 }, { stripeAccount: account });
  for (const refund of refunds.data.filter((r) => r.status === 'succeeded')) await recordCardRefund(run, refund, owner, paymentId, charge);
  return 'refunds recorded';
}
