// Issue #18: the design system's gallery (shared-ui) — served by `pnpm dev` only, so this spec builds
// the shell in development mode into its own folder and serves it with a second app server in dev
// mode (same CSP as production); the suite's production build is untouched. Axe finds nothing
// serious in either scheme, with the overlays open too.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, startAppServer } from '../support/app-server.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { ports } from '../support/ports.ts';

const PORT = ports.app + 3;
const galleryUrl = `http://localhost:${PORT}/_gallery.html`;
let workDir = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'cadence-gallery-'));
  const dist = path.join(workDir, 'dist');
  const build = spawnSync(path.join(repoRoot, 'shell/node_modules/.bin/rspack'), ['build', '--output-path', dist], {
    cwd: path.join(repoRoot, 'shell'),
    env: { ...process.env, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr || build.stdout).toBe(0);
  server = await startAppServer(PORT, path.join(workDir, 'deploy'), { SHELL_DIST: dist, CADENCE_DEV: '1' });
});

test.afterAll(() => {
  server?.kill();
  rmSync(workDir, { recursive: true, force: true });
});

// The panels pin their own scheme (overlays included: none is portalled out of its panel), so the
// system scheme changes only the page around them: every overlay is checked once, under a light
// system scheme, and the page again after the system turns dark.
test('the gallery shows every primitive, light and dark, and axe finds nothing serious under either system scheme', async ({ page, consoleLog }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(galleryUrl);
  const light = page.locator('[data-color-scheme="light"]');
  const dark = page.locator('[data-color-scheme="dark"]');
  await expect(light.getByRole('heading', { level: 1, name: 'Light scheme' })).toBeVisible();
  await expect(dark.getByRole('heading', { level: 1, name: 'Dark scheme' })).toBeVisible();
  const background = (panel: typeof light) => panel.evaluate((element) => getComputedStyle(element).backgroundColor);
  const pinned = async () => {
    expect(await background(light)).toBe('rgb(246, 247, 249)');
    expect(await background(dark)).toBe('rgb(17, 20, 24)');
  };
  await pinned();
  for (const section of ['Button', 'Text fields', 'Combobox', 'Choices', 'Dialog', 'Menu', 'Tabs', 'Table', 'Card', 'Alert', 'Toast', 'EmptyState', 'Loading', 'Icons']) {
    await expect(dark.getByRole('region', { name: section, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // The overlays, open: a menu, the combobox's list, a modal dialog.
  await light.getByRole('button', { name: 'Actions', exact: true }).click();
  await expect(light.getByRole('menu', { name: 'Actions' })).toBeVisible();
  await expectAccessible(page, { include: '[data-color-scheme="light"] [role="menu"]' });
  await page.keyboard.press('Escape');

  await dark.getByRole('combobox', { name: 'Client', exact: true }).click();
  await expect(dark.getByRole('listbox', { name: 'Client' })).toBeVisible();
  await expectAccessible(page, { include: '[data-color-scheme="dark"] :is([role="combobox"], [role="listbox"])' });
  await page.keyboard.press('Escape');

  const opener = dark.getByRole('button', { name: 'Open dialog' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Edit client' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeFocused();
  await expect(dialog.locator('xpath=ancestor::*[@data-color-scheme][1]')).toHaveAttribute('data-color-scheme', 'dark');
  await expectAccessible(page, { include: '[data-color-scheme="dark"] dialog[open]' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The system turns dark: each panel keeps its own scheme; the page around them follows.
  const pageBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightPage = await pageBackground();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(pageBackground).not.toBe(lightPage);
  await pinned();
  await expectAccessible(page, { exclude: '[data-color-scheme]' });

  // (The browser's own favicon request is the one 404.)
  expect(consoleLog.errors.filter((error) => !error.includes('404'))).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('every control is a touch target of at least 44 px (coarse pointer)', async ({ page }) => {
    await page.goto(galleryUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Dark scheme' })).toBeVisible();
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const tooSmall = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="menuitem"], [role="option"]'))
        .filter((control) => control.offsetParent !== null)
        .map((control) => {
          // A checkbox, radio or switch is hit through its whole row (the label is part of the target).
          const target = control.closest('.ui-checkbox, .ui-radio, .ui-switch') ?? control;
          const box = target.getBoundingClientRect();
          return { control: control.getAttribute('aria-label') ?? control.textContent ?? control.id, width: box.width, height: box.height };
        })
        .filter(({ width, height }) => width < 44 || height < 44),
    );
    expect(tooSmall).toEqual([]);
  });
});

test('the production build has no gallery', async ({ page }) => {
  const response = await page.request.get('/_gallery.html');
  expect(response.status()).toBe(404);
});
