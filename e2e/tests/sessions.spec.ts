// Issue #14 "Attendance and All Sessions" in the composed build: a therapist marks a no-show from
// Today and a late cancellation from All Sessions (each stored with its fee and history), filters
// All Sessions in the address, downloads the CSV of what it shows and reads its rows; a client's
// Appointments tab lists theirs; a second therapist sees none of it. Practice, services, clients
// and appointments are written through the API with the server key, owner-only, as the browser
// writes them.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';

const ZONE = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Booked = 'today' | 'later' | 'attended' | 'intake' | 'future';

interface Seeded {
  therapist: TestUser;
  other: TestUser;
  clients: Record<string, string>;
  intakeId: string;
  appointments: Record<Booked, string>;
  starts: Record<Booked, Date>;
}

/** A minute-aligned instant `ms` from now. */
const fromNow = (ms: number) => new Date(Math.floor((Date.now() + ms) / MINUTE) * MINUTE);
const zoneDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const zoneClock = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

const test = base.extend<object, { seeded: Seeded }>({
  seeded: [
    async ({}, use) => {
      const [a, b] = await createCompleteTherapists(2);
      if (!a || !b) throw new Error('no therapists created');
      const { serviceId, clients } = await seedPractice(a.id, {
        timeZone: ZONE,
        clients: [
          { firstName: 'Jane', lastName: 'Doe' },
          { firstName: 'Bob', lastName: 'Chen' },
          // A name a spreadsheet would run as a formula: the CSV must defuse it.
          { firstName: '=Eve', lastName: 'Formula' },
        ],
      });
      const intakeId = await createPracticeDocument(a.id, 'services', { name: 'Intake assessment', serviceCode: '90791', durationMinutes: 60, fee: 20000, currency: 'USD', color: 'green', archived: false, sortOrder: 1 });
      // Today's appointment starts soon enough to stay on the practice's today unless the run
      // starts in New York's last 20 minutes before midnight.
      const starts = { today: fromNow(20 * MINUTE), later: fromNow(3 * HOUR), attended: fromNow(-3 * 24 * HOUR), intake: fromNow(-10 * 24 * HOUR), future: fromNow(5 * 24 * HOUR) };
      const book = (clientId: string, start: Date, data: Record<string, unknown> = {}) =>
        createPracticeDocument(a.id, 'appointments', {
          clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * MINUTE).toISOString(), status: 'scheduled', locationType: 'office',
          currency: 'USD', statusHistory: [], noteState: 'none', ...data,
        });
      const appointments = {
        today: await book(clients.Jane!, starts.today),
        later: await book(clients.Bob!, starts.later),
        attended: await book(clients.Jane!, starts.attended, { status: 'show', feeAmount: 15000 }),
        intake: await book(clients.Jane!, starts.intake, { serviceId: intakeId }),
        future: await book(clients['=Eve']!, starts.future),
      };
      await use({ therapist: a, other: b, clients, intakeId, appointments, starts });
    },
    { scope: 'worker' },
  ],
});

const stored = (appointmentId: string) => practiceDatabases.getDocument({ databaseId: 'main', collectionId: 'appointments', documentId: appointmentId });
const sessionRows = (page: Page) => page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');
const whenFilter = (page: Page) => page.getByRole('search', { name: 'Filter sessions' }).getByRole('group', { name: 'When' });
const statusFilter = (page: Page) => page.getByRole('search', { name: 'Filter sessions' }).getByRole('group', { name: 'Status' });

test.describe('attendance and All Sessions', () => {
  test('a no-show from Today, a late cancel from All Sessions, filters, the CSV; another therapist sees none of it', async ({ page, browser, seeded }) => {
    // One therapist's whole day of attendance and a second therapist's look: longer than one screen's test.
    test.setTimeout(120_000);
    const { therapist, other, clients, appointments, starts } = seeded;
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, therapist);

    // Today: the day in order, the countdown, a status in one click.
    await page.goto('/dashboard');
    const day = page.getByRole('region', { name: "Today's appointments" });
    const sameDay = zoneDate(starts.today) === zoneDate(new Date());
    test.skip(!sameDay, 'the run started in the practice zone’s last minutes before midnight');
    await expect(day.getByText(/^Next: Jane D\. in \d+ min$/)).toBeVisible();
    await day.getByRole('button', { name: /^Status of Jane D\. at .*: Scheduled$/ }).click();
    await page.getByRole('menu', { name: /^Status of Jane D\. at / }).getByRole('menuitemradio', { name: 'No show', exact: true }).click();
    await expect(day.getByRole('button', { name: /^Status of Jane D\. at .*: No show$/ })).toBeFocused();
    await expect.poll(async () => (await stored(appointments.today)).status).toBe('no_show');
    const noShow = await stored(appointments.today);
    expect(noShow.feeAmount).toBe(7500);
    expect((noShow.statusHistory as string[]).map((entry) => JSON.parse(entry) as { status: string; by: string })).toEqual([expect.objectContaining({ status: 'no_show', by: therapist.id })]);
    await expectAccessible(page);

    // All Sessions opens on the past, newest first, with counts per status.
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'All Sessions' }).click();
    await expect(page).toHaveURL('/dashboard/sessions');
    await expect(page.getByRole('heading', { level: 1, name: 'All Sessions' })).toBeVisible();
    await expect(whenFilter(page).getByRole('button', { name: 'Past', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Showing 1–2 of 2 sessions')).toBeVisible();
    await expect(sessionRows(page).getByRole('rowheader')).toHaveText(['Jane Doe', 'Jane Doe']);
    await expect(statusFilter(page).getByRole('button', { name: 'Show 1' })).toBeVisible();
    await expect(statusFilter(page).getByRole('button', { name: 'Scheduled 1' })).toBeVisible();

    // Upcoming, soonest first (kept in the address); a late cancel inside the 24-hour window through the status menu.
    await whenFilter(page).getByRole('button', { name: 'Upcoming', exact: true }).click();
    await expect(page).toHaveURL('/dashboard/sessions?when=upcoming');
    await expect(sessionRows(page).getByRole('rowheader')).toHaveText(['Jane Doe', 'Bob Chen', '=Eve Formula']);
    await expect(statusFilter(page).getByRole('button', { name: 'No show 1' })).toBeVisible();
    await expect(statusFilter(page).getByRole('button', { name: 'Scheduled 2' })).toBeVisible();
    const bob = sessionRows(page).filter({ hasText: 'Bob Chen' });
    await bob.getByRole('button', { name: /^Status of Bob Chen, .*: Scheduled$/ }).click();
    await page.getByRole('menuitemradio', { name: 'Late cancel (inside 24 h) — fee $50.00' }).click();
    await expect(bob.getByRole('button', { name: /^Status of Bob Chen, .*: Late cancelled$/ })).toBeFocused();
    await expect(bob.getByText('$50.00')).toBeVisible();
    await expect.poll(async () => (await stored(appointments.later)).status).toBe('late_cancelled');
    expect((await stored(appointments.later)).feeAmount).toBe(5000);
    await expect(statusFilter(page).getByRole('button', { name: 'Late cancelled 1' })).toBeVisible();
    await expectAccessible(page);

    // Filters live in the address — ids, never names — and survive a reload.
    await whenFilter(page).getByRole('button', { name: 'Past and upcoming' }).click();
    await statusFilter(page).getByRole('button', { name: 'Scheduled 2' }).click();
    await expect(page).toHaveURL('/dashboard/sessions?when=all&status=scheduled');
    await expect(sessionRows(page).getByRole('rowheader')).toHaveText(['=Eve Formula', 'Jane Doe']);
    await page.getByRole('combobox', { name: 'Client' }).fill('Jane');
    await page.getByRole('option', { name: 'Jane Doe' }).click();
    await expect(page).toHaveURL(`/dashboard/sessions?when=all&status=scheduled&client=${clients.Jane}`);
    await expect(sessionRows(page)).toHaveCount(1);
    await expect(sessionRows(page).first()).toContainText('Intake assessment');
    await page.reload();
    await expect(sessionRows(page)).toHaveCount(1);
    await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('Jane Doe');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL('/dashboard/sessions');
    await whenFilter(page).getByRole('button', { name: 'Past and upcoming' }).click();
    await page.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Psychotherapy (90834, 45 min)' });
    await expect(sessionRows(page)).toHaveCount(4);

    // The CSV of what is shown: the practice's clock, formulas defused, no name in the file name.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sessions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const row = (client: string, at: Date, status: string, fee: string) => [client, zoneDate(at), zoneClock(at), ZONE, 'Psychotherapy', status, fee, fee ? 'USD' : '', ''].join(',');
    expect(csv.split('\r\n')).toEqual([
      'Client,Date,Time,Time zone,Service,Status,Fee,Currency,Fee waived',
      row("'=Eve Formula", starts.future, 'Scheduled', ''),
      row('Bob Chen', starts.later, 'Late cancelled', '50.00'),
      row('Jane Doe', starts.today, 'No show', '75.00'),
      row('Jane Doe', starts.attended, 'Show', '150.00'),
      '',
    ]);

    // The client's Appointments tab: upcoming and past, New appointment with the client chosen.
    await page.goto(`/dashboard/clients/${clients.Jane}?tab=appointments`);
    await expect(page.getByRole('link', { name: 'New appointment' })).toHaveAttribute('href', `/dashboard/schedule?new=1&client=${clients.Jane}`);
    await expect(page.getByRole('table', { name: 'Past' }).getByRole('rowheader')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByRole('button', { name: 'Archive as inactive' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete client' })).toHaveCount(0);

    // A second therapist: nothing of it, not even by the first one's client id.
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other);
    await otherPage.goto(`/dashboard/sessions?client=${clients.Jane}`);
    await expect(otherPage.getByText('No sessions match')).toBeVisible();
    await otherPage.goto('/dashboard/sessions');
    await expect(otherPage.getByText('No past sessions yet')).toBeVisible();
    await expect(statusFilter(otherPage).getByRole('button', { name: 'All 0' })).toBeVisible();
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByText('No appointments today.')).toBeVisible();
    await otherContext.close();
  });
});
