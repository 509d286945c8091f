// Throughput and latency of the local Appwrite at 50 connections for 10 s per call (issue 3):
// account.get, listDocuments (25 newest of 10,000 with an equal filter) and createDocument; and
// the flood figure (issue 11): one user's account.get at 10 connections while 20 connections post
// unsigned webhooks to the `execute: any` stripe-webhook function, as a ratio of the same call
// unflooded (goal ≥ 0.5). Rate limits are off, as for an attacker with many addresses.
// The emulator runs as its own process, as `npm start` runs it; autocannon drives it over HTTP.
// Prints a table on stderr and the results as JSON on stdout (read by `pnpm bench`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client, Databases, ID, Users } from 'node-appwrite';
import { startEmulator } from './support/start-emulator.ts';

const PORT = Number(process.env.BENCH_APPWRITE_PORT ?? 4170) // not 4190: fetch refuses that port (sieve);
const CONNECTIONS = 50;
const FLOOD_CONNECTIONS = 20;
const VICTIM_CONNECTIONS = 10;
const FLOOD_GOAL = 0.5;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const DOCUMENTS = 10_000;
const endpoint = `http://127.0.0.1:${PORT}/v1`;

async function seed() {
  const admin = new Client().setEndpoint(endpoint).setProject('cadence').setKey('local-dev-key');
  const users = new Users(admin);
  const databases = new Databases(admin);
  const email = 'bench@example.test';
  const password = 'bench-password-123';
  const user = await users.create({ userId: ID.unique(), email, password, name: 'Bench' });
  const other = await users.create({ userId: ID.unique(), email: 'other@example.test', password, name: 'Other' });
  // A therapist who finished signing up: the practice collections' create permission is label:therapist.
  await users.updateLabels({ userId: user.$id, labels: ['therapist'] });
  // Half the collection is another user's, so the equal filter has work to do.
  for (let start = 0; start < DOCUMENTS; start += 100) {
    const batch = Array.from({ length: 100 }, (_, i) => {
      const owner = (start + i) % 2 === 0 ? user.$id : other.$id;
      return {
        $id: ID.unique(),
        $permissions: [`read("user:${owner}")`],
        userId: owner,
        notificationId: `seed-${start + i}`,
        type: 'welcome',
        title: 'Welcome',
        message: 'Welcome to Cadence',
      };
    });
    await databases.createDocuments({ databaseId: 'main', collectionId: 'notifications', documents: batch });
  }
  const login = await fetch(`${endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 201 || !cookie) throw new Error(`login failed: ${login.status}`);
  return { userId: user.$id, cookie };
}

interface CallResult {
  call: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  errors: number;
}

function summary(call: string, result: autocannon.Result): CallResult {
  return {
    call,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0])),
    errors: result.errors,
  };
}

async function measure(call: string, options: autocannon.Options): Promise<CallResult> {
  return summary(call, await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }));
}

/** account.get alone, then again while the flood runs; both at VICTIM_CONNECTIONS. */
async function flood(headers: Record<string, string>) {
  const victim = { url: `${endpoint}/account`, headers, connections: VICTIM_CONNECTIONS, duration: DURATION_S };
  const alone = summary(`account.get at ${VICTIM_CONNECTIONS} connections, no flood`, await autocannon(victim));
  const [flooded, webhooks] = await Promise.all([
    autocannon(victim),
    autocannon({
      url: `http://127.0.0.1:${PORT}/_functions/stripe-webhook/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: JSON.stringify({ id: 'evt_flood', type: 'customer.updated', data: { object: { object: 'customer', id: 'cus_flood' } } }),
      connections: FLOOD_CONNECTIONS,
      duration: DURATION_S,
    }),
  ]);
  const ratio = Math.round((flooded.requests.average / Math.max(1, alone.requestsPerSec)) * 100) / 100;
  // The figure is in the call's name, so `pnpm bench`'s table shows it.
  const under = summary(`account.get, ${FLOOD_CONNECTIONS} flooding: ${Math.round(ratio * 100)}% of unflooded (goal ≥ ${FLOOD_GOAL * 100}%)`, flooded);
  return {
    results: [alone, under, summary(`the flood: unsigned webhooks to stripe-webhook, ${FLOOD_CONNECTIONS} conn.`, webhooks)],
    flood: { ratio, goal: FLOOD_GOAL },
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-appwrite-'));
const emulator = (await startEmulator(PORT, dataDir, { quiet: true, env: {
  // Configured like production, so an unsigned webhook is refused by the signature check.
  FUNCTION_VARS_STRIPE_WEBHOOK: JSON.stringify({ STRIPE_WEBHOOK_SECRET: 'whsec_bench', STRIPE_SECRET_KEY: 'sk_test_bench' }),
} })).child;
try {
  const { userId, cookie } = await seed();
  const headers = { 'x-appwrite-project': 'cadence', cookie, 'content-type': 'application/json' };
  const listQuery = [
    JSON.stringify({ method: 'equal', attribute: 'userId', values: [userId] }),
    JSON.stringify({ method: 'orderDesc', attribute: '$createdAt' }),
    JSON.stringify({ method: 'limit', values: [25] }),
  ]
    .map((query, i) => `queries[${i}]=${encodeURIComponent(query)}`)
    .join('&');
  let created = 0;
  const results = [
    await measure('account.get', { url: `${endpoint}/account`, headers }),
    await measure('databases.listDocuments (25 newest of 10,000, equal filter)', {
      url: `${endpoint}/databases/main/collections/notifications/documents?${listQuery}`,
      headers,
    }),
    await measure('databases.createDocument', {
      url: endpoint,
      // A fresh notificationId per request: the collection has a unique (userId, notificationId) index.
      requests: [
        {
          method: 'POST',
          path: '/v1/databases/main/collections/notifications/documents',
          headers,
          setupRequest: (request) => {
            created += 1;
            return {
              ...request,
              body: JSON.stringify({
                documentId: 'unique()',
                data: { userId, notificationId: `bench-${created}`, type: 'welcome', title: 'Bench', message: 'Bench' },
              }),
            };
          },
        },
      ],
    }),
  ];
  // A figure of refusals is not a throughput: every call above must have succeeded.
  for (const r of results) if (r.non2xx > 0) throw new Error(`${r.call}: ${r.non2xx} answers were not 2xx`);
  const flooded = await flood(headers);
  results.push(...flooded.results);
  console.error(`\nAppwrite emulator: ${CONNECTIONS} connections, ${DURATION_S} s per call`);
  console.error('call'.padEnd(62) + 'req/s'.padStart(8) + 'p50 ms'.padStart(8) + 'p99 ms'.padStart(8) + 'non-2xx'.padStart(9));
  for (const r of results) {
    console.error(r.call.padEnd(62) + String(r.requestsPerSec).padStart(8) + String(r.p50Ms).padStart(8) + String(r.p99Ms).padStart(8) + String(r.non2xx).padStart(9));
  }
  const { ratio, goal } = flooded.flood;
  console.error(`flood: account.get keeps ${Math.round(ratio * 100)}% of its throughput (goal ≥ ${goal * 100}%) ${ratio >= goal ? 'met' : 'MISSED'}`);
  console.log(JSON.stringify({ connections: CONNECTIONS, durationS: DURATION_S, results, flood: flooded.flood }));
} finally {
  emulator.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
