// Search as you type at 2,000 clients (issue #13, goal p95 ≤ 100 ms), in Chromium: signed in as the
// seeded therapist, /dashboard/clients loaded and idle, then real keystrokes into "Search clients".
// Each keystroke is timed from its keydown event (event.timeStamp: when the browser received the key)
// to the frame after the list shows that query's results: the count line says how many match and
// the first row is the first match, both computed with mf-dashboard's own filterClients over the
// clients as the list call returns them. The next key goes in once the last one's results are painted, as a typist's
// ~100 ms gaps between keys would.
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from './apps.mjs';
import { practiceListCalls, sessionCookie } from './clients.mjs';
import { openPage, signInContext } from './measure.mjs';

export const SEARCH_GOAL_P95_MS = 100;
export const CLIENTS_PATH = '/dashboard/clients';

/** What a therapist types: last and first names (accents folded, an apostrophe), a nickname, an email domain, phone digits. */
export const SEARCHES = ['garc', 'zoe', "o'b", 'smith', 'nguyen', 'liz', 'patel', 'mia k', 'example.org', '555-01', 'kowal', 'will'];

async function clientListCode() {
  const load = (file) => tsImport(path.join(root, 'mf-dashboard/src/clients', file), import.meta.url);
  const [view, texts, schema] = await Promise.all([load('client-list-view.ts'), load('client-texts.ts'), load('client-schema.ts')]);
  return { filterClients: view.filterClients, DEFAULT_SORT: view.DEFAULT_SORT, CLIENT_TEXTS: texts.CLIENT_TEXTS, clientDisplayName: schema.clientDisplayName };
}

/** In the page: resolves with ms from the next keydown to the frame after the list shows `expected`. */
function armTimer(expected) {
  const shows = () => {
    const count = [...document.querySelectorAll('[role="status"]')].some((element) => element.textContent?.trim() === expected.count);
    if (!count) return false;
    const first = document.querySelector('table tbody tr');
    if (expected.first === null) return first === null || first.querySelectorAll('td, th').length <= 1;
    return (first?.querySelector('th, td')?.textContent ?? '').trim().startsWith(expected.first);
  };
  window.__searchTimer = new Promise((resolve) => {
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        const check = () => (shows() ? requestAnimationFrame(() => resolve(performance.now() - start)) : requestAnimationFrame(check));
        // After the key's own handlers ran, so a list that already matches still counts one frame.
        setTimeout(check, 0);
      },
      { once: true, capture: true },
    );
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The therapist's clients as the page receives them: the same list call, in the same order. */
async function listedClients(endpoint, therapist) {
  const [all] = practiceListCalls(endpoint, therapist.id);
  const response = await fetch(all.url, { headers: { 'x-appwrite-project': 'cadence', cookie: await sessionCookie(endpoint, therapist) } });
  if (!response.ok) throw new Error(`client list: ${response.status}`);
  return (await response.json()).documents;
}

/** Waits until a live region says exactly `text` (the count line; "2000 clients" is inside "12 of 2000 clients"). */
const waitForStatus = (page, text) =>
  page.waitForFunction((expected) => [...document.querySelectorAll('[role="status"]')].some((element) => element.textContent?.trim() === expected), text);

/**
 * @param {import('playwright-core').Browser} browser
 * @param {{ app: string, appwrite: string }} urls  the composed app, and its Appwrite endpoint (…/v1)
 * @param {{ id: string, email: string, password: string }} therapist  the seeded therapist
 * @returns {Promise<{ clients: number, keystrokes: number, p50: number, p95: number, max: number, goalP95: number, each: Record<string, number[]> }>}
 */
export async function measureClientSearch(browser, urls, therapist, searches = SEARCHES) {
  const { filterClients, DEFAULT_SORT, CLIENT_TEXTS, clientDisplayName } = await clientListCode();
  const clients = await listedClients(urls.appwrite, therapist);
  const baseUrl = urls.app;
  const expectedFor = (query) => {
    const shown = filterClients(clients, { query, status: '', tag: '' }, DEFAULT_SORT);
    return { count: CLIENT_TEXTS.resultCount(shown.length, clients.length), first: shown[0] ? clientDisplayName(shown[0]) : null };
  };
  const { context, page } = await openPage(browser);
  try {
    await signInContext(context, baseUrl, therapist);
    await page.goto(new URL(CLIENTS_PATH, baseUrl).href, { waitUntil: 'networkidle' });
    const box = page.getByRole('searchbox', { name: CLIENT_TEXTS.searchLabel });
    const all = expectedFor('');
    await waitForStatus(page, all.count);
    const each = {};
    for (const search of searches) {
      each[search] = [];
      await box.focus();
      for (let i = 1; i <= search.length; i += 1) {
        await page.evaluate(armTimer, expectedFor(search.slice(0, i)));
        await page.keyboard.press(search[i - 1] === ' ' ? 'Space' : search[i - 1]);
        each[search].push(Math.round(await page.evaluate(() => window.__searchTimer)));
      }
      await box.fill('');
      await waitForStatus(page, all.count);
    }
    const times = Object.values(each).flat();
    return { clients: clients.length, keystrokes: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), goalP95: SEARCH_GOAL_P95_MS, each };
  } finally {
    await context.close();
  }
}
