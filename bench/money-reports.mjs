// Money in the browser on the practice dataset (issue 16), as the seeded therapist, cold loads in
// Chromium (LATENCY_MS on every request):
//   - Reports → Outstanding over the dataset's 3 years (~100,000 ledger entries, a client_balances
//     document per client): from the report's first balances request to the frame after its table
//     shows every client who owes or holds credit, and from navigation start (goal ≤ 1 s for the
//     report itself).
//   - All Transactions over every entry: the first page of 50 painted, and the totals for the whole
//     filter (one column-only scan of the ledger, 5,000 a read) shown.
// Alone: `node bench/money-reports.mjs [--clients 2000]` serves the built apps (dist/) with their
// own emulator (temp data; rate limits, schedules and events off), seeds the practice and prints the
// figures as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, openPage, signInContext } from './measure.mjs';

export const OUTSTANDING_GOAL_MS = 1000;
const RUNS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** In the page, before any script: resolves with performance.now() once `selector` matches `count` elements (then one frame). */
function watchFor([selector, count, name]) {
  window[name] = new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll(selector).length >= count) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** When the first request whose URL contains `part` started (ms since navigation start), or null. */
const firstRequest = (page, part) =>
  page.evaluate((fragment) => {
    const starts = performance.getEntriesByType('resource').filter((entry) => entry.name.includes(fragment)).map((entry) => entry.startTime);
    return starts.length ? Math.min(...starts) : null;
  }, part);

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} appUrl  the composed app
 * @param {{ email: string, password: string }} therapist  the seeded therapist
 * @param {{ clientBalances: Array<{ balance: number, credit: number }>, ledgerEntries: number }} expected
 */
export async function measureMoneyReports(browser, appUrl, therapist, expected) {
  const rows = expected.clientBalances.filter((balance) => balance.balance > 0 || balance.credit > 0).length;
  const outstanding = { load: [], report: [] };
  for (let run = 0; run < RUNS; run += 1) {
    const { context, page } = await openPage(browser);
    try {
      await signInContext(context, appUrl, therapist);
      // Every client row plus the total row.
      await page.addInitScript(watchFor, ['.money-table tbody tr', rows + 1, '__outstandingPainted']);
      await page.goto(new URL('/dashboard/reports?report=outstanding', appUrl).href);
      const painted = await page.evaluate(() => window.__outstandingPainted);
      const started = await firstRequest(page, '/collections/client_balances/documents');
      outstanding.load.push(Math.round(painted));
      outstanding.report.push(Math.round(painted - started));
    } finally {
      await context.close();
    }
  }

  const transactions = { firstPage: [], totals: [], reads: [], readMs: [] };
  for (let run = 0; run < RUNS; run += 1) {
    const { context, page } = await openPage(browser);
    try {
      await signInContext(context, appUrl, therapist);
      await page.addInitScript(watchFor, ['.money-table tbody tr', 50, '__pagePainted']);
      await page.goto(new URL('/dashboard/transactions', appUrl).href);
      const pagePainted = await page.evaluate(() => window.__pagePainted);
      const count = expected.ledgerEntries.toLocaleString('en-US');
      const totalsShown = await page.evaluate(async (text) => {
        for (;;) {
          if (document.body.textContent?.includes(`of ${text} transactions`)) return performance.now();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }, count);
      const started = await firstRequest(page, '/collections/ledger_entries/documents');
      transactions.firstPage.push(Math.round(pagePainted - started));
      transactions.totals.push(Math.round(totalsShown - started));
      // How much of that the reads themselves took (request start to response end, summed).
      const reads = await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/collections/ledger_entries/documents')).map((entry) => entry.responseEnd - entry.startTime));
      transactions.reads.push(reads.length);
      transactions.readMs.push(Math.round(reads.reduce((sum, ms) => sum + ms, 0)));
    } finally {
      await context.close();
    }
  }

  return {
    outstanding: { clients: rows, runs: RUNS, reportMedianMs: median(outstanding.report), loadMedianMs: median(outstanding.load), goalMs: OUTSTANDING_GOAL_MS, each: outstanding },
    transactions: { entries: expected.ledgerEntries, runs: RUNS, firstPageMedianMs: median(transactions.firstPage), totalsMedianMs: median(transactions.totals), readsMedianMs: median(transactions.readMs), each: transactions },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '2000' }, port: { type: 'string', default: '3450' } } });
  const { seedPractice } = await import('./practice-dataset.mjs');
  const { startStack } = await import('../scripts/stack.mjs');
  const port = Number(values.port);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cadence-bench-money-'));
  const stack = await startStack({
    appPort: port, appwritePort: port + 1, stripePort: port + 2, dataDir,
    env: { APPWRITE_RATE_LIMITS: 'off', APPWRITE_SCHEDULES: 'off', APPWRITE_EVENTS: 'off' },
  });
  const browser = await launchBrowser();
  try {
    const seeded = await seedPractice({ endpoint: stack.urls.appwrite, clients: Number(values.clients), log: (line) => console.error(line) });
    const result = await measureMoneyReports(browser, stack.urls.app, seeded.therapist, { clientBalances: seeded.practice.clientBalances, ledgerEntries: seeded.counts.ledgerEntries });
    console.log(JSON.stringify({ counts: seeded.counts, money: result }, null, 2));
  } finally {
    await browser.close();
    stack.stop();
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  }
}
