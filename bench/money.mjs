// Money on the practice dataset (issue 16), as the seeded therapist:
//   - a client's balance from their ledger: the payment-plan client's ~1,000 entries read with the
//     therapist's session (userId + clientId by date, 5,000 a page, as lib/money-store.js reads them) and
//     computeBalance over them (backend/functions/lib/ledger.js, the rule the dashboard and the
//     functions share); goal ≤ 50 ms. The result is checked against the seeded client_balances,
//     whose one document (the cache pages show) is timed too.
//   - a 12-month superbill PDF: money-documents as the browser calls it (a synchronous execution),
//     for the client with the most sessions in the last 12 months; the time of the call and the
//     function's own duration, the PDF's size and pages.
//
// Alone: `node bench/money.mjs [--clients 2000]` starts its own Appwrite emulator (temp data, rate
// limits and events off), seeds the practice and prints the figures as JSON.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { computeBalance } from '../backend/functions/lib/ledger.js';
import { root } from './apps.mjs';
import { percentile, sessionCookie, startBenchEmulator } from './shared.mjs';

const { Query } = createRequire(path.join(root, 'e2e/package.json'))('node-appwrite');

export const BALANCE_GOAL_MS = 50;
const BALANCE_RUNS = 20;
const SUPERBILL_RUNS = 3;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The Web SDK's GET: `queries[i]=<json>`. */
function listUrl(endpoint, collectionId, queries) {
  return `${endpoint}/databases/main/collections/${collectionId}/documents?${queries.map((q, i) => `queries[${i}]=${encodeURIComponent(q)}`).join('&')}`;
}

/** Every entry of a client, as the functions read them (5,000 a page by date: the (userId, clientId, date) index). */
async function readEntries(endpoint, headers, userId, clientId) {
  const entries = [];
  let cursor = null;
  for (;;) {
    const queries = [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderAsc('date'), Query.limit(5000)];
    if (cursor) queries.push(Query.cursorAfter(cursor));
    const response = await fetch(listUrl(endpoint, 'ledger_entries', queries), { headers });
    if (!response.ok) throw new Error(`ledger_entries: ${response.status} ${await response.text()}`);
    const page = await response.json();
    entries.push(...page.documents);
    if (page.documents.length < 5000) return entries;
    cursor = page.documents.at(-1).$id;
  }
}

/** The date `months` before `date` (YYYY-MM-DD). */
function monthsBefore(date, months) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string },
 *   practice: { appointments: Array<Record<string, any>>, clientBalances: Array<Record<string, any>>, paymentPlanClient: { clientId: string, entries: number }, settings: { timeZone: string } } }} options
 */
export async function measureMoney({ endpoint, therapist, practice }) {
  const headers = { 'x-appwrite-project': 'cadence', cookie: await sessionCookie(endpoint, therapist) };

  const { clientId, entries: seeded } = practice.paymentPlanClient;
  const cached = practice.clientBalances.find((b) => b.$id === clientId);
  const runs = [];
  let balance = null;
  let count = 0;
  for (let i = 0; i < BALANCE_RUNS; i += 1) {
    const started = performance.now();
    const entries = await readEntries(endpoint, headers, therapist.id, clientId);
    balance = computeBalance(entries);
    runs.push(performance.now() - started);
    count = entries.length;
  }
  if (count !== seeded) throw new Error(`money: read ${count} entries of the payment-plan client, seeded ${seeded}`);
  if (balance.balance !== cached.balance || balance.credit !== cached.credit || JSON.stringify(balance.openCharges) !== cached.openCharges) {
    throw new Error(`money: the recomputed balance ${JSON.stringify(balance).slice(0, 200)} is not the cached one`);
  }
  // What a page shows without reading the entries: the client's cached balance, one document.
  const cachedRuns = [];
  for (let i = 0; i < BALANCE_RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${endpoint}/databases/main/collections/client_balances/documents/${clientId}`, { headers });
    const document = await response.json();
    cachedRuns.push(performance.now() - started);
    if (document.balance !== balance.balance) throw new Error('money: the cached balance read is not the recomputed one');
  }
  const computeRuns = [];
  const entries = await readEntries(endpoint, headers, therapist.id, clientId);
  for (let i = 0; i < BALANCE_RUNS; i += 1) {
    const started = performance.now();
    computeBalance(entries);
    computeRuns.push(performance.now() - started);
  }

  // The 12 months up to today in the practice's zone; the client with the most sessions in them.
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: practice.settings.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const from = monthsBefore(to, 12);
  const sessions = new Map();
  for (const a of practice.appointments) {
    if (a.status === 'show' && a.start.slice(0, 10) >= from && Date.parse(a.end) < Date.now()) sessions.set(a.clientId, (sessions.get(a.clientId) ?? 0) + 1);
  }
  const [superbillClient, attended] = [...sessions.entries()].sort((x, y) => y[1] - x[1])[0];
  const superbill = [];
  let pdf = null;
  for (let i = 0; i < SUPERBILL_RUNS; i += 1) {
    const started = performance.now();
    const response = await fetch(`${endpoint}/functions/money-documents/executions`, {
      method: 'POST', headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ body: JSON.stringify({ document: 'superbill', clientId: superbillClient, from, to }), async: false }),
    });
    const execution = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 201 || execution.responseStatusCode !== 200) throw new Error(`money-documents: ${response.status} ${execution.responseStatusCode} ${execution.errors ?? ''}`);
    pdf = Buffer.from(JSON.parse(execution.responseBody).base64, 'base64');
    superbill.push({ ms, serverMs: execution.duration * 1000 });
  }
  return {
    balance: {
      entries: count, runs: BALANCE_RUNS, p50Ms: Math.round(median(runs) * 10) / 10, p95Ms: Math.round(percentile(runs, 95) * 10) / 10,
      computeP50Ms: Math.round(median(computeRuns) * 100) / 100, cachedP50Ms: Math.round(median(cachedRuns) * 10) / 10, goalMs: BALANCE_GOAL_MS,
    },
    superbill: {
      from, to, sessions: attended, runs: SUPERBILL_RUNS,
      ms: Math.round(median(superbill.map((r) => r.ms))), serverMs: Math.round(median(superbill.map((r) => r.serverMs))),
      pdfKB: Math.round((pdf?.length ?? 0) / 1024), pages: (pdf?.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, port: { type: 'string', default: '3393' } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { endpoint, stop } = await startBenchEmulator({ port: Number(values.port), name: 'money', exitOnSignal: true });
  try {
    const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
    const result = await measureMoney({ endpoint, therapist: seeded.therapist, practice: seeded.practice });
    console.log(JSON.stringify({ counts: seeded.counts, timings: seeded.timings, money: result }, null, 2));
  } finally {
    stop();
  }
}
