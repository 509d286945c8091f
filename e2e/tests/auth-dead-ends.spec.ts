import { createCompleteUser, createCompleteUsers, createUser, PASSWORD, signIn } from '../support/accounts.ts';
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { uniqueEmail, waitForLink } from '../support/mailbox.ts';

// Issue 20 "No dead ends" and issue 18 "Flows that strand the therapist", on the auth screens.

test('signed in, /login and /signup say who is signed in instead of ending the session; Log Out gives the form back', async ({ page }) => {
  const therapist = await createCompleteUser();
  await signIn(page, therapist);
  const signedInAs = page.getByText(`You're signed in as ${therapist.email}.`);

  await page.goto('/login');
  await expect(signedInAs).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(pageHeading(page)).toHaveText('Dashboard');

  await page.goto('/signup');
  await expect(signedInAs).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL('/login');
});

test('signed in and unverified (after an email change): a waiting screen with the address, Resend, Change Email and Log Out on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = uniqueEmail('waiting');
  const corrected = uniqueEmail('corrected');
  await createCompleteUsers([email], PASSWORD, false);
  await signIn(page, { email });
  await page.goto('/account');
  await expect(page).toHaveURL('/verify-email');
  await expect(pageHeading(page)).toHaveText('Verify Email');
  await expect(page.getByText(`Open the verification link we sent to ${email} to finish.`)).toBeVisible();
  await expect(page.getByText(/Invalid verification link/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByRole('status')).toHaveText('Verification email sent! Check your inbox.');
  await waitForLink(email, '/verify-email');

  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByLabel('New Email')).toBeFocused();
  await page.getByLabel('New Email').fill(corrected);
  await page.getByLabel('Current Password').fill('not the password');
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Failed to update email: /);
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Email' }).click();
  await expect(page.getByRole('status')).toHaveText('Email updated. Check your inbox to verify the new address.');
  await expect(page.getByRole('button', { name: 'Change Email' })).toBeFocused();
  await expect(page.getByText(`Open the verification link we sent to ${corrected} to finish.`)).toBeVisible();
  const link = await waitForLink(corrected, '/verify-email');

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();

  // The corrected address verifies, and the account opens with it.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('status')).toHaveText('Your email has been verified! Redirecting…');
  await expect(page).toHaveURL('/login?verified=true');
  await page.getByLabel('Email').fill(corrected);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/account');
});

test('an expired verification link while signed out: Resend Email leads to log in, which sends a new link', async ({ page }) => {
  const email = uniqueEmail('expired-link');
  const user = await createUser(email);
  await page.goto(`/verify-email?userId=${user.$id}&secret=wrong&expire=2000-01-01T00%3A00%3A00.000%2B00%3A00`);
  await expect(page.getByRole('alert')).toHaveText(/expired or already been used/);
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('status')).toHaveText("Log in and we'll send you a new verification email.");
  await expect(page.getByText('Please try logging in')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('status').first().locator('.ui-alert__body')).toHaveText(
    'Please verify your email before logging in. A new verification email has been sent to your inbox.',
  );
  const link = await waitForLink(email, '/verify-email');
  expect(link.searchParams.get('userId')).toBe(user.$id);
});
