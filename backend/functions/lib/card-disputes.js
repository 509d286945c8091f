// Disputes of card payments (issue 33): a client's bank disputes a charge in Stripe; the Connect
// webhook's charge.dispute.* events keep one `card_disputes` document per Stripe dispute with Stripe's
// status, which the practice reads (the payment shows "Disputed" in Billing), and the first time a
// dispute is seen the therapist gets an in-app notice naming the amount and date only. Written only
// here with the server key; the therapist can read, nobody can change it.
import { createHash } from 'node:crypto';
import { AppwriteException, ID, Permission, Role } from 'node-appwrite';
import { appOriginFrom } from './app-origin.js';
import { cardPaymentEntryId, idOf, ownerOf } from './card-ledger.js';
import { money } from './money-format.js';
import { usDate } from './money-pdf.js';
import { storedEntry } from './money-store.js';
import { appwriteDate } from './note-signing.js';

/**
 * @typedef {import('./card-ledger.js').CardRun} CardRun
 * @typedef {import('stripe').Stripe.Dispute} Dispute
 */

/** One document per Stripe dispute. @param {string} disputeId */
export const disputeDocumentId = (disputeId) => `d${createHash('sha256').update(disputeId).digest('hex').slice(0, 35)}`;

/**
 * The notice's words: the amount and the payment's date, nothing about the client or the session.
 * @param {{ amount: number, currency: string, paidOn: string, respondBy: number | null }} d
 */
export function disputeNotice({ amount, currency, paidOn, respondBy }) {
  const by = respondBy ? ` Respond in your Stripe dashboard by ${usDate(new Date(respondBy * 1000).toISOString().slice(0, 10))}.` : ' Respond in your Stripe dashboard.';
  return { title: 'A card payment is disputed', message: `The card payment of ${money(amount, currency)} on ${usDate(paidOn)} is disputed by the cardholder’s bank.${by}` };
}

/**
 * A charge.dispute.* event: the dispute as Stripe has it now, stored for the practice's payment.
 * @param {CardRun} run
 * @param {Dispute} event the event's dispute (re-read from Stripe)
 * @param {string} account
 */
export async function recordDispute(run, event, account) {
  const dispute = await run.stripe.disputes.retrieve(event.id, {}, { stripeAccount: account });
  const piId = idOf(dispute.payment_intent);
  if (!piId) return 'no payment intent';
  const pi = await run.stripe.paymentIntents.retrieve(piId, {}, { stripeAccount: account });
  const owner = await ownerOf(run, pi, account);
  if (!owner) return 'not a Cadence payment of this account';
  const paymentEntryId = cardPaymentEntryId(owner.practiceId, pi.id);
  const payment = await storedEntry(run.databases, run.c, paymentEntryId, owner.practiceId);
  // Reordered: the dispute came before the payment. Failing makes Stripe retry.
  if (!payment) throw new Error(`payment ${pi.id} not recorded yet`);
  const dueBy = dispute.evidence_details?.due_by ?? null;
  const documentId = disputeDocumentId(dispute.id);
  const data = {
    userId: owner.practiceId, clientId: owner.clientId, paymentEntryId, disputeId: dispute.id, status: dispute.status, amount: dispute.amount,
    currency: dispute.currency.toUpperCase(), respondBy: dueBy ? new Date(dueBy * 1000).toISOString() : null, updatedAt: new Date().toISOString(),
  };
  const { databaseId, cardDisputes, notifications } = run.c;
  try {
    await run.databases.createDocument({ databaseId, collectionId: cardDisputes, documentId, data, permissions: [Permission.read(Role.user(owner.practiceId))] });
  } catch (e) {
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
    await run.databases.updateDocument({ databaseId, collectionId: cardDisputes, documentId, data: { status: data.status, respondBy: data.respondBy, updatedAt: data.updatedAt } });
    return `dispute ${dispute.status}`;
  }
  const origin = appOriginFrom(process.env);
  const notice = disputeNotice({ amount: dispute.amount, currency: data.currency, paidOn: String(payment['date']), respondBy: dueBy });
  await run.databases.createDocument({
    databaseId, collectionId: notifications, documentId: ID.unique(),
    data: {
      userId: owner.practiceId, notificationId: `card_dispute:${dispute.id}`, type: 'card_dispute', priority: 'high', ...notice,
      actionText: 'Open the client’s billing', actionUrl: origin ? `${origin}/dashboard/clients/${owner.clientId}?tab=billing` : null,
      timestamp: appwriteDate(new Date()), read: false, persistent: true, dismissed: false,
    },
    permissions: [Permission.read(Role.user(owner.practiceId)), Permission.update(Role.user(owner.practiceId)), Permission.delete(Role.user(owner.practiceId))],
  });
  return `dispute ${dispute.status}, therapist told`;
}
