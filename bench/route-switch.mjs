import { DASHBOARD_SECTION_PATHS, THERAPIST_LABELS } from './apps.mjs';
import { openPage } from './measure.mjs';

// Route-switch time, warm, with the bench's emulated round-trip time (LATENCY_MS): the shell is loaded
// and idle (its files cached, /remotes.json fetched), then a link is clicked the way a visitor does and
// the clock stops when the next page's heading has been painted (the frame after it appears). Each
// target is visited twice: the first visit fetches that page's files (and its remote's container if
// not loaded yet), the second finds everything in memory.

/** Links every visitor has (signed out): top navigation and footer, remote pages only. */
export const SWITCH_PATHS = ['/login', '/signup', '/faq', '/terms', '/changelog', '/contact'];

/** In the page: click the link to `to`, resolve with ms until the new heading was painted. */
async function clickAndTime(to) {
  const heading = () => document.querySelector('#main h1');
  // The nav shows its links once the session check has answered (slow on a loaded machine).
  for (let waited = 0; !document.querySelector(`a[href="${to}"]`) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const before = heading();
  const link = document.querySelector(`a[href="${to}"]`);
  if (!link) throw new Error(`no link to ${to}`);
  const start = performance.now();
  link.click();
  return new Promise((resolve) => {
    const check = () => {
      const now = heading();
      if (now && now !== before && location.pathname === to) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * @returns {Promise<{ firstVisit: { median: number, each: Record<string, number> }, revisit: { median: number, each: Record<string, number> } }>}
 */
export async function measureRouteSwitch(browser, baseUrl, paths = SWITCH_PATHS) {
  const { context, page } = await openPage(browser);
  try {
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const visit = async () => {
      const each = {};
      for (const to of paths) {
        each[to] = Math.round(await page.evaluate(clickAndTime, to));
        await page.waitForLoadState('networkidle');
      }
      return { median: median(Object.values(each)), each };
    };
    const firstVisit = await visit();
    const revisit = await visit();
    return { firstVisit, revisit };
  } finally {
    await context.close();
  }
}

/** Warm switches a signed-in therapist makes, timed in both directions (issue 20 "No flash between pages"). */
export const SIGNED_IN_PATHS = ['/dashboard', '/account'];
export const SIGNED_IN_RUNS = 7;

const PROJECT = { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' };

/** Calls the local Appwrite's Server API (the emulator's development key), as e2e/support/accounts.ts does. */
async function serverApi(appwriteUrl, method, path, body) {
  const response = await fetch(`${appwriteUrl}/v1${path}`, { method, headers: { ...PROJECT, 'x-appwrite-key': 'local-dev-key' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * A subscribed therapist with a complete profile (spec §4: a name, and a password set more than 5 s
 * after registration; an active trial's labels), made once per bench run.
 */
export async function createTherapist(appwriteUrl) {
  const email = `bench-${Date.now().toString(36)}@example.test`;
  const password = 'correct horse battery';
  const user = await serverApi(appwriteUrl, 'POST', '/users', { userId: 'unique()', email, password: `${password}-initial`, name: 'Ada Lovelace' });
  await serverApi(appwriteUrl, 'PATCH', `/users/${user.$id}/verification`, { emailVerification: true });
  await serverApi(appwriteUrl, 'PUT', `/users/${user.$id}/labels`, { labels: THERAPIST_LABELS });
  await new Promise((resolve) => setTimeout(resolve, Date.parse(user.registration) + 5_500 - Date.now()));
  await serverApi(appwriteUrl, 'PATCH', `/users/${user.$id}/password`, { password });
  return { email, password };
}

/**
 * Signed in, both guarded pages visited once (their remotes loaded, the session checked), then
 * SIGNED_IN_RUNS switches each way through the top navigation: click → the other page's heading painted.
 * @returns {Promise<{ median: number, each: Record<string, number[]> }>}
 */
export async function measureSignedInSwitch(browser, baseUrl, therapist, runs = SIGNED_IN_RUNS) {
  const { context, page } = await openPage(browser);
  try {
    const response = await page.request.post(new URL('/v1/account/sessions/email', baseUrl).href, { headers: PROJECT, data: therapist });
    if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()}`);
    await page.goto(new URL(SIGNED_IN_PATHS[0], baseUrl).href, { waitUntil: 'networkidle' });
    const each = Object.fromEntries(SIGNED_IN_PATHS.map((to) => [to, []]));
    for (let run = -1; run < runs; run += 1) {
      for (const to of [...SIGNED_IN_PATHS.slice(1), SIGNED_IN_PATHS[0]]) {
        const ms = Math.round(await page.evaluate(clickAndTime, to));
        await page.waitForLoadState('networkidle');
        // Run -1 is the first visit (it loads the page's remote): not a warm switch.
        if (run >= 0) each[to].push(ms);
      }
    }
    return { median: median(Object.values(each).flat()), each };
  } finally {
    await context.close();
  }
}

/** In the page: click the section link to `to`, resolve with ms until it is current and painted. */
async function clickSectionAndTime(to) {
  const find = () => document.querySelector('nav[aria-label="Dashboard sections"]')?.querySelector(`a[href="${to}"]`);
  for (let waited = 0; !find() && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const link = find();
  if (!link) throw new Error(`no section link to ${to}`);
  const start = performance.now();
  link.click();
  return new Promise((resolve) => {
    // NavLink marks the link current in the same commit that renders the section (a transition:
    // the old section stays until the new one can render).
    const check = () => {
      if (link.getAttribute('aria-current') === 'page' && location.pathname === to) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/**
 * Signed in on /dashboard, every section visited once (its code and data loaded), then `runs`
 * rounds through the sections by the section nav: click → the section current and painted.
 * @returns {Promise<{ median: number, each: Record<string, number[]> }>}
 */
export async function measureSectionSwitch(browser, baseUrl, therapist, { runs = 3, paths = DASHBOARD_SECTION_PATHS } = {}) {
  const { context, page } = await openPage(browser);
  try {
    const response = await page.request.post(new URL('/v1/account/sessions/email', baseUrl).href, { headers: PROJECT, data: therapist });
    if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()}`);
    await page.goto(new URL(paths[0], baseUrl).href, { waitUntil: 'networkidle' });
    const each = Object.fromEntries(paths.map((to) => [to, []]));
    const order = [...paths.slice(1), paths[0]];
    for (let run = -1; run < runs; run += 1) {
      for (const to of order) {
        const ms = Math.round(await page.evaluate(clickSectionAndTime, to));
        await page.waitForLoadState('networkidle');
        if (run >= 0) each[to].push(ms);
      }
    }
    return { median: median(Object.values(each).flat()), each };
  } finally {
    await context.close();
  }
}
