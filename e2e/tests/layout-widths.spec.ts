import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { createCompleteUser, createCompleteUsers, signIn, users, PASSWORD, type TestUser } from '../support/accounts.ts';
import { test as base, expect, pageHeading } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';

// Issue 20: no page scrolls sideways on the narrow phones therapists use (spec §9 mobile). Every
// guest route, every dashboard section and every account section is walked once, signed out and as
// a subscribed therapist, and measured at 320, 375 and 390 px: the page must be no wider than the
// window at any of them.

const WIDTHS = [320, 375, 390] as const;
const HEIGHT = 740;

// Spec §2 route table (shell/src/route-table.ts), signed out; /dashboard and /account are the guard's
// (they end on /login, walked here already).
const GUEST_PATHS = [
  '/',
  '/signup',
  '/login',
  '/success',
  '/cancel',
  '/payment-cancelled',
  '/payment-success',
  '/changelog',
  '/terms',
  '/privacy',
  '/faq',
  '/contact',
  '/verify-email',
  '/reset-password',
  '/account-cleanup',
  '/no-such-page',
];
const DASHBOARD_PATHS = [
  '/dashboard',
  '/dashboard/clients',
  '/dashboard/clients/new',
  '/dashboard/clients/import',
  '/dashboard/schedule',
  '/dashboard/payments',
  '/dashboard/sessions',
  '/dashboard/transactions',
  '/dashboard/reports',
  '/dashboard/practice',
];
const ACCOUNT_SECTIONS = ['Profile', 'Payments', 'Notifications', 'Devices', 'Settings'];

// A phone's user agent, so the dashboard shows its mobile promo banner too. The viewport is not
// emulated as a mobile one: a mobile viewport widens itself to fit overflowing content, which would
// hide the very overflow measured here.
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

/** A client of the therapist as the browser writes one (owner-only), with long but real details. */
async function seedClient(userId: string, n: number): Promise<string> {
  const role = Role.user(userId);
  const document = await databases.createDocument({
    databaseId: 'main',
    collectionId: 'clients',
    documentId: ID.unique(),
    data: {
      userId,
      firstName: 'Anastasia-Maria',
      lastName: `Papadopoulou-Richardson ${n}`,
      status: 'active',
      tags: ['couples therapy', 'sliding scale'],
      diagnosisCodes: [],
      currency: 'USD',
      reminderConsent: false,
      email: `anastasia.papadopoulou-richardson.${n}@example.test`,
    },
    permissions: [Permission.read(role), Permission.update(role), Permission.delete(role)],
  });
  return document.$id;
}

interface Subscribed {
  therapist: TestUser;
  clientId: string;
}

const test = base.extend<object, { subscribed: Subscribed }>({
  // One therapist per worker for all its widths (at most three sessions of the five allowed), with
  // two clients so the client list and a client's page show rows rather than their empty states.
  subscribed: [
    async ({}, use) => {
      const therapist = await createCompleteUser(['subscribed', 'trialActive']);
      const clientId = await seedClient(therapist.id, 1);
      await seedClient(therapist.id, 2);
      await use({ therapist, clientId });
    },
    { scope: 'worker' },
  ],
});

// Each test opens its own browser context; they share nothing but the worker's therapist, so two
// workers split them.
test.describe.configure({ mode: 'parallel' });

interface Overflow {
  where: string;
  innerWidth: number;
  documentScrollWidth: number;
  bodyScrollWidth: number;
  /** The innermost elements reaching past the window's right edge, with their right edge in px. */
  culprits: string[];
}

/** Waits for the screen to settle: its heading shown, no skeleton or spinner still loading. */
async function settle(page: Page): Promise<void> {
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.locator('.ui-skeleton, .ui-spinner')).toHaveCount(0);
}

/** Null when the page fits the window; otherwise how wide it is and which elements stick out. */
function measure(page: Page, where: string): Promise<Overflow | null> {
  return page.evaluate((where) => {
    const innerWidth = window.innerWidth;
    const documentScrollWidth = document.documentElement.scrollWidth;
    const bodyScrollWidth = document.body.scrollWidth;
    if (documentScrollWidth <= innerWidth && bodyScrollWidth <= innerWidth) return null;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticking = Array.from(document.body.querySelectorAll('*')).filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5 && !clipped(element));
    const innermost = sticking.filter((element) => !sticking.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element): string => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      return `${element.tagName.toLowerCase()}${classes} → ${Math.round(element.getBoundingClientRect().right)}px`;
    };
    return { where, innerWidth, documentScrollWidth, bodyScrollWidth, culprits: innermost.slice(0, 5).map(describe) };
  }, where);
}

/**
 * Measures the page as it is at each width, narrowest first, by resizing the window (the layout
 * follows its media queries at once, as a phone turned or a window narrowed would): one visit checks
 * every width. Leaves the window at the narrowest, where the next visit starts.
 */
async function measureAtEachWidth(page: Page, where: string, overflows: Overflow[], widths: readonly number[] = WIDTHS): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: page.viewportSize()?.height ?? HEIGHT });
    // Two frames: the resize's layout is done; the window is then the width measured.
    expect(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.innerWidth)))))).toBe(width);
    const overflow = await measure(page, `${where} at ${width} px`);
    if (overflow) overflows.push(overflow);
  }
  await page.setViewportSize({ width: widths[0] ?? WIDTHS[0], height: page.viewportSize()?.height ?? HEIGHT });
}

async function walkAccount(page: Page, overflows: Overflow[], widths: readonly number[] = WIDTHS): Promise<void> {
  await page.goto('/account');
  await settle(page);
  for (const section of ACCOUNT_SECTIONS) {
    await page.getByRole('tab', { name: section, exact: true }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await settle(page);
    await measureAtEachWidth(page, `/account ${section}`, overflows, widths);
  }
}

test.describe(`${WIDTHS.join(', ')} px wide`, () => {
  test.use({ viewport: { width: WIDTHS[0], height: HEIGHT } });

  test('a guest walks every route without sideways scroll', async ({ page }) => {
    const overflows: Overflow[] = [];
    for (const path of GUEST_PATHS) {
      await page.goto(path);
      await settle(page);
      await measureAtEachWidth(page, path, overflows);
    }
    expect(overflows).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ userAgent: IPHONE });

    test('a subscribed therapist walks the dashboard and the account without sideways scroll', async ({ page, subscribed }) => {
      // Twenty screens, each loaded and settled once (three widths measured in each).
      test.setTimeout(120_000);
      await signIn(page, subscribed.therapist);
      const overflows: Overflow[] = [];
      const clientPage = `/dashboard/clients/${subscribed.clientId}`;
      // The client page's tabs (issue 37), each in the address.
      const clientTabs = ['', '?tab=appointments', '?tab=notes', '?tab=billing', '?tab=profile'].map((tab) => `${clientPage}${tab}`);
      for (const path of [...DASHBOARD_PATHS, ...clientTabs]) {
        await page.goto(path);
        await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeVisible();
        await settle(page);
        await measureAtEachWidth(page, path, overflows);
      }
      await walkAccount(page, overflows);
      expect(overflows).toEqual([]);
    });
  });
});

test.describe('a long name and a long email', () => {
  test.use({ viewport: { width: 390, height: 740 }, userAgent: IPHONE });

  test('the account fits a 390 px phone', async ({ page }) => {
    const domain = '@family-therapy.example.test';
    const email = `${randomUUID().slice(0, 8)}.maximiliana.featherstonehaugh.vandermeulen`.slice(0, 60 - domain.length) + domain;
    expect(email).toHaveLength(60);
    const [user] = await createCompleteUsers([email]);
    if (!user) throw new Error('no therapist created');
    await users.updateName({ userId: user.$id, name: 'Maximiliana Aurelia Featherstonehaugh-Vandermeulen-Wolfeschlegelsteinhausen' });
    await signIn(page, { email, password: PASSWORD });
    const overflows: Overflow[] = [];
    await walkAccount(page, overflows, [390]);
    expect(overflows).toEqual([]);
  });
});

// Issue 37 "Phones: the work comes first": on a 390×844 phone at most ~150 px of chrome (the app's
// header, the section nav and the section's heading row: a list's page header, the title row of a
// section drawn as a card — Today with its date, Practice with its link to Account settings — or a
// client's name and Back) before the section's own content.
const CHROME_MAX_PX = 150;
const CHROME_PATHS = ['/dashboard', '/dashboard/clients', '/dashboard/schedule', '/dashboard/payments', '/dashboard/sessions', '/dashboard/practice'];

test.describe('the work first on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, userAgent: IPHONE });

  test('every section starts its content within ~150 px of the top; a card labels only what it shows', async ({ page, subscribed }) => {
    await signIn(page, subscribed.therapist);
    const tall: string[] = [];
    const labelsOverNothing: string[] = [];
    // A client with a name of everyday length: a name longer than the row wraps (it is content, never cut).
    const client = await databases.createDocument({
      databaseId: 'main', collectionId: 'clients', documentId: ID.unique(),
      data: { userId: subscribed.therapist.id, firstName: 'Avery', lastName: 'Stone', status: 'active', tags: [], diagnosisCodes: [], currency: 'USD', reminderConsent: false },
      permissions: [Permission.read(Role.user(subscribed.therapist.id)), Permission.update(Role.user(subscribed.therapist.id)), Permission.delete(Role.user(subscribed.therapist.id))],
    });
    for (const path of [...CHROME_PATHS, `/dashboard/clients/${client.$id}`]) {
      await page.goto(path);
      await settle(page);
      // The section's heading row is the last piece of chrome: what follows it is the work.
      const header = page.locator('.dash-layout :is(.ui-page-header, .dash-panel > .ui-card__header)').first();
      const bottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
      if (bottom > CHROME_MAX_PX) tall.push(`${path}: ${Math.round(bottom)} px`);
      // Tables are cards here, each value under its column's name: a value the client lacks (Avery
      // has no phone or email) takes no line, rather than a name over a blank.
      const blanks = await page.locator('.ui-table tbody td[data-label]').evaluateAll((cells) =>
        cells.filter((cell) => cell.getClientRects().length > 0 && !cell.textContent?.trim()).map((cell) => cell.getAttribute('data-label')),
      );
      labelsOverNothing.push(...blanks.map((label) => `${path}: ${label}`));
    }
    expect(tall).toEqual([]);
    expect(labelsOverNothing).toEqual([]);
  });
});

// Issue 37 "Schedule": the calendar uses the height it has — at 1280×800, day and week views show at
// least 10 working hours (8 AM to 6 PM) inside the window.
test.describe('the schedule on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('day and week views show 8 AM to 6 PM in the window', async ({ page, subscribed }) => {
    await signIn(page, subscribed.therapist);
    for (const view of ['week', 'day']) {
      await page.goto(`/dashboard/schedule?view=${view}`);
      await expect(page.getByRole('region', { name: 'Hours of the day' })).toBeVisible();
      const hours = page.getByRole('region', { name: 'Hours of the day' });
      await hours.evaluate((element) => {
        element.scrollTop = 8 * 48 - 4;
      });
      const visible = await hours.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
      });
      expect(visible / 48, `${view} view: hours visible`).toBeGreaterThanOrEqual(10);
    }
  });
});
