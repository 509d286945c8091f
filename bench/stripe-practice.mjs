// What the issue 33 benches share (bench/autopay.mjs, bench/card-webhook.mjs): the local Stripe with
// its webhooks pointed at a bench's Appwrite emulator, the official SDK on it, and a practice on its
// own connected Stripe account onboarded through the hosted page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONNECT_WEBHOOK_EVENTS } from '../backend/functions/lib/connect-events.js';
import { root } from './apps.mjs';
import { KEY_HEADERS } from './shared.mjs';

// The official SDK, from the backend's dependencies (as the functions use it).
const Stripe = createRequire(path.join(root, 'backend', 'package.json'))('stripe');
export const CONNECT_SECRET = 'whsec_bench_connect';

/** A call with the local key; `endpoint` with /v1. */
export async function serverApi(endpoint, method, route, body) {
  const response = await fetch(`${endpoint}${route}`, { method, headers: KEY_HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

export const own = (userId) => [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`];
export const create = (endpoint, collectionId, data, permissions, documentId = 'unique()') =>
  serverApi(endpoint, 'POST', `/databases/main/collections/${collectionId}/documents`, { documentId, data, permissions });

/** The official SDK on the local Stripe at `port`. */
export const stripeClient = (port) => new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

/** Sends every webhook the local Stripe at `port` has queued and waits for their first answers. */
export async function flushWebhooks(port) {
  const response = await fetch(`http://127.0.0.1:${port}/_dev/webhooks/flush`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  if (!response.ok) throw new Error(`webhook flush: ${response.status}`);
}

/**
 * A therapist (with a password, to sign in) whose practice (New York) is on its own connected
 * account, onboarded through the hosted page.
 * @param {string} endpoint with /v1
 * @param {import('stripe').Stripe} stripe
 * @param {string} name for the email address
 */
export async function connectedPractice(endpoint, stripe, name) {
  const email = `bench-${name}-${Date.now().toString(36)}@example.test`;
  const password = 'bench practice passphrase';
  const therapist = await serverApi(endpoint, 'POST', '/users', { userId: 'unique()', email, password, name: 'Bench Therapist' });
  const userId = therapist.$id;
  const account = await stripe.accounts.create({ type: 'standard', metadata: { cadencePracticeId: userId } });
  const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost:3000/x', return_url: 'http://localhost:3000/x' });
  await fetch(link.url, { method: 'POST', body: new URLSearchParams({ business_name: 'Bench Practice', action: 'submit' }), redirect: 'manual' });
  await create(endpoint, 'practice_settings', { userId, practiceName: 'Bench Practice', therapistName: 'Ada Lovelace', timeZone: 'America/New_York', currency: 'USD', stripeAccountId: account.id }, own(userId));
  return { userId, email, password, account: account.id };
}

/** A client of the practice owing `amount` for a session on `date`: the client, the charge and the balance as the ledger function leaves them. */
export async function clientWithCharge(endpoint, userId, i, amount, date) {
  const client = await create(endpoint, 'clients', { userId, firstName: `Client${i}`, lastName: 'Bench', status: 'active', selfPay: true, currency: 'USD' }, own(userId));
  const entry = await create(endpoint, 'ledger_entries', { userId, clientId: client.$id, kind: 'charge', type: 'session_fee', amount, currency: 'USD', date, memo: null }, [`read("user:${userId}")`]);
  await create(endpoint, 'client_balances', {
    userId, clientId: client.$id, balance: amount, credit: 0, openCharges: JSON.stringify([{ entryId: entry.$id, date, open: amount }]), lastEntryDate: date, currency: 'USD',
  }, [`read("user:${userId}")`], client.$id);
  return client;
}

/**
 * The Stripe emulator on `port`, signing Connect events for the Appwrite emulator's webhook function
 * (the events it acts on, as the local stack's endpoint and production's listen to).
 * @returns {Promise<{ stop: () => void }>}
 */
export async function startStripe(port, appwriteOrigin) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-stripe-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulators/stripe/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, STRIPE_PORT: String(port), STRIPE_DATA_DIR: dataDir, STRIPE_WEBHOOK_URL: `${appwriteOrigin}/_functions/stripe-webhook`, STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_CONNECT_WEBHOOK_URL: `${appwriteOrigin}/_functions/stripe-connect-webhook`, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_CONNECT_WEBHOOK_EVENTS: CONNECT_WEBHOOK_EVENTS.join(','),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  };
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null || i > 300) { stop(); throw new Error('the Stripe emulator did not start'); }
    try {
      await fetch(`http://127.0.0.1:${port}/_dev/clock`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { stop };
}

/** The function variables both benches give their Appwrite emulator (the local Stripe on `stripePort`). */
export function stripeFunctionVars(stripePort) {
  const vars = { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripePort), STRIPE_API_PROTOCOL: 'http' };
  return {
    FUNCTION_VARS_AUTOPAY_NIGHTLY: JSON.stringify({ ...vars, APP_ORIGIN: 'http://localhost:3000' }),
    FUNCTION_VARS_STRIPE_CONNECT_WEBHOOK: JSON.stringify({ ...vars, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET }),
  };
}
