// Issue 31, the portal's own session rules in the composed build, under Playwright's clock as in
// auto-sign-out.spec: 15 minutes without activity signs a client out (the Appwrite session deleted)
// onto the portal's sign-in page, which says why; a link past its expiry says so there and offers
// "Send a new link", which mails one that signs in. Set up through the API (support/portal.ts).
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn, users } from '../support/accounts.ts';
import { uniqueEmail } from '../support/mailbox.ts';
import { inviteToPortal, portalLinkIn } from '../support/portal.ts';
import { seedPractice } from '../support/practice-data.ts';

const MINUTE = 60_000;

test('idle 15 minutes: signed out onto the portal sign-in, which says why; an expired link offers Send a new link right there', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('idle-client');
  const { clients } = await seedPractice(therapist.id, { clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }] });
  await signIn(page, therapist);
  const invitationLink = await inviteToPortal(page, clients['Robin'] ?? '', clientEmail);
  const link = new URL(invitationLink, 'http://localhost');
  const clientUserId = link.searchParams.get('userId') ?? '';
  const expire = Date.parse(link.searchParams.get('expire') ?? '');

  const context = await browser.newContext();
  await context.clock.install();
  const client = await context.newPage();
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  await expect(client.getByRole('heading', { level: 1, name: 'Your client portal' })).toBeVisible();
  expect((await users.listSessions({ userId: clientUserId })).sessions).toHaveLength(1);

  // The portal's own limit, whatever a therapist's setting: warned a minute before, then signed out.
  await context.clock.fastForward(14 * MINUTE + 5_000);
  await expect(client.getByRole('dialog', { name: 'Are you still there?' })).toBeVisible();
  await context.clock.fastForward(MINUTE);
  await expect(client).toHaveURL('/portal/sign-in');
  await expect(client.getByText('You were signed out after 15 minutes of inactivity.')).toBeVisible();
  await expect(client.getByLabel('Email address')).toBeVisible();
  await expectAccessible(client);
  await expect.poll(async () => (await users.listSessions({ userId: clientUserId })).sessions).toEqual([]);

  // A day later the invitation's link has expired (Appwrite refuses it; the page reads its expiry).
  await context.clock.setSystemTime(expire + MINUTE);
  await client.goto(invitationLink);
  await expect(client.getByText('This sign-in link has expired.')).toBeVisible({ timeout: 30_000 });
  await client.getByRole('button', { name: 'Send a new link' }).click();
  await expect(client.getByText('A new sign-in email is on its way')).toBeVisible({ timeout: 30_000 });
  await client.goto(await portalLinkIn(clientEmail, 'Your sign-in code for the client portal'));
  await expect(client).toHaveURL('/portal', { timeout: 30_000 });
  await context.close();
});
