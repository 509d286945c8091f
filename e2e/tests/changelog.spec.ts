import type { Page } from '@playwright/test';
import { test, expect, expectAccessible, pageHeading } from '../support/fixtures.ts';

/** Scrolls and waits two frames: the scroll event has fired and React has painted its answer. */
async function scrollAndSettle(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo(0, top);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

test.describe('/changelog (spec §2 Changelog page)', () => {
  test('loads the project CHANGELOG.md and renders it', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/CHANGELOG.md', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/changelog');
    await expect(page.getByText('Loading changelog...')).toBeVisible();
    release();
    await expect(pageHeading(page)).toHaveText('Changelog');
    await expect(page.getByRole('heading', { level: 2, name: /\[0\.1\.0\]/ })).toBeVisible();
    await expect(page.getByText('Loading changelog...')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('sticky bar appears near the first release heading and ↑ Top scrolls up', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 500 });
    const notes = ['# Changelog', '', '## [2.3.4] - 2026-11-01', '', ...Array.from({ length: 80 }, (_, i) => `- change ${i}`), '', '## [2.3.3] - 2026-10-01', '- older'].join('\n');
    await page.route('**/CHANGELOG.md', (route) => route.fulfill({ status: 200, contentType: 'text/markdown', body: notes }));
    await page.goto('/changelog');
    await expect(page.getByRole('heading', { name: /\[2\.3\.4\]/ })).toBeVisible();
    await expect(page.getByText('Latest: 2.3.4')).toHaveCount(0);
    const headingTop = await page.getByRole('heading', { name: /\[2\.3\.4\]/ }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // Just short of the threshold: the heading is still more than 105 px below the top.
    await scrollAndSettle(page, Math.max(0, headingTop - 140));
    await expect(page.getByText('Latest: 2.3.4')).toHaveCount(0);
    await page.evaluate((y) => window.scrollTo(0, y), headingTop - 100);
    await expect(page.getByText('Latest: 2.3.4')).toBeVisible();
    await page.getByRole('button', { name: '↑ Top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('no "## [version]" heading: no sticky bar', async ({ page }) => {
    await page.setViewportSize({ width: 1000, height: 400 });
    const notes = ['## Notes', ...Array.from({ length: 80 }, (_, i) => `- item ${i}`)].join('\n');
    await page.route('**/CHANGELOG.md', (route) => route.fulfill({ status: 200, body: notes }));
    await page.goto('/changelog');
    await expect(page.getByRole('heading', { name: 'Notes' })).toBeVisible();
    await scrollAndSettle(page, await page.evaluate(() => document.body.scrollHeight));
    await expect(page.getByText(/^Latest:/)).toHaveCount(0);
  });

  test('failure shows the red message, logs, and does not retry', async ({ page, consoleLog }) => {
    let requests = 0;
    await page.route('**/CHANGELOG.md', (route) => {
      requests += 1;
      return route.abort();
    });
    await page.goto('/changelog');
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Failed to load changelog. Please try again later.');
    const color = await alert.evaluate((el) => getComputedStyle(el).color);
    const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan((g ?? 0) + 60);
    expect(r).toBeGreaterThan((b ?? 0) + 60);
    // No request for 500 ms after the failure: nothing retries.
    await page.waitForLoadState('networkidle');
    expect(requests).toBe(1);
    expect(consoleLog.errors.some((e) => e.includes('changelog'))).toBe(true);
  });

  test('a non-success status is a failure', async ({ page }) => {
    await page.route('**/CHANGELOG.md', (route) => route.fulfill({ status: 500, body: '## [9.9.9]' }));
    await page.goto('/changelog');
    await expect(page.getByRole('alert')).toHaveText('Failed to load changelog. Please try again later.');
  });

  test('links keep only safe protocols', async ({ page }) => {
    const notes = [
      '## [1.0.0] - 2026-01-01',
      '[web](https://example.com/a) [mail](mailto:help@example.com) [chat](xmpp:me@example.com)',
      '[rel](/terms) [evil](javascript:alert(1)) [data](data:text/html,hi) [file](file:///etc/passwd)',
    ].join('\n\n');
    await page.route('**/CHANGELOG.md', (route) => route.fulfill({ status: 200, body: notes }));
    await page.goto('/changelog');
    const href = (name: string) => page.getByText(name, { exact: true }).evaluate((a) => a.getAttribute('href'));
    await expect(page.getByText('web', { exact: true })).toBeVisible();
    expect(await href('web')).toBe('https://example.com/a');
    expect(await href('mail')).toBe('mailto:help@example.com');
    expect(await href('chat')).toBe('xmpp:me@example.com');
    expect(await href('rel')).toBe('/terms');
    expect(await href('evil')).toBe('');
    expect(await href('data')).toBe('');
    expect(await href('file')).toBe('');
  });
});
