// Issue 33's AutoPay figure: "the nightly AutoPay run for 2,000 clients ≤ 60 s". A practice (New York)
// on its own connected Stripe account, onboarded through the hosted page; CLIENTS clients, each with a
// session charge from two days before, a card saved on the practice's account (a customer with a
// PaymentMethod, as portal-pay leaves it) and AutoPay turned on. The figure is one execution of
// autopay-nightly at 00:30 New York time with the server key (as the scheduler runs it), from the
// request to its answer, checked: every client charged once (Stripe's PaymentIntents counted on the
// account). Then the same night again (nothing may be charged twice), and how long the Connect
// webhook took to put every payment in the ledger (one entry per PaymentIntent).
// Run alone: node bench/autopay.mjs [--clients 2000] (its own Appwrite and Stripe emulators, schedules off).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { enrollmentId } from '../backend/functions/lib/autopay.js';
import { root } from './apps.mjs';
import { KEY_HEADERS, startBenchEmulator } from './shared.mjs';

export const AUTOPAY_CLIENTS = 2000;
export const AUTOPAY_GOAL_MS = 60_000;
// The official SDK, from the backend's dependencies (as the functions use it).
const Stripe = createRequire(path.join(root, 'backend', 'package.json'))('stripe');
const CONNECT_SECRET = 'whsec_bench_connect';
/** 00:30 in New York on 2 December 2026. */
const NIGHT = '2026-12-02T05:30:00.000Z';

async function serverApi(endpoint, method, route, body) {
  const response = await fetch(`${endpoint}${route}`, { method, headers: KEY_HEADERS, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

const own = (userId) => [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`];
const create = (endpoint, collectionId, data, permissions, documentId = 'unique()') =>
  serverApi(endpoint, 'POST', `/databases/main/collections/${collectionId}/documents`, { documentId, data, permissions });

/** Runs `work` over `items`, `width` at a time. */
async function pool(items, width, work) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

async function countDocuments(endpoint, collectionId, queries) {
  const q = [...queries, { method: 'limit', values: [1] }].map((x) => `queries[]=${encodeURIComponent(JSON.stringify(x))}`).join('&');
  return (await serverApi(endpoint, 'GET', `/databases/main/collections/${collectionId}/documents?${q}`)).total;
}

/** The official SDK on the local Stripe at `port`. */
export const stripeClient = (port) => new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

/** The Stripe emulator on `port`, signing Connect events for the Appwrite emulator's webhook function. */
async function startStripe(port, appwriteOrigin) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-autopay-stripe-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulators/stripe/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, STRIPE_PORT: String(port), STRIPE_DATA_DIR: dataDir, STRIPE_WEBHOOK_URL: `${appwriteOrigin}/_functions/stripe-webhook`, STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_CONNECT_WEBHOOK_URL: `${appwriteOrigin}/_functions/stripe-connect-webhook`, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
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

/**
 * @param {{ endpoint: string, stripe: import('stripe').Stripe, clients?: number, log?: (line: string) => void }} options
 *   `endpoint` with /v1, its autopay-nightly and stripe-connect-webhook pointed at the local Stripe `stripe` talks to.
 */
export async function measureAutopay({ endpoint, stripe, clients = AUTOPAY_CLIENTS, log = () => {} }) {
  const therapist = await serverApi(endpoint, 'POST', '/users', { userId: 'unique()', email: `bench-autopay-${Date.now().toString(36)}@example.test`, password: 'bench autopay passphrase', name: 'Bench Therapist' });
  const userId = therapist.$id;
  const account = await stripe.accounts.create({ type: 'standard', metadata: { cadencePracticeId: userId } });
  const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: 'http://localhost:3000/x', return_url: 'http://localhost:3000/x' });
  await fetch(link.url, { method: 'POST', body: new URLSearchParams({ business_name: 'Bench Practice', action: 'submit' }), redirect: 'manual' });
  await create(endpoint, 'practice_settings', { userId, practiceName: 'Bench Practice', therapistName: 'Ada Lovelace', timeZone: 'America/New_York', currency: 'USD', stripeAccountId: account.id }, own(userId));

  log(`Seeding ${clients} clients on AutoPay (client, charge, balance, saved card, enrollment)…`);
  const seeded = performance.now();
  await pool(Array.from({ length: clients }, (_, i) => i), 8, async (i) => {
    const client = await create(endpoint, 'clients', { userId, firstName: `Client${i}`, lastName: 'Bench', status: 'active', selfPay: true, currency: 'USD' }, own(userId));
    const amount = 10000 + (i % 50) * 100;
    const entry = await create(endpoint, 'ledger_entries', { userId, clientId: client.$id, kind: 'charge', type: 'session_fee', amount, currency: 'USD', date: '2026-11-30', memo: null }, [`read("user:${userId}")`]);
    await create(endpoint, 'client_balances', {
      userId, clientId: client.$id, balance: amount, credit: 0, openCharges: JSON.stringify([{ entryId: entry.$id, date: '2026-11-30', open: amount }]), lastEntryDate: '2026-11-30', currency: 'USD',
    }, [`read("user:${userId}")`], client.$id);
    const customer = await stripe.customers.create({ metadata: { cadencePracticeId: userId, cadenceClientId: client.$id } }, { stripeAccount: account.id });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }, { stripeAccount: account.id });
    await create(endpoint, 'autopay_enrollments', {
      userId, clientId: client.$id, enabled: true, customerId: customer.id, paymentMethodId: card.id, cardLabel: 'Visa •••• 4242', consentBy: 'client', termsVersion: 'bench', enabledAt: new Date().toISOString(),
    }, [`read("user:${userId}")`], enrollmentId(userId, client.$id));
  });
  const seedMs = Math.round(performance.now() - seeded);

  const run = async () => {
    // Asynchronous, as the scheduler runs it (a synchronous execution may wait 30 s at most).
    const started = performance.now();
    const queued = await serverApi(endpoint, 'POST', '/functions/autopay-nightly/executions', { body: JSON.stringify({ now: NIGHT }), async: true });
    let execution = queued;
    while (execution.status !== 'completed' && execution.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      execution = await serverApi(endpoint, 'GET', `/functions/autopay-nightly/executions/${queued.$id}`);
    }
    const ms = Math.round(performance.now() - started);
    // An asynchronous execution keeps no body: the run's report is its last log line.
    const line = /autopay: (\{.*\})\s*$/m.exec(String(execution.logs ?? ''))?.[1];
    if (execution.status !== 'completed' || execution.responseStatusCode !== 200 || !line) throw new Error(`autopay-nightly: ${execution.status} ${execution.responseStatusCode} ${execution.errors ?? ''}`);
    return { ms, report: JSON.parse(line) };
  };
  log('The nightly run…');
  const loadBefore = loadavg()[0];
  const first = await run();
  const loadAfter = loadavg()[0];
  const ranAt = performance.now();
  const intents = [];
  for await (const pi of stripe.paymentIntents.list({ limit: 100 }, { stripeAccount: account.id })) intents.push(pi);
  const succeeded = intents.filter((pi) => pi.status === 'succeeded');
  const perClient = new Set(succeeded.map((pi) => pi.metadata.cadenceClientId));
  if (first.report.charged !== clients || succeeded.length !== clients || perClient.size !== clients) {
    throw new Error(`expected ${clients} charges: the run says ${first.report.charged}, Stripe has ${succeeded.length} for ${perClient.size} clients`);
  }
  log('The same night again…');
  const again = await run();
  if (again.report.charged !== 0) throw new Error(`the second run charged ${again.report.charged}`);
  // The Connect webhook's ledger entries, one per PaymentIntent.
  let entries = 0;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    entries = await countDocuments(endpoint, 'ledger_entries', [{ method: 'equal', attribute: 'userId', values: [userId] }, { method: 'equal', attribute: 'kind', values: ['payment'] }]);
    if (entries >= clients) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const ledgerMs = Math.round(performance.now() - ranAt);
  return {
    clients, seedMs, runMs: first.ms, rerunMs: again.ms, charged: first.report.charged, amount: first.report.amount, paymentIntents: succeeded.length,
    ledgerEntries: entries, ledgerMs, goalMs: AUTOPAY_GOAL_MS, load: { before: loadBefore, after: loadAfter, cores: availableParallelism() },
  };
}

/** One line for the report. */
export function autopayLine(r) {
  return `AutoPay nightly run (${r.clients} clients, off-session PaymentIntents on the practice's account): ${(r.runMs / 1000).toFixed(1)} s, ${r.charged} charged once each `
    + `(the same night again: ${(r.rerunMs / 1000).toFixed(1)} s, nothing charged); goal ≤ ${r.goalMs / 1000} s ${r.runMs <= r.goalMs ? 'met' : 'MISSED'}; `
    + `the webhook's ${r.ledgerEntries} ledger entries in ${(r.ledgerMs / 1000).toFixed(0)} s; load ${r.load.before.toFixed(1)}→${r.load.after.toFixed(1)} on ${r.load.cores} cores`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3396' }, clients: { type: 'string', default: String(AUTOPAY_CLIENTS) } } });
  const port = Number(values.port);
  const stripePort = port + 1;
  const appwriteOrigin = `http://127.0.0.1:${port}`;
  const vars = { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(stripePort), STRIPE_API_PROTOCOL: 'http' };
  const { endpoint, stop } = await startBenchEmulator({
    port, name: 'autopay', exitOnSignal: true,
    env: {
      FUNCTION_VARS_AUTOPAY_NIGHTLY: JSON.stringify({ ...vars, APP_ORIGIN: 'http://localhost:3000' }),
      FUNCTION_VARS_STRIPE_CONNECT_WEBHOOK: JSON.stringify({ ...vars, STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET }),
    },
  });
  const stripeServer = await startStripe(stripePort, appwriteOrigin).catch((e) => { stop(); throw e; });
  try {
    const result = await measureAutopay({ endpoint, stripe: stripeClient(stripePort), clients: Number(values.clients), log: console.log });
    console.log(autopayLine(result));
    console.log(`(seeding took ${(result.seedMs / 1000).toFixed(0)} s)`);
  } finally {
    stripeServer.stop();
    stop();
  }
}
