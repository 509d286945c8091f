// The account-cleanup page (spec §2): all of the user's data through delete-user-selfservice, sign-out,
// 'Account Deleted' with Return Home after 2 s; on error 'Error Deleting Account' with Try Again.
import { NO_DOCUMENTS, documentCounts, userWithData, visitAccount } from '../support/account-data.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { flushWebhooks, stripe } from '../support/stripe-clock.ts';
import { signIn, users } from '../support/users.ts';

test('account-cleanup page deletes the user\'s data, signs out, Return Home after 2 s (spec §2)', async ({ page }) => {
  test.setTimeout(90_000);
  const { user, billing } = await userWithData();
  await signIn(page, user);
  await visitAccount(page, user);

  await page.goto('/account-cleanup');
  await expect(pageHeading(page)).toHaveText('Account Deleted');
  const home = page.getByRole('link', { name: 'Return Home' });
  await expect(home).toHaveCount(0);
  await expect(home).toBeVisible({ timeout: 5_000 });
  await expectAccessible(page);

  await flushWebhooks();
  await expect(users.get({ userId: user.id })).rejects.toMatchObject({ code: 404 });
  expect(await documentCounts(user.id)).toEqual(NO_DOCUMENTS);
  expect((await stripe.subscriptions.retrieve(billing.subscriptionId)).status).toBe('canceled');

  await home.click();
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});

test('account-cleanup page without a session → Error Deleting Account with Try Again to /login', async ({ page }) => {
  await page.goto('/account-cleanup');
  await expect(pageHeading(page)).toHaveText('Error Deleting Account');
  const tryAgain = page.getByRole('link', { name: 'Try Again' });
  await expect(tryAgain).toHaveAttribute('href', '/login');
  await expectAccessible(page);
  await tryAgain.click();
  await expect(page).toHaveURL('/login');
});
