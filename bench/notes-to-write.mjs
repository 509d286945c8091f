// Notes to write at the practice dataset's ~35,000 notes (issue 35): the seeded therapist's reads,
// through the dashboard's own modules with their session, one at a time as one browser makes them —
// Today's list (notesDue: the indexed query for unmarked sessions, and the marks written since the
// newest signature's checked point — lib/marks-check.js; no cache, so every run is a page load's
// reads), the account page's "Your practice today", the counted check a practice without such a
// point falls back to (marks against signatures in windows of 4,999), and, for comparison, the join
// the check replaced (every mark and every signature read: issue 15's 1.3–1.6 s, kept 5 min).
// The first run is the emulator's first read of these collections since it started.
// Median and max of a few runs each; each answer checked against the seeded practice.
//
// Alone: `node bench/notes-to-write.mjs [--clients 2000] [--runs 5]` starts its own Appwrite emulator,
// seeds the practice and prints these figures with the client list's bytes and the export with PDFs.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { root } from './apps.mjs';
import { signIn, startBenchEmulator } from './shared.mjs';

const { Client } = createRequire(path.join(root, 'mf-dashboard', 'package.json'))('appwrite');

export const NOTES_TO_WRITE_GOAL_MS = 100;

async function timed(call, runs) {
  const times = [];
  let result;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    result = await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { result, medianMs: Math.round(times[Math.floor(times.length / 2)]), maxMs: Math.round(times[times.length - 1]) };
}

/**
 * @param {{ endpoint: string, therapist: { id: string, email: string, password: string }, practice: { appointments: object[], progressNotes: object[] }, runs?: number }} options
 */
export async function measureNotesToWrite({ endpoint, therapist, practice, runs = 5 }) {
  const calls = await tsImport(path.join(root, 'bench/notes-to-write-calls.ts'), import.meta.url);
  const { secret } = await signIn(endpoint, therapist);
  calls.setConfig(calls.localRuntimeConfig({ endpoint, projectId: 'cadence', databaseId: 'main' }));
  calls.configureAppwrite(new Client().setEndpoint(endpoint).setProject('cadence').setSession(secret));
  const now = new Date();
  const signed = new Set(practice.progressNotes.filter((note) => note.status === 'signed').map((note) => note.appointmentId));
  const expected = practice.appointments.filter((a) => a.status === 'show' && Date.parse(a.start) < now.getTime() && !signed.has(a.$id)).length;
  const today = await timed(() => calls.notesDue(therapist.id, now), runs);
  if (today.result.total !== expected) throw new Error(`notes to write: ${today.result.total}, expected ${expected}`);
  // Each run a window one smaller: a key the page's agreement cache has not seen, as on a page load.
  let window = calls.MARK_WINDOW;
  const check = await timed(() => calls.signedMarksAgree(therapist.id, (window -= 1)), runs);
  if (check.result !== true) throw new Error('the seeded marks and signatures do not agree');
  const account = await timed(() => calls.loadPracticeToday(therapist.id, now), runs);
  if (account.result.notesToWrite !== expected) throw new Error(`Your practice today: ${account.result.notesToWrite} notes, expected ${expected}`);
  const join = await timed(() => calls.joinMarksAndSignatures(therapist.id, now), Math.min(runs, 3));
  return {
    signedNotes: signed.size,
    notesToWrite: expected,
    goalMs: NOTES_TO_WRITE_GOAL_MS,
    results: [
      { call: "Today's notes to write (notesDue: indexed query + marks since the newest signature)", medianMs: today.medianMs, maxMs: today.maxMs },
      { call: 'fallback: marks against signatures, in windows (signedMarksAgree)', medianMs: check.medianMs, maxMs: check.maxMs },
      { call: 'Your practice today (loadPracticeToday)', medianMs: account.medianMs, maxMs: account.maxMs },
      { call: 'before: every mark joined with every signature', medianMs: join.medianMs, maxMs: join.maxMs },
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3393' } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { measureClientQueries } = await import('./clients.mjs');
  const { measureExport } = await import('./export.mjs');
  const { endpoint, stop } = await startBenchEmulator({ port: Number(values.port), name: 'notes-to-write', exitOnSignal: true });
  const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
  try {
    const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
    console.error(`load ${load()}: notes to write…`);
    const notes = await measureNotesToWrite({ endpoint, therapist: seeded.therapist, practice: seeded.practice, runs: Number(values.runs) });
    console.error(`load ${load()}: client list calls…`);
    const active = seeded.practice.clients.filter((client) => client.status === 'active').length;
    const clientQueries = await measureClientQueries({
      endpoint, therapist: seeded.therapist, durationS: Number(process.env.BENCH_DURATION_S ?? 10),
      expected: { 'clients list: all, by last name (listClients)': seeded.counts.clients, 'clients list: status active (listClients, status filter)': active, 'client list rows (listClientRows: Query.select of its columns)': seeded.counts.clients },
    });
    console.error(`load ${load()}: export with PDFs…`);
    const expected = { 'clients.csv': seeded.counts.clients, 'appointments.csv': seeded.counts.appointments };
    const exportWithDocuments = await measureExport({ endpoint, therapist: seeded.therapist, expected, documents: true });
    console.log(JSON.stringify({ cores: os.availableParallelism(), loadAfter: load(), counts: seeded.counts, notes, clientQueries, exportWithDocuments }, null, 2));
  } finally {
    stop();
  }
}
