// Issue #14 "Schedule" in the composed build: a therapist books a weekly series from an empty slot
// in 4 interactions, moves one occurrence by dragging (and back with Undo), moves one with the
// keyboard, double-books only after the overlap warning, cancels one late and marks one a no-show,
// changes "this and following" to a new time; a second therapist sees none of it; phones get the
// day and agenda views. Practice, service and clients are seeded through the API.
import type { Locator, Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { createPracticeDocument, practiceDatabases, seedPractice, type SeededPractice } from '../support/practice-data.ts';
import { Query } from 'node-appwrite';

const ZONE = 'America/New_York';
const HOUR_PX = 48;

/** A date in the practice's zone, days from today: "2026-12-01". */
function zoneDate(daysAhead: number, from = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(from);
  const day = new Date(`${parts}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + daysAhead);
  return day.toISOString().slice(0, 10);
}

/** The Tuesday at least a week ahead: the series starts there, clear of today's appointments. */
function nextTuesday(): string {
  for (let ahead = 7; ; ahead += 1) {
    const date = zoneDate(ahead);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 2) return date;
  }
}

// The one date style (issue #37): "Tue, Dec 8, 2026".
const dayName = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const addDays = (date: string, days: number) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};

const appointment = (page: Page, date: string, time: string, who = 'Jane D.') => page.getByRole('button', { name: new RegExp(`^${dayName(date)}, ${time}, ${who}, Psychotherapy 45 min`) });
const column = (page: Page, date: string) => page.locator(`[data-grid-date="${date}"]`);
const notice = (page: Page) => page.locator('.sched-notice');

async function chooseClient(page: Page, name: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: 'Client' });
  await combobox.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

async function dragTo(page: Page, block: Locator, target: Locator, minutes: number): Promise<void> {
  const from = (await block.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 20, { steps: 3 });
  await page.mouse.move(to.x + 10, to.y + (minutes / 60) * HOUR_PX + 5, { steps: 8 });
  await page.mouse.up();
}

const test = base.extend<object, { practice: { therapist: TestUser; other: TestUser; seeded: SeededPractice } }>({
  practice: [
    async ({}, use) => {
      const [a, b] = await createCompleteTherapists(2);
      if (!a || !b) throw new Error('no therapists created');
      const seeded = await seedPractice(a.id, { timeZone: ZONE, clients: [{ firstName: 'Jane', lastName: 'Doe' }, { firstName: 'Mimi', lastName: 'Costa' }] });
      await seedPractice(b.id, { timeZone: ZONE });
      await use({ therapist: a, other: b, seeded });
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial' });

test('a weekly series from an empty slot, moved by drag and keyboard with Undo, an overlap warned, this and following changed', async ({ page, practice: { therapist } }) => {
  const tuesday = nextTuesday();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto(`/dashboard/schedule?view=week&date=${tuesday}`);
  await expect(page.getByRole('group', { name: `${dayName(tuesday)}, no appointments` })).toBeVisible();

  // 4 interactions: the slot, the client, Weekly, Save.
  await column(page, tuesday).click({ position: { x: 30, y: 10 * HOUR_PX + 5 } });
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('Start time')).toHaveValue('10:00');
  await chooseClient(page, 'Jane Doe');
  await dialog.getByLabel('Repeat').selectOption('weekly');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(appointment(page, tuesday, '10:00 AM')).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(appointment(page, addDays(tuesday, 7), '10:00 AM')).toBeVisible();
  await expectAccessible(page);

  // Drag the second occurrence to Wednesday 11:00; Undo puts it back; drag it again.
  const second = addDays(tuesday, 7);
  await dragTo(page, appointment(page, second, '10:00 AM'), column(page, addDays(second, 1)), 11 * 60);
  await expect(appointment(page, addDays(second, 1), '11:00 AM')).toBeVisible();
  await expect(notice(page)).toContainText(`Moved Jane D. to ${dayName(addDays(second, 1))}, 11:00 AM`);
  await notice(page).getByRole('button', { name: 'Undo' }).click();
  await expect(appointment(page, second, '10:00 AM')).toBeVisible();
  await dragTo(page, appointment(page, second, '10:00 AM'), column(page, addDays(second, 1)), 11 * 60);
  await expect(appointment(page, addDays(second, 1), '11:00 AM')).toBeVisible();
  // Only that occurrence moved: the series' next one keeps its Tuesday.
  await page.getByRole('button', { name: 'Next week' }).click();
  const third = addDays(tuesday, 14);
  await expect(appointment(page, third, '10:00 AM')).toBeVisible();

  // The keyboard: Alt+Down moves the focused appointment 15 minutes.
  await appointment(page, third, '10:00 AM').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(appointment(page, third, '10:15 AM')).toBeVisible();
  // The calendar shows the move at once; its notice (and Undo) comes once it is saved.
  await expect(notice(page)).toContainText(`Moved Jane D. to ${dayName(third)}, 10:15 AM`);
  // Focus stays on the moved appointment (issue 37), also when it moves to another day's column.
  await expect(appointment(page, third, '10:15 AM')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(notice(page)).toContainText(`Moved Jane D. to ${dayName(third)}, 10:00 AM`);
  await page.keyboard.press('Alt+ArrowRight');
  await expect(appointment(page, addDays(third, 1), '10:00 AM')).toBeFocused();
  await expect(notice(page)).toContainText(`Moved Jane D. to ${dayName(addDays(third, 1))}, 10:00 AM`);
  await notice(page).getByRole('button', { name: 'Undo' }).click();
  await expect(appointment(page, third, '10:00 AM')).toBeVisible();

  // A second client at an overlapping time: warned, then booked anyway.
  await page.getByRole('button', { name: 'New appointment' }).click();
  const single = page.getByRole('dialog', { name: 'New appointment' });
  await chooseClient(page, 'Mimi Costa');
  await single.getByLabel('Date').fill(third);
  await single.getByLabel('Start time').fill('10:30');
  await single.getByRole('button', { name: 'Save' }).click();
  await expect(single.getByText('This overlaps another appointment')).toBeVisible();
  await expect(single.getByText(/Jane D\. at 10:00 AM/)).toBeVisible();
  await single.getByRole('button', { name: 'Save anyway' }).click();
  await expect(single).toBeHidden();
  await expect(appointment(page, third, '10:30 AM', 'Mimi C.')).toBeVisible();

  // "This and following" to 14:00 from the third occurrence: the third and the fourth move, the first stays.
  await appointment(page, third, '10:00 AM').click();
  await page.getByRole('dialog', { name: 'Jane Doe' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit appointment with Jane D.' });
  await edit.getByRole('radio', { name: 'This and following appointments' }).check();
  await edit.getByLabel('Start time').fill('14:00');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(appointment(page, third, '2:00 PM')).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(appointment(page, addDays(tuesday, 21), '2:00 PM')).toBeVisible();
  await page.goto(`/dashboard/schedule?view=week&date=${tuesday}`);
  await expect(appointment(page, tuesday, '10:00 AM')).toBeVisible();
});

test('attendance from the calendar: a late cancel inside the window, a no-show; the history says who and when', async ({ page, practice: { therapist, seeded } }) => {
  const soon = new Date(Date.now() + 3 * 3600_000);
  soon.setUTCMinutes(0, 0, 0);
  const at = (hoursLater: number) => new Date(soon.getTime() + hoursLater * 3600_000).toISOString();
  for (const [client, hours] of [['Mimi', 0], ['Jane', 2]] as const) {
    await createPracticeDocument(therapist.id, 'appointments', {
      clientId: seeded.clients[client], serviceId: seeded.serviceId, start: at(hours), end: at(hours + 0.75), status: 'scheduled',
      feeAmount: 15000, currency: 'USD', statusHistory: [], noteState: 'none', locationType: 'office',
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(soon);
  await page.goto(`/dashboard/schedule?view=agenda&date=${date}`);

  await page.getByRole('button', { name: new RegExp(`^${dayName(date)}, .*Mimi C\\., Psychotherapy 45 min, Office, Scheduled`) }).click();
  const details = page.getByRole('dialog', { name: 'Mimi Costa' });
  await details.getByRole('button', { name: 'Attendance: Scheduled' }).click();
  await details.getByRole('menuitemradio', { name: 'Late cancel (inside 24 h) — fee $50.00' }).click();
  await expect(details.getByRole('button', { name: 'Attendance: Late cancelled' })).toBeFocused();
  await expect(details.getByText('Late-cancel fee: $50.00')).toBeVisible();
  await expect(details.getByText('Status history')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /Mimi C\., Psychotherapy 45 min, Office, Late cancelled/ })).toBeVisible();

  // Jane is two hours after Mimi: in the evening that can be the next day in New York.
  const janeDate = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(soon.getTime() + 2 * 3600_000));
  await page.getByRole('button', { name: new RegExp(`^${dayName(janeDate)}, .*Jane D\\., Psychotherapy 45 min, Office, Scheduled`) }).click();
  await page.getByRole('dialog', { name: 'Jane Doe' }).getByRole('button', { name: 'Attendance: Scheduled' }).click();
  await page.getByRole('dialog', { name: 'Jane Doe' }).getByRole('menuitemradio', { name: 'No show' }).click();
  await expect(page.getByRole('dialog', { name: 'Jane Doe' }).getByRole('button', { name: 'Attendance: No show' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: new RegExp(`^${dayName(janeDate)}, .*Jane D\\., Psychotherapy 45 min, Office, No show`) })).toBeVisible();

  const stored = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'appointments', queries: [Query.equal('userId', therapist.id), Query.equal('status', ['late_cancelled', 'no_show'])] });
  expect(stored.documents.map((document) => [document.status, document.feeAmount]).sort()).toEqual([['late_cancelled', 5000], ['no_show', 7500]]);
});

test('a second therapist sees none of it', async ({ page, practice: { other } }) => {
  await signIn(page, other);
  await page.goto(`/dashboard/schedule?view=month&date=${nextTuesday()}`);
  await expect(page.getByRole('heading', { level: 2, name: /\d{4}/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Jane D\.|Mimi C\./ })).toHaveCount(0);
  await page.goto(`/dashboard/schedule?view=agenda&date=${nextTuesday()}`);
  await expect(page.getByText('Nothing scheduled')).toBeVisible();
});

test('on a phone: day and agenda views with large targets, no sideways scrolling', async ({ page, practice: { therapist } }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, therapist);
  await page.goto(`/dashboard/schedule?view=week&date=${nextTuesday()}`);
  const views = page.getByRole('group', { name: 'View' });
  await expect(views.getByRole('button')).toHaveText(['Day', 'Agenda']);
  await expect(views.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  await views.getByRole('button', { name: 'Agenda' }).click();
  const first = page.getByRole('button', { name: /Jane D\., Psychotherapy 45 min/ }).first();
  await expect(first).toBeVisible();
  expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
});

/** The Thursday at least `weeks` weeks ahead. */
function thursdayAhead(weeks: number): string {
  for (let ahead = weeks * 7; ; ahead += 1) {
    const date = zoneDate(ahead);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 4) return date;
  }
}

test('issue 29: a service without a fee is never pre-selected and warns in the dialog; attended with no charge is listed on Today until decided', async ({ page, practice: { therapist } }) => {
  test.slow(); // three screens and an axe scan each
  await createPracticeDocument(therapist.id, 'services', { name: 'Consultation', serviceCode: '99000', durationMinutes: 30, fee: null, currency: 'USD', color: 'teal', archived: false, sortOrder: 1 });
  const noraId = await createPracticeDocument(therapist.id, 'clients', {
    firstName: 'Nora', lastName: 'Quinn', status: 'active', tags: [], diagnosisCodes: [], currency: 'USD', reminderConsent: false, defaultServiceId: null,
  });
  const date = zoneDate(-3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto(`/dashboard/schedule?view=day&date=${date}&new=1&client=${noraId}`);
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue('Nora Quinn', { timeout: 30_000 });
  // No default service for Nora: nothing is chosen for the therapist (not "Consultation", the first alphabetically).
  await expect(dialog.getByLabel('Service')).toHaveValue('');
  await dialog.getByLabel('Service').selectOption({ label: 'Consultation (99000, 30 min)' });
  await expect(dialog.getByText('This service has no fee yet')).toBeVisible();
  await expect(dialog.getByLabel('Fee for Consultation (USD)')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('Start time').fill('15:00');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /Nora Q\., Consultation 30 min/ }).click();
  const details = page.getByRole('dialog', { name: 'Nora Quinn' });
  await details.getByRole('button', { name: 'Attendance: Scheduled' }).click();
  await details.getByRole('menuitemradio', { name: 'Show', exact: true }).click();
  await expect(details.getByText('No fee applies to this session (no service fee and no client fee).')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: /Attended sessions with no charge/ });
  await expect(card.getByRole('heading', { name: 'Attended sessions with no charge (1)' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Nora Q.', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('button', { name: 'No charge' }).click();
  await expect(card).toBeHidden();
  const stored = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'appointments', queries: [Query.equal('clientId', noraId)] });
  expect(stored.documents).toHaveLength(1);
  expect(stored.documents[0]).toMatchObject({ status: 'show', feeAmount: null, noChargeBy: therapist.id });
  expect(Date.now() - Date.parse(String(stored.documents[0]!['noChargeAt']))).toBeLessThan(120_000);
});

test('issue 37: a new client booked from inside the dialog; a client made on the New client page is in New appointment without a reload', async ({ page, practice: { therapist } }) => {
  test.slow(); // three screens and an axe scan each
  const date = thursdayAhead(1);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto(`/dashboard/schedule?view=day&date=${date}`);
  await page.getByRole('button', { name: 'New appointment' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await dialog.getByRole('button', { name: '+ New client' }).click();
  await dialog.getByRole('button', { name: 'Add client and book' }).click();
  await expect(dialog.getByText('Enter the first name.')).toBeVisible();
  await dialog.getByRole('textbox', { name: /^First name/ }).fill('Omar');
  await dialog.getByRole('textbox', { name: /^Last name/ }).fill('Haddad');
  await dialog.getByRole('textbox', { name: /^Email/ }).fill('omar@example.test');
  await dialog.getByRole('button', { name: 'Add client and book' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveValue('Omar Haddad');
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeFocused();
  await dialog.getByLabel('Service').selectOption({ label: 'Psychotherapy (90834, 45 min)' });
  await dialog.getByLabel('Start time').fill('11:00');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /Omar H\., Psychotherapy 45 min/ })).toBeVisible();

  // The clients list is cached first; the client made next must be in the dialog opened from their page.
  await page.goto('/dashboard/clients');
  await expect(page.getByRole('link', { name: /Omar Haddad/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Add client' }).first().click();
  await page.getByRole('textbox', { name: /^First name/ }).fill('Lina');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Park');
  await page.getByLabel(/^Default service/).selectOption({ label: 'Psychotherapy (90834, 45 min)' });
  await page.getByRole('button', { name: 'Add client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Lina Park/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByRole('link', { name: 'New appointment' }).click();
  const again = page.getByRole('dialog', { name: 'New appointment' });
  await expect(again.getByRole('combobox', { name: 'Client' })).toHaveValue('Lina Park');
  await expect(again.getByLabel('Service')).toHaveValue(/.+/);
  await expect(again.getByLabel('Service').locator('option:checked')).toHaveText('Psychotherapy (90834, 45 min)');
});

test('issue 37: a weekly series with an intake first visit is one RRULE; the first occurrence is the intake, the rest the ongoing service', async ({ page, practice: { therapist, seeded } }) => {
  test.slow(); // three screens and an axe scan each
  const intakeId = await createPracticeDocument(therapist.id, 'services', { name: 'Intake assessment', serviceCode: '90791', durationMinutes: 60, fee: null, currency: 'USD', color: 'teal', archived: false, sortOrder: 2 });
  const date = thursdayAhead(3);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  await page.goto(`/dashboard/schedule?view=day&date=${date}&new=1&client=${seeded.clients['Mimi']}`);
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByLabel('Service')).toHaveValue(seeded.serviceId, { timeout: 30_000 });
  await dialog.getByLabel('Start time').fill('13:00');
  await dialog.getByLabel('Repeat').selectOption('weekly');
  await dialog.getByLabel("First appointment's service").selectOption({ label: 'Intake assessment (90791, 60 min)' });
  await expect(dialog.getByText('This service has no fee yet')).toBeVisible();
  await dialog.getByLabel('Fee for Intake assessment (USD)').fill('200');
  await dialog.getByRole('button', { name: 'Save fee' }).click();
  await expect(dialog.getByText('Fee for Intake assessment saved: $200.00.')).toBeVisible();
  await expect(dialog.getByText('This service has no fee yet')).toBeHidden();
  await dialog.getByText('After a number of appointments').click();
  await dialog.getByRole('textbox', { name: /^Number of appointments/ }).fill('4');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  const stored = await practiceDatabases.listDocuments({
    databaseId: 'main', collectionId: 'appointments', queries: [Query.equal('clientId', seeded.clients['Mimi']!), Query.greaterThan('start', `${date}T00:00:00.000Z`), Query.orderAsc('start')],
  });
  expect(stored.documents.map((document) => [document['serviceId'], document['feeAmount']])).toEqual([[intakeId, 20000], [seeded.serviceId, 15000], [seeded.serviceId, 15000], [seeded.serviceId, 15000]]);
  const seriesId = String(stored.documents[0]!['seriesId']);
  expect(new Set(stored.documents.map((document) => document['seriesId']))).toEqual(new Set([seriesId]));
  const series = await practiceDatabases.getDocument({ databaseId: 'main', collectionId: 'appointment_series', documentId: seriesId });
  expect(series).toMatchObject({ serviceId: seeded.serviceId, rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=4' });
});
