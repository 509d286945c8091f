// billing-portal {returnUrl} → {success, url, error} (spec §7): a Stripe billing portal session
// for the signed-in caller's own customer (cancel at period end, resume, card, invoices).
import { AppwriteException, Databases } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { acceptableReturnUrl, returnOrigins } from '../../lib/session-request.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** @param {Context} context */
export default async ({ req, res, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, url: null, error: 'Sign in to manage billing.' }, 401);
  const allowed = process.env.ALLOWED_RETURN_ORIGINS;
  const returnUrl = acceptableReturnUrl(readBody(req.bodyText)['returnUrl'], allowed);
  if (!returnUrl) {
    if (returnOrigins(allowed).length === 0) error('ALLOWED_RETURN_ORIGINS must be set as a function variable: no return URL is accepted without it.');
    return res.json({ success: false, url: null, error: "returnUrl must be an http(s) URL of this app's origin." }, 400);
  }
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, url: null, error: 'Billing portal is not configured.' }, 500);
  }

  const client = serverClient(req);
  const databases = new Databases(client);

  /** @type {string} */
  let customerId;
  try {
    const { databaseId, customers } = collectionsFromEnv(process.env);
    const document = await databases.getDocument({ databaseId, collectionId: customers, documentId: userId });
    customerId = String(document['stripeCustomerId']);
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) {
      return res.json({ success: false, url: null, error: 'No billing account yet. Subscribe first.' }, 404);
    }
    error(`billing-portal lookup for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, url: null, error: 'Could not open the billing portal. Please try again.' }, 502);
  }

  try {
    const stripe = stripeFromEnv(process.env);
    const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return res.json({ success: true, url: session.url, error: null });
  } catch (e) {
    error(`billing-portal for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, url: null, error: 'Could not open the billing portal. Please try again.' }, 502);
  }
};
