// Issue #15 "Progress notes" in the composed build: from the calendar to a signed SOAP note in two
// clicks plus typing; a reload mid-typing and going offline lose nothing; a wrong password doesn't
// sign; once signed, the SDK can't change the note; an addendum; a second therapist can't open it;
// two tabs on one note show each other's newer text instead of overwriting it; a session that
// expires while typing loses nothing.
import { Query } from 'node-appwrite';
import type { Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, logInThroughPage, signIn, users, PASSWORD, type TestUser } from '../support/accounts.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';

const ZONE = 'America/New_York';

interface Practice {
  therapist: TestUser;
  other: TestUser;
  appointmentId: string;
  date: string;
  clientId: string;
  serviceId: string;
}

const test = base.extend<object, { practice: Practice }>({
  practice: [
    async ({}, use) => {
      const [a, b] = await createCompleteTherapists(2);
      if (!a || !b) throw new Error('no therapists created');
      const { serviceId, clients } = await seedPractice(a.id, { timeZone: ZONE, clients: [{ firstName: 'Jane', lastName: 'Doe' }] });
      await seedPractice(b.id, { timeZone: ZONE });
      // An attended session two hours ago.
      const start = new Date(Date.now() - 2 * 3600_000);
      start.setUTCMinutes(0, 0, 0);
      const appointmentId = await createPracticeDocument(a.id, 'appointments', {
        clientId: clients.Jane, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status: 'show',
        feeAmount: 15000, currency: 'USD', statusHistory: [], noteState: 'none', locationType: 'office',
      });
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(start);
      await use({ therapist: a, other: b, appointmentId, date, clientId: clients.Jane!, serviceId });
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial' });

test('from the calendar to a signed note: drafts survive a reload and going offline; a wrong password does not sign; the signed note is locked', async ({ page, context, practice: { therapist, appointmentId, date } }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, therapist);
  // Notes to write: the attended session waits on Today and on the nav.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Notes to write (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: /All Sessions\s*1 notes to write/ })).toBeVisible();
  await page.goto(`/dashboard/schedule?view=day&date=${date}`);
  // Two clicks: the appointment, then Write note.
  await page.getByRole('button', { name: /Jane D\., Psychotherapy 45 min, Show/ }).click();
  await page.getByRole('link', { name: 'Write note' }).click();
  await expect(page).toHaveURL(`/dashboard/sessions/${appointmentId}/note`);
  await expect(page.getByRole('heading', { level: 1, name: 'Progress note: Jane Doe' })).toBeVisible();
  await expect(page.getByLabel('Template')).toHaveValue('soap');

  await page.getByRole('textbox', { name: 'Subjective', exact: true }).fill('Reports sleeping better since starting the wind-down routine.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 5000 });
  // A reload mid-typing: the text typed a moment ago is back.
  await page.getByRole('textbox', { name: 'Objective', exact: true }).fill('Calm, engaged, good eye contact.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Objective', exact: true })).toHaveValue('Calm, engaged, good eye contact.');
  await expect(page.getByRole('textbox', { name: 'Subjective', exact: true })).toHaveValue('Reports sleeping better since starting the wind-down routine.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 5000 });

  // Offline: kept on the device, sent when back online.
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Assessment', exact: true }).fill('Anxiety symptoms reducing; GAD-7 down from 14 to 9.');
  await expect(page.getByRole('status').filter({ hasText: 'Offline — saved on this device' })).toBeVisible({ timeout: 5000 });
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Plan', exact: true }).fill('Continue CBT; sleep diary for two weeks.');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 5000 });
  // Psychotherapy notes, kept apart from the record.
  await page.getByRole('textbox', { name: 'Private notes' }).fill('Countertransference: reminded me of my own exams.');
  await expect(page.getByText('Saved as you type.')).toBeVisible({ timeout: 5000 });
  await expectAccessible(page);

  // Risk is a choice, never a default (issue 37): nothing is chosen, and signing waits for one.
  const risk = page.getByRole('group', { name: 'Risk assessment' });
  for (const radio of await risk.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign note' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a risk assessment before signing' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await risk.getByRole('radio', { name: 'None' }).check();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({ timeout: 5000 });

  // Sign: a wrong password is refused, the right one locks the note.
  await page.getByRole('button', { name: 'Sign note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign the note for Jane Doe?' });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Sign and lock' }).click();
  await expect(dialog.getByText('The password is incorrect.')).toBeVisible();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign and lock' }).click();
  await expect(page.getByText(/^Signed by Dana Reyes, LCSW on /)).toBeVisible();
  await expect(page.getByText('Anxiety symptoms reducing; GAD-7 down from 14 to 9.')).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified: the note is exactly as it was signed.')).toBeVisible();

  // The API refuses any change to the signed note, with the therapist's own session (the browser's cookie).
  const notes = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'progress_notes', queries: [Query.equal('appointmentId', appointmentId)] });
  const noteUrl = `/v1/databases/main/collections/progress_notes/documents/${notes.documents[0]!.$id}`;
  const headers = { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' };
  expect((await page.request.patch(noteUrl, { headers, data: { data: { content: 'changed' } } })).status()).toBe(401);
  expect((await page.request.delete(noteUrl, { headers })).status()).toBe(401);
  expect((await page.request.get(noteUrl, { headers })).status()).toBe(200);

  // An addendum, signed and listed under the note.
  await page.getByRole('button', { name: 'Add addendum' }).click();
  const addendum = page.getByRole('dialog', { name: 'Add an addendum' });
  await addendum.getByLabel('Addendum').fill('Client called the next day: the sleep diary is started.');
  await addendum.getByLabel('Your password').fill(PASSWORD);
  await addendum.getByRole('button', { name: 'Sign and add' }).click();
  await expect(page.getByRole('region', { name: 'Addenda' }).getByText('Client called the next day: the sleep diary is started.')).toBeVisible();

  // Nothing left to write.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Notes to write (0)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Sessions', exact: true })).toBeVisible();
  await page.goto(`/dashboard/sessions/${appointmentId}/note`);

  // The private note stays with the session: not on the client's record.
  await page.getByRole('link', { name: 'Jane Doe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
  await expect(page.getByText('Countertransference')).toHaveCount(0);

  // The calendar knows: the appointment's note is signed.
  await page.goto(`/dashboard/schedule?view=day&date=${date}`);
  await page.getByRole('button', { name: /Jane D\., Psychotherapy 45 min, Show/ }).click();
  await expect(page.getByRole('link', { name: 'Read note' })).toBeVisible();
});

test('a second therapist cannot open the note', async ({ page, practice: { other, appointmentId } }) => {
  await signIn(page, other);
  await page.goto(`/dashboard/sessions/${appointmentId}/note`);
  await expect(page.getByRole('heading', { level: 1, name: 'Note not found' })).toBeVisible();
  await expect(page.getByText('Reports sleeping better')).toHaveCount(0);
});

/** Another attended session of Jane's, `hoursAgo` hours ago, without a note: its note's URL. */
async function sessionNote({ therapist, clientId, serviceId }: Practice, hoursAgo: number): Promise<{ url: string; appointmentId: string }> {
  const start = new Date(Date.now() - hoursAgo * 3600_000);
  start.setUTCMinutes(0, 0, 0);
  const appointmentId = await createPracticeDocument(therapist.id, 'appointments', {
    clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status: 'show',
    feeAmount: 15000, currency: 'USD', statusHistory: [], noteState: 'none', locationType: 'office',
  });
  return { url: `/dashboard/sessions/${appointmentId}/note`, appointmentId };
}

/** The note's text as the server holds it (read with the server key). */
async function storedContent(appointmentId: string): Promise<string> {
  const notes = await practiceDatabases.listDocuments({ databaseId: 'main', collectionId: 'progress_notes', queries: [Query.equal('appointmentId', appointmentId)] });
  return String(notes.documents[0]?.['content'] ?? '');
}

const subjective = (page: Page) => page.getByRole('textbox', { name: 'Subjective', exact: true });
const saveState = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const CONFLICT = 'This note was changed in another tab or on another device';

test('two tabs on one note: the later save shows the other tab’s newer text instead of overwriting it, and neither tab’s words are lost', async ({ page, context, practice }) => {
  test.setTimeout(90_000);
  const { url, appointmentId } = await sessionNote(practice, 26);
  await signIn(page, practice.therapist);
  await page.goto(url);
  await subjective(page).fill('Tab one: fewer panic attacks.');
  await expect.poll(() => storedContent(appointmentId), { timeout: 10_000 }).toContain('Tab one: fewer panic attacks.');
  await expect(saveState(page, /^Saved$/)).toBeVisible();

  // A second tab opens the note and saves its own words.
  const other = await context.newPage();
  await other.goto(url);
  await expect(subjective(other)).toHaveValue('Tab one: fewer panic attacks.');
  await subjective(other).fill('Tab two: one panic attack this week.');
  await expect.poll(() => storedContent(appointmentId), { timeout: 10_000 }).toContain('Tab two: one panic attack this week.');

  // The first tab types on: its save finds the newer text and shows it, overwriting nothing.
  await subjective(page).fill('Tab one: fewer panic attacks; sleeping better.');
  await expect(page.getByText(CONFLICT)).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.note-conflict')).toContainText('Tab two: one panic attack this week.');
  await expect(subjective(page)).toHaveValue('Tab one: fewer panic attacks; sleeping better.');
  await page.waitForTimeout(2500);
  expect(await storedContent(appointmentId)).toContain('Tab two: one panic attack this week.');

  // Keeping its text saves it over the newer revision, now that it was shown …
  await page.getByRole('button', { name: 'Keep my text' }).click();
  await expect(saveState(page, /^Saved$/)).toBeVisible({ timeout: 10_000 });
  expect(await storedContent(appointmentId)).toContain('Tab one: fewer panic attacks; sleeping better.');
  // … and the second tab, typing on, is shown that in turn, its own words still on screen.
  await subjective(other).fill('Tab two: one panic attack this week, at work.');
  await expect(other.getByText(CONFLICT)).toBeVisible({ timeout: 10_000 });
  await expect(other.locator('.note-conflict')).toContainText('Tab one: fewer panic attacks; sleeping better.');
  await expect(subjective(other)).toHaveValue('Tab two: one panic attack this week, at work.');
  await other.close();
});

test('a session that expires while typing: the words stay on the device and are saved once the therapist signs in again', async ({ page, practice }) => {
  test.setTimeout(90_000);
  const { url, appointmentId } = await sessionNote(practice, 27);
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, practice.therapist);
  await page.goto(url);
  await subjective(page).fill('Before the session ended.');
  await expect.poll(() => storedContent(appointmentId), { timeout: 10_000 }).toContain('Before the session ended.');

  // Signed out everywhere (an expiry, Devices → sign out all) while the editor is open.
  await users.deleteSessions({ userId: practice.therapist.id });
  await page.getByRole('textbox', { name: 'Objective', exact: true }).fill('Typed after it ended: tearful when discussing work.');
  await expect(saveState(page, 'Signed out — saved on this device; sign in again to save it')).toBeVisible({ timeout: 10_000 });
  expect(await storedContent(appointmentId)).not.toContain('Typed after it ended');

  // Signing in again and opening the note: the device's words are back and saved.
  await logInThroughPage(page, practice.therapist.email);
  await page.goto(url);
  await expect(page.getByRole('textbox', { name: 'Objective', exact: true })).toHaveValue('Typed after it ended: tearful when discussing work.');
  await expect(subjective(page)).toHaveValue('Before the session ended.');
  await expect.poll(() => storedContent(appointmentId), { timeout: 10_000 }).toContain('Typed after it ended: tearful when discussing work.');
  await expect(saveState(page, /^Saved$/)).toBeVisible();
});
