// "Export all my data" on the practice dataset (issue 17): the seeded therapist runs export-data as
// the browser does (a synchronous execution with their session), and the ZIP is unzipped and its
// CSVs counted against what was seeded. Goal: under 30 s for 2,000 clients and ~50,000 appointments.
//
// Alone: `node bench/export.mjs [--clients 2000]` starts its own Appwrite emulator (temp data, rate
// limits off), seeds the practice and prints the figures as JSON.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './apps.mjs';
import { sessionCookie, startBenchEmulator } from './shared.mjs';

const { unzipSync } = createRequire(path.join(root, 'e2e/package.json'))('fflate');

export const EXPORT_GOAL_MS = 30_000;

/** Data rows of a CSV the export wrote (RFC 4180; a quoted cell may hold line breaks). */
function csvRows(bytes) {
  const text = new TextDecoder().decode(bytes);
  let rows = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\n' && !quoted) rows += 1;
  }
  return Math.max(0, rows - 1);
}

/** The caller's newest export-data execution once it has ended (up to 90 s), or null. */
async function storedExecution(endpoint, headers, startedAt) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const list = await (await fetch(`${endpoint}/functions/export-data/executions`, { headers })).json();
    const newest = (list.executions ?? [])[0];
    if (newest && (newest.status === 'completed' || newest.status === 'failed') && Date.parse(newest.$createdAt) >= Date.now() - (performance.now() - startedAt) - 5000) return newest;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

/**
 * On Appwrite's 30 s synchronous timeout the result says so (`timedOut`, the function's own time
 * from its stored execution) instead of throwing, so the rest of `pnpm bench` still runs.
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string }, expected?: Record<string, number> }} options
 *   `expected`: rows each CSV must hold (by file name).
 */
export async function measureExport({ endpoint, therapist, expected = {} }) {
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', cookie: await sessionCookie(endpoint, therapist) };
  const started = performance.now();
  const response = await fetch(`${endpoint}/functions/export-data/executions`, { method: 'POST', headers, body: JSON.stringify({ body: '{}', async: false }) });
  const execution = await response.json();
  const ms = Math.round(performance.now() - started);
  if (response.status === 408) {
    // Appwrite stops waiting for a synchronous execution after 30 s (the local one ends it then): its
    // stored record says how it ended and when (no response body is kept).
    const record = await storedExecution(endpoint, headers, started);
    return { ms, timedOut: true, serverMs: record ? Math.round(record.duration * 1000) : null, serverStatus: record?.status ?? 'unknown', goalMs: EXPORT_GOAL_MS, zipKB: null, responseKB: null, fhirKB: null, rows: {} };
  }
  if (response.status !== 201 || execution.responseStatusCode !== 200) throw new Error(`export-data: ${response.status} ${execution.responseStatusCode} ${execution.errors ?? ''}`);
  const answer = JSON.parse(execution.responseBody);
  const zip = Buffer.from(answer.zipBase64, 'base64');
  const files = unzipSync(zip);
  const rows = Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith('.csv')).map(([name, bytes]) => [name, csvRows(bytes)]));
  for (const [file, count] of Object.entries(expected)) if (rows[file] !== count) throw new Error(`export-data: ${file} has ${rows[file]} rows, expected ${count}`);
  return {
    ms,
    serverMs: Math.round(execution.duration * 1000),
    goalMs: EXPORT_GOAL_MS,
    zipKB: Math.round(zip.length / 1024),
    responseKB: Math.round(Buffer.byteLength(execution.responseBody) / 1024),
    fhirKB: Math.round((files['fhir-r4-bundle.json']?.length ?? 0) / 1024),
    rows,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, port: { type: 'string', default: '3392' } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { endpoint, stop } = await startBenchEmulator({ port: Number(values.port), name: 'export' });
  try {
    const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
    const result = await measureExport({ endpoint, therapist: seeded.therapist, expected: { 'clients.csv': seeded.counts.clients, 'appointments.csv': seeded.counts.appointments } });
    console.log(JSON.stringify({ counts: seeded.counts, export: result }, null, 2));
  } finally {
    stop();
  }
}
