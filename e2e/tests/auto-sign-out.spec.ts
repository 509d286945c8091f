// issue 17 "Automatic sign-out": two tabs of one browser under Playwright's clock. The limit chosen in
// Settings applies in both; activity in one keeps the other alive; idle, both warn 60 s before; Stay
// signed in in one answers for both; then the session is deleted, both tabs land on /login saying
// why, and the old cookie opens nothing on the server.
import { expect, expectAccessible, pageHeading, test } from '../support/fixtures.ts';
import { appUrl } from '../support/ports.ts';
import { createCompleteUser, signIn, users } from '../support/accounts.ts';

const MINUTE = 60_000;
const WARNING = /^You'll be signed out in \d+ seconds because of inactivity\.$/;

test('idle in every tab: warned, then signed out in both, /login says why, and the session is gone on the server', async ({ page, context }) => {
  const user = await createCompleteUser();
  await context.clock.install();
  await signIn(page, user);
  const sessions = async () => (await users.listSessions({ userId: user.id })).sessions;
  const [atSignIn] = await sessions();
  expect(atSignIn).toBeDefined();

  // Tab A: the setting, 15 minutes until the therapist chooses 5.
  await page.goto('/account');
  await page.getByRole('tablist', { name: 'Account sections' }).getByRole('tab', { name: 'Settings' }).click();
  const limit = page.getByRole('combobox', { name: 'Sign out after inactivity' });
  await expect(limit).toHaveValue('15');
  await limit.selectOption('5');
  await expect(page.getByText("You'll be signed out after 5 minutes of inactivity.")).toBeVisible();
  // That activity extended the session on the server (account.updateSession).
  await expect.poll(async () => Date.parse((await sessions())[0]?.expire ?? '')).toBeGreaterThan(Date.parse(atSignIn?.expire ?? ''));

  // Tab B, in the same browser.
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(pageHeading(other)).toBeVisible();
  // On plain http the browser keeps the legacy cookie (SameSite=None needs Secure).
  const session = (await context.cookies()).find((cookie) => cookie.name.startsWith('a_session_cadence'));
  expect(session?.value).toBeTruthy();

  // Activity in tab B after 3 idle minutes keeps tab A alive past its own 5.
  await context.clock.fastForward(3 * MINUTE);
  await other.mouse.move(120, 240);
  await other.mouse.move(160, 260);
  await context.clock.fastForward(3 * MINUTE);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL('/account');
  await expect(limit).toHaveValue('5');

  // A minute and a half later the warning shows in both tabs, focus on Stay signed in.
  await context.clock.fastForward(1.5 * MINUTE);
  const warningA = page.getByRole('dialog', { name: 'Are you still there?' });
  const warningB = other.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warningA).toBeVisible();
  await expect(warningA).toHaveAccessibleDescription(WARNING);
  await expect(warningA.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expect(warningA.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(warningB).toBeVisible();
  await expectAccessible(page);
  // A pointer moving over the warning is no answer; Stay signed in (here by keyboard) in tab A is, for both.
  await page.mouse.move(10, 10);
  await expect(warningA).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(warningA).toHaveCount(0);
  await expect(warningB).toHaveCount(0);

  // Idle again: warned again, then signed out in both tabs.
  await context.clock.fastForward(4 * MINUTE + 5_000);
  await expect(warningA).toBeVisible();
  await expect(warningB).toBeVisible();
  await context.clock.fastForward(MINUTE);
  for (const tab of [page, other]) {
    await expect(tab).toHaveURL('/login');
    await expect(tab.getByText('You were signed out after 5 minutes of inactivity.')).toBeVisible();
    await expect(tab.getByRole('button', { name: 'Log In' })).toBeVisible();
  }

  // Gone on the server: the old cookie is refused, and the user has no session left.
  const withOldCookie = await fetch(`${appUrl}/v1/account`, {
    headers: { 'x-appwrite-project': 'cadence', cookie: `${session?.name ?? ''}=${session?.value ?? ''}` },
  });
  expect(withOldCookie.status).toBe(401);
  expect(await sessions()).toEqual([]);
  // And the guarded pages lead to /login.
  await other.goto('/account');
  await expect(other).toHaveURL('/login');
});
