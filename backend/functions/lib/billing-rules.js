import { ID_RE } from './ids.js';
// Pure billing rules shared by stripe-webhook and subscriptions-sync: the label table and the
// Stripe → document mappers.

/**
 * @typedef {import('stripe').Stripe.Subscription} StripeSubscription
 * @typedef {import('stripe').Stripe.Invoice} StripeInvoice
 * @typedef {import('stripe').Stripe.PaymentMethod} StripePaymentMethod
 *
 * What the label rules look at; built by `labelInput` from a Stripe subscription.
 * @typedef {object} LabelInput
 * @property {string} status a Stripe subscription status (unknown future ones give no labels)
 * @property {boolean} cancelAtPeriodEnd
 * @property {boolean} latestInvoicePaymentFailed an open invoice whose charge was attempted and failed
 */

/** spec §3 "User labels". Every label billing owns; labels not listed here are preserved. */
export const BILLING_LABELS = /** @type {const} */ ([
  'subscribed',
  'paymentCurrent',
  'trialActive',
  'paymentFailed',
  'subscriptionCanceled',
  'subscriptionPaused',
  'subscriptionExpired',
  'checkoutCompleted',
]);

// The one label table (issue 5). Row order matters only for readability; rows combine.
//
// | subscription (the user's current one)           | labels                                   |
// |-------------------------------------------------|------------------------------------------|
// | trialing                                        | subscribed, trialActive                  |
// | active, latest invoice not failed (paid up)     | subscribed, paymentCurrent               |
// | active, latest invoice open after a failed try  | subscribed, paymentFailed                |
// | past_due or unpaid                              | subscribed, paymentFailed                |
// | any of the above with cancel_at_period_end      | + subscriptionCanceled (access continues |
// |                                                 |   until currentPeriodEnd, spec §4 step 5)|
// | paused                                          | subscriptionPaused (no subscribed: spec  |
// |                                                 |   §4 step 4 asks for payment)            |
// | canceled or incomplete_expired                  | subscriptionExpired (no subscribed)      |
// | incomplete (first payment failed)               | paymentFailed (no subscribed: no access) |
// | no subscription at all                          | (none)                                   |
// | latest checkout session completed               | + checkoutCompleted (paywall poll, §4)   |

/**
 * @param {LabelInput | null} subscription the user's current subscription (see `currentSubscription`)
 * @param {{ checkoutCompleted: boolean }} options
 * @returns {string[]} billing labels, in BILLING_LABELS order
 */
export function labelsFor(subscription, { checkoutCompleted }) {
  /** @type {Set<string>} */
  const labels = new Set();
  if (subscription) {
    const { status } = subscription;
    if (status === 'trialing') {
      labels.add('subscribed').add('trialActive');
    } else if (status === 'active') {
      labels.add('subscribed').add(subscription.latestInvoicePaymentFailed ? 'paymentFailed' : 'paymentCurrent');
    } else if (status === 'past_due' || status === 'unpaid') {
      labels.add('subscribed').add('paymentFailed');
    } else if (status === 'paused') {
      labels.add('subscriptionPaused');
    } else if (status === 'canceled' || status === 'incomplete_expired') {
      labels.add('subscriptionExpired');
    } else if (status === 'incomplete') {
      labels.add('paymentFailed');
    }
    if (subscription.cancelAtPeriodEnd && labels.has('subscribed')) labels.add('subscriptionCanceled');
  }
  if (checkoutCompleted) labels.add('checkoutCompleted');
  return BILLING_LABELS.filter((label) => labels.has(label));
}

/**
 * The user's labels after billing: labels billing does not own are kept as they are.
 * @param {string[]} existing
 * @param {string[]} billing
 * @returns {string[]}
 */
export function mergeLabels(existing, billing) {
  /** @type {readonly string[]} */
  const owned = BILLING_LABELS;
  return [...existing.filter((label) => !owned.includes(label)), ...billing];
}

const TERMINAL = new Set(['canceled', 'incomplete_expired']);

/**
 * The subscription that decides the labels: the newest one still running, else the newest ended
 * one (a user who re-subscribes after an expiry has one of each).
 * @template {{ status: string, created: number }} S
 * @param {S[]} subscriptions
 * @returns {S | null}
 */
export function currentSubscription(subscriptions) {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((s) => !TERMINAL.has(s.status)) ?? newestFirst[0] ?? null;
}

/**
 * @param {StripeSubscription} subscription
 * @param {StripeInvoice | null} latestInvoice
 * @returns {LabelInput}
 */
export function labelInput(subscription, latestInvoice) {
  return {
    status: subscription.status,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    latestInvoicePaymentFailed: Boolean(
      latestInvoice && latestInvoice.status === 'open' && latestInvoice.attempted && (latestInvoice.attempt_count ?? 0) > 0,
    ),
  };
}

/**
 * Appwrite's datetime form (ISO 8601, milliseconds, +00:00) from Stripe's unix seconds.
 * @param {number | null | undefined} seconds
 * @returns {string | null}
 */
export function isoFromUnix(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return null;
  return new Date(seconds * 1000).toISOString().replace('Z', '+00:00');
}

/**
 * Stripe ids are used as document ids (issue 5). Appwrite allows at most 36 characters of
 * [A-Za-z0-9._-] not starting with a special character; Stripe ids fit, this guards longer ones.
 * @param {string} stripeId
 * @returns {string}
 */
export function documentIdFor(stripeId) {
  if (ID_RE.test(stripeId)) return stripeId;
  let hash = 0n;
  for (const ch of stripeId) hash = (hash * 131n + BigInt(ch.codePointAt(0) ?? 0)) % (1n << 120n);
  return `h${hash.toString(36)}`.slice(0, 36);
}

/**
 * @param {string | { id: string } | null | undefined} ref an id or an expanded object
 * @returns {string | null}
 */
export function idOf(ref) {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/**
 * Card details as the documents store them.
 * @param {StripePaymentMethod | null} paymentMethod
 * @returns {{ brand: string | null, last4: string | null, type: string | null }}
 */
export function cardOf(paymentMethod) {
  return {
    brand: paymentMethod?.card?.brand ?? null,
    last4: paymentMethod?.card?.last4 ?? null,
    type: paymentMethod?.type ?? null,
  };
}

/**
 * The item period: since API 2025-03-31 the period lives on subscription items, not on the
 * subscription (reference/stripe/PROTOCOL.md §2.5).
 * @param {StripeSubscription} subscription
 * @returns {number | null}
 */
export function currentPeriodEndOf(subscription) {
  const items = subscription.items?.data ?? [];
  const ends = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  if (ends.length > 0) return Math.max(...ends);
  // Older payloads carried it at the top level.
  const legacy = /** @type {{ current_period_end?: unknown }} */ (subscription).current_period_end;
  return typeof legacy === 'number' ? legacy : null;
}

/**
 * spec §3 subscriptions document (id = Stripe subscription id).
 * @param {StripeSubscription} subscription
 * @param {string} userId
 * @param {StripePaymentMethod | null} paymentMethod the card on file (subscription's, else customer's default)
 * @param {number} nowMs
 */
export function subscriptionDocument(subscription, userId, paymentMethod, nowMs) {
  const card = cardOf(paymentMethod);
  return {
    userId,
    stripeSubscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: isoFromUnix(currentPeriodEndOf(subscription)),
    trialStart: isoFromUnix(subscription.trial_start),
    trialEnd: isoFromUnix(subscription.trial_end),
    backupCardBrand: card.brand,
    backupCardLast4: card.last4,
    backupPaymentMethodType: card.type,
    createdAt: isoFromUnix(subscription.created),
    updatedAt: new Date(nowMs).toISOString().replace('Z', '+00:00'),
  };
}

/**
 * The subscription an invoice belongs to (`invoice.parent.subscription_details` since basil).
 * @param {StripeInvoice} invoice
 * @returns {string | null}
 */
export function subscriptionIdOfInvoice(invoice) {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  const legacy = /** @type {{ subscription?: string | { id: string } | null }} */ (invoice).subscription;
  return idOf(legacy);
}

/**
 * The service period of an invoice: its subscription line's period. Stripe's own
 * `period_start/end` on a subscription invoice describe the period before it, not what was billed.
 * @param {StripeInvoice} invoice
 * @returns {{ start: number | null, end: number | null }}
 */
export function servicePeriodOf(invoice) {
  const line = invoice.lines?.data?.find((l) => l.period) ?? null;
  if (line?.period) return { start: line.period.start, end: line.period.end };
  return { start: invoice.period_start ?? null, end: invoice.period_end ?? null };
}

/** The invoice statuses of spec §3; Stripe's `null` status (preview invoices) reads as draft. */
const INVOICE_STATUSES = new Set(['paid', 'void', 'uncollectible', 'open', 'draft']);

/**
 * spec §3 invoices document (id = Stripe invoice id). Totals stay integer cents.
 * @param {StripeInvoice} invoice
 * @param {string} userId
 * @param {StripePaymentMethod | null} paymentMethod the card that paid or will be charged
 */
export function invoiceDocument(invoice, userId, paymentMethod) {
  const card = cardOf(paymentMethod);
  const period = servicePeriodOf(invoice);
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'draft';
  return {
    userId,
    subscriptionId: subscriptionIdOfInvoice(invoice),
    number: invoice.number ?? null,
    stripeInvoiceId: invoice.id ?? '',
    status,
    total: invoice.total,
    amount: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    createdAt: isoFromUnix(invoice.created),
    periodStart: isoFromUnix(period.start),
    periodEnd: isoFromUnix(period.end),
    billingReason: invoice.billing_reason ?? null,
    cardBrand: card.brand,
    cardLast4: card.last4,
    paymentMethod: card.type,
    invoicePdf: invoice.invoice_pdf ?? null,
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
  };
}
