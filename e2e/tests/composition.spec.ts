import { createCompleteUsers, PASSWORD } from '../support/accounts.ts';
import { test, expect, pageHeading } from '../support/fixtures.ts';
import { uniqueEmail } from '../support/mailbox.ts';

// /dashboard and /account are guarded (spec §2): the visit signs in to reach their remotes.
const member = uniqueEmail('composition');
test.beforeAll(async () => {
  await createCompleteUsers([member]);
});

// Counts every react-dom renderer that registers itself, as React DevTools would see them.
const countRenderers = () => {
  const hook = { renderers: new Map<number, unknown>(), supportsFiber: true, inject(renderer: unknown) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; }, onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {} };
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', { value: hook });
};

test('one React and one shared-auth store across a visit of every remote', async ({ page, consoleLog }) => {
  await page.addInitScript(countRenderers);
  const remoteFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/')) remoteFiles.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(pageHeading(page)).toHaveText('Cadence');
  for (const [link, path] of [['Sign Up', '/signup'], ['Login', '/login']] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(path);
    await expect(pageHeading(page)).toBeVisible();
  }
  // Router navigations are transitions: the previous page stays up until the next remote loads.
  await expect(pageHeading(page)).toHaveText('Login');
  await page.getByLabel('Email').fill(member);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/account');
  for (const path of ['/dashboard', '/account', '/payment-success', '/changelog']) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(pageHeading(page)).toBeVisible();
    await expect(page.getByText('This part of Cadence could not be loaded')).toHaveCount(0);
  }
  for (const remote of ['mf-auth', 'mf-dashboard', 'mf-account', 'mf-billing', 'mf-content']) {
    expect(remoteFiles.some((file) => file.startsWith(`/remotes/${remote}/`))).toBe(true);
  }
  const counts = await page.evaluate(() => ({
    renderers: (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    stores: (globalThis as { __cadenceAuthStoreInstances?: number }).__cadenceAuthStoreInstances,
  }));
  expect(counts).toEqual({ renderers: 1, stores: 1 });
  // A remote never ships its own copy of a shared library: only its own chunks come from /remotes/.
  const sharedNames = /react|zustand|appwrite|shared-auth|router/i;
  expect(remoteFiles.filter((file) => sharedNames.test(file.split('/').pop() ?? ''))).toEqual([]);
  // The containers' share negotiation warns "Unsatisfied version …" when a singleton's range is not met.
  expect(consoleLog.warnings.filter((w) => /Unsatisfied version|No satisfying version/.test(w))).toEqual([]);
  expect(consoleLog.errors.filter((e) => /Invalid hook call|RUNTIME-/.test(e))).toEqual([]);
});

test('a remote outage stays on its route, and Retry recovers without a reload', async ({ page }) => {
  await page.route('**/remotes/mf-content/**', (route) => route.abort());
  await page.goto('/faq');
  await expect(page.getByRole('alert')).toContainText('This part of Cadence could not be loaded');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  // Nav, footer and other remotes keep working.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.getByText('This part of Cadence could not be loaded')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/remotes/mf-content/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('a broken remotes.json does not blank the shell', async ({ page }) => {
  await page.route('**/remotes.json', (route) => route.fulfill({ status: 500, body: 'oops' }));
  await page.goto('/');
  await expect(pageHeading(page)).toHaveText('Cadence');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Changelog' }).click();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});
