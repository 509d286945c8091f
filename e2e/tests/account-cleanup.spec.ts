// The account-cleanup page (spec §2): all of the user's data through delete-user-selfservice, sign-out,
// 'Account Deleted' with Return Home after 2 s; on error 'Error Deleting Account' with Try Again.
// Issue 11: a visit alone deletes nothing — the page asks Settings' confirmation (phrase, password).
import { NO_DOCUMENTS, documentCounts, userWithData, visitAccount } from '../support/account-data.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { flushWebhooks, stripe } from '../support/stripe-clock.ts';
import { signIn, users } from '../support/accounts.ts';

test('a visit asks first; the phrase and password delete the user\'s data, sign out, Return Home after 2 s (spec §2)', async ({ page }) => {
  test.setTimeout(90_000);
  const { user, billing } = await userWithData();
  await signIn(page, user);
  const before = await visitAccount(page, user);

  await page.goto('/account-cleanup');
  await expect(pageHeading(page)).toHaveText('Delete Account');
  const del = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(del).toBeDisabled();
  await expectAccessible(page);
  // Nothing went: the user, the documents, the subscription, the session.
  await page.waitForTimeout(1_000);
  expect((await users.get({ userId: user.id })).$id).toBe(user.id);
  expect(await documentCounts(user.id)).toEqual(before);
  expect((await stripe.subscriptions.retrieve(billing.subscriptionId)).status).toBe('active');

  // A wrong password is refused by the function; still nothing deleted.
  await page.getByLabel('Type "delete my account" to confirm').fill('delete my account');
  await page.getByLabel('Password').fill('not the password');
  await del.click();
  await expect(page.getByRole('alert')).toHaveText('Failed to delete account: Incorrect password');
  expect((await users.get({ userId: user.id })).$id).toBe(user.id);

  await page.getByLabel('Password').fill(user.password);
  await del.click();
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
