// The entry point every money function shares (issue 16: ledger, invoices, money-documents): the
// caller is Appwrite's x-appwrite-user-id (401 without one), the JSON body goes to the function's own
// `handle` with a run of its key, collections and log; a Refusal is answered as it is, anything else
// is logged (the action, never the body) and answered 500 with the function's own words.
import { Databases, Users } from 'node-appwrite';
import { collectionsFromEnv } from './collections.js';
import { messageOf, readBody, serverClient } from './execution.js';
import { Refusal } from './money-store.js';

/**
 * @typedef {import('./execution.js').Context} Context
 * @typedef {{ databases: Databases, users: Users, c: import('./collections.js').Collections, userId: string, log: (m: string) => void }} Run
 * @typedef {{ status: number, body: Record<string, unknown> }} Answer
 */

/**
 * @param {{ name: string, field: string, signedOut: string, failed: string, handle: (run: Run, body: Record<string, unknown>) => Promise<Answer> }} definition
 *   `field` the body's field named in an error log line (action, document)
 * @returns {(context: Context) => Promise<unknown>}
 */
export function moneyFunction({ name, field, signedOut, failed, handle }) {
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
      return res.json({ success: false, error: failed }, 500);
    }
  };
}
