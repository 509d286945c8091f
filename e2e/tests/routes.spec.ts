import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';

// Spec §2 route table: each route renders its own screen (never the remote-failure message),
// and axe finds nothing serious on it.
const screens: Array<[path: string, heading: RegExp]> = [
  ['/', /^Cadence$/],
  ['/signup', /.+/],
  ['/login', /.+/],
  ['/success', /.+/],
  ['/cancel', /.+/],
  ['/payment-cancelled', /.+/],
  ['/payment-success', /.+/],
  ['/changelog', /^Changelog$/],
  ['/terms', /Terms of Service/],
  ['/privacy', /Privacy Policy/],
  ['/faq', /Frequently Asked Questions/],
  ['/contact', /^Contact$/],
  ['/verify-email', /.+/],
  ['/reset-password', /.+/],
];

// One page walks the table (a step per route, each reported on its own): a fresh browser context per
// route would only add its cold start, which is not what these check.
test('every route renders its own screen with the nav and footer, and axe finds nothing serious', async ({ page, consoleLog }) => {
  test.setTimeout(120_000);
  for (const [path, heading] of screens) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(pageHeading(page)).toHaveText(heading);
      await expect(page.getByText('This part of Cadence could not be loaded')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectAccessible(page);
    });
  }
  expect(consoleLog.warnings.filter((w) => w.includes('does not satisfy the requirement'))).toEqual([]);
});

// Guarded (spec §2): signed out, the guard sends a visit to /login.
test('/dashboard and /account are guarded: signed out they end on /login', async ({ page }) => {
  for (const path of ['/dashboard', '/account']) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL('/login');
      await expect(pageHeading(page)).toHaveText('Login');
      await expectAccessible(page);
    });
  }
});

test('/cancel and /payment-cancelled show the same screen', async ({ page }) => {
  await page.goto('/cancel');
  const cancel = await pageHeading(page).textContent();
  await page.goto('/payment-cancelled');
  await expect(pageHeading(page)).toHaveText(cancel ?? '');
});

test('an unknown route is a real 404 with the shell around it', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(pageHeading(page)).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('hash fallbacks land on their routes', async ({ page }) => {
  // Signed out, the guard then sends both on to /login; the fallback itself must happen first.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
  });
  await page.goto('/#dashboard');
  await expect(page).toHaveURL('/login');
  await page.goto('/#account?view=billing');
  await expect(page).toHaveURL('/login');
  expect(visited).toEqual(expect.arrayContaining(['/dashboard', '/account?view=billing']));
});

test('the page scrolls to the top on every path change', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 400 });
  await page.goto('/terms');
  await expect(pageHeading(page)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(pageHeading(page)).toHaveText(/Privacy Policy/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
