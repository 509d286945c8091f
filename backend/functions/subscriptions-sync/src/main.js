// subscriptions-sync: reconciles every customer from Stripe (repairs missed or failed webhooks).
// Runs on its appwrite.json schedule and on demand with an API key; never for a signed-in user
// (execute: []), since it touches every account. Body `{"customerId":"cus_…"}` limits it to one.
import { Databases, Query, Users } from 'node-appwrite';
import { reconcileCustomer } from '../../lib/billing-sync.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/** @typedef {import('../../lib/execution.js').Context} Context */


/**
 * Every customer Stripe knows plus every one our documents name (a document can outlive a
 * customer deleted in Stripe's dashboard; reconcile skips those).
 * @param {import('stripe').Stripe} stripe
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} collections
 * @returns {Promise<string[]>}
 */
async function allCustomerIds(stripe, databases, collections) {
  /** @type {Set<string>} */
  const ids = new Set();
  for await (const customer of stripe.customers.list({ limit: 100 })) ids.add(customer.id);
  let cursor = null;
  for (;;) {
    const queries = [Query.limit(100)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const page = await databases.listDocuments({ databaseId: collections.databaseId, collectionId: collections.customers, queries });
    for (const document of page.documents) {
      const id = document['stripeCustomerId'];
      if (typeof id === 'string' && id) ids.add(id);
    }
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < 100 || !last) break;
    cursor = last.$id;
  }
  return [...ids];
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  if (req.headers['x-appwrite-user-id']) {
    return res.json({ success: false, error: 'Only the schedule or a server key runs the sync.' }, 403);
  }
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, error: 'Sync is not configured.' }, 500);
  }
  const stripe = stripeFromEnv(process.env);
  const client = serverClient(req);
  const databases = new Databases(client);
  const collections = collectionsFromEnv(process.env);
  const ctx = { stripe, databases, users: new Users(client), collections, now: () => Date.now(), log };

  // An empty or non-JSON body (schedules send none) means every customer.
  const requested = readBody(req.bodyText)['customerId'];
  const only = typeof requested === 'string' ? requested : null;
  const customerIds = only ? [only] : await allCustomerIds(stripe, databases, collections);
  let synced = 0;
  /** @type {string[]} */
  const failed = [];
  // One at a time: the sync is not urgent, and Stripe rate-limits bursts.
  for (const customerId of customerIds) {
    try {
      const result = await reconcileCustomer(ctx, customerId);
      if (result.userId) synced += 1;
    } catch (e) {
      failed.push(customerId);
      error(`sync of ${customerId} failed: ${messageOf(e)}`);
    }
  }
  log(`synced ${synced} of ${customerIds.length} customers; ${failed.length} failed`);
  return res.json({ success: failed.length === 0, customers: customerIds.length, synced, failed, error: failed.length ? 'Some customers could not be synced.' : null });
};
