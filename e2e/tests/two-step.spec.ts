// issue 17 two-step verification, end to end in the production build: turn it on in Settings (QR
// code and key, a code from an "authenticator app" made here with otpauth), sign out, sign in with
// a code, then with a recovery code (each works once), turn it off.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { createCompleteUser, logInThroughPage, type TestUser } from '../support/accounts.ts';

/** The authenticator app: the code of the current 30 s window, never one about to expire. */
async function appCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  if (totp.remaining() < 4000) await new Promise((resolve) => setTimeout(resolve, totp.remaining() + 100));
  return totp.generate();
}

async function openAccountTab(page: Page, tab: 'Settings' | 'Devices'): Promise<void> {
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { level: 2, name: tab })).toBeVisible();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).not.toHaveURL(/\/account/);
}

async function passwordStep(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
}

test('two-step verification: turn on, sign in with a code, then with a recovery code (once), turn off (issue 17)', async ({ page, consoleLog }) => {
  // Five sign-ins, and each app code may wait out the end of its 30 s window.
  test.setTimeout(120_000);
  const user = await createCompleteUser();
  await logInThroughPage(page, user.email, user.password);
  await openAccountTab(page, 'Settings');
  const section = page.getByRole('heading', { name: 'Two-step verification', level: 4 }).locator('..');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();

  // Turn on: QR code and key, then the app's code.
  await page.getByRole('button', { name: 'Turn On Two-Step Verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code that adds Cadence to an authenticator app' })).toBeVisible();
  const secret = await page.locator('code[data-secret]').getAttribute('data-secret') ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await expect(page.locator('code[data-secret]')).toHaveText(secret.match(/.{1,4}/g)?.join(' ') ?? '');
  await expectAccessible(page);
  const code = page.getByLabel('Code from your authenticator app');
  await expect(code).toBeFocused();
  await code.fill('000000' === (await appCode(secret)) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn On', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not correct.' })).toHaveCount(1);
  await code.fill(await appCode(secret));
  await page.getByRole('button', { name: 'Turn On', exact: true }).click();

  // The recovery codes, once: on screen, downloaded, and the status says On.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const recoveryCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(recoveryCodes).toHaveLength(6);
  for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[0-9a-f]{10}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('cadence-recovery-codes.txt');
  const file = await readFile(await download.path(), 'utf8');
  for (const recoveryCode of recoveryCodes) expect(file).toContain(recoveryCode);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: "I've Saved My Codes" }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Regenerate Recovery Codes' })).toBeFocused();

  await openAccountTab(page, 'Devices');
  await expect(page.getByText('Two-step verification:')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByText('Two steps')).toBeVisible();

  // Sign out; the password alone is not enough, and the half-made session opens nothing.
  await logOut(page);
  await passwordStep(page, user);
  await expect(page.getByLabel('Enter the 6-digit code from your authenticator app')).toBeFocused();
  await expectAccessible(page);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  // The login over that unfinished sign-in starts afresh, at the code step again.
  await passwordStep(page, user);
  const totpField = page.getByLabel('Enter the 6-digit code from your authenticator app');
  await totpField.fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter the 6-digit code from your authenticator app.');
  await totpField.fill(await appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/account');

  // A recovery code signs in once.
  const [firstCode] = recoveryCodes as [string];
  await logOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(firstCode.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/account');
  await logOut(page);
  await passwordStep(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Enter one of your recovery codes').fill(firstCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That recovery code is not correct or has already been used.');
  await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();
  await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/account');

  // Turn off with a current code; then the password alone signs in.
  await openAccountTab(page, 'Settings');
  await page.getByRole('button', { name: 'Turn Off Two-Step Verification' }).click();
  await page.getByLabel('Code from your authenticator app').fill(await appCode(secret));
  await page.getByRole('button', { name: 'Turn Off', exact: true }).click();
  await expect(page.getByText('Two-step verification is off.')).toBeVisible();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn On Two-Step Verification' })).toBeFocused();
  await logOut(page);
  await logInThroughPage(page, user.email, user.password);

  expect(consoleLog.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});
