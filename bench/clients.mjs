// The client list as the Appwrite emulator serves it under load (issue #13): the seeded therapist's
// session, the exact REST calls mf-dashboard makes (mf-dashboard/src/clients/api/list-clients.ts,
// and the services list the client form loads beside it), 50 connections, p50/p99 per call.
// The list has no server-side search: search as you type filters the loaded list in the browser
// (matchesClientSearch), so the list call is the one every search waits on.
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './apps.mjs';
import { sessionCookie } from './shared.mjs';

// Re-exported: other bench modules take it from here.
export { sessionCookie };

const requireFrom = (pkg) => createRequire(path.join(root, pkg, 'package.json'));
const autocannon = requireFrom('emulators/appwrite')('autocannon');
const { Query } = requireFrom('e2e')('node-appwrite');

export const CONNECTIONS = 50;
const SETTLE_MS = 3000;

/** The Web SDK's GET: `queries[i]=<json>` (its Client.flatten). */
function listUrl(endpoint, collectionId, queries) {
  const search = queries.map((query, i) => `queries[${i}]=${encodeURIComponent(query)}`).join('&');
  return `${endpoint}/databases/main/collections/${collectionId}/documents?${search}`;
}

/** The calls, as list-clients.ts and list-services.ts build them (same Query strings as the Web SDK's). */
export function practiceListCalls(endpoint, userId) {
  return [
    {
      call: 'clients list: all, by last name (listClients)',
      url: listUrl(endpoint, 'clients', [Query.equal('userId', userId), Query.orderAsc('lastName'), Query.limit(5000)]),
    },
    {
      call: 'clients list: status active (listClients, status filter)',
      url: listUrl(endpoint, 'clients', [Query.equal('userId', userId), Query.equal('status', 'active'), Query.orderAsc('lastName'), Query.limit(5000)]),
    },
    {
      // Issue 35: what /dashboard/clients reads now, only the list's columns.
      call: 'client list rows (listClientRows: Query.select of its columns)',
      url: listUrl(endpoint, 'clients', [
        Query.equal('userId', userId), Query.orderAsc('lastName'), Query.select(['firstName', 'lastName', 'preferredName', 'pronouns', 'status', 'tags', 'email', 'phone']), Query.limit(5000),
      ]),
    },
    {
      call: 'services list (listServices)',
      url: listUrl(endpoint, 'services', [Query.equal('userId', userId), Query.equal('archived', false), Query.orderAsc('sortOrder'), Query.limit(100)]),
    },
  ];
}


/** What Chromium sends: the calls are asked as the browser asks them. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string }, expected: Record<string, number>,
 *   connections?: number, durationS?: number, settleMs?: number }} options  `expected`: documents each call must return (by call name).
 * @returns {Promise<{ connections: number, durationS: number, results: object[] }>} the emulator benches' shape.
 */
export async function measureClientQueries({ endpoint, therapist, connections = CONNECTIONS, durationS = Number(process.env.BENCH_DURATION_S ?? 10), expected = {}, settleMs = SETTLE_MS }) {
  const headers = { 'x-appwrite-project': 'cadence', 'x-appwrite-response-format': '1.8.0', cookie: await sessionCookie(endpoint, therapist) };
  const results = [];
  for (const { call, url } of practiceListCalls(endpoint, therapist.id)) {
    // The call must answer what the screen needs before its speed means anything.
    const check = await fetch(url, { headers });
    const body = await check.json();
    if (check.status !== 200) throw new Error(`${call}: ${check.status} ${JSON.stringify(body)}`);
    if (call in expected && body.documents.length !== expected[call]) throw new Error(`${call}: ${body.documents.length} documents, expected ${expected[call]}`);
    // As the browser asks (the emulator compresses document reads as Appwrite does, and keeps them compressed).
    const run = await autocannon({ url, headers: { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING }, connections, duration: durationS });
    // autocannon stops sending at the deadline, the server still answers what it had queued:
    // let that drain so the next call starts on an idle server.
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    results.push({
      call,
      documents: body.documents.length,
      responseKB: Math.round(Buffer.byteLength(JSON.stringify(body)) / 1024),
      // On the wire: Brotli at quality 4 (the app server's level for what it compresses itself) and gzip; the
      // emulator sends its document reads in Brotli at quality 1 (emulators/appwrite/src/compression.ts).
      brotliKB: Math.round(brotliCompressSync(JSON.stringify(body), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length / 1024),
      gzipKB: Math.round(gzipSync(JSON.stringify(body)).length / 1024),
      requestsPerSec: Math.round(run.requests.average),
      p50Ms: run.latency.p50,
      p99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
    });
  }
  return { connections, durationS, results };
}
