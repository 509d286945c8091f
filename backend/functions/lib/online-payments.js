// Online card payments (issue 33): each practice's own Stripe account through Connect (Standard
// accounts, direct charges). The platform's secret key stays in the functions; the practice's account
// id sits on its practice settings, and is trusted only when Stripe says the account was made for that
// practice (metadata.cadencePracticeId, the therapist's user id), so an id copied into someone's settings reaches nothing.
// Nothing about health goes to Stripe: descriptions are "{Practice} — Invoice INV-0042" or
// "Session payment", metadata holds Cadence ids only.

/**
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('stripe').Stripe.Account} StripeAccount
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** Every Stripe object's metadata comes from here: ids, never names, services or notes. */
export const METADATA_KEYS = /** @type {const} */ (['cadencePracticeId', 'cadenceClientId', 'cadenceInvoiceId', 'cadenceCardTerms', 'cadenceChannel']);

export const ONLINE_PAYMENT_MESSAGES = {
  off: 'Online payments are off: clients can no longer pay by card in the portal. Connect Stripe again to turn them back on.',
  notConnected: 'This practice does not take card payments online.',
  belowMinimum: 'Enter at least $1.00.',
  aboveBalance: 'Enter no more than what you owe.',
};

/** The smallest online payment (the issue: "not below $1"). */
export const MIN_PAYMENT = 100;

/**
 * The practice's connected account, when its settings name one Stripe made for this practice.
 * @param {StripeClient} stripe
 * @param {Doc | null} practice
 * @returns {Promise<StripeAccount | null>}
 */
export async function connectedAccount(stripe, practice) {
  const id = typeof practice?.['stripeAccountId'] === 'string' ? practice['stripeAccountId'] : '';
  if (!practice || !/^acct_[A-Za-z0-9]{1,27}$/.test(id)) return null;
  try {
    const account = await stripe.accounts.retrieve(id);
    return account.metadata?.['cadencePracticeId'] === practice['userId'] ? account : null;
  } catch (e) {
    if (typeof e === 'object' && e !== null && 'statusCode' in e && (e.statusCode === 404 || e.statusCode === 403)) return null;
    throw e;
  }
}

/**
 * The practice's customer for a client on its connected account (only Cadence ids on it): the one
 * already there, else made once when `create` (a saved card needs one), else null.
 * @param {StripeClient} stripe
 * @param {string} account
 * @param {string} practiceId
 * @param {string} clientId
 * @param {{ create: boolean }} options
 * @returns {Promise<string | null>}
 */
export async function customerFor(stripe, account, practiceId, clientId, { create }) {
  const found = await stripe.customers.search({ query: `metadata['cadenceClientId']:'${clientId}'`, limit: 1 }, { stripeAccount: account });
  if (found.data[0]) return found.data[0].id;
  if (!create) return null;
  const made = await stripe.customers.create({ metadata: { cadencePracticeId: practiceId, cadenceClientId: clientId } }, { stripeAccount: account, idempotencyKey: `cadence-client-${account}-${clientId}` });
  return made.id;
}

/**
 * What Practice → Payments shows of an account.
 * @param {StripeAccount | null} account
 */
export function accountStatus(account) {
  if (!account) return { connected: false, accountId: null, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false, requirementsDue: [] };
  return {
    connected: true,
    accountId: account.id,
    detailsSubmitted: account.details_submitted === true,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    requirementsDue: [...(account.requirements?.currently_due ?? [])],
  };
}

/**
 * The words a payment carries to Stripe (line item, PaymentIntent description): the practice and an
 * invoice number at most.
 * @param {string} practiceName
 * @param {string | null} invoiceNumber
 */
export function paymentDescription(practiceName, invoiceNumber) {
  const practice = practiceName.trim().slice(0, 80) || 'Your practice';
  return invoiceNumber ? `${practice} — Invoice ${invoiceNumber}` : `${practice} — Session payment`;
}

/**
 * "Visa •••• 4242" for the ledger entry's reference.
 * @param {{ brand?: string | null, last4?: string | null } | null | undefined} card
 */
export function cardLabel(card) {
  if (!card?.last4) return 'Card';
  const brand = String(card.brand ?? 'card');
  const names = /** @type {Record<string, string>} */ ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' });
  return `${names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)} •••• ${card.last4}`;
}

/** The ledger idempotency key of an online payment: one entry per PaymentIntent. @param {string} paymentIntentId */
export const paymentKey = (paymentIntentId) => `stripe:${paymentIntentId}`;

/** The stored-card terms the portal shows next to "Save this card for future payments"; the version is recorded with the payment. */
export const CARD_TERMS_VERSION = '2026-11-28';
export const CARD_TERMS = 'Your card will be saved with Stripe for this practice. The practice may charge it only for amounts you owe it, and only with your agreement; you can ask the practice to remove it at any time.';
