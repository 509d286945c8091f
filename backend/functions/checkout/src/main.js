// checkout {successUrl, cancelUrl} → {success, url, error} (spec §7): a Stripe Checkout session
// for the monthly plan, for the signed-in caller only. The 7-day trial (spec §1, §9) is offered
// only to a user who never had a subscription.
import { AppwriteException, Databases, ID, Permission, Query, Role, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { acceptableReturnUrl, returnOrigins } from '../../lib/session-request.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('stripe').Stripe} StripeClient
 */

/** spec §9 */
export const TRIAL_DAYS = 7;
const MONTHLY_PRICE_CENTS = 1000;
/** Subscriptions that still give (or are about to give) access: a second checkout would double-bill. */
const RUNNING = new Set(['trialing', 'active', 'past_due', 'unpaid', 'paused', 'incomplete']);

/**
 * The monthly price: STRIPE_PRICE_ID, else STRIPE_PRICE_LOOKUP_KEY, else the one active monthly
 * 10 USD price (spec §9) — the local Stripe seeds exactly one.
 * @param {StripeClient} stripe
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<string | null>}
 */
export async function monthlyPriceId(stripe, env) {
  if (env.STRIPE_PRICE_ID) return env.STRIPE_PRICE_ID;
  if (env.STRIPE_PRICE_LOOKUP_KEY) {
    const byKey = await stripe.prices.list({ lookup_keys: [env.STRIPE_PRICE_LOOKUP_KEY], active: true, limit: 1 });
    if (byKey.data[0]) return byKey.data[0].id;
  }
  const prices = await stripe.prices.list({ active: true, type: 'recurring', limit: 100 });
  const monthly = prices.data.find((p) => p.recurring?.interval === 'month' && p.currency === 'usd' && p.unit_amount === MONTHLY_PRICE_CENTS);
  return monthly?.id ?? null;
}

/**
 * The caller's Stripe customer, created (with the customers document, id = user id) on first use.
 * @param {StripeClient} stripe
 * @param {Databases} databases
 * @param {{ databaseId: string, customers: string }} ids
 * @param {import('node-appwrite').Models.User<import('node-appwrite').Models.Preferences>} user
 * @returns {Promise<string>}
 */
async function customerFor(stripe, databases, ids, user) {
  const { databaseId, customers } = ids;
  try {
    const existing = await databases.getDocument({ databaseId, collectionId: customers, documentId: user.$id });
    return String(existing['stripeCustomerId']);
  } catch (e) {
    if (!(e instanceof AppwriteException && e.code === 404)) throw e;
  }
  // A customer made for this user before (its document lost) keeps its history, and with it the
  // "never had a trial" check.
  const earlier = await stripe.customers.search({ query: `metadata['userId']:'${user.$id}'`, limit: 1 });
  // The idempotency key makes a double click reuse one customer instead of creating two.
  const customer = earlier.data[0] ?? await stripe.customers.create(
    { email: user.email || undefined, name: user.name || undefined, metadata: { userId: user.$id } },
    { idempotencyKey: `cadence-customer-${user.$id}` },
  );
  const now = new Date().toISOString().replace('Z', '+00:00');
  try {
    await databases.createDocument({
      databaseId, collectionId: customers, documentId: user.$id,
      data: { userId: user.$id, stripeCustomerId: customer.id, email: user.email || null, name: user.name || null, createdAt: now, updatedAt: now },
      permissions: [Permission.read(Role.user(user.$id))],
    });
    return customer.id;
  } catch (e) {
    // spec §7: a 409 on create fetches the existing document (a concurrent checkout won).
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
    const existing = await databases.getDocument({ databaseId, collectionId: customers, documentId: user.$id });
    return String(existing['stripeCustomerId']);
  }
}

/** @param {Context} context */
export default async ({ req, res, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, url: null, error: 'Sign in to subscribe.' }, 401);
  const body = readBody(req.bodyText);
  const allowed = process.env.ALLOWED_RETURN_ORIGINS;
  const successUrl = acceptableReturnUrl(body['successUrl'], allowed);
  const cancelUrl = acceptableReturnUrl(body['cancelUrl'], allowed);
  if (!successUrl || !cancelUrl) {
    if (returnOrigins(allowed).length === 0) error('ALLOWED_RETURN_ORIGINS must be set as a function variable: no return URL is accepted without it.');
    return res.json({ success: false, url: null, error: "successUrl and cancelUrl must be http(s) URLs of this app's origin." }, 400);
  }
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, url: null, error: 'Checkout is not configured.' }, 500);
  }

  const client = serverClient(req);
  const databases = new Databases(client);
  const collections = collectionsFromEnv(process.env);
  const stripe = stripeFromEnv(process.env);

  try {
    const user = await new Users(client).get({ userId });
    const customerId = await customerFor(stripe, databases, collections, user);

    const stripeSubscriptions = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
    if (stripeSubscriptions.data.some((s) => RUNNING.has(s.status))) {
      return res.json({ success: false, url: null, error: 'You already have a subscription. Manage it in the billing portal.' }, 409);
    }
    const storedSubscriptions = await databases.listDocuments({
      databaseId: collections.databaseId, collectionId: collections.subscriptions, queries: [Query.equal('userId', userId), Query.limit(1)],
    });
    const hadSubscription = stripeSubscriptions.data.length > 0 || storedSubscriptions.total > 0;

    const price = await monthlyPriceId(stripe, process.env);
    if (!price) {
      error('No monthly price: set STRIPE_PRICE_ID or STRIPE_PRICE_LOOKUP_KEY.');
      return res.json({ success: false, url: null, error: 'Checkout is not configured.' }, 500);
    }

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      metadata: { userId },
      line_items: [{ price, quantity: 1 }],
      subscription_data: { metadata: { userId }, ...(hadSubscription ? {} : { trial_period_days: TRIAL_DAYS }) },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });

    await databases.createDocument({
      databaseId: collections.databaseId, collectionId: collections.checkoutSessions, documentId: ID.unique(),
      data: { userId, status: 'pending', stripeSessionId: session.id, createdAt: new Date().toISOString().replace('Z', '+00:00') },
      permissions: [Permission.read(Role.user(userId))],
    });
    return res.json({ success: true, url: session.url, error: null });
  } catch (e) {
    error(`checkout for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, url: null, error: 'Could not start checkout. Please try again.' }, 502);
  }
};
