import { Client, Databases, ID, Permission, Query, Role } from 'node-appwrite';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';
import { createCompleteUser, signIn } from '../support/users.ts';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

test('account-cleanup page deletes the user\'s data, signs out, Return Home after 2 s (spec §2)', async ({ page }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  await signIn(page, user);
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(2);

  await page.goto('/account-cleanup');
  await expect(pageHeading(page)).toHaveText('Account Deleted');
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible({ timeout: 5_000 });
  await expectAccessible(page);
  const left = await databases.listDocuments({ databaseId: 'main', collectionId: 'notifications', queries: [Query.equal('userId', user.id)] });
  expect(left.total).toBe(0);
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
});

test('account-cleanup page: data it cannot delete → Error Deleting Account with Try Again to /login', async ({ page }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  // Readable by the user, deletable only by functions (as the billing webhook writes it).
  await databases.createDocument({
    databaseId: 'main', collectionId: 'subscriptions', documentId: ID.unique(),
    data: { userId: user.id, stripeSubscriptionId: `sub_${user.id}`, status: 'trialing' },
    permissions: [Permission.read(Role.user(user.id))],
  });
  await signIn(page, user);
  await page.goto('/account-cleanup');
  await expect(pageHeading(page)).toHaveText('Error Deleting Account');
  await expect(page.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/login');
});
