// Issue #37 "Where you land" and "Today" in the composed build: sign-in lands on /account, whose
// "Your practice today" card shows a new practice the way to set up and a practice under way its
// day (appointments, the next one, notes to write) with Open Today; Today fits three appointments
// on a phone's screen; axe finds nothing serious, light and dark. Practices are written through the
// API with the server key, owner-only, as the browser writes them.
import type { Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { createPracticeDocument, seedPractice } from '../support/practice-data.ts';

const ZONE = 'America/New_York';
const MINUTE = 60_000;

interface Seeded {
  fresh: TestUser;
  busy: TestUser;
  starts: Date[];
}

const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / MINUTE) * MINUTE);
const zoneDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const zoneTime = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(at).replace(/\s/g, ' ');

const test = base.extend<object, { seeded: Seeded }>({
  seeded: [
    async ({}, use) => {
      const [fresh, busy] = await createCompleteTherapists(2);
      if (!fresh || !busy) throw new Error('no therapists created');
      const { serviceId, clients } = await seedPractice(busy.id, {
        timeZone: ZONE,
        clients: [
          { firstName: 'Jane', lastName: 'Doe' },
          { firstName: 'Robert', lastName: 'Chen', preferredName: 'Bob' },
        ],
      });
      // Four appointments later today (the run is skipped in New York's last hour), one attended without a note.
      const starts = [10, 20, 30, 40].map((minutes) => fromNow(minutes * MINUTE));
      const book = (clientId: string, start: Date, data: Record<string, unknown> = {}) =>
        createPracticeDocument(busy.id, 'appointments', {
          clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * MINUTE).toISOString(), status: 'scheduled', locationType: 'office',
          currency: 'USD', statusHistory: [], noteState: 'none', ...data,
        });
      for (const [index, start] of starts.entries()) await book(index % 2 ? clients.Robert! : clients.Jane!, start);
      await book(clients.Jane!, fromNow(-3 * 24 * 60 * MINUTE), { status: 'show', feeAmount: 15000 });
      await use({ fresh: fresh, busy: busy, starts });
    },
    { scope: 'worker' },
  ],
});

const card = (page: Page) => page.getByRole('region', { name: 'Your practice today' });

test('a new practice lands on /account with "Set up your practice", which opens the first-run checklist', async ({ page, seeded: { fresh } }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, fresh);
  await page.goto('/account');
  await expect(card(page).getByText('Start with your practice details, a service and your first client.')).toBeVisible();
  await card(page).getByRole('link', { name: 'Set up your practice' }).click();
  await expect(page).toHaveURL('/dashboard');
  const checklist = page.getByRole('region', { name: 'Get started' });
  await expect(checklist.getByText('0 of 3 done')).toBeVisible();
  await checklist.getByRole('link', { name: 'Add a service' }).click();
  await expect(page).toHaveURL('/dashboard/practice?tab=services');
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
});

test('a practice under way: the day on /account, Open Today, three appointments a phone screen; axe light and dark', async ({ page, seeded: { busy, starts } }) => {
  test.skip(zoneDate(starts.at(-1)!) !== zoneDate(new Date()), 'the run started in New York’s last hour before midnight');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, busy);
  await page.goto('/account');
  await expect(card(page).getByText('4 appointments today')).toBeVisible();
  await expect(card(page).getByText(`Next: Jane D. at ${zoneTime(starts[0]!)}`)).toBeVisible();
  await expect(card(page).getByText('1 note to write')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }

  await card(page).getByRole('link', { name: 'Open Today' }).click();
  await expect(page).toHaveURL('/dashboard');
  const day = page.getByRole('region', { name: "Today's appointments" });
  await expect(day.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Notes to write (1)' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page);
  }

  // A phone: each appointment one compact row, at least three of them within one screen, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const rows = day.getByRole('listitem');
  await rows.first().scrollIntoViewIfNeeded();
  const boxes = await Promise.all([0, 2].map(async (index) => (await rows.nth(index).boundingBox())!));
  expect(boxes[1]!.y + boxes[1]!.height - boxes[0]!.y).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
