import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { appUrl } from '../support/ports.ts';
import { createCompleteUser, signIn, users, type TestUser } from '../support/accounts.ts';

async function extraSession(user: TestUser): Promise<void> {
  const response = await fetch(`${appUrl}/v1/account/sessions/email`, {
    method: 'POST',
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status}`);
}

test('devices: terminate one session from a second browser, then all others after the confirm (spec §2 Devices)', async ({ page, browser }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  await signIn(page, user);
  const other = await browser.newContext({ baseURL: appUrl });
  const otherPage = await other.newPage();
  await signIn(otherPage, user);

  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (2/5 max)' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  for (const label of ['Device', 'IP Address', 'Location', 'Last Activity', 'Created']) {
    await expect(sessions.first().locator('dt', { hasText: label })).toBeVisible();
  }
  await expect(page.getByText('Current', { exact: true })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (1/5 max)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Terminate All Others' })).toHaveCount(0);
  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await extraSession(user);
  await extraSession(user);
  await page.reload();
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (3/5 max)' })).toBeVisible();

  const message = 'Are you sure you want to terminate all other sessions? This will log you out from all other devices.';
  const confirm = page.getByRole('dialog', { name: 'Terminate all other sessions?' });
  await page.getByRole('button', { name: 'Terminate All Others' }).click();
  await expect(confirm).toHaveAccessibleDescription(message);
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Active Sessions (3/5 max)' })).toBeVisible();

  await page.getByRole('button', { name: 'Terminate All Others' }).click();
  await confirm.getByRole('button', { name: 'Terminate Sessions' }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (1/5 max)' })).toBeVisible();
  await expect(page.getByText('Current', { exact: true })).toHaveCount(1);
});

test('a 6th login evicts the oldest session: that browser is signed out, 5/5 remain (spec §9 maximum active sessions)', async ({ page, browser }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  await signIn(page, user);
  const oldest = (await (await page.request.get('/v1/account/sessions/current', { headers: { 'x-appwrite-project': 'cadence' } })).json()) as { $id: string };
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();

  for (let i = 0; i < 4; i += 1) await extraSession(user);
  const newest = await browser.newContext({ baseURL: appUrl });
  const newestPage = await newest.newPage();
  await signIn(newestPage, user);

  const remaining = (await users.listSessions({ userId: user.id })).sessions.map((s) => s.$id);
  expect(remaining).toHaveLength(5);
  expect(remaining).not.toContain(oldest.$id);

  await newestPage.goto('/account');
  await newestPage.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Devices' }).click();
  await expect(newestPage.getByRole('heading', { name: 'Active Sessions (5/5 max)' })).toBeVisible();
  await expect(newestPage.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')).toHaveCount(5);
  await expect(newestPage.getByText('Current', { exact: true })).toHaveCount(1);

  // The first browser's session is gone: its next visit is signed out.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  await newest.close();
});

test('a Terminate that fails (the network drops) leaves the list as it was, with the error beside it (issue 18)', async ({ page, context, browser }) => {
  const user = await createCompleteUser(['subscribed', 'trialActive']);
  await signIn(page, user);
  const other = await browser.newContext({ baseURL: appUrl });
  await signIn(await other.newPage(), user);
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (2/5 max)' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);

  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expect.poll(() => alerts).toEqual(['Failed to terminate session. Please try again.']);
  await expect(page.getByRole('alert')).toHaveText('Failed to terminate session. Please try again.');
  await expect(page.getByRole('button', { name: 'Terminate', exact: true })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Active Sessions (2/5 max)' })).toBeVisible();
  await expect(sessions).toHaveCount(2);
  await expect(page.getByText('No active sessions')).toHaveCount(0);

  // Back online, the same button works and the error goes.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Terminate', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Active Sessions (1/5 max)' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await other.close();
});
