import { openPage } from './measure.mjs';

// Route-switch time, warm, with the bench's emulated round-trip time (LATENCY_MS): the shell is loaded
// and idle (its files cached, /remotes.json fetched), then a link is clicked the way a visitor does and
// the clock stops when the next page's heading has been painted (the frame after it appears). Each
// target is visited twice: the first visit fetches that page's files (and its remote's container if
// not loaded yet), the second finds everything in memory.

/** Links every visitor has (signed out): top navigation and footer, remote pages only. */
export const SWITCH_PATHS = ['/login', '/signup', '/faq', '/terms', '/changelog', '/contact'];

/** In the page: click the link to `to`, resolve with ms until the new heading was painted. */
function clickAndTime(to) {
  const heading = () => document.querySelector('#main h1');
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
