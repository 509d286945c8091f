// All Sessions at the practice dataset's ~50,000 appointments (issue 14): the calls the page makes,
// through mf-dashboard's own api modules (mf-dashboard/src/sessions/api) with the seeded therapist's
// session, one at a time as one browser makes them — the first page, a page past Appwrite's 5,000
// offset limit (cursor steps), the counts per status (six Query.limit(1) totals), one status's page,
// and the whole practice read for the CSV. Median and max of a few runs each.
//
// Alone, not part of `pnpm bench`: `node --import tsx bench/sessions.mjs [--clients 2000] [--runs 5]`
// starts its own Appwrite emulator (temp data, rate limits off), seeds the practice and prints JSON.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './apps.mjs';
import { seedPractice } from './practice-dataset.mjs';
import { signIn, startBenchEmulator } from './shared.mjs';
import { configureAppwrite } from '../shared-auth/src/client/appwrite-client.ts';
import { localRuntimeConfig, setConfig } from '../shared-auth/src/config/config.ts';
import { countSessionsByStatus } from '../mf-dashboard/src/sessions/api/count-sessions.ts';
import { listAllSessions, listSessionsPage } from '../mf-dashboard/src/sessions/api/list-sessions.ts';
import { filterQueries, NO_SESSION_FILTER } from '../mf-dashboard/src/sessions/session-filter.ts';

const { Client } = createRequire(path.join(root, 'mf-dashboard', 'package.json'))('appwrite');

const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, runs: { type: 'string', default: '5' }, port: { type: 'string', default: '3392' } } });
const runs = Number(values.runs);

async function timed(name, call) {
  const times = [];
  let size = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const result = await call();
    times.push(performance.now() - started);
    size = Array.isArray(result) ? result.length : Object.values(result).reduce((sum, n) => sum + n, 0);
  }
  times.sort((a, b) => a - b);
  return { call: name, result: size, medianMs: Math.round(times[Math.floor(times.length / 2)]), maxMs: Math.round(times[times.length - 1]) };
}

// Events stay on here, as this module always ran.
const { endpoint, stop } = await startBenchEmulator({ port: Number(values.port), name: 'sessions', events: true, exitOnSignal: true });
try {
  const seeded = await seedPractice({ endpoint, clients: Number(values.clients), log: (line) => console.error(line) });
  const { therapist } = seeded;
  const { secret: session } = await signIn(endpoint, therapist);
  setConfig(localRuntimeConfig({ endpoint, projectId: 'cadence', databaseId: 'main' }));
  configureAppwrite(new Client().setEndpoint(endpoint).setProject('cadence').setSession(session));

  const timeZone = seeded.practice.settings.timeZone;
  const all = filterQueries(therapist.id, NO_SESSION_FILTER, timeZone);
  const shows = filterQueries(therapist.id, { ...NO_SESSION_FILTER, status: 'show' }, timeZone);
  const results = [
    await timed('first page, newest first (50)', () => listSessionsPage(therapist.id, all, 'desc', 1)),
    await timed('page 100 (offset 4,950)', () => listSessionsPage(therapist.id, all, 'desc', 100)),
    await timed('page 900 (offset 44,950: nine cursor steps)', () => listSessionsPage(therapist.id, all, 'desc', 900)),
    await timed('counts per status (6 totals, capped at 5,000)', () => countSessionsByStatus(all)),
    await timed('status = Show, first page', () => listSessionsPage(therapist.id, shows, 'desc', 1)),
    await timed('whole practice for the CSV (500 a read)', () => listAllSessions(therapist.id, all, 'desc')),
  ];
  console.log(JSON.stringify({ appointments: seeded.counts.appointments, runs, results }, null, 2));
} finally {
  stop();
}
