import { createCompleteUsers, createUser, logInThroughPage, PASSWORD } from '../support/accounts.ts';
import { appUrl } from '../support/ports.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { mailFor, uniqueEmail, waitForLink, waitForMail } from '../support/mailbox.ts';

// spec §2 /login and /verify-email, §8 login and verification messages.

const member = uniqueEmail('member');
const forgetful = uniqueEmail('forgetful');
const unverified = uniqueEmail('unverified');
test.beforeAll(async () => {
  await Promise.all([createCompleteUsers([member, forgetful]), createCompleteUsers([unverified], PASSWORD, false)]);
});

test('login success goes to /account with the signed-in links', async ({ page }) => {
  await page.goto('/login');
  await expect(pageHeading(page)).toHaveText('Login');
  await expectAccessible(page);
  await logInThroughPage(page, member);
  await expect(pageHeading(page)).toHaveText('Account');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('a wrong password says Incorrect password; Reset Password mails a recovery link', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(forgetful);
  await page.getByLabel('Password').fill('not the password');
  await expect(page.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password reset email sent successfully! Check your inbox.');
  const link = await waitForLink(forgetful, '/reset-password');
  expect(link.origin).toBe(appUrl);
  expect([...link.searchParams.keys()].sort()).toEqual(['expire', 'secret', 'userId']);
});

test('an over-long password or a malformed email is named as such, not "Login failed" (issue 11)', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(forgetful);
  await page.getByLabel('Password').fill('x'.repeat(300));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at most 256 characters long.');
  await page.getByLabel('Email').fill(`${'a'.repeat(10_000)}@cadence.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
});

test('?verified=true shows the green verified banner', async ({ page }) => {
  await page.goto('/login?verified=true');
  await expect(page.getByRole('status')).toHaveText('Your email has been verified. You can now log in.');
  await expect(page.getByRole('status')).toHaveClass(/ui-alert--success/);
});

test('an unverified user is signed out, gets a new verification email, and can verify through its link', async ({ page }) => {
  const email = unverified;
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  // The yellow box holds the message and, beside it, its 'Need Another Verification Email?' button.
  await expect(page.getByRole('status').first().locator('.ui-alert__body')).toHaveText(
    'Please verify your email before logging in. A new verification email has been sent to your inbox.',
  );
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await waitForLink(email, '/verify-email');

  await page.getByRole('button', { name: 'Need Another Verification Email?' }).click();
  await expect(page.getByText('Verification email sent! Check your inbox.')).toBeVisible();
  const link = await waitForLink(email, '/verify-email', 1);
  expect((await mailFor(email)).length).toBe(2);

  // Signed out: success goes to /login?verified=true after 3 s.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status')).toHaveText('Your email has been verified! Redirecting…');
  await page.clock.runFor(3000);
  await expect(page).toHaveURL('/login?verified=true');
  await expect(page.getByText('Your email has been verified. You can now log in.')).toBeVisible();
  await logInThroughPage(page, email);
});

test('/verify-email without userId and secret is a missing-parameters failure', async ({ page }) => {
  await page.goto('/verify-email?userId=abc');
  await expect(page.getByRole('alert')).toHaveText('Invalid verification link: the user or secret is missing.');
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('/verify-email with an invalid link: expired offers Resend Email; unused-but-wrong does not', async ({ page }) => {
  const email = uniqueEmail('badlink');
  const user = await createUser(email);
  await page.goto(`/verify-email?userId=${user.$id}&secret=wrong&expire=2000-01-01T00%3A00%3A00.000%2B00%3A00`);
  await expect(page.getByRole('alert')).toHaveText(
    'Verification link has expired or already been used. Please request a new verification email.',
  );
  await expectAccessible(page);
  // Signed out, Resend Email leads to the login page (issue 20: auth-dead-ends.spec.ts).

  const future = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
  await page.goto(`/verify-email?userId=${user.$id}&secret=wrong&expire=${future}`);
  await expect(page.getByRole('alert')).toHaveText(/expired or already been used/);
  await expect(page.getByRole('button', { name: 'Resend Email' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
});

test('/verify-email for a signed-in, already verified user says Email already verified!', async ({ page }) => {
  await logInThroughPage(page, member);
  await page.goto('/verify-email?userId=x&secret=used');
  await expect(page.getByRole('alert')).toHaveText('Email already verified!');
});

test('the verification mail reaches only the mailbox of that user', async () => {
  const mail = await waitForMail(member, () => true, 0, 1).catch(() => null);
  expect(mail).toBeNull();
});
