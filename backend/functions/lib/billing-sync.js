// Reconciling one Stripe customer into Appwrite: customers, subscriptions, invoices and
// checkout_sessions documents, then the user's labels. Everything is re-read from Stripe, so it
// does not matter which event (or the hourly sync) triggered it, nor in which order events came.
import { AppwriteException, Permission, Query, Role } from 'node-appwrite';
import {
  currentSubscription,
  documentIdFor,
  idOf,
  invoiceDocument,
  isoFromUnix,
  labelInput,
  labelsFor,
  mergeLabels,
  subscriptionDocument,
} from './billing-rules.js';

/**
 * @typedef {import('stripe').Stripe} StripeClient
 * @typedef {import('stripe').Stripe.Subscription} StripeSubscription
 * @typedef {import('stripe').Stripe.Invoice} StripeInvoice
 * @typedef {import('stripe').Stripe.PaymentMethod} StripePaymentMethod
 * @typedef {import('stripe').Stripe.Customer} StripeCustomer
 *
 * @typedef {object} SyncContext
 * @property {StripeClient} stripe
 * @property {import('node-appwrite').Databases} databases
 * @property {import('node-appwrite').Users} users
 * @property {import('./collections.js').Collections} collections
 * @property {() => number} now
 * @property {(message: string) => void} log
 *
 * @typedef {object} ReconcileHints
 * @property {string | null} [userId] the user named by a checkout session (client_reference_id)
 * @property {string | null} [completedCheckoutSessionId] a checkout.session.completed event's session
 *
 * @typedef {object} ReconcileResult
 * @property {string | null} userId
 * @property {string[]} labels
 * @property {number} subscriptions
 * @property {number} invoices
 */


/**
 * Set on a Stripe customer by delete-user-selfservice while it deletes the account: from then on
 * nothing is written for that customer (a late webhook or the hourly sync would otherwise bring
 * the deleted user's documents back through metadata.userId).
 */
export const ACCOUNT_DELETED_METADATA = 'accountDeletedAt';

/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/**
 * Only the user reads their billing documents; functions write them with their key (README).
 * @param {string} userId
 */
const readableBy = (userId) => [Permission.read(Role.user(userId))];

/**
 * @param {SyncContext} ctx
 * @param {string} collectionId
 * @param {string} userId
 * @returns {Promise<import('node-appwrite').Models.DefaultDocument[]>}
 */
async function documentsOf(ctx, collectionId, userId) {
  /** @type {import('node-appwrite').Models.DefaultDocument[]} */
  const all = [];
  let cursor = null;
  for (;;) {
    const queries = [Query.equal('userId', userId), Query.limit(100)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const page = await ctx.databases.listDocuments({ databaseId: ctx.collections.databaseId, collectionId, queries });
    all.push(...page.documents);
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < 100 || !last) return all;
    cursor = last.$id;
  }
}

/**
 * Which user a Stripe customer belongs to: our customers document, else the customer's metadata
 * (checkout puts userId there), else what the event says.
 * @param {SyncContext} ctx
 * @param {StripeCustomer | null} customer
 * @param {string} stripeCustomerId
 * @param {string | null | undefined} hint
 * @returns {Promise<string | null>}
 */
async function userIdOf(ctx, customer, stripeCustomerId, hint) {
  const found = await ctx.databases.listDocuments({
    databaseId: ctx.collections.databaseId,
    collectionId: ctx.collections.customers,
    queries: [Query.equal('stripeCustomerId', stripeCustomerId), Query.limit(1)],
  });
  const fromDocument = found.documents[0]?.['userId'];
  if (typeof fromDocument === 'string' && fromDocument) return fromDocument;
  const fromMetadata = customer?.metadata?.['userId'];
  if (fromMetadata) return fromMetadata;
  return hint ?? null;
}

/**
 * @param {SyncContext} ctx
 * @param {string} stripeCustomerId
 * @returns {Promise<StripeCustomer | null>}
 */
async function retrieveCustomer(ctx, stripeCustomerId) {
  const customer = await ctx.stripe.customers.retrieve(stripeCustomerId);
  return 'deleted' in customer && customer.deleted ? null : /** @type {StripeCustomer} */ (customer);
}

/**
 * @param {SyncContext} ctx
 * @param {string} userId
 * @param {StripeCustomer} customer
 */
async function upsertCustomerDocument(ctx, userId, customer) {
  const { databaseId, customers } = ctx.collections;
  const now = isoFromUnix(ctx.now() / 1000);
  try {
    const existing = await ctx.databases.getDocument({ databaseId, collectionId: customers, documentId: userId });
    // A user keeps the customer checkout made first; a stray second one is not linked over it.
    if (existing['stripeCustomerId'] !== customer.id) return;
    await ctx.databases.updateDocument({
      databaseId, collectionId: customers, documentId: userId,
      data: { email: customer.email ?? existing['email'] ?? null, name: customer.name ?? existing['name'] ?? null, updatedAt: now },
    });
  } catch (e) {
    if (!isNotFound(e)) throw e;
    try {
      await ctx.databases.createDocument({
        databaseId, collectionId: customers, documentId: userId,
        data: { userId, stripeCustomerId: customer.id, email: customer.email ?? null, name: customer.name ?? null, createdAt: isoFromUnix(customer.created), updatedAt: now },
        permissions: readableBy(userId),
      });
    } catch (createError) {
      // Checkout or a concurrent delivery created it meanwhile.
      if (!(createError instanceof AppwriteException && createError.code === 409)) throw createError;
    }
  }
}

/**
 * Pending checkout_sessions documents are settled from Stripe (repairs a lost
 * checkout.session.completed); returns whether the user's latest checkout completed.
 * @param {SyncContext} ctx
 * @param {string} userId
 * @param {ReconcileHints} hints
 * @returns {Promise<boolean>}
 */
async function settleCheckoutSessions(ctx, userId, hints) {
  const { databaseId, checkoutSessions } = ctx.collections;
  const documents = await documentsOf(ctx, checkoutSessions, userId);
  const completedId = hints.completedCheckoutSessionId ?? null;
  if (completedId && !documents.some((d) => d['stripeSessionId'] === completedId)) {
    // A session made outside the checkout function still counts (its document id is derived).
    const session = await ctx.stripe.checkout.sessions.retrieve(completedId);
    const created = await ctx.databases.upsertDocument({
      databaseId, collectionId: checkoutSessions, documentId: documentIdFor(completedId),
      data: { userId, status: 'completed', stripeSessionId: completedId, createdAt: isoFromUnix(session.created) },
      permissions: readableBy(userId),
    });
    documents.push(created);
  }
  for (const document of documents) {
    const sessionId = document['stripeSessionId'];
    if (document['status'] !== 'pending' || typeof sessionId !== 'string' || !sessionId) continue;
    const session = sessionId === completedId ? null : await ctx.stripe.checkout.sessions.retrieve(sessionId);
    const status = !session || session.status === 'complete' ? 'completed' : session.status === 'expired' ? 'expired' : 'pending';
    if (status !== 'pending') {
      await ctx.databases.updateDocument({ databaseId, collectionId: checkoutSessions, documentId: document.$id, data: { status } });
      document['status'] = status;
    }
  }
  const latest = [...documents].sort((a, b) => String(b['createdAt'] ?? b.$createdAt).localeCompare(String(a['createdAt'] ?? a.$createdAt)))[0];
  return latest?.['status'] === 'completed';
}

/**
 * Brings one Stripe customer's documents and the user's labels in line with Stripe.
 * @param {SyncContext} ctx
 * @param {string} stripeCustomerId
 * @param {ReconcileHints} [hints]
 * @returns {Promise<ReconcileResult>}
 */
export async function reconcileCustomer(ctx, stripeCustomerId, hints = {}) {
  const customer = await retrieveCustomer(ctx, stripeCustomerId);
  if (customer?.metadata?.[ACCOUNT_DELETED_METADATA]) {
    ctx.log(`customer ${stripeCustomerId} belongs to a deleted account; skipped`);
    return { userId: null, labels: [], subscriptions: 0, invoices: 0 };
  }
  const userId = await userIdOf(ctx, customer, stripeCustomerId, hints.userId);
  if (!userId) {
    ctx.log(`customer ${stripeCustomerId} belongs to no user; skipped`);
    return { userId: null, labels: [], subscriptions: 0, invoices: 0 };
  }
  if (customer) await upsertCustomerDocument(ctx, userId, customer);

  /** @type {Map<string, Promise<StripePaymentMethod | null>>} */
  const paymentMethods = new Map();
  /** @param {string | { id: string } | null | undefined} ref */
  const paymentMethod = (ref) => {
    const id = idOf(ref);
    if (!id) return Promise.resolve(null);
    let found = paymentMethods.get(id);
    if (!found) {
      found = ctx.stripe.paymentMethods.retrieve(id).catch(() => null);
      paymentMethods.set(id, found);
    }
    return found;
  };
  const customerDefault = customer?.invoice_settings?.default_payment_method ?? null;

  /** @type {StripeSubscription[]} */
  const subscriptions = [];
  for await (const subscription of ctx.stripe.subscriptions.list({ customer: stripeCustomerId, status: 'all', limit: 100 })) subscriptions.push(subscription);
  /** @type {Map<string, string | { id: string } | null>} */
  const subscriptionCard = new Map();
  for (const subscription of subscriptions) {
    const card = subscription.default_payment_method ?? customerDefault;
    subscriptionCard.set(subscription.id, card);
    await ctx.databases.upsertDocument({
      databaseId: ctx.collections.databaseId,
      collectionId: ctx.collections.subscriptions,
      documentId: documentIdFor(subscription.id),
      data: subscriptionDocument(subscription, userId, await paymentMethod(card), ctx.now()),
      permissions: readableBy(userId),
    });
  }

  /** @type {StripeInvoice[]} */
  const invoices = [];
  for await (const invoice of ctx.stripe.invoices.list({ customer: stripeCustomerId, limit: 100 })) invoices.push(invoice);
  const storedInvoices = new Map((await documentsOf(ctx, ctx.collections.invoices, userId)).map((d) => [d.$id, d]));
  for (const invoice of invoices) {
    if (!invoice.id) continue;
    const documentId = documentIdFor(invoice.id);
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    const card = invoice.default_payment_method ?? (subscriptionId ? subscriptionCard.get(idOf(subscriptionId) ?? '') : null) ?? customerDefault;
    const data = invoiceDocument(invoice, userId, await paymentMethod(card));
    const stored = storedInvoices.get(documentId);
    // A paid invoice keeps the card it was paid with, even after the card on file changes.
    if (stored && stored['status'] === 'paid' && stored['cardLast4']) {
      data.cardBrand = /** @type {string | null} */ (stored['cardBrand']);
      data.cardLast4 = /** @type {string | null} */ (stored['cardLast4']);
      data.paymentMethod = /** @type {string | null} */ (stored['paymentMethod']);
    }
    await ctx.databases.upsertDocument({
      databaseId: ctx.collections.databaseId,
      collectionId: ctx.collections.invoices,
      documentId,
      data,
      permissions: readableBy(userId),
    });
  }

  const checkoutCompleted = await settleCheckoutSessions(ctx, userId, hints);
  const current = currentSubscription(subscriptions);
  const latestInvoiceId = current ? idOf(current.latest_invoice) : null;
  const latestInvoice = invoices.find((i) => i.id === latestInvoiceId) ?? null;
  const billing = labelsFor(current ? labelInput(current, latestInvoice) : null, { checkoutCompleted });
  const labels = await applyLabels(ctx, userId, billing);
  return { userId, labels, subscriptions: subscriptions.length, invoices: invoices.length };
}

/**
 * @param {SyncContext} ctx
 * @param {string} userId
 * @param {string[]} billing
 * @returns {Promise<string[]>}
 */
async function applyLabels(ctx, userId, billing) {
  try {
    const user = await ctx.users.get({ userId });
    const labels = mergeLabels(user.labels, billing);
    const unchanged = labels.length === user.labels.length && labels.every((l) => user.labels.includes(l));
    if (!unchanged) await ctx.users.updateLabels({ userId, labels });
    return labels;
  } catch (e) {
    // The account was deleted; its billing documents are cleaned up by account deletion.
    if (isNotFound(e)) return [];
    throw e;
  }
}
