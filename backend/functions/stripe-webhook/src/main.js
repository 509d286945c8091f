// stripe-webhook: Stripe's events arrive on this function's domain (execute: any, so the
// signature is the only gate). Each event only names a customer; what gets written is re-read
// from Stripe (lib/billing-sync.js), so duplicates and out-of-order deliveries end in one state.
import { reconcileCustomer } from '../../lib/billing-sync.js';
import { stripeWebhook } from '../../lib/stripe-webhook.js';

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

export default stripeWebhook({
  secretVariable: 'STRIPE_WEBHOOK_SECRET',
  handle: async ({ event, stripe, databases, users, c, log }) => {
    const customerId = RELEVANT.some((prefix) => event.type.startsWith(prefix)) ? customerOfEvent(event) : null;
    if (!customerId) return 'ignored';
    const result = await reconcileCustomer({ stripe, databases, users, collections: c, now: () => Date.now(), log }, customerId, checkoutHints(event));
    return `user ${result.userId ?? '-'} → [${result.labels.join(', ')}]`;
  },
});
