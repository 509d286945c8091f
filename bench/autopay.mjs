// Issue 33's AutoPay figure: "the nightly AutoPay run for 2,000 clients ≤ 60 s". A practice (New York)
// on its own connected Stripe account, onboarded through the hosted page; CLIENTS clients, each with a
// session charge from two days before, a card saved on the practice's account (a customer with a
// PaymentMethod, as portal-pay leaves it) and AutoPay turned on; the day's webhooks (each customer and
// card saved) delivered before the night comes. The figure is one execution of
// autopay-nightly at 00:30 New York time with the server key (as the scheduler runs it), from the
// request to its answer, checked: every client charged once (Stripe's PaymentIntents counted on the
// account). Then the same night again (nothing may be charged twice), and how long the Connect
// webhook took to put every payment in the ledger (one entry per PaymentIntent).
// Run alone: node bench/autopay.mjs [--clients 2000] (its own Appwrite and Stripe emulators, schedules off).
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { enrollmentId } from '../backend/functions/lib/autopay.js';
import { startBenchEmulator } from './shared.mjs';
import { clientWithCharge, connectedPractice, create, flushWebhooks, serverApi, startStripe, stripeClient, stripeFunctionVars } from './stripe-practice.mjs';

export const AUTOPAY_CLIENTS = 2000;
export const AUTOPAY_GOAL_MS = 60_000;
/** 00:30 in New York on 2 December 2026. */
const NIGHT = '2026-12-02T05:30:00.000Z';

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

/**
 * @param {{ endpoint: string, stripePort: number, clients?: number, log?: (line: string) => void }} options
 *   `endpoint` with /v1, its autopay-nightly and stripe-connect-webhook pointed at the local Stripe on `stripePort`.
 */
export async function measureAutopay({ endpoint, stripePort, clients = AUTOPAY_CLIENTS, log = () => {} }) {
  const stripe = stripeClient(stripePort);
  const { userId, account } = await connectedPractice(endpoint, stripe, 'autopay');

  log(`Seeding ${clients} clients on AutoPay (client, charge, balance, saved card, enrollment)…`);
  const seeded = performance.now();
  await pool(Array.from({ length: clients }, (_, i) => i), 8, async (i) => {
    const client = await clientWithCharge(endpoint, userId, i, 10000 + (i % 50) * 100, '2026-11-30');
    const customer = await stripe.customers.create({ metadata: { cadencePracticeId: userId, cadenceClientId: client.$id } }, { stripeAccount: account });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }, { stripeAccount: account });
    await create(endpoint, 'autopay_enrollments', {
      userId, clientId: client.$id, enabled: true, customerId: customer.id, paymentMethodId: card.id, cardLabel: 'Visa •••• 4242', consentBy: 'client', termsVersion: 'bench', enabledAt: new Date().toISOString(),
    }, [`read("user:${userId}")`], enrollmentId(userId, client.$id));
  });
  // The day's webhooks (each customer and card saved) are delivered before the night's run starts.
  await flushWebhooks(stripePort);
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
  for await (const pi of stripe.paymentIntents.list({ limit: 100 }, { stripeAccount: account })) intents.push(pi);
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
  // The rest of the night's webhooks (charges, receipts) answered before the next bench starts: on
  // 2 cores they otherwise ran behind the figures measured after this one.
  await flushWebhooks(stripePort);
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
  const { endpoint, stop } = await startBenchEmulator({ port, name: 'autopay', exitOnSignal: true, env: stripeFunctionVars(stripePort) });
  const stripeServer = await startStripe(stripePort, `http://127.0.0.1:${port}`).catch((e) => { stop(); throw e; });
  try {
    const result = await measureAutopay({ endpoint, stripePort, clients: Number(values.clients), log: console.log });
    console.log(autopayLine(result));
    console.log(`(seeding took ${(result.seedMs / 1000).toFixed(0)} s)`);
  } finally {
    stripeServer.stop();
    stop();
  }
}
