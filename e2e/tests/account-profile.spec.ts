import { Client, Databases, ID, Permission, Role } from 'node-appwrite';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { appwriteUrl } from '../support/ports.ts';
import { createCompleteUser, signIn } from '../support/accounts.ts';

const databases = new Databases(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));
const DAY = 86_400_000;

function field(page: import('@playwright/test').Page, term: string) {
  return page.locator('.account-panel dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

test.describe('account area: layout and profile (spec §2, §4)', () => {
  test('sections, profile texts of a trialing therapist, trial days from the subscription', async ({ page }) => {
    const user = await createCompleteUser(['subscribed', 'trialActive']);
    await databases.createDocument({
      databaseId: 'main', collectionId: 'subscriptions', documentId: ID.unique(),
      data: { userId: user.id, stripeSubscriptionId: `sub_${user.id}`, status: 'trialing', trialStart: new Date().toISOString(),
        trialEnd: new Date(Date.now() + 3.5 * DAY).toISOString(), createdAt: new Date().toISOString() },
      permissions: [Permission.read(Role.user(user.id))],
    });
    await signIn(page, user);
    await page.goto('/account');
    await expect(pageHeading(page)).toHaveText('Account');
    const nav = page.getByRole('tablist', { name: 'Account sections' });
    await expect(nav.getByRole('tab')).toHaveText(['Profile', 'Payments', 'Notifications', 'Devices', 'Settings', 'Security log']);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
    await expect(field(page, 'Name')).toHaveText(user.name);
    await expect(field(page, 'Email')).toHaveText(user.email);
    await expect(page.getByText('Unverified')).toHaveCount(0);
    await expect(field(page, 'Status')).toHaveText('Free Trial');
    await expect(field(page, 'Trial Days Remaining')).toHaveText('4 days');
    await expect(field(page, 'Plan')).toHaveText('$10.00 USD / month');
    await expect(field(page, 'Billing Cycle')).toHaveText(/^\d{1,2}(st|nd|rd|th) of each month$/);
    await expect(field(page, 'Next Payment')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expectAccessible(page);
  });

  for (const [labels, status] of [
    [['subscribed', 'paymentFailed', 'trialActive'], 'Payment Failed'],
    [['subscribed', 'paymentCurrent'], 'Active Subscription'],
  ] as const) {
    test(`status text for ${labels.join('+')}: ${status}`, async ({ page }) => {
      const user = await createCompleteUser([...labels]);
      await signIn(page, user);
      await page.goto('/account');
      await expect(field(page, 'Status')).toHaveText(status);
    });
  }

  test('?view=billing opens Payments; Log Out signs out and goes to /', async ({ page }) => {
    const user = await createCompleteUser(['subscribed', 'paymentCurrent']);
    await signIn(page, user);
    await page.goto('/account?view=billing');
    await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
    await expect(page.getByText('No invoices yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Billing' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login/);
  });
});
