import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';
import { createCompleteUser, signIn, users } from '../support/accounts.ts';
import { AUTH_STATE_POLL_MS } from '../../shared-auth/src/config/constants.ts';

// Issue 20 "No flash between pages": once Dashboard and Account have been shown, moving between
// them (and between their sections) never puts a placeholder in the page — no "Checking your
// session…", no "Loading…", no spinner or skeleton — the old page stays until the new one is there.

/** Texts and elements that stand in for a page that is not there yet. */
const PLACEHOLDER_TEXT = /Checking your session|Loading/i;
const PLACEHOLDER_ELEMENT = '.spinner, .ui-spinner, .ui-skeleton, [aria-busy="true"]';

interface MainRecord {
  /** The text of every node added to `main` (and every changed text), in order. */
  texts: string[];
  /** Outer markup of every placeholder element added to `main`. */
  placeholders: string[];
}

/** Starts a MutationObserver on `main` that records everything added to it. */
async function recordMain(page: Page): Promise<void> {
  await page.evaluate(
    ({ selector }) => {
      const record: MainRecord = { texts: [], placeholders: [] };
      const main = document.querySelector('main');
      if (!main) throw new Error('no main');
      const seen = (node: Node) => {
        const text = (node.textContent ?? '').trim();
        if (text) record.texts.push(text.slice(0, 200));
        if (!(node instanceof Element)) return;
        for (const element of [node, ...Array.from(node.querySelectorAll(selector))]) {
          if (element.matches(selector)) record.placeholders.push(element.outerHTML.slice(0, 200));
        }
      };
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          if (mutation.type === 'characterData') seen(mutation.target);
          else if (mutation.type === 'attributes') {
            if (mutation.target instanceof Element && mutation.target.matches(selector)) record.placeholders.push(mutation.target.outerHTML.slice(0, 200));
          } else mutation.addedNodes.forEach(seen);
        }
      }).observe(main, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
      (window as unknown as { __mainRecord: MainRecord }).__mainRecord = record;
    },
    { selector: PLACEHOLDER_ELEMENT },
  );
}

const mainRecord = (page: Page): Promise<MainRecord> => page.evaluate(() => (window as unknown as { __mainRecord: MainRecord }).__mainRecord);

test('warm switches between Dashboard and Account, and between their sections, show no placeholder', async ({ page }) => {
  const therapist = await createCompleteUser();
  await signIn(page, therapist);
  const topNav = page.getByRole('navigation', { name: 'Main' });
  const dashboardSections = page.getByRole('navigation', { name: 'Dashboard sections' });
  // The account's sections are tabs (or, in its earlier layout, buttons of a navigation) of one list.
  const accountSections = page.getByRole('tablist', { name: 'Account sections' }).or(page.getByRole('navigation', { name: 'Account sections' }));
  const sectionHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  const toDashboard = async () => {
    await topNav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(pageHeading(page)).toHaveText('Dashboard');
  };
  const toAccount = async () => {
    await topNav.getByRole('link', { name: 'Account' }).click();
    await expect(pageHeading(page)).toHaveText('Account');
  };
  const dashboardSection = async (name: string) => {
    await dashboardSections.getByRole('link', { name, exact: true }).click();
    // A built section heads its page (PageHeader's h1, as Reports now does); Today's is a section heading.
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  };
  const accountSection = async (name: string) => {
    await accountSections.getByRole('tab', { name, exact: true }).or(accountSections.getByRole('button', { name, exact: true })).click();
    await expect(sectionHeading(name)).toBeVisible();
  };

  // Cold: each page and section once, so their remotes and data are loaded and the session checked.
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await dashboardSection('Reports');
  await dashboardSection('Today');
  await toAccount();
  await accountSection('Settings');
  await accountSection('Profile');
  await toDashboard();
  await page.waitForLoadState('networkidle');

  await recordMain(page);
  for (let round = 0; round < 3; round += 1) {
    await toAccount();
    await accountSection('Settings');
    await accountSection('Profile');
    await toDashboard();
    await dashboardSection('Reports');
    await dashboardSection('Today');
  }
  // Let any background revalidation of the last switch land before reading the record.
  await page.waitForLoadState('networkidle');
  const record = await mainRecord(page);

  // The observer saw the pages come and go…
  expect(record.texts.some((text) => text.startsWith('Account'))).toBe(true);
  expect(record.texts.some((text) => text.startsWith('Dashboard'))).toBe(true);
  // …and nothing that stood in for them.
  expect(record.texts.filter((text) => PLACEHOLDER_TEXT.test(text))).toEqual([]);
  expect(record.placeholders).toEqual([]);
  await expectAccessible(page);
});

test('a warm switch still checks the session behind the page: a session ended elsewhere leads to /login', async ({ page }) => {
  // Spec §4's account poll (every AUTH_STATE_POLL_MS) would also find the ended session, on its own
  // clock; here it never runs, so it is the switch that must find it (otherwise a poll landing
  // between the sign-out and the click signs the page out first and the Dashboard link is gone).
  await page.addInitScript((pollMs) => {
    const setInterval = window.setInterval.bind(window);
    window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => (ms === pollMs ? 0 : setInterval(handler, ms, ...rest))) as typeof window.setInterval;
  }, AUTH_STATE_POLL_MS);
  const therapist = await createCompleteUser();
  await signIn(page, therapist);
  const topNav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await topNav.getByRole('link', { name: 'Account' }).click();
  await expect(pageHeading(page)).toHaveText('Account');

  // Signed out on every device (Devices → Terminate All, an admin, an expiry): this page still holds the user.
  await users.deleteSessions({ userId: therapist.id });
  await topNav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL('/login');
  await expect(pageHeading(page)).toHaveText('Login');
});
