#!/usr/bin/env node
// `pnpm bench`: what Module Federation costs the user, against the same pages as one bundle.
//   1. builds every app (timed) and the monolith (bench/monolith), deploying each remote into a
//      bench-only deploy dir as soon as it is built;
//   2. serves both through the real app server and loads every route cold in headless Chromium
//      (bytes, round trips before the page's own chunk), then times warm route switches;
//   3. seeds a practice (bench/practice-dataset.mjs: a therapist, settings, services, 2,000
//      clients), loads the dashboard's routes cold signed in as that therapist, composed and
//      monolith, times search-as-you-type on the clients list (keystroke to painted results), and
//      times the client list calls and the calendar's week query (~50,000 appointments) at 50
//      connections against the same emulator, a client's balance from ~1,000 ledger entries and a
//      12-month superbill (bench/money.mjs, ~100,000 entries seeded), and in Chromium the Outstanding
//      report over those 3 years and All Transactions' first page and totals (bench/money-reports.mjs),
//      and a portal client's booking click to confirmed (bench/booking.mjs, issue 32), a card payment on
//      Stripe's hosted Checkout to its ledger entry the therapist reads (bench/card-webhook.mjs) and
//      AutoPay's nightly run for the dataset's number of clients (bench/autopay.mjs, issue 33); Appwrite
//      Realtime's fan-out to 100 sockets and the memory of 1,000 (bench/realtime.mjs, issue 34); a video
//      call's Admit → remote video on both sides and its return after the client reloads (bench/video.mjs);
//   4. prints a table and writes bench/results/latest.json; runs the emulator benches if present.
// Options: --skip-build (measure the existing dist/ folders), --routes /,/login (a subset),
// --skip-emulator (no emulator call benches), --pages-only (only the page figures: routes, signed-in
// routes and route switches, no data benches), --clients 2000 (the practice dataset's size).
// Keeps to one Chromium and sequential builds: the machine is shared.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apps, root, routePaths, SIGNED_IN_ROUTES } from '../bench/apps.mjs';
import { buildApps, buildMonolith, deployRemotes } from '../bench/build.mjs';
import { appointmentsInWeek, measureWeekQuery, thisWeek } from '../bench/appointments.mjs';
import { measureClientQueries } from '../bench/clients.mjs';
import { measureClientSearch } from '../bench/client-search.mjs';
import { chunkLabel, conclusion } from '../bench/conclusion.mjs';
import { runEmulatorBenches } from '../bench/emulator.mjs';
import { measureExport } from '../bench/export.mjs';
import { measureMoney } from '../bench/money.mjs';
import { measureMoneyReports } from '../bench/money-reports.mjs';
import { LATENCY_MS, launchBrowser, measureRoutes, openPage, signInContext } from '../bench/measure.mjs';
import { DEFAULT_CLIENTS, seedPractice } from '../bench/practice-dataset.mjs';
import { createTherapist, measureRouteSwitch, measureSectionSwitch, measureSignedInSwitch } from '../bench/route-switch.mjs';
import { formatReport } from '../bench/report.mjs';
import { measureWeekView } from '../bench/week-view.mjs';
import { measureNoteTyping } from '../bench/note-typing.mjs';
import { measureNotesToWrite } from '../bench/notes-to-write.mjs';
import { createPortalClient, measureConsentSigning, measurePortalHome, PORTAL_ROUTE } from '../bench/portal.mjs';
import { measureSignRoundTrip } from '../bench/sign-note.mjs';
import { measureBooking } from '../bench/booking.mjs';
import { measureAutopay } from '../bench/autopay.mjs';
import { measureCardWebhook } from '../bench/card-webhook.mjs';
import { measureRealtimeStandalone } from '../bench/realtime.mjs';
import { measureVideo } from '../bench/video.mjs';
import { ESIGN_CODE_SECRET_FILE, stackSecret, startStack } from './stack.mjs';

const TARGET = 1.1;
/** Every route's first-load JS, and extra round trips before its page chunk (issue #12). */
const ROUTE_TARGET = 1.15;
const EXTRA_ROUND_TRIPS_TARGET = 1;
const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'skip-emulator': { type: 'boolean', default: false },
    'pages-only': { type: 'boolean', default: false },
    routes: { type: 'string' },
    clients: { type: 'string', default: String(DEFAULT_CLIENTS) },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '3300' },
  },
});
const basePort = Number(values.port);
const resultsDir = path.join(root, 'bench/results');
const deployDir = path.join(resultsDir, 'deploy');
mkdirSync(resultsDir, { recursive: true });

/** A second app server on the monolith's dist, proxying /v1 to the same emulator. */
async function serveMonolith(port, appwriteUrl) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'shell/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), APPWRITE_UPSTREAM: appwriteUrl, SHELL_DIST: path.join(root, 'bench/monolith/dist'), DEPLOY_DIR: deployDir, SERVE_SOURCE_MAPS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGTERM'));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`monolith server exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/config.json`);
      return { url, stop: () => child.kill('SIGTERM') };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('monolith server did not start');
}

const ratio = (composed, monolith) => ({ composed, monolith, ratio: composed / monolith });
const strip = ({ chunks, ...rest }) => ({ ...rest, chunks: chunks.map(({ sources, ...chunk }) => ({ ...chunk, contents: chunkLabel(sources) })) });

console.log('Cadence bench');
let buildTimes = {};
let monolithBuildMs = 0;
if (!values['skip-build']) {
  console.log('Building (sequentially):');
  buildTimes = await buildApps(deployDir);
  monolithBuildMs = buildMonolith();
  console.log(`  built ${'monolith'.padEnd(13)} ${(monolithBuildMs / 1000).toFixed(1)} s`);
} else {
  for (const { dir } of apps) buildTimes[dir] = 0;
  await deployRemotes(deployDir);
}

const routes = values.routes ? values.routes.split(',') : await routePaths();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-'));
const stack = await startStack({
  appPort: basePort,
  appwritePort: basePort + 1,
  stripePort: basePort + 2,
  dataDir,
  deployDir,
  // The library count reads each chunk's source map, which the app server serves only when asked.
  // The practice dataset is seeded as documents — what the functions would have written (charges
  // included) — so no function runs on its ~150,000 events behind the measurements; nor on a
  // schedule (AutoPay's nightly run every 30 minutes, reminders every 5): each bench runs its own.
  env: { APPWRITE_RATE_LIMITS: 'off', SERVE_SOURCE_MAPS: '1', APPWRITE_EVENTS: 'off', APPWRITE_SCHEDULES: 'off' },
});
const monolithServer = await serveMonolith(basePort + 3, `http://127.0.0.1:${basePort + 1}`);
const browser = await launchBrowser();
let composed;
let monolith;
const routeSwitch = { latencyMs: LATENCY_MS };
const signedIn = {};
const portal = {};
let practice;
let clientQueries = null;
let weekQuery = null;
let realtime = null;
let video = null;
let clientSearch;
let exportData;
let money;
let moneyReports;
let weekView;
let noteTyping;
let signNote;
let notesToWrite;
let booking;
let autopay;
let cardWebhook;
try {
  console.log(`Seeding the practice dataset (${values.clients} clients)…`);
  const seeded = await seedPractice({ endpoint: stack.urls.appwrite, clients: Number(values.clients), log: console.log });
  practice = { counts: seeded.counts, timings: seeded.timings, totalMs: seeded.totalMs };
  console.log(`Loading ${routes.length} routes cold, composed then monolith…`);
  composed = await measureRoutes(browser, stack.urls.app, routes);
  monolith = await measureRoutes(browser, monolithServer.url, routes);
  console.log(`Loading ${SIGNED_IN_ROUTES.join(', ')} cold, signed in as the seeded therapist, composed then monolith…`);
  signedIn.composed = await measureRoutes(browser, stack.urls.app, SIGNED_IN_ROUTES, { signIn: seeded.therapist });
  signedIn.monolith = await measureRoutes(browser, monolithServer.url, SIGNED_IN_ROUTES, { signIn: seeded.therapist });
  console.log(`Loading ${PORTAL_ROUTE} cold, signed in as a client the seeded therapist invited, composed then monolith…`);
  const portalClient = await createPortalClient(`http://127.0.0.1:${basePort + 1}`, seeded.therapist, seeded.practice.clients[0].$id);
  portal.composed = await measureRoutes(browser, stack.urls.app, [PORTAL_ROUTE], { signIn: portalClient });
  portal.monolith = await measureRoutes(browser, monolithServer.url, [PORTAL_ROUTE], { signIn: portalClient });
  console.log(`The portal home interactive, cold, ${LATENCY_MS} ms round trips…`);
  portal.home = await measurePortalHome(browser, stack.urls.app, portalClient, { openPage, signInContext });
  if (!values['pages-only']) {
    console.log('Signing consents in the portal (sign-consent round trips)…');
    portal.signing = await measureConsentSigning({
      appwriteUrl: `http://127.0.0.1:${basePort + 1}`, therapist: seeded.therapist, client: portalClient, clientId: seeded.practice.clients[0].$id, esignSecret: stackSecret(dataDir, ESIGN_CODE_SECRET_FILE),
    });
  }
  if (!values['pages-only']) {
    console.log('A video call: Admit → both sides see remote video, and back after the client reloads (two Chromium pages, fake media)…');
    video = await measureVideo({
      appUrl: stack.urls.app, appwriteUrl: `http://127.0.0.1:${basePort + 1}`, therapist: seeded.therapist, client: portalClient, clientId: seeded.practice.clients[0].$id,
    });
    console.log(`Typing into the client search at ${values.clients} clients…`);
    clientSearch = await measureClientSearch(browser, stack.urls, seeded.therapist);
    console.log('Painting a week of 60 appointments (schedule, cold loads)…');
    weekView = await measureWeekView(browser, { app: stack.urls.app, appwrite: `http://127.0.0.1:${basePort + 1}` }, await createTherapist(`http://127.0.0.1:${basePort + 1}`));
    console.log('Typing into a 5,000-word progress note…');
    noteTyping = await measureNoteTyping(browser, { app: stack.urls.app, appwrite: `http://127.0.0.1:${basePort + 1}` }, await createTherapist(`http://127.0.0.1:${basePort + 1}`));
    console.log('Signing progress notes (sign-note round trips)…');
    signNote = await measureSignRoundTrip({ endpoint: stack.urls.appwrite, therapist: await createTherapist(`http://127.0.0.1:${basePort + 1}`) });
    console.log('Booking from the portal (book-slot round trips)…');
    booking = await measureBooking({ endpoint: stack.urls.appwrite, therapist: await createTherapist(`http://127.0.0.1:${basePort + 1}`) });
    console.log('Card payments on the hosted Checkout → the ledger entry the therapist reads (issue 33)…');
    cardWebhook = await measureCardWebhook({ endpoint: stack.urls.appwrite, stripePort: basePort + 2 });
    console.log(`AutoPay's nightly run for ${values.clients} clients (issue 33)…`);
    autopay = await measureAutopay({ endpoint: stack.urls.appwrite, stripePort: basePort + 2, clients: Number(values.clients) });
    console.log(`Export all my data at ${seeded.counts.clients} clients and ${seeded.counts.appointments} appointments…`);
    const expectedRows = { 'clients.csv': seeded.counts.clients, 'appointments.csv': seeded.counts.appointments };
    exportData = await measureExport({ endpoint: stack.urls.appwrite, therapist: seeded.therapist, expected: expectedRows });
    exportData.withDocuments = await measureExport({ endpoint: stack.urls.appwrite, therapist: seeded.therapist, expected: expectedRows, documents: true });
    console.log(`Money: a client balance from ${seeded.practice.paymentPlanClient.entries} entries, a 12-month superbill (${seeded.counts.ledgerEntries} ledger entries)…`);
    money = await measureMoney({ endpoint: stack.urls.appwrite, therapist: seeded.therapist, practice: seeded.practice });
    console.log(`Notes to write at ${seeded.counts.noteSignatures} signed notes…`);
    notesToWrite = await measureNotesToWrite({ endpoint: stack.urls.appwrite, therapist: seeded.therapist, practice: seeded.practice });
    console.log('Money in the browser: the Outstanding report and All Transactions, cold…');
    moneyReports = await measureMoneyReports(browser, stack.urls.app, seeded.therapist, { clientBalances: seeded.practice.clientBalances, ledgerEntries: seeded.counts.ledgerEntries });
  }
  console.log('Switching routes warm, composed then monolith…');
  routeSwitch.composed = await measureRouteSwitch(browser, stack.urls.app);
  routeSwitch.monolith = await measureRouteSwitch(browser, monolithServer.url);
  console.log('Switching Dashboard <-> Account signed in, composed then monolith…');
  const therapist = await createTherapist(`http://127.0.0.1:${basePort + 1}`);
  routeSwitch.signedIn = {
    composed: await measureSignedInSwitch(browser, stack.urls.app, therapist),
    monolith: await measureSignedInSwitch(browser, monolithServer.url, therapist),
  };
  console.log('Switching dashboard sections warm, signed in as the seeded therapist, composed then monolith…');
  routeSwitch.sections = {
    composed: await measureSectionSwitch(browser, stack.urls.app, seeded.therapist),
    monolith: await measureSectionSwitch(browser, monolithServer.url, seeded.therapist),
  };
  if (!values['skip-emulator'] && !values['pages-only']) {
    console.log('Client list calls at 50 connections…');
    const active = seeded.practice.clients.filter((client) => client.status === 'active').length;
    clientQueries = await measureClientQueries({
      endpoint: stack.urls.appwrite,
      therapist: seeded.therapist,
      expected: { 'clients list: all, by last name (listClients)': seeded.counts.clients, 'clients list: status active (listClients, status filter)': active },
    });
    console.log(`The calendar's week of ${seeded.counts.appointments} appointments at 50 connections…`);
    const { timeZone } = seeded.practice.settings;
    weekQuery = await measureWeekQuery({ endpoint: stack.urls.appwrite, therapist: seeded.therapist, timeZone, expected: appointmentsInWeek(seeded.practice.appointments, thisWeek(timeZone)) });
    console.log('Realtime: an event to 100 subscribers through the app server, and 1,000 open sockets (its own emulator and app server)…');
    realtime = await measureRealtimeStandalone({ basePort: basePort + 10 });
  }
} finally {
  await browser.close();
  monolithServer.stop();
  stack.stop();
}

const landing = routes.indexOf('/') === -1 ? 0 : routes.indexOf('/');
const ratios = {
  target: TARGET,
  landing: { route: routes[landing], ...ratio(composed.perRoute[landing].js.gzip, monolith.perRoute[landing].js.gzip) },
  allRoutes: ratio(composed.allRoutes.js.gzip, monolith.allRoutes.js.gzip),
  routeTarget: ROUTE_TARGET,
  worstRoute: composed.perRoute
    .map((result, i) => ({ route: result.route, ...ratio(result.js.gzip, monolith.perRoute[i].js.gzip) }))
    .reduce((worst, next) => (next.ratio > worst.ratio ? next : worst)),
  extraRoundTripsTarget: EXTRA_ROUND_TRIPS_TARGET,
  maxExtraRoundTrips: Math.max(...composed.perRoute.map((result, i) => result.roundTrips.depth - monolith.perRoute[i].roundTrips.depth)),
  signedIn: signedIn.composed.perRoute.map((result, i) => ({ route: result.route, ...ratio(result.js.gzip, signedIn.monolith.perRoute[i].js.gzip) })),
  portal: { route: PORTAL_ROUTE, ...ratio(portal.composed.perRoute[0].js.gzip, portal.monolith.perRoute[0].js.gzip) },
};
const emulator = values['skip-emulator'] || values['pages-only'] ? {} : runEmulatorBenches();
const results = {
  date: new Date().toISOString(),
  buildTimes,
  monolithBuildMs,
  latencyMs: LATENCY_MS,
  ratios,
  composed: { ...composed, perRoute: composed.perRoute.map(strip) },
  monolith: { ...monolith, perRoute: monolith.perRoute.map(strip) },
  routeSwitch,
  signedIn: { composed: { ...signedIn.composed, perRoute: signedIn.composed.perRoute.map(strip) }, monolith: { ...signedIn.monolith, perRoute: signedIn.monolith.perRoute.map(strip) } },
  portal: { composed: portal.composed.perRoute.map(strip), monolith: portal.monolith.perRoute.map(strip), home: portal.home, signing: portal.signing },
  practice,
  clientSearch,
  weekView,
  noteTyping,
  signNote,
  notesToWrite,
  booking,
  autopay,
  cardWebhook,
  clientQueries,
  weekQuery,
  realtime,
  video,
  exportData,
  money,
  moneyReports,
  emulator,
};
results.conclusion = conclusion({ ratios, composed, monolith, landing });
writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${formatReport(results)}\n\nWrote bench/results/latest.json`);
