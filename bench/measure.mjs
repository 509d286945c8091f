// Loads each route in headless Chromium with a cold cache (one fresh context per route) and
// records what the first load fetched: JS and CSS bytes (raw, gzip via zlib, and what actually
// crossed the wire with the server's br/gzip), the request count, the shared libraries, and the
// round trips before the last script (the page's own chunk) could start.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './apps.mjs';
import { countCopies, sourcesOf } from './libraries.mjs';
import { longestChain } from './round-trips.mjs';

// @playwright/test is installed in e2e/ only.
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');

export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH');
  return found;
}

/**
 * Every page the bench opens sees this round-trip time (Chromium's network emulation): on localhost
 * answers take a millisecond, so requests issued together would look sequential in the timings.
 */
export const LATENCY_MS = 40;

/** A fresh context and page with a cold cache and LATENCY_MS on every request. */
export async function openPage(browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  return { context, page };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

const kindOf = (response) => {
  const type = response.request().resourceType();
  const contentType = response.headers()['content-type'] ?? '';
  if (type === 'script' || contentType.includes('javascript')) return 'js';
  if (type === 'stylesheet' || contentType.includes('text/css')) return 'css';
  return 'other';
};

/**
 * @returns {Promise<object>} for one route: totals, the JS chunks fetched (with bodies' gzip
 *   sizes and source lists for the library count) and the round trips before the last script.
 */
export async function measureRoute(browser, baseUrl, route, { signIn } = {}) {
  const { context, page } = await openPage(browser);
  if (signIn) await signInContext(context, baseUrl, signIn);
  const responses = [];
  const timings = [];
  page.on('response', (response) => responses.push(response));
  page.on('requestfinished', (request) => {
    const { startTime, responseEnd } = request.timing();
    if (responseEnd >= 0) timings.push({ url: request.url(), kind: request.resourceType(), start: startTime, end: startTime + responseEnd });
  });
  await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
  // On a busy machine main.js can take longer to run than networkidle's quiet half second: wait for
  // the page's own heading, then for what it fetched in turn (a remote, a dashboard section).
  await page.locator('#main h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // A guarded route measured signed out would be the login page's bytes under another name.
  if (signIn && new URL(page.url()).pathname !== route) throw new Error(`${route} ended at ${page.url()}: not signed in or not let through`);
  // What the dashboard prefetches once idle (section-screens.ts marks it) is not first-load JS: it is
  // counted apart, as `prefetched`, and left out of the totals and the round trips.
  const prefetchAt = await page.evaluate(() => {
    const mark = performance.getEntriesByName('cadence:prefetch-sections')[0];
    return mark ? performance.timeOrigin + mark.startTime : null;
  });
  const firstLoad = (startedAt) => prefetchAt === null || startedAt < prefetchAt;
  const lastScript = timings.filter((t) => t.kind === 'script' && firstLoad(t.start)).sort((a, b) => b.start - a.start)[0];
  const roundTrips = longestChain(timings, (t) => t === lastScript);
  const totals = { requests: responses.length, js: { count: 0, raw: 0, gzip: 0, transfer: 0 }, css: { count: 0, raw: 0, gzip: 0, transfer: 0 } };
  const prefetched = { count: 0, gzip: 0 };
  const chunks = [];
  for (const response of responses) {
    const kind = kindOf(response);
    if (kind === 'other' || response.status() !== 200) continue;
    const body = await response.body();
    const { responseBodySize } = await response.request().sizes();
    const entry = { url: response.url(), raw: body.length, gzip: gzipSync(body).length, transfer: responseBodySize };
    if (!firstLoad(response.request().timing().startTime)) {
      prefetched.count += 1;
      prefetched.gzip += entry.gzip;
      continue;
    }
    const sum = totals[kind];
    sum.count += 1;
    sum.raw += entry.raw;
    sum.gzip += entry.gzip;
    sum.transfer += entry.transfer;
    if (kind === 'js') chunks.push({ ...entry, sources: await sourcesOf(entry.url, body.toString('utf8')) });
  }
  await context.close();
  return { route, ...totals, prefetched, roundTrips, copies: countCopies(chunks), chunks };
}

/**
 * Signs a context in through the app's same-origin /v1 proxy (its HttpOnly session cookie), as a
 * returning therapist arrives: the cold load that follows is of the guarded page itself.
 */
export async function signInContext(context, baseUrl, { email, password }) {
  const response = await context.request.post(new URL('/v1/account/sessions/email', baseUrl).href, {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    data: { email, password },
  });
  if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Every route, each cold; plus the union of JS a visit of every route would fetch once.
 * `signIn` ({ email, password }) loads each route as that user, signed in (guarded routes).
 */
export async function measureRoutes(browser, baseUrl, routes, { signIn } = {}) {
  const perRoute = [];
  for (const route of routes) perRoute.push(await measureRoute(browser, baseUrl, route, { signIn }));
  const unique = new Map(perRoute.flatMap((result) => result.chunks.map((chunk) => [chunk.url, chunk])));
  const allRoutes = { js: { count: unique.size, raw: 0, gzip: 0 } };
  for (const chunk of unique.values()) {
    allRoutes.js.raw += chunk.raw;
    allRoutes.js.gzip += chunk.gzip;
  }
  allRoutes.copies = countCopies([...unique.values()]);
  return { perRoute, allRoutes };
}
