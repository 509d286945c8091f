// Issue 33's webhook figure: "payment webhook to ledger entry visible in the therapist's Billing tab
// ≤ 2 s p95 on the local stack". A practice on its own connected Stripe account (hosted onboarding);
// each payment is a client owing a session's fee who pays it through Stripe's hosted Checkout: a
// session made as portal-pay makes it (payment mode on the practice's account, the practice's and
// client's ids in the PaymentIntent's metadata), paid by submitting the hosted page's card form. Timed
// from the moment the form is submitted (before Stripe's success: an upper bound) to the first read
// of the client's ledger, with the therapist's own session and the Billing tab's query (the client's
// entries, newest first), that shows the card payment — polled every 50 ms. The webhook carries it:
// Stripe's events reach stripe-connect-webhook, which writes the entry. PAYMENTS one after another,
// then BURST clients paying at the same moment (after one untimed payment: a stack in use has the
// webhook function's runtime started).
// Run alone: node bench/card-webhook.mjs [--payments 20] (its own Appwrite and Stripe emulators).
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { percentile, signIn, startBenchEmulator } from './shared.mjs';
import { clientWithCharge, connectedPractice, flushWebhooks, startStripe, stripeClient, stripeFunctionVars } from './stripe-practice.mjs';

export const CARD_WEBHOOK_PAYMENTS = 20;
export const CARD_WEBHOOK_BURST = 8;
export const CARD_WEBHOOK_GOAL_P95_MS = 2000;
const POLL_MS = 50;
const GIVE_UP_MS = 60_000;

/**
 * The Billing tab's read of a client's ledger (mf-dashboard's listAllEntries: the therapist's and the
 * client's entries, newest first; the userId + clientId + date index), with the therapist's session.
 * Without the userId, as this bench asked before, every poll scanned every practice's entries.
 */
async function billingTab(endpoint, cookie, userId, clientId) {
  const queries = [
    { method: 'equal', attribute: 'userId', values: [userId] }, { method: 'equal', attribute: 'clientId', values: [clientId] },
    { method: 'orderDesc', attribute: 'date' }, { method: 'orderDesc', attribute: '$createdAt' }, { method: 'limit', values: [1000] },
  ].map((q) => `queries[]=${encodeURIComponent(JSON.stringify(q))}`).join('&');
  const response = await fetch(`${endpoint}/databases/main/collections/ledger_entries/documents?${queries}`, { headers: { 'x-appwrite-project': 'cadence', cookie } });
  if (!response.ok) throw new Error(`the Billing tab's query: ${response.status} ${await response.text()}`);
  return (await response.json()).documents;
}

/**
 * One client paying their balance on the hosted Checkout; the ms from submitting the card to the
 * therapist reading the payment entry.
 */
async function timedPayment({ endpoint, stripe, practice, cookie }, i) {
  const amount = 12000 + i;
  const client = await clientWithCharge(endpoint, practice.userId, i, amount, '2026-11-30');
  const metadata = { cadencePracticeId: practice.userId, cadenceClientId: client.$id };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Bench Practice — Session payment' } } }],
    payment_intent_data: { description: 'Bench Practice — Session payment', metadata },
    metadata, success_url: 'http://localhost:3000/portal?paid={CHECKOUT_SESSION_ID}', cancel_url: 'http://localhost:3000/portal',
  }, { stripeAccount: practice.account });
  const started = performance.now();
  const paid = fetch(session.url, {
    method: 'POST', redirect: 'manual',
    body: new URLSearchParams({ email: `bench-payer-${i}@example.test`, cardnumber: '4242424242424242', exp: '12 / 34', cvc: '123', name: 'Bench Payer' }),
  });
  let seen = null;
  while (seen === null) {
    const entries = await billingTab(endpoint, cookie, practice.userId, client.$id);
    const payment = entries.find((e) => e.kind === 'payment' && e.type === 'card');
    if (payment) {
      if (-payment.amount !== amount) throw new Error(`payment entry of ${-payment.amount}, paid ${amount}`);
      seen = performance.now() - started;
    } else {
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no payment entry for ${client.$id} after ${GIVE_UP_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  const answer = await paid;
  if (answer.status !== 303 && answer.status !== 302) throw new Error(`the hosted Checkout answered ${answer.status}`);
  return Math.round(seen);
}

const summary = (ms) => ({ count: ms.length, p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms) });

/**
 * @param {{ endpoint: string, stripePort: number, payments?: number, burst?: number }} options
 *   `endpoint` with /v1, its stripe-connect-webhook receiving the local Stripe's (on `stripePort`) Connect events.
 */
export async function measureCardWebhook({ endpoint, stripePort, payments = CARD_WEBHOOK_PAYMENTS, burst = CARD_WEBHOOK_BURST }) {
  const stripe = stripeClient(stripePort);
  const practice = await connectedPractice(endpoint, stripe, 'card-webhook');
  const { cookie } = await signIn(endpoint, practice);
  await flushWebhooks(stripePort);
  const run = { endpoint, stripe, practice, cookie };
  const load = { before: loadavg()[0], after: 0, cores: availableParallelism() };
  // One payment first, untimed: the webhook function's runtime started, as on a stack that is in use.
  await timedPayment(run, 0);
  const sequential = [];
  for (let i = 1; i <= payments; i += 1) sequential.push(await timedPayment(run, i));
  const together = await Promise.all(Array.from({ length: burst }, (_, i) => timedPayment(run, payments + 1 + i)));
  load.after = loadavg()[0];
  return { sequential: summary(sequential), burst: summary(together), goalP95: CARD_WEBHOOK_GOAL_P95_MS, load };
}

/** One line for the report. */
export function cardWebhookLine(r) {
  const met = r.sequential.p95 <= r.goalP95 && r.burst.p95 <= r.goalP95;
  return `Card payment → ledger entry the therapist reads (hosted Checkout on the practice's account, Connect webhook; submit to the Billing tab's query): `
    + `${r.sequential.count} one after another p50 ${r.sequential.p50} ms, p95 ${r.sequential.p95} ms, max ${r.sequential.max} ms; `
    + `${r.burst.count} at once p50 ${r.burst.p50} ms, p95 ${r.burst.p95} ms, max ${r.burst.max} ms; goal p95 ≤ ${r.goalP95} ms ${met ? 'met' : 'MISSED'}; `
    + `load ${r.load.before.toFixed(1)}→${r.load.after.toFixed(1)} on ${r.load.cores} cores`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3386' }, payments: { type: 'string', default: String(CARD_WEBHOOK_PAYMENTS) }, burst: { type: 'string', default: String(CARD_WEBHOOK_BURST) } } });
  const port = Number(values.port);
  const stripePort = port + 1;
  const { endpoint, stop } = await startBenchEmulator({ port, name: 'card-webhook', exitOnSignal: true, env: stripeFunctionVars(stripePort) });
  const stripeServer = await startStripe(stripePort, `http://127.0.0.1:${port}`).catch((e) => { stop(); throw e; });
  try {
    console.log(cardWebhookLine(await measureCardWebhook({ endpoint, stripePort, payments: Number(values.payments), burst: Number(values.burst) })));
  } finally {
    stripeServer.stop();
    stop();
  }
}
