import { createCompleteUsers, logInThroughPage } from '../support/accounts.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { uniqueEmail, waitForLink } from '../support/mailbox.ts';

// spec §2 /reset-password, §5 reset rules and messages.

const email = uniqueEmail('reset');
test.beforeAll(async () => {
  await createCompleteUsers([email]);
});

test('a link without userId, secret or expire is invalid', async ({ page }) => {
  await page.goto('/reset-password?userId=a&secret=b');
  await expect(pageHeading(page)).toHaveText('Reset Password');
  await expect(page.getByRole('alert')).toHaveText('Invalid reset link. Please request a new password reset.');
});

test('a link past its expire has expired', async ({ page }) => {
  await page.goto('/reset-password?userId=a&secret=b&expire=2000-01-01T00%3A00%3A00.000%2B00%3A00');
  await expect(page.getByRole('alert')).toHaveText('This reset link has expired. Please request a new password reset.');
});

test('every form message, a failure, then success → /login after 3 s with the new password', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const link = await waitForLink(email, '/reset-password');

  const bad = new URL(link);
  bad.searchParams.set('secret', 'not-the-secret');
  await page.goto(`${bad.pathname}${bad.search}`);
  const fresh = 'brand new password';
  const submit = () => page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByLabel('New Password').fill(fresh);
  await page.getByLabel('Confirm Password').fill(fresh);
  await submit();
  await expect(page.getByRole('alert')).toHaveText('Failed to reset password. Please try again.');

  await page.goto(`${link.pathname}${link.search}`);
  await expectAccessible(page);
  await submit();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields.');
  await page.getByLabel('New Password').fill(fresh);
  await page.getByLabel('Confirm Password').fill(`${fresh}!`);
  await submit();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await submit();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long.');
  await page.getByLabel('New Password').fill(fresh);
  await page.getByLabel('Confirm Password').fill(fresh);
  await submit();
  await expect(page.getByRole('status')).toHaveText(/password has been reset/);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL('/login');
  await logInThroughPage(page, email, fresh);
});
