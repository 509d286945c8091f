// Issue 31, the client portal's foundation in the composed build: a therapist invites a client
// from the client's page; the client signs in from the dev mailbox by the invitation's link and,
// later, by the code of a sign-in mail, and sees the practice on the portal's home; a used link
// offers "Send a new link" there. Each side is sent to its own area: the client from /dashboard and
// /account to /portal, the therapist from /portal to /dashboard. Phone layout and axe, light and dark.
import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';
import { mailFor, uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { seedPractice } from '../support/practice-data.ts';

const PRACTICE = 'Calm Harbor Counseling';
const INVITE_SUBJECT = `${PRACTICE} invited you to its client portal`;
const SIGN_IN_SUBJECT = 'Your sign-in code for the client portal';

/** The sign-in link of the newest mail with `subject`, as a path on this app. */
async function linkIn(email: string, subject: string, skip = 0): Promise<string> {
  const mail = await waitForMail(email, (m) => m.subject === subject, skip, 30_000);
  const href = /https?:\/\/\S+\/portal\/sign-in\?\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no portal link in: ${mail.text}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
}

test('a therapist invites a client, who signs in by link and by code; each side lands in its own area', async ({ page, browser }) => {
  // One flow through two browsers and several function executions (cold ones are slow on a busy machine).
  test.setTimeout(360_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('portal-client');
  const { clients } = await seedPractice(therapist.id, {
    clients: [{ firstName: 'Robin', lastName: 'Hale', email: clientEmail, reminderConsent: true }, { firstName: 'Noel', lastName: 'Park', email: uniqueEmail('no-consent') }],
  });

  // The therapist: a client without consent to email cannot be invited; a consenting one can.
  await signIn(page, therapist);
  await page.goto(`/dashboard/clients/${clients['Noel']}?tab=portal`);
  await expect(page.getByText('The client has not agreed to email yet')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Invite to portal' })).toBeDisabled();
  await page.goto(`/dashboard/clients/${clients['Robin']}?tab=portal`);
  // The Portal tab's section, and the summary above the tabs, which says the same in one word.
  const portalTab = page.getByRole('region', { name: 'Client portal' });
  const summaryPortal = page.getByLabel('Client summary').locator('div', { has: page.locator('dt', { hasText: /^Portal$/ }) }).locator('dd');
  await expect(portalTab.getByText('Not invited')).toBeVisible({ timeout: 60_000 });
  await expect(summaryPortal).toHaveText('Not invited');
  await portalTab.getByRole('button', { name: 'Invite to portal' }).click();
  await expect(portalTab.getByText('Invitation sent. The email names only your practice')).toBeVisible({ timeout: 60_000 });
  await expect(portalTab.getByText('Invited', { exact: true })).toBeVisible();
  await expect(summaryPortal).toHaveText('Invited');
  // A therapist on the portal lands on the dashboard.
  await page.goto('/portal');
  await expect(page).toHaveURL('/dashboard', { timeout: 60_000 });

  // The invitation says who invites and carries a link: nothing else about the client.
  const [invitation] = (await mailFor(clientEmail)).filter((m) => m.subject === INVITE_SUBJECT);
  for (const word of ['Robin', 'Hale', clients['Robin'] ?? '-']) expect(`${invitation?.text}${invitation?.html}`).not.toContain(word);

  // The client, in a browser of their own, follows the invitation's link.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const invitationLink = await linkIn(clientEmail, INVITE_SUBJECT);
  await client.goto(invitationLink);
  await expect(client).toHaveURL('/portal', { timeout: 60_000 });
  await expect(client.getByRole('heading', { level: 1, name: 'Your client portal' })).toBeVisible({ timeout: 60_000 });
  await expect(client.getByRole('heading', { level: 2, name: PRACTICE })).toBeVisible();
  await expect(client.getByText('Nothing to fill in or sign yet.')).toBeVisible();
  await expectAccessible(client);

  // The client has no place on the therapist's pages.
  await client.goto('/dashboard/clients');
  await expect(client).toHaveURL('/portal');
  await client.goto('/account');
  await expect(client).toHaveURL('/portal');

  // Signed out, the used invitation link says so and offers a new one right there.
  await client.getByRole('button', { name: 'Sign out' }).click();
  await expect(client).toHaveURL('/portal/sign-in');
  await client.goto(invitationLink);
  await expect(client.getByText('This sign-in link was already used or is no longer valid.')).toBeVisible();
  await client.getByRole('button', { name: 'Send a new link' }).click();
  await expect(client.getByText('A new sign-in email is on its way')).toBeVisible({ timeout: 60_000 });

  // By code, on a phone: the email, then the code of the newest mail.
  await client.setViewportSize({ width: 390, height: 844 });
  await client.goto('/portal/sign-in');
  await expectAccessible(client);
  await client.getByLabel('Email address').fill(clientEmail);
  await client.getByRole('button', { name: 'Email me a code and link' }).click();
  await expect(client.getByLabel('Sign-in code')).toBeFocused({ timeout: 30_000 });
  const mail = await waitForMail(clientEmail, (m) => m.subject === SIGN_IN_SUBJECT, 1, 30_000);
  const code = /Your sign-in code is (\S+)/.exec(mail.text)?.[1] ?? '';
  await client.getByLabel('Sign-in code').fill('000000');
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client.getByText('That code doesn’t work.')).toBeVisible();
  await expect(client.getByLabel('Sign-in code')).toHaveValue('000000');
  await client.getByLabel('Sign-in code').fill(code.toUpperCase());
  await client.getByRole('button', { name: 'Sign in' }).click();
  await expect(client).toHaveURL('/portal');
  await expect(client.getByRole('heading', { level: 2, name: PRACTICE })).toBeVisible();
  await expectNoSidewaysScroll(client);
  await client.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(client);

  // The therapist sees the client active once signed in.
  await page.goto(`/dashboard/clients/${clients['Robin']}?tab=portal`);
  await expect(page.getByText(/Signed in to the portal since /)).toBeVisible({ timeout: 60_000 });
  await expect(summaryPortal).toHaveText('Active');
  await clientContext.close();
});
