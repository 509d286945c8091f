// Issue #14 "Client reminders" and "Calendar feed" in the composed build: a therapist's consenting
// client with an appointment inside the practice's lead time gets one reminder (the send-reminders
// function, executed here with the server key as its schedule would) in the local Appwrite's dev
// mailbox through its SMTP receiver — with nothing clinical in it; the therapist creates a private
// calendar link in practice settings, a calendar app's fetch of it parses as iCalendar with the
// client's initials at the right times, and Revoke makes it 404. A second therapist sees none of it.
// The practice data is set up through the API (server key, owner-only documents, as the browser writes them).
import ICAL from 'ical.js';
import { Client, Databases, Functions, ID, Permission, Role, type Models } from 'node-appwrite';
import type { Page } from '@playwright/test';
import { test as base, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteTherapists, signIn, type TestUser } from '../support/accounts.ts';
import { mailFor, waitForMail } from '../support/mailbox.ts';
import { appwriteUrl } from '../support/ports.ts';

const server = new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key');
const databases = new Databases(server);
const functions = new Functions(server);
const ZONE = 'America/New_York';
const HOUR = 3_600_000;

interface Practice {
  therapist: TestUser;
  clientEmail: string;
  appointment: Models.DefaultDocument;
  cancelled: Models.DefaultDocument;
}

async function create(userId: string, collectionId: string, data: Record<string, unknown>): Promise<Models.DefaultDocument> {
  const role = Role.user(userId);
  return databases.createDocument({
    databaseId: 'main', collectionId, documentId: ID.unique(), data: { userId, ...data },
    permissions: [Permission.read(role), Permission.update(role), Permission.delete(role)],
  });
}

/** A practice in New York (reminders 24 h ahead), one service, a consenting client, an appointment 3 h from now and a cancelled one. */
async function seedPractice(therapist: TestUser): Promise<Practice> {
  const userId = therapist.id;
  await create(userId, 'practice_settings', {
    practiceName: 'Harbor Light Counseling', therapistName: 'Dr. Ada Lane', timeZone: ZONE, currency: 'USD', reminderLeadHours: 24,
    phone: '(212) 555-0186', addressLine1: '11 Harbor Way', city: 'New York', state: 'NY', postalCode: '10004',
  });
  const service = await create(userId, 'services', { name: 'Psychotherapy', serviceCode: '90834', durationMinutes: 45, fee: 15000, currency: 'USD', color: 'teal', archived: false, sortOrder: 1 });
  const clientEmail = `jordan-${Date.now().toString(36)}@client.test`;
  const client = await create(userId, 'clients', {
    firstName: 'Jordan', lastName: 'Rivera', email: clientEmail, status: 'active', reminderConsent: true, currency: 'USD',
    diagnosisCodes: ['F43.10'], adminNotes: 'Trauma-focused work', tags: [],
  });
  const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / 900_000) * 900_000);
  const appointment = await create(userId, 'appointments', {
    clientId: client.$id, serviceId: service.$id, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(),
    status: 'scheduled', locationType: 'office', adminNote: 'Review trauma narrative', feeAmount: 15000, currency: 'USD',
  });
  const later = new Date(start.getTime() + 24 * HOUR);
  const cancelled = await create(userId, 'appointments', {
    clientId: client.$id, serviceId: service.$id, start: later.toISOString(), end: new Date(later.getTime() + 45 * 60_000).toISOString(),
    status: 'cancelled', locationType: 'office', currency: 'USD',
  });
  return { therapist, clientEmail, appointment, cancelled };
}

const test = base.extend<object, { practices: [Practice, TestUser] }>({
  practices: [
    async ({}, use) => {
      const [a, b] = await createCompleteTherapists(2);
      if (!a || !b) throw new Error('no therapists created');
      await use([await seedPractice(a), b]);
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial' });

const localTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' });

interface FeedEvent { summary: string; start: number; end: number; tzid: string }

function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      summary: event.summary, start: event.startDate.toJSDate().getTime(), end: event.endDate.toJSDate().getTime(),
      tzid: String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
    };
  });
}

async function openCalendarFeed(page: Page): Promise<void> {
  await page.goto('/dashboard/practice');
  await page.getByRole('tab', { name: 'Calendar feed' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
}

test('a consenting client gets one reminder in the dev mailbox: when, where, the practice, how to cancel — nothing clinical', async ({ page, practices: [practice] }) => {
  const execution = await functions.createExecution({ functionId: 'send-reminders', async: false });
  expect(execution.responseStatusCode).toBe(200);

  const mail = await waitForMail(practice.clientEmail, (m) => m.subject.startsWith('Appointment reminder'));
  const start = String(practice.appointment['start']);
  expect(mail.subject).toContain(localTime(start));
  expect(mail.text).toContain('This is a reminder of your appointment with Harbor Light Counseling.');
  expect(mail.text).toMatch(new RegExp(`${localTime(start)} – ${localTime(String(practice.appointment['end']))} Eastern (Standard|Daylight) Time \\(America/New_York\\)`));
  expect(mail.text).toContain('Where: In person: 11 Harbor Way, New York, NY 10004');
  expect(mail.text).toContain('please contact Harbor Light Counseling at (212) 555-0186');
  for (const clinical of ['Psychotherapy', '90834', 'F43', 'rauma', 'Rivera', '150.00']) expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain(clinical);

  // Running again (or the 5-minute schedule meanwhile) sends no second one.
  await functions.createExecution({ functionId: 'send-reminders', async: false });
  expect((await mailFor(practice.clientEmail)).filter((m) => m.subject.startsWith('Appointment reminder'))).toHaveLength(1);

  // The mailbox page shows it as a developer reads it.
  await page.goto(`${appwriteUrl}/_dev/mail/ui?to=${encodeURIComponent(practice.clientEmail)}`);
  await expect(page.getByText(mail.subject)).toBeVisible();
  await expect(page.getByText(/Harbor Light Counseling/).first()).toBeVisible();
});

test('the therapist creates a calendar link in practice settings, subscribes to it, and Revoke makes it 404; a second therapist sees none of it', async ({ browser, practices: [practice, other] }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signIn(page, practice.therapist);
  await openCalendarFeed(page);
  await page.getByRole('button', { name: 'Create link' }).click();
  const field = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(field).toHaveValue(/\/_functions\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await field.inputValue();
  await expect(page.getByText(/shown only this once/)).toBeVisible();
  await expect(page.getByText('Google Calendar')).toBeVisible();
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page);

  // What a calendar app fetches.
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
  const text = await response.text();
  const events = parseFeed(text);
  expect(events).toEqual([{
    summary: 'J.R.', tzid: ZONE,
    start: Date.parse(String(practice.appointment['start'])), end: Date.parse(String(practice.appointment['end'])),
  }]);
  for (const secret of ['Jordan', 'Rivera', 'Psychotherapy', '90834', 'rauma', 'F43']) expect(text).not.toContain(secret);

  // After a reload the link is not shown again, only that one is active.
  await page.reload();
  await page.getByRole('tab', { name: 'Calendar feed' }).click();
  await expect(page.getByText(/Your calendar link is active/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Calendar link' })).toHaveCount(0);

  // A second therapist: no link of theirs, cannot read the first's feed document, and their own feed is empty.
  const otherContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await otherContext.newPage();
  await signIn(second, other);
  await openCalendarFeed(second);
  await expect(second.getByRole('button', { name: 'Create link' })).toBeVisible();
  const peek = await second.request.get(`/v1/databases/main/collections/calendar_feeds/documents/${practice.therapist.id}`, { headers: { 'x-appwrite-project': 'cadence' } });
  expect(peek.status()).toBe(404);
  const theirAppointments = await second.request.get('/v1/databases/main/collections/appointments/documents', { headers: { 'x-appwrite-project': 'cadence' } });
  expect(((await theirAppointments.json()) as { total: number }).total).toBe(0);
  await second.getByRole('button', { name: 'Create link' }).click();
  const otherUrl = await second.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  expect(otherUrl).not.toBe(url);
  expect(parseFeed(await (await fetch(otherUrl)).text())).toEqual([]);
  await otherContext.close();

  // Revoke, after a confirmation: the link answers 404 at once.
  await page.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke your calendar link?' });
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(page.getByText('Calendar link revoked')).toBeVisible();
  expect((await fetch(url)).status).toBe(404);
  await expect(page.getByRole('button', { name: 'Create link' })).toBeVisible();
  await context.close();
});
