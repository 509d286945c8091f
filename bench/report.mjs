// The readable side of bench/results/latest.json.
import { formatRealtime } from './realtime.mjs';
import { formatVideo } from './video.mjs';
import { autopayLine } from './autopay.mjs';
import { cardWebhookLine } from './card-webhook.mjs';

const kb = (bytes) => (bytes / 1024).toFixed(1);
const pad = (value, width, left = false) => (left ? String(value).padEnd(width) : String(value).padStart(width));

function table(headers, rows) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => pad(cell, widths[i], i === 0)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Issue 20 "No flash between pages": a warm Dashboard ↔ Account switch, click → content painted. */
const SIGNED_IN_SWITCH_GOAL_MS = 100;

const LIB_SHORT = { react: 'react', 'react-dom': 'dom', 'react-router': 'rr', '@cadence/shared-router': 'router', zustand: 'zus', appwrite: 'aw', '@cadence/shared-auth': 'auth' };

/** Issue 30's figure: first-load JS of /dashboard and /dashboard/clients, MF2's runtime included. */
const DASHBOARD_FIRST_LOAD_GOAL_KB = 185;

export function formatReport(results) {
  const out = [];
  const { composed, monolith } = results;
  out.push('Per route, composed production build, cold cache (KB; gzip = zlib over the response body; wire = br/gzip as served)');
  const libs = Object.keys(LIB_SHORT);
  out.push(
    table(
      ['route', 'req', 'js#', 'js raw', 'js gzip', 'js wire', 'css raw', 'css gzip', 'mono js gzip', 'ratio', 'trips', 'mono trips', `copies ${libs.map((l) => LIB_SHORT[l]).join('/')}`],
      composed.perRoute.map((r, i) => {
        const mono = monolith.perRoute[i];
        return [r.route, r.requests, r.js.count, kb(r.js.raw), kb(r.js.gzip), kb(r.js.transfer), kb(r.css.raw), kb(r.css.gzip), kb(mono.js.gzip), (r.js.gzip / mono.js.gzip).toFixed(2), r.roundTrips.depth, mono.roundTrips.depth, libs.map((l) => r.copies[l]).join('/')];
      }),
    ),
  );
  out.push(`trips = the longest chain of requests each waiting for the previous, ending at the last script (the page chunk); every request has ${results.latencyMs} ms of emulated latency.`);
  out.push('');
  out.push(`Build times (s): ${Object.entries(results.buildTimes).map(([app, ms]) => `${app} ${(ms / 1000).toFixed(1)}`).join(', ')}; monolith ${(results.monolithBuildMs / 1000).toFixed(1)}`);
  out.push('');
  const { ratios } = results;
  out.push(
    table(
      ['first-load JS gzip', 'composed KB', 'monolith KB', 'ratio', 'target'],
      [
        ['landing /', kb(ratios.landing.composed), kb(ratios.landing.monolith), ratios.landing.ratio.toFixed(2), `≤ ${ratios.target.toFixed(2)} ${ratios.landing.ratio <= ratios.target ? 'met' : 'MISSED'}`],
        ['every route (union)', kb(ratios.allRoutes.composed), kb(ratios.allRoutes.monolith), ratios.allRoutes.ratio.toFixed(2), ''],
        [`worst route ${ratios.worstRoute.route}`, kb(ratios.worstRoute.composed), kb(ratios.worstRoute.monolith), ratios.worstRoute.ratio.toFixed(2), `≤ ${ratios.routeTarget.toFixed(2)} ${ratios.worstRoute.ratio <= ratios.routeTarget ? 'met' : 'MISSED'}`],
      ],
    ),
  );
  out.push(`Extra round trips before the page chunk (composed − monolith, worst route): ${ratios.maxExtraRoundTrips} (target ≤ ${ratios.extraRoundTripsTarget} ${ratios.maxExtraRoundTrips <= ratios.extraRoundTripsTarget ? 'met' : 'MISSED'})`);
  const { routeSwitch } = results;
  if (routeSwitch?.composed) {
    out.push('', `Route switch, warm, ${routeSwitch.latencyMs} ms round trips (click → next page painted, ms; first visit fetches that page's files, revisit has them in memory)`);
    const paths = Object.keys(routeSwitch.composed.firstVisit.each);
    out.push(
      table(
        ['build', 'first visit median', 'revisit median', ...paths],
        ['composed', 'monolith'].map((build) => {
          const { firstVisit, revisit } = routeSwitch[build];
          return [build, firstVisit.median, revisit.median, ...paths.map((p) => `${firstVisit.each[p]}/${revisit.each[p]}`)];
        }),
      ),
    );
  }
  if (routeSwitch?.signedIn) {
    const { signedIn } = routeSwitch;
    const paths = Object.keys(signedIn.composed.each);
    out.push('', `Route switch signed in, warm (both pages visited once; click → next page painted, ms; goal median ≤ ${SIGNED_IN_SWITCH_GOAL_MS})`);
    out.push(
      table(
        ['build', 'median', ...paths.map((p) => `→ ${p}`)],
        ['composed', 'monolith'].map((build) => [build, signedIn[build].median, ...paths.map((p) => signedIn[build].each[p].join(' '))]),
      ),
    );
    out.push(`Signed-in warm switch median ${signedIn.composed.median} ms: goal ≤ ${SIGNED_IN_SWITCH_GOAL_MS} ms ${signedIn.composed.median <= SIGNED_IN_SWITCH_GOAL_MS ? 'met' : 'MISSED'}`);
  }
  if (routeSwitch?.sections) {
    const { sections } = routeSwitch;
    const paths = Object.keys(sections.composed.each);
    out.push('', `Dashboard section switch, warm (every section visited once; click → section current and painted, ms; goal median ≤ ${SIGNED_IN_SWITCH_GOAL_MS})`);
    out.push(
      table(
        ['build', 'median', ...paths.map((p) => `→ ${p.replace('/dashboard', '') || '/'}`)],
        ['composed', 'monolith'].map((build) => [build, sections[build].median, ...paths.map((p) => sections[build].each[p].join(' '))]),
      ),
    );
    out.push(`Section switch median ${sections.composed.median} ms: goal ≤ ${SIGNED_IN_SWITCH_GOAL_MS} ms ${sections.composed.median <= SIGNED_IN_SWITCH_GOAL_MS ? 'met' : 'MISSED'}`);
  }
  if (ratios.signedIn) {
    out.push('', `Dashboard routes, cold, signed in as the seeded therapist (${results.practice?.counts?.clients ?? '?'} clients): first-load JS gzip (KB), target ≤ ${ratios.routeTarget.toFixed(2)}×`);
    out.push(
      table(
        ['route', 'js#', 'composed KB', 'monolith KB', 'ratio', 'trips', 'mono trips', 'target', 'idle prefetch KB'],
        ratios.signedIn.map((r, i) => {
          const c = results.signedIn.composed.perRoute[i];
          const m = results.signedIn.monolith.perRoute[i];
          return [r.route, c.js.count, kb(r.composed), kb(r.monolith), r.ratio.toFixed(2), c.roundTrips.depth, m.roundTrips.depth, r.ratio <= ratios.routeTarget ? 'met' : 'MISSED', kb(c.prefetched?.gzip ?? 0)];
        }),
      ),
    );
    // Issue 30: the dashboard loads only the section it shows.
    const firstLoad = (route) => ratios.signedIn.find((r) => r.route === route)?.composed;
    const goal = DASHBOARD_FIRST_LOAD_GOAL_KB * 1024;
    const shown = ['/dashboard', '/dashboard/clients'].map((route) => [route, firstLoad(route)]).filter(([, bytes]) => bytes !== undefined);
    if (shown.length > 0) out.push(`First-load JS ${shown.map(([route, bytes]) => `${route} ${kb(bytes)} KB`).join(', ')}: goal ≤ ${DASHBOARD_FIRST_LOAD_GOAL_KB} KB each ${shown.every(([, bytes]) => bytes <= goal) ? 'met' : 'MISSED'} (the other sections load once the page is idle, counted apart)`);
  }
  if (ratios.portal) {
    const { route, composed, monolith, ratio } = ratios.portal;
    out.push('', `Client portal ${route}, cold, signed in as an invited client: first-load JS ${kb(composed)} KB composed, ${kb(monolith)} KB monolith, ${ratio.toFixed(2)}×: target ≤ ${ratios.routeTarget.toFixed(2)}× ${ratio <= ratios.routeTarget ? 'met' : 'MISSED'} (issue 31)`);
  }
  if (results.portal?.home) {
    const { runs, p50, p95, max, goalMs } = results.portal.home;
    out.push('', `Portal home interactive, cold, ${results.latencyMs} ms round trips, ${runs} loads: navigation start to the practice's section shown p50 ${p50} ms, p95 ${p95} ms, max ${max} ms: goal ≤ ${goalMs} ms ${p95 <= goalMs ? 'met' : p50 <= goalMs ? 'met at p50, MISSED at p95' : 'MISSED'} (issue 31)`);
  }
  if (results.portal?.signing) {
    const { signs, p50, p95, max, serverP50, goalP95 } = results.portal.signing;
    out.push('', `Signing a consent (sign-consent by typed name, ${signs} consents, request to the signed PDF stored): p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (in the function p50 ${serverP50} ms): goal p95 ≤ ${goalP95} ms ${p95 <= goalP95 ? 'met' : 'MISSED'} (issue 31)`);
  }
  if (results.practice) {
    const { counts, timings, totalMs } = results.practice;
    out.push('', `Practice dataset: ${Object.entries(counts).map(([name, n]) => `${n} ${name}`).join(', ')} seeded in ${(totalMs / 1000).toFixed(1)} s (clients ${timings.clients} ms, ${timings.documentsPerSec} documents/s; the therapist's spec §4 profile wait overlaps it)`);
  }
  if (results.clientSearch) {
    const { clients, keystrokes, p50, p95, max, goalP95 } = results.clientSearch;
    out.push('', `Client search as you type at ${clients} clients: ${keystrokes} keystrokes, keydown to painted results p50 ${p50} ms, p95 ${p95} ms, max ${max} ms: goal p95 ≤ ${goalP95} ms ${p95 <= goalP95 ? 'met' : 'MISSED'}`);
  }
  if (results.weekView) {
    const { appointments, runs, p50, p95, max, goalMs } = results.weekView;
    out.push('', `Week view with ${appointments} appointments, ${runs} cold loads: the appointments response's end to the frame showing them all p50 ${p50} ms, p95 ${p95} ms, max ${max} ms: goal ≤ ${goalMs} ms ${p95 <= goalMs ? 'met' : p50 <= goalMs ? 'met at p50, MISSED at p95' : 'MISSED'}`);
  }
  if (results.noteTyping) {
    const { words, keystrokes, p50, p95, max, goalP95 } = results.noteTyping;
    out.push('', `Typing in a ${words}-word progress note: ${keystrokes} keystrokes, keydown to painted p50 ${p50} ms, p95 ${p95} ms, max ${max} ms: goal p95 ≤ ${goalP95} ms ${p95 <= goalP95 ? 'met' : 'MISSED'}`);
  }
  if (results.signNote) {
    const { signs, p50, p95, max, serverP50 } = results.signNote;
    out.push('', `Sign round trip (sign-note with the password, ${signs} notes, request to answer): p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (in the function p50 ${serverP50} ms)`);
  }
  if (results.notesToWrite) {
    const { signedNotes, notesToWrite, goalMs, results: calls } = results.notesToWrite;
    out.push('', `Notes to write at ${signedNotes} signed notes (${notesToWrite} to write), the dashboard's reads one at a time: goal ≤ ${goalMs} ms ${calls[0].medianMs <= goalMs ? 'met' : 'MISSED'}`);
    out.push(table(['call', 'median ms', 'max ms'], calls.map((c) => [c.call, c.medianMs, c.maxMs])));
  }
  if (results.booking) {
    const { bookings, p50, p95, max, serverP50, goalP95 } = results.booking;
    out.push('', `Booking click → confirmed (book-slot, ${bookings} instant bookings, request to answer): p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (in the function p50 ${serverP50} ms): goal p95 ≤ ${goalP95} ms ${p95 <= goalP95 ? 'met' : 'MISSED'}`);
  }
  if (results.cardWebhook) out.push('', cardWebhookLine(results.cardWebhook));
  if (results.autopay) out.push('', autopayLine(results.autopay));
  if (results.clientQueries) {
    const { connections, durationS, results: calls } = results.clientQueries;
    out.push('', `Client list calls as the therapist (mf-dashboard's REST calls), Appwrite emulator, ${connections} connections, ${durationS} s per call`);
    out.push(
      table(
        ['call', 'documents', 'KB', 'KB br (app)', 'KB gzip (Appwrite)', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        calls.map((r) => [r.call, r.documents, r.responseKB, r.brotliKB, r.gzipKB, r.requestsPerSec, r.p50Ms, r.p99Ms, r.non2xx, r.errors]),
      ),
    );
  }
  if (results.weekQuery) {
    const w = results.weekQuery;
    out.push('', `Calendar week query as the therapist (listAppointments: userId, start in the week, by start, 500 a page), ${results.practice?.counts?.appointments ?? '?'} appointments, Appwrite emulator`);
    out.push(
      table(
        ['connections', 'documents', 'KB', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
        [[1, w.documents, w.responseKB, w.oneConnection.requestsPerSec, w.oneConnection.p50Ms, w.oneConnection.p99Ms, '', ''], [w.connections, w.documents, w.responseKB, w.requestsPerSec, w.p50Ms, w.p99Ms, w.non2xx, w.errors]],
      ),
    );
    out.push(`goal p99 ≤ ${w.goalP99Ms} ms at ${w.connections} connections: ${w.p99Ms <= w.goalP99Ms ? 'met' : 'MISSED'} (asked as the browser asks, compressed; KB is the JSON)`);
  }
  if (results.exportData) {
    const e = results.exportData;
    out.push('', `Export all my data (export-data in the background as the therapist, followed to the downloaded ZIP), ${results.practice?.counts?.clients ?? '?'} clients, ${results.practice?.counts?.appointments ?? '?'} appointments`);
    const row = (/** @type {any} */ x, /** @type {string} */ what) => [what, x.readyMs, x.ms, x.progressSteps, x.pdfs ?? 0, x.zipKB ?? '—', x.fhirKB ?? '—'];
    out.push(table(['export', 'ZIP stored ms', 'ZIP downloaded ms', 'progress steps', 'PDFs', 'ZIP KB', 'FHIR KB'], [row(e, 'records'), ...(e.withDocuments ? [row(e.withDocuments, 'with PDFs')] : [])]));
    out.push(`goal < ${e.goalMs / 1000} s (records): ${e.ms < e.goalMs && !e.failed ? 'met' : 'MISSED'}${e.failed ? ` (the export ${e.failed})` : ''}`);
  }
  if (results.money) {
    const { balance: b, superbill: s } = results.money;
    out.push('', `Money (${results.practice?.counts?.ledgerEntries ?? '?'} ledger entries): a client's balance — their entries read as the therapist, then computeBalance`);
    out.push(table(['entries', 'p50 ms', 'p95 ms', 'computeBalance ms', 'cached balance p50 ms'], [[b.entries, b.p50Ms, b.p95Ms, b.computeP50Ms, b.cachedP50Ms]]));
    out.push(`goal ≤ ${b.goalMs} ms from the entries: ${b.p50Ms <= b.goalMs ? 'met' : 'MISSED'} (p50); from the cache: ${b.cachedP50Ms <= b.goalMs ? 'met' : 'MISSED'}`);
    out.push(`12-month superbill PDF (money-documents, ${s.from} – ${s.to}, ${s.sessions} sessions): ${s.ms} ms (function ${s.serverMs} ms), ${s.pdfKB} KB, ${s.pages} page(s)`);
  }
  if (results.moneyReports) {
    const { outstanding: o, transactions: t } = results.moneyReports;
    out.push('', `Money in the browser (cold loads, median of ${o.runs}): Reports → Outstanding (${o.clients} clients owing or in credit) and All Transactions (${t.entries} entries)`);
    out.push(table(['outstanding: report ms', 'outstanding: load ms', 'transactions: first page ms', 'transactions: totals ms'], [[o.reportMedianMs, o.loadMedianMs, t.firstPageMedianMs, t.totalsMedianMs]]));
    out.push(`Outstanding goal ≤ ${o.goalMs} ms (first balances request to painted): ${o.reportMedianMs <= o.goalMs ? 'met' : 'MISSED'}`);
  }
  if (results.realtime) out.push('', formatRealtime(results.realtime));
  if (results.video) out.push('', formatVideo(results.video));
  for (const [file, bench] of Object.entries(results.emulator ?? {})) {
    if (bench?.pages && bench.walks) {
      // large-pages.ts: single 5,000-document pages, and whole collections read in such pages.
      out.push('', `Appwrite emulator (${file}): pages of ${bench.page} documents (${bench.entries} ledger entries, ${bench.notes} notes)`);
      out.push(table(['page', 'median ms', 'min ms', 'max ms', 'KB'], Object.entries(bench.pages).map(([name, p]) => [name, String(p.medianMs), String(p.minMs), String(p.maxMs), String(p.kB)])));
      out.push(table(['whole collections', 'ms', 'pages', 'documents'], Object.entries(bench.walks).map(([name, w]) => [name, String(w.ms), String(w.pages), String(w.documents)])));
      continue;
    }
    if (!bench || !Array.isArray(bench.results)) {
      out.push('', `Emulator bench ${file}: ${bench?.error ?? 'no results'}`);
      continue;
    }
    // concurrency.ts gives each row its connections, and adds short reads beside long pages and runs beside writes.
    const mixed = bench.mixed ? [bench.mixed.alone, bench.mixed.besideLongPages, bench.mixed.longPages] : [];
    const rows = [...bench.results, ...mixed, ...(bench.besideWrites ?? [])];
    const perRow = rows.some((r) => r.connections !== undefined);
    out.push('', `Appwrite emulator (${file})${bench.connections ? `: ${bench.connections} connections` : ''}, ${bench.durationS} s per call`);
    out.push(
      table(
        ['call', ...(perRow ? ['conn'] : []), 'req/s', 'p50 ms', 'p99 ms', 'non-2xx'],
        rows.map((r) => [r.call, ...(perRow ? [String(r.connections)] : []), String(r.requestsPerSec), String(r.p50Ms), String(r.p99Ms), String(r.non2xx)]),
      ),
    );
  }
  out.push('', 'Conclusion:', ...results.conclusion.map((line) => `  ${line}`));
  return out.join('\n');
}
