// stripe-connect (issue 33, Practice → Payments): the signed-in therapist connects the practice's own
// Stripe account (Standard, Connect) so clients can pay by card, sees its status, or disconnects.
// Body (JSON) {action}:
//   status                      → 200 {success, connected, accountId, detailsSubmitted, chargesEnabled, payoutsEnabled, requirementsDue}
//   connect {returnUrl, refreshUrl} → 200 {success, url}: an account link to Stripe's hosted onboarding
//                                  (the account is made on first use, and its id stored on the practice settings)
//   disconnect                  → 200 {success, connected:false, message}: online payments stop at once
// Refusals {success:false, error, field?}: 400 (no practice yet, bad return URL), 401, 500, 502.
import { Databases, Users } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { practiceOf } from '../../lib/money-store.js';
import { accountStatus, connectedAccount, ONLINE_PAYMENT_MESSAGES } from '../../lib/online-payments.js';
import { acceptableReturnUrl } from '../../lib/session-request.js';
import { stripeFromEnv } from '../../lib/stripe-client.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

const NO_PRACTICE = 'Save your practice details first.';

/** @param {Context} context */
export default async ({ req, res, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to set up payments.' }, 401);
  if (!process.env.STRIPE_SECRET_KEY) {
    error('STRIPE_SECRET_KEY must be set as a function variable.');
    return res.json({ success: false, error: 'Payments are not configured.' }, 500);
  }
  const body = readBody(req.bodyText);
  const client = serverClient(req);
  const databases = new Databases(client);
  const c = collectionsFromEnv(process.env);
  const stripe = stripeFromEnv(process.env);
  const action = body['action'];
  try {
    const practice = await practiceOf(databases, c, userId);
    if (action === 'status') return res.json({ success: true, ...accountStatus(await connectedAccount(stripe, practice)) });
    if (action === 'disconnect') {
      if (practice && practice['stripeAccountId']) {
        await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.practiceSettings, documentId: practice.$id, data: { stripeAccountId: null } });
      }
      return res.json({ success: true, ...accountStatus(null), message: ONLINE_PAYMENT_MESSAGES.off });
    }
    if (action !== 'connect') return res.json({ success: false, error: 'Say what to do: status, connect or disconnect.', field: 'action' }, 400);
    if (!practice) return res.json({ success: false, error: NO_PRACTICE }, 400);
    const allowed = process.env.ALLOWED_RETURN_ORIGINS;
    const returnUrl = acceptableReturnUrl(body['returnUrl'], allowed);
    const refreshUrl = acceptableReturnUrl(body['refreshUrl'], allowed);
    if (!returnUrl || !refreshUrl) return res.json({ success: false, error: "returnUrl and refreshUrl must be http(s) URLs of this app's origin." }, 400);

    let account = await connectedAccount(stripe, practice);
    if (!account) {
      const user = await new Users(client).get({ userId });
      // The key makes a double click make one account; metadata ties it to this practice (lib/online-payments.js).
      account = await stripe.accounts.create({
        type: 'standard', email: user.email || undefined,
        business_profile: { name: String(practice['practiceName'] ?? '').slice(0, 100) || undefined },
        metadata: { cadencePracticeId: userId },
      }, { idempotencyKey: `cadence-connect-${userId}-${practice.$id}` });
      await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.practiceSettings, documentId: practice.$id, data: { stripeAccountId: account.id } });
    }
    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', return_url: returnUrl, refresh_url: refreshUrl });
    return res.json({ success: true, url: link.url });
  } catch (e) {
    error(`stripe-connect ${String(action).slice(0, 20)} for ${userId} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Stripe could not be reached. Please try again.' }, 502);
  }
};
