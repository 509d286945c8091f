import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { createCompleteUser, signIn } from '../support/users.ts';

test('notifications from labels: filters, click marks read, Mark Unread, Delete (spec §2 Notifications panel, §4)', async ({ page }) => {
  const user = await createCompleteUser(['subscribed', 'paymentFailed']);
  await signIn(page, user);
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('button', { name: 'Notifications' }).click();
  const list = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  const unreadBadges = page.getByRole('list', { name: 'Notifications' }).getByText('Unread', { exact: true });
  await expect(list).toHaveCount(2);
  await expect(unreadBadges).toHaveCount(2);
  await expectAccessible(page);

  const filters = page.getByRole('group', { name: 'Filter notifications' });
  await filters.getByRole('button', { name: 'Urgent' }).click();
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Payment failed');
  await filters.getByRole('button', { name: 'All' }).click();

  await page.getByRole('button', { name: /Welcome to Cadence/ }).click();
  await expect(page.getByRole('link', { name: 'Open Dashboard' })).toHaveAttribute('href', /\/dashboard$/);
  await expect(page.getByText('Just now')).toBeVisible();
  await expect(unreadBadges).toHaveCount(1);
  await filters.getByRole('button', { name: 'Unread' }).click();
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Payment failed');

  // Read state is stored: it survives a reload (regeneration updates, never resets it).
  await page.reload();
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('button', { name: 'Notifications' }).click();
  await expect(list).toHaveCount(2);
  await expect(unreadBadges).toHaveCount(1);

  await page.getByRole('button', { name: /Welcome to Cadence/ }).click();
  await page.getByRole('button', { name: 'Mark Unread' }).click();
  await expect(unreadBadges).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText('Payment failed');
});
