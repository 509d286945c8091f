// The entry point every money function shares (issue 16: ledger, invoices, money-documents): the
// caller is Appwrite's x-appwrite-user-id (401 without one), the JSON body goes to the function's own
// `handle` with a run of its key, collections and log; a Refusal is answered as it is, anything else
// is logged (the action, never the body) and answered 500 with the function's own words.
import { Databases, Users } from 'node-appwrite';
import { collectionsFromEnv } from './collections.js';
import { messageOf, readBody, serverClient } from './execution.js';
import { Refusal } from './money-store.js';
import { stripeFromEnv } from './stripe-client.js';

/**
 * @typedef {import('./execution.js').Context} Context
 * @typedef {{ databases: Databases, users: Users, c: import('./collections.js').Collections, userId: string, log: (m: string) => void }} Run
 * @typedef {{ status: number, body: Record<string, unknown> }} Answer
 * @typedef {Run & { stripe: import('stripe').Stripe, now: Date }} StripeRun
 */

/**
 * @typedef {{ name: string, field: string, signedOut: string, failed: string }} Definition
 *   `field` the body's field named in an error log line (action, document)
 */

/**
 * @param {Definition & { failedStatus?: number, handle: (run: Run, body: Record<string, unknown>) => Promise<Answer> }} definition
 * @returns {(context: Context) => Promise<unknown>}
 */
export function moneyFunction({ name, field, signedOut, failed, failedStatus = 500, handle }) {
  return async ({ req, res, log, error }) => {
    const userId = req.headers['x-appwrite-user-id'];
    if (!userId) return res.json({ success: false, error: signedOut }, 401);
    const body = readBody(req.bodyText);
    try {
      const client = serverClient(req);
      const answer = await handle({ databases: new Databases(client), users: new Users(client), c: collectionsFromEnv(process.env), userId, log }, body);
      return res.json(answer.body, answer.status);
    } catch (e) {
      if (e instanceof Refusal) return res.json(e.body, e.status);
      error(`${name} ${String(body[field]).slice(0, 20)} for ${userId} failed: ${messageOf(e)}`);
      return res.json({ success: false, error: failed }, failedStatus);
    }
  };
}

/**
 * The same entry for a function that calls Stripe for a client's payment (autopay, portal-pay): without
 * STRIPE_SECRET_KEY it answers 500 "Payments are not configured." (and logs why); its run carries the
 * Stripe client and the time; `handle` answers 200 with its body; anything unexpected is answered 502
 * (Stripe or Appwrite could not be reached).
 * @param {Definition & { handle: (run: StripeRun, body: Record<string, unknown>) => Promise<Record<string, unknown>> }} definition
 * @returns {(context: Context) => Promise<unknown>}
 */
export function stripeFunction({ handle, ...definition }) {
  const entry = moneyFunction({
    ...definition, failedStatus: 502,
    handle: async (run, body) => ({ status: 200, body: await handle({ ...run, stripe: stripeFromEnv(process.env), now: new Date() }, body) }),
  });
  return async (context) => {
    if (context.req.headers['x-appwrite-user-id'] && !process.env.STRIPE_SECRET_KEY) {
      context.error('STRIPE_SECRET_KEY must be set as a function variable.');
      return context.res.json({ success: false, error: 'Payments are not configured.' }, 500);
    }
    return entry(context);
  };
}
