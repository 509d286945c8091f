// Issue 32 "Secure messages" in the composed build: the therapist writes from the Inbox with a PDF
// attached, and the signed-in client (a second browser, phone-sized) reads it live over Realtime,
// under the crisis notice; the client's reading shows as "Read" to the therapist, the client's reply
// raises the unread count in the nav and on Today without a reload, and opening it clears it; with
// messaging off for the client, the therapist still writes and the client reads but cannot reply. axe on
// both pages. Who may read what, the limits, the burst email, export and deletion are proved in
// backend/test/messages.test.ts.
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

const CRISIS = 'Messages are not monitored around the clock. In an emergency call 911 or 988';

test('the therapist sends a message with an attachment that the client reads live, and the client’s reply reaches the Inbox', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('messages-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Robin'] ?? '';
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clientId, clientEmail);

  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();

  await test.step('the client opens Messages: the crisis notice above the composer, nothing yet', async () => {
    await client.goto(invitationLink);
    await expect(client).toHaveURL('/portal', { timeout: 60_000 });
    await client.getByRole('link', { name: 'Messages' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(client.getByText('No messages yet. Write the first one below.')).toBeVisible();
    await expect(client.getByText(CRISIS)).toBeVisible();
    await expectAccessible(client);
  });

  await test.step('the therapist writes with a PDF attached; the client reads it live, and the therapist sees it was read', async () => {
    await page.goto(`/dashboard/inbox?c=${clientId}`);
    const conversation = page.getByRole('region', { name: 'Robin Hale' });
    await expect(conversation.getByText(CRISIS)).toBeVisible();
    await conversation.getByRole('textbox', { name: 'Message' }).fill('Here is the worksheet we talked about.');
    await conversation.getByLabel('Attach a file (optional)').setInputFiles({ name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 worksheet') });
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveValue('');

    const thread = client.getByRole('region', { name: `Messages with Calm Harbor Counseling` });
    await expect(thread.getByText('Here is the worksheet we talked about.')).toBeVisible();
    await expect(thread.getByRole('button', { name: /worksheet\.pdf/ })).toBeVisible();
    const download = client.waitForEvent('download');
    await thread.getByRole('button', { name: /worksheet\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('worksheet.pdf');
    await expect(conversation.getByText('Read', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('the client replies; the unread count rises on Today and in the nav, and falls once the therapist reads it', async () => {
    const nav = page.getByRole('navigation', { name: 'Dashboard sections' });
    await nav.getByRole('link', { name: 'Today' }).click();
    await client.getByRole('textbox', { name: 'Message' }).fill('Thank you, I will bring it on Tuesday.');
    await client.getByRole('button', { name: 'Send' }).click();
    await expect(client.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expect(page.getByRole('region', { name: 'Unread messages (1)' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /Inbox\s*1 unread messages/ })).toBeVisible();
    await nav.getByRole('link', { name: /Inbox/ }).click();
    await page.getByRole('button', { name: /Robin Hale/ }).click();
    await expect(page.getByRole('region', { name: 'Robin Hale' }).getByText('Thank you, I will bring it on Tuesday.')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await client.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(client);
  });

  await test.step('messaging off for this client: the Inbox says they can read but not reply, and the therapist still writes; the portal says why, with no composer', async () => {
    const conversation = page.getByRole('region', { name: 'Robin Hale' });
    await conversation.getByRole('switch', { name: 'Messaging with Robin Hale' }).click();
    await expect(conversation.getByText('Messaging is turned off for Robin Hale: they can read what you send, but can’t reply. Turn it on above to let them write.')).toBeVisible();
    await conversation.getByRole('textbox', { name: 'Message' }).fill('Please call the office to reschedule.');
    await conversation.getByRole('button', { name: 'Send' }).click();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await client.reload();
    await expect(client.getByText('Please call the office to reschedule.')).toBeVisible();
    await expect(client.getByText('Messaging is turned off for you: you can read what the practice sends, but not reply. Please call the practice instead.')).toBeVisible();
    await expect(client.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  });
  await clientContext.close();
});
