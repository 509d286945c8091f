// "Export all my data" on the practice dataset (issue 17): the seeded therapist runs export-data as
// the browser does (an asynchronous execution with their session, followed through its progress
// document, the ZIP downloaded from its bucket), and the ZIP is unzipped and its CSVs counted against
// what was seeded. Goal: under 30 s for 2,000 clients and ~50,000 appointments (without the PDFs,
// which are measured too).
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

/**
 * One export as the browser runs it: an asynchronous execution with the therapist's session, its
 * progress document followed until the ZIP is stored, then the ZIP downloaded and its CSVs counted.
 * `ms` is from the click to the ZIP in hand; `readyMs` to the ZIP stored; `progressSteps` how many
 * distinct values the bar showed. A failed or stuck export is reported, not thrown, so the rest of
 * `pnpm bench` still runs.
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string }, expected?: Record<string, number>, documents?: boolean }} options
 *   `expected`: rows each CSV must hold (by file name); `documents`: tick the invoice and superbill PDFs.
 */
export async function measureExport({ endpoint, therapist, expected = {}, documents = false }) {
  const headers = { 'content-type': 'application/json', 'x-appwrite-project': 'cadence', cookie: await sessionCookie(endpoint, therapist) };
  const started = performance.now();
  const response = await fetch(`${endpoint}/functions/export-data/executions`, { method: 'POST', headers, body: JSON.stringify({ body: JSON.stringify({ includeDocuments: documents }), async: true }) });
  const execution = await response.json();
  if (response.status !== 202 && response.status !== 201) throw new Error(`export-data: ${response.status} ${JSON.stringify(execution)}`);
  const seen = new Set();
  let progress = null;
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    const read = await fetch(`${endpoint}/databases/main/collections/data_exports/documents/${execution.$id}`, { headers });
    progress = read.status === 200 ? await read.json() : null;
    if (progress) seen.add(`${progress.stage} ${progress.percent}`);
    if (progress?.status === 'ready' || progress?.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const readyMs = Math.round(performance.now() - started);
  if (progress?.status !== 'ready') return { ms: readyMs, readyMs, failed: progress?.status ?? 'timed out', goalMs: EXPORT_GOAL_MS, documents, progressSteps: seen.size, zipKB: null, fhirKB: null, rows: {} };
  const zip = Buffer.from(await (await fetch(`${endpoint}/storage/buckets/exports/files/${execution.$id}/download`, { headers })).arrayBuffer());
  const ms = Math.round(performance.now() - started);
  const files = unzipSync(zip);
  const rows = Object.fromEntries(Object.entries(files).filter(([name]) => name.endsWith('.csv')).map(([name, bytes]) => [name, csvRows(bytes)]));
  for (const [file, count] of Object.entries(expected)) if (rows[file] !== count) throw new Error(`export-data: ${file} has ${rows[file]} rows, expected ${count}`);
  const pdfs = Object.keys(files).filter((name) => name.endsWith('.pdf')).length;
  return {
    ms,
    readyMs,
    goalMs: EXPORT_GOAL_MS,
    documents,
    pdfs,
    progressSteps: seen.size,
    zipKB: Math.round(zip.length / 1024),
    fhirKB: Math.round((files['fhir-r4-bundle.json']?.length ?? 0) / 1024),
    rows,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --load N: the exports again beside N busy loops (bench/cpu-load.mjs; 4 on 2 cores is a load of
  // ~6), as one other person's work (one session); with --apart, as N people's (a session each: the
  // export's then gets ~2/(N+1) of 2 cores). Each figure has the CPU seconds of the emulator's
  // process tree (the function's runtime and its PDF workers included) and the 1-minute load before
  // and after.
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, port: { type: 'string', default: '3392' }, load: { type: 'string', default: '0' }, apart: { type: 'boolean', default: false } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { withCpu, startBusyLoops } = await import('./cpu-load.mjs');
  const { endpoint, stop, pid } = await startBenchEmulator({ port: Number(values.port), name: 'export' });
  try {
    const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
    const expected = { 'clients.csv': seeded.counts.clients, 'appointments.csv': seeded.counts.appointments };
    const both = async () => ({
      export: await withCpu(pid, () => measureExport({ endpoint, therapist: seeded.therapist, expected })),
      exportWithDocuments: await withCpu(pid, () => measureExport({ endpoint, therapist: seeded.therapist, expected, documents: true })),
    });
    const quiet = await both();
    /** @type {Awaited<ReturnType<typeof both>> | null} */
    let loaded = null;
    if (Number(values.load) > 0) {
      const loops = startBusyLoops(Number(values.load), { apart: values.apart });
      try {
        // A few seconds for the load average to show them.
        await new Promise((resolve) => setTimeout(resolve, 5000));
        loaded = await both();
      } finally {
        loops.stop();
      }
    }
    console.log(JSON.stringify({ counts: seeded.counts, ...quiet, ...(loaded ? { loaded: { busyLoops: Number(values.load), sessions: values.apart ? Number(values.load) : 1, ...loaded } } : {}) }, null, 2));
  } finally {
    stop();
  }
}
