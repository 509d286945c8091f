// Large document pages (5,000 documents, Appwrite's largest): how long one page and a whole
// collection read in such pages take, with the server key and with a user session (document-level
// permissions), as the practice reads them:
// - "Export all my data" (export-data's ownedDocuments): equal userId, orderAsc $id, limit 5000,
//   cursorAfter, with the function's key, every collection at once;
// - All Transactions' totals (mf-dashboard scanEntries): equal userId, orderDesc date,
//   orderDesc $createdAt, select of five fields, limit 5000, cursorAfter, total false, with a session;
// - progress notes with their encrypted attributes (content, riskDetails, goalsProgress) opened.
// The emulator runs as its own process, as `npm start` runs it; requests go over HTTP with fetch.
// Prints a table on stderr and the results as JSON on stdout (read by `pnpm bench`).
//
// `BENCH_ENTRIES` (default 100,000: the practice dataset's ledger), `BENCH_NOTES` (default 10,000),
// `BENCH_CPU_PROF=<dir>`: the emulator writes a V8 CPU profile there when it stops;
// `BENCH_DATA_DIR=<dir>`: the emulator's data is kept there, and seeded only the first time (so a
// profile can hold the reads alone).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, Databases, ID, Permission, Role, Users } from 'node-appwrite';
import { startEmulator } from './support/start-emulator.ts';

const PORT = Number(process.env.BENCH_APPWRITE_PORT ?? 4171);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const NOTES = Number(process.env.BENCH_NOTES ?? 10_000);
const PAGE = 5000;
const REPEAT = 5;
const endpoint = `http://127.0.0.1:${PORT}/v1`;
const KEY_HEADERS = { 'x-appwrite-project': 'cadence', 'x-appwrite-key': 'local-dev-key' };

const day = (i: number) => new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 40) * 86_400_000).toISOString().slice(0, 10);

/** A therapist with ENTRIES ledger entries and NOTES signed progress notes, and a second therapist with a tenth of each. */
const password = 'bench-password-123';

async function seed() {
  const admin = new Client().setEndpoint(endpoint).setProject('cadence').setKey('local-dev-key');
  const users = new Users(admin);
  const databases = new Databases(admin);
  const seeded = (await users.list({ queries: [JSON.stringify({ method: 'equal', attribute: 'email', values: ['pages@example.test'] })] })).users[0];
  const therapist = seeded ?? await users.create({ userId: ID.unique(), email: 'pages@example.test', password, name: 'Pages' });
  if (!seeded) await seedDocuments(databases, therapist.$id, (await users.create({ userId: ID.unique(), email: 'other-pages@example.test', password, name: 'Other' })).$id);
  const login = await fetch(`${endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': 'cadence' },
    body: JSON.stringify({ email: 'pages@example.test', password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 201 || !cookie) throw new Error(`login failed: ${login.status}`);
  return { userId: therapist.$id, sessionHeaders: { 'x-appwrite-project': 'cadence', cookie } };
}

async function seedDocuments(databases: Databases, therapist: string, other: string) {
  const batches: Array<{ collectionId: string; documents: object[] }> = [];
  for (const [owner, entries, notes] of [[therapist, ENTRIES, NOTES], [other, ENTRIES / 10, NOTES / 10]] as const) {
    const readOnly = [Permission.read(Role.user(owner))];
    for (let start = 0; start < entries; start += 100) {
      batches.push({
        collectionId: 'ledger_entries',
        documents: Array.from({ length: Math.min(100, entries - start) }, (_, k) => {
          const i = start + k;
          const kind = i % 3 === 0 ? 'payment' : 'charge';
          return {
            $id: ID.unique(), $permissions: readOnly, $createdAt: new Date(Date.parse(`${day(i)}T12:00:00Z`) + i).toISOString(),
            userId: owner, clientId: `client-${i % 2000}`, kind, type: kind === 'payment' ? 'card' : 'session', amount: 12_000 + (i % 50) * 100,
            currency: 'USD', date: day(i), memo: `Session ${i}`, reference: `ref-${i}`, appointmentId: `appt-${i}`,
            allocations: kind === 'payment' ? JSON.stringify([{ invoiceId: `inv-${i}`, amount: 12_000 }]) : null,
          };
        }),
      });
    }
    for (let start = 0; start < notes; start += 100) {
      batches.push({
        collectionId: 'progress_notes',
        documents: Array.from({ length: Math.min(100, notes - start) }, (_, k) => {
          const i = start + k;
          return {
            $id: ID.unique(), $permissions: readOnly, userId: owner, appointmentId: `${owner}-${i}`, clientId: `client-${i % 2000}`,
            template: 'soap', status: 'signed', revision: 1, riskLevel: 'none', signerName: 'Pages', signedAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
            content: JSON.stringify({ subjective: `Client reports ${'a steady week, '.repeat(20)}${i}`, objective: 'Calm, engaged.', assessment: 'Progressing.', plan: 'Continue weekly.' }),
            riskDetails: 'None reported.', goalsProgress: 'Goal 1: steady progress.',
          };
        }),
      });
    }
  }
  // Four batches in flight: the server is single-threaded, this just keeps it busy.
  for (let i = 0; i < batches.length; i += 4) {
    await Promise.all(batches.slice(i, i + 4).map((b) => databases.createDocuments({ databaseId: 'main', collectionId: b.collectionId, documents: b.documents })));
  }
}

const q = (method: string, attribute?: string, values?: unknown[]) => JSON.stringify({ method, ...(attribute === undefined ? {} : { attribute }), ...(values ? { values } : {}) });

interface Page { ms: number; documents: Array<{ $id: string }>; total: number; bytes: number }

async function page(collectionId: string, headers: Record<string, string>, queries: string[], total = true): Promise<Page> {
  const params = new URLSearchParams();
  queries.forEach((query, i) => params.append(`queries[${i}]`, query));
  if (!total) params.append('total', 'false');
  const started = performance.now();
  const response = await fetch(`${endpoint}/databases/main/collections/${collectionId}/documents?${params}`, { headers });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${collectionId}: ${response.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as { documents: Array<{ $id: string }>; total: number };
  return { ms, documents: body.documents, total: body.total, bytes: text.length };
}

/** Every page of a cursor walk; each page's time. */
async function walk(collectionId: string, headers: Record<string, string>, base: string[], total = true): Promise<{ ms: number; pages: number[]; documents: number }> {
  const pages: number[] = [];
  let cursor: string | null = null;
  let documents = 0;
  const started = performance.now();
  for (;;) {
    const p = await page(collectionId, headers, [...base, q('limit', undefined, [PAGE]), ...(cursor ? [q('cursorAfter', undefined, [cursor])] : [])], total);
    pages.push(p.ms);
    documents += p.documents.length;
    const last = p.documents.at(-1);
    if (p.documents.length < PAGE || !last) break;
    cursor = last.$id;
  }
  return { ms: performance.now() - started, pages, documents };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (x: number) => Math.round(x);

const keep = process.env.BENCH_DATA_DIR;
if (keep) mkdirSync(keep, { recursive: true });
const dataDir = keep ?? mkdtempSync(path.join(tmpdir(), 'cadence-bench-pages-'));
const emulator = (await startEmulator(PORT, dataDir, { env: { APPWRITE_EVENTS: 'off', APPWRITE_SMTP_PORT: 'off' }, nodeArgs: process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [] })).child;
try {
  const seedStarted = performance.now();
  const { userId, sessionHeaders } = await seed();
  console.error(`seeded ${ENTRIES} entries, ${NOTES} notes in ${round(performance.now() - seedStarted)} ms`);
  const exportQueries = [q('equal', 'userId', [userId]), q('orderAsc', '$id')];
  const totalsQueries = [q('equal', 'userId', [userId]), q('orderDesc', 'date'), q('orderDesc', '$createdAt'), q('select', undefined, ['$id', 'userId', 'amount', 'kind', 'date'])];
  const fullQueries = [q('equal', 'userId', [userId]), q('orderDesc', 'date'), q('orderDesc', '$createdAt')];

  // A middle page (the cursor is the last id of the page before), repeated: its median.
  const middle = async (collectionId: string, headers: Record<string, string>, base: string[], total: boolean) => {
    const first = await page(collectionId, headers, [...base, q('limit', undefined, [PAGE])], total);
    const cursor = first.documents.at(-1)?.$id;
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REPEAT; i += 1) {
      const p = await page(collectionId, headers, [...base, q('limit', undefined, [PAGE]), ...(cursor ? [q('cursorAfter', undefined, [cursor])] : [])], total);
      times.push(p.ms);
      bytes = p.bytes;
    }
    return { medianMs: round(median(times)), minMs: round(Math.min(...times)), maxMs: round(Math.max(...times)), kB: round(bytes / 1024) };
  };

  const pages = {
    'ledger entries, key, by $id (export)': await middle('ledger_entries', KEY_HEADERS, exportQueries, true),
    'ledger entries, session, by $id': await middle('ledger_entries', sessionHeaders, exportQueries, true),
    'ledger entries, session, newest first, whole documents': await middle('ledger_entries', sessionHeaders, fullQueries, false),
    'ledger entries, session, newest first, 5 fields (totals)': await middle('ledger_entries', sessionHeaders, totalsQueries, false),
    'progress notes (encrypted), key, by $id (export)': await middle('progress_notes', KEY_HEADERS, exportQueries, true),
    'progress notes (encrypted), session, by $id': await middle('progress_notes', sessionHeaders, exportQueries, true),
  };
  const walks = {
    'export: ledger entries and notes at once, key, by $id': await (async () => {
      const started = performance.now();
      const [entries, notes] = await Promise.all([walk('ledger_entries', KEY_HEADERS, exportQueries), walk('progress_notes', KEY_HEADERS, exportQueries)]);
      return { ms: round(performance.now() - started), pages: entries.pages.length + notes.pages.length, documents: entries.documents + notes.documents };
    })(),
    'All Transactions totals: every entry, session, 5 fields': await walk('ledger_entries', sessionHeaders, totalsQueries, false).then((w) => ({ ms: round(w.ms), pages: w.pages.length, documents: w.documents })),
  };
  console.error(`\nAppwrite emulator: ${PAGE}-document pages (${ENTRIES} ledger entries, ${NOTES} encrypted notes)`);
  console.error('page'.padEnd(60) + 'median'.padStart(8) + 'min'.padStart(7) + 'max'.padStart(7) + 'kB'.padStart(8));
  for (const [name, r] of Object.entries(pages)) console.error(name.padEnd(60) + String(r.medianMs).padStart(8) + String(r.minMs).padStart(7) + String(r.maxMs).padStart(7) + String(r.kB).padStart(8));
  console.error('\nwhole reads'.padEnd(61) + 'ms'.padStart(8) + 'pages'.padStart(7) + 'docs'.padStart(8));
  for (const [name, r] of Object.entries(walks)) console.error(name.padEnd(60) + String(r.ms).padStart(8) + String(r.pages).padStart(7) + String(r.documents).padStart(8));
  console.log(JSON.stringify({ page: PAGE, entries: ENTRIES, notes: NOTES, pages, walks }));
} finally {
  emulator.kill('SIGTERM');
  await new Promise((resolve) => emulator.once('exit', resolve));
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
