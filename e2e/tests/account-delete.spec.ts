// Settings → Delete Account end to end (spec §2 Settings, §4 "Delete account", §5, §8): the phrase
// gate, delete-user-selfservice against both emulators, the landing page with the thank-you alert,
// and afterwards no login, no documents, a canceled Stripe subscription — and another user untouched.
import { NO_DOCUMENTS, documentCounts, userWithData, visitAccount } from '../support/account-data.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { flushWebhooks, stripe } from '../support/stripe-clock.ts';
import { signIn, users } from '../support/accounts.ts';

const THANK_YOU = 'Your account has been deleted. Thank you for using Cadence.';

test('a subscribed therapist deletes their account; a second therapist keeps everything', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [alice, bob] = [await userWithData(), await userWithData()];
  await signIn(page, alice.user);
  const aliceBefore = await visitAccount(page, alice.user);
  expect(aliceBefore.invoices).toBeGreaterThanOrEqual(2);
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob.user);
  const bobBefore = await visitAccount(bobPage, bob.user);
  const bobLabels = (await users.get({ userId: bob.user.id })).labels;

  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Settings' }).click();
  const toggle = page.getByRole('button', { name: 'Delete Account' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const phrase = page.getByLabel('Type "delete my account" to confirm');
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(del).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(alice.user.password);
  await phrase.fill('delete my acount');
  await expect(del).toBeDisabled();
  await phrase.fill('Delete My Account');
  await expect(del).toBeEnabled();
  await expectAccessible(page);

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await del.click();
  await expect(page).toHaveURL('/');
  await expect.poll(() => alerts).toEqual([THANK_YOU]);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await expectAccessible(page);

  // Gone: the user, every document (also after the cancel's webhooks), the Stripe subscription.
  await flushWebhooks();
  await expect(users.get({ userId: alice.user.id })).rejects.toMatchObject({ code: 404 });
  expect(await documentCounts(alice.user.id)).toEqual(NO_DOCUMENTS);
  const canceled = await stripe.subscriptions.retrieve(alice.billing.subscriptionId);
  expect(canceled.status).toBe('canceled');
  expect(canceled.cancel_at_period_end).toBe(false);

  // The login page no longer lets them in.
  await page.goto('/login');
  await page.getByLabel('Email').fill(alice.user.email);
  await page.getByLabel('Password').fill(alice.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);

  // Bob: documents, labels, subscription and session as before.
  expect(await documentCounts(bob.user.id)).toEqual(bobBefore);
  expect((await users.get({ userId: bob.user.id })).labels).toEqual(bobLabels);
  expect((await stripe.subscriptions.retrieve(bob.billing.subscriptionId)).status).toBe('active');
  await bobPage.reload();
  await expect(pageHeading(bobPage)).toHaveText('Account');
  await bobContext.close();
});
