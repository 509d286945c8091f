// Issue 32, the public booking page for a new client, in the composed build on a phone: the practice
// opted in (its booking slug) and offers new clients an instant service with an intake packet; a
// visitor without an account picks the service and a time, gives their details and answers the
// self-pay question, confirms the emailed code (read from the emulator's mailbox), confirms the held
// time, and the invitation's link opens the portal with the intake packet waiting. The standard
// Good Faith Estimate notice is on the page; axe finds nothing serious, light and dark. The abuse
// limits and rules are proved in backend/test/public-booking.test.ts.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser } from '../support/accounts.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { INVITE_SUBJECT, PORTAL_PRACTICE, portalLinkIn } from '../support/portal.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';

test('a new client books from the public page, confirms the emailed code and finds the intake packet in the portal', async ({ browser }) => {
  test.setTimeout(90_000);
  const therapist = await createCompleteUser();
  const slug = `calm-harbor-${Date.now().toString(36)}`;
  const { serviceId } = await seedPractice(therapist.id, { bookingSlug: slug });
  await practiceDatabases.updateDocument({ databaseId: 'main', collectionId: 'services', documentId: serviceId, data: { intakePacket: ['template:demographics'] } });
  const everyDay = Object.fromEntries(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => [d, [{ start: '07:00', end: '21:00' }]]));
  await createPracticeDocument(therapist.id, 'availability', { weekly: JSON.stringify(everyDay), overrides: '[]' });
  await createPracticeDocument(therapist.id, 'booking_rules', {
    serviceId, bookableBy: 'new', confirmation: 'instant', noticeHours: 0, horizonDays: 7, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, startGrid: '60',
  });
  const email = uniqueEmail('new-client');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  await test.step('the page: the practice, its service, a time, the details and the self-pay question', async () => {
    await page.goto(`/book/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: `Book with ${PORTAL_PRACTICE}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Right to Receive a Good Faith Estimate of Expected Charges' })).toBeVisible();
    await expect(page.getByText(/at least 10 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 3 business days/)).toBeVisible();
    await page.getByRole('radio', { name: /Psychotherapy/ }).check();
    await page.getByRole('group', { name: 'Day' }).getByRole('button').nth(1).click();
    await page.getByRole('group', { name: /^Times on / }).getByRole('button').first().click();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Morgan Ellis');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('(555) 201-9876');
    await page.getByRole('group', { name: 'Will you use insurance for these sessions?' }).getByRole('radio', { name: 'No, I’ll pay myself' }).check();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  await test.step('the emailed code holds the time; confirming books it', async () => {
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}. It works for 10 minutes.`)).toBeVisible();
    const mail = await waitForMail(email, (m) => m.subject === `Your booking code for ${PORTAL_PRACTICE}`, 0, 30_000);
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/Psychotherapy|Morgan|insurance/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await page.getByRole('button', { name: 'Hold this time' }).click();
    await expect(page.getByRole('heading', { name: 'We’re holding this time for you' })).toBeVisible();
    await expect(page.getByText(/ is held for you \((9|10):\d\d left\)\. Confirm to book it\.$/)).toBeVisible();
    await page.getByRole('button', { name: /^Confirm Psychotherapy on / }).click();
    await expect(page.getByText(/^Booked: Psychotherapy on /)).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the invitation opens the portal, with the service\'s intake packet to fill in', async () => {
    const link = await portalLinkIn(email, INVITE_SUBJECT);
    await page.goto(link);
    await expect(page).toHaveURL('/portal', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: PORTAL_PRACTICE }).getByRole('link', { name: 'About you and how to reach you' })).toBeVisible({ timeout: 30_000 });
  });
  await context.close();
});
