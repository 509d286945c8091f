// Loads each route in headless Chromium with a cold cache (one fresh context per route) and
// records what the first load fetched: JS and CSS bytes (raw, gzip via zlib, and what actually
// crossed the wire with the server's br/gzip), the request count, and the shared libraries.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './apps.mjs';
import { countCopies, sourcesOf } from './libraries.mjs';

// @playwright/test is installed in e2e/ only.
const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH');
  return found;
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

/** Summary of the federation share scope: which app's copy of each package is in use. */
function readShareScope() {
  const share = globalThis.__FEDERATION__?.__SHARE__;
  if (!share) return null;
  const result = {};
  for (const scopes of Object.values(share)) {
    for (const packages of Object.values(scopes)) {
      for (const [pkg, versions] of Object.entries(packages)) {
        for (const [version, entry] of Object.entries(versions)) {
          const list = (result[pkg] ??= []);
          const row = { version, from: entry.from, loaded: Boolean(entry.loaded || entry.lib), useIn: entry.useIn ?? [] };
          if (!list.some((seen) => seen.version === row.version && seen.from === row.from)) list.push(row);
        }
      }
    }
  }
  return result;
}

/**
 * Copies per library: the source-map count, raised to the number of loaded share-scope entries
 * (a thin chunk such as a re-export module may ship without a source map).
 */
function mergeCopies(copies, shareScope) {
  const merged = { ...copies };
  for (const library of Object.keys(merged)) {
    const loaded = (shareScope?.[library] ?? []).filter((entry) => entry.loaded).length;
    merged[library] = Math.max(merged[library], loaded);
  }
  return merged;
}

/**
 * @returns {Promise<object>} for one route: totals, the JS chunks fetched (with bodies' gzip
 *   sizes and source lists for the library count) and the federation share scope.
 */
export async function measureRoute(browser, baseUrl, route) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
  const shareScope = await page.evaluate(readShareScope);
  const totals = { requests: responses.length, js: { count: 0, raw: 0, gzip: 0, transfer: 0 }, css: { count: 0, raw: 0, gzip: 0, transfer: 0 } };
  const chunks = [];
  for (const response of responses) {
    const kind = kindOf(response);
    if (kind === 'other' || response.status() !== 200) continue;
    const body = await response.body();
    const { responseBodySize } = await response.request().sizes();
    const entry = { url: response.url(), raw: body.length, gzip: gzipSync(body).length, transfer: responseBodySize };
    const sum = totals[kind];
    sum.count += 1;
    sum.raw += entry.raw;
    sum.gzip += entry.gzip;
    sum.transfer += entry.transfer;
    if (kind === 'js') chunks.push({ ...entry, sources: await sourcesOf(entry.url, body.toString('utf8')) });
  }
  await context.close();
  return { route, ...totals, copies: mergeCopies(countCopies(chunks), shareScope), shareScope, chunks };
}

/** Every route, each cold; plus the union of JS a visit of every route would fetch once. */
export async function measureRoutes(browser, baseUrl, routes) {
  const perRoute = [];
  for (const route of routes) perRoute.push(await measureRoute(browser, baseUrl, route));
  const unique = new Map(perRoute.flatMap((result) => result.chunks.map((chunk) => [chunk.url, chunk])));
  const allRoutes = { js: { count: unique.size, raw: 0, gzip: 0 } };
  for (const chunk of unique.values()) {
    allRoutes.js.raw += chunk.raw;
    allRoutes.js.gzip += chunk.gzip;
  }
  allRoutes.copies = countCopies([...unique.values()]);
  return { perRoute, allRoutes };
}
