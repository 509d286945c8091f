import { test, expect, pageHeading } from '../support/fixtures.ts';

// What a remote page costs on a cold load (issue #12, `pnpm bench`): the shell's one JS file, the
// remote's container and the page's own chunk, and one round trip for the container.
interface Timed {
  path: string;
  start: number;
  end: number;
}

test('a cold remote page: /remotes.json rides along with /config.json, then only its remote’s container and page', async ({ page, consoleLog }) => {
  const requests: Timed[] = [];
  page.on('requestfinished', (request) => {
    const { startTime, responseEnd } = request.timing();
    requests.push({ path: new URL(request.url()).pathname, start: startTime, end: startTime + responseEnd });
  });
  await page.goto('/faq');
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');

  const find = (path: string) => {
    const found = requests.find((request) => request.path === path);
    if (!found) throw new Error(`${path} was not requested`);
    return found;
  };
  // Requested while /config.json was still in flight, not after the page had rendered.
  expect(find('/remotes.json').start).toBeLessThan(find('/config.json').end);

  const shellScripts = requests.filter((request) => request.path.endsWith('.js') && !request.path.startsWith('/remotes/'));
  expect(shellScripts).toHaveLength(1);
  const remoteFiles = requests.filter((request) => request.path.startsWith('/remotes/')).map((request) => request.path.split('/').pop() ?? '');
  expect(remoteFiles.filter((file) => file.endsWith('.js')).sort()).toEqual([
    expect.stringMatching(/^__federation_expose_FaqPage\.\w+\.js$/),
    'remoteEntry.js',
  ]);
  // No manifest round trip before the container.
  expect(remoteFiles.filter((file) => file.endsWith('.json'))).toEqual([]);
  expect(consoleLog.warnings.filter((w) => /Unsatisfied version|No satisfying version/.test(w))).toEqual([]);
});

test('a loaded remote’s other pages need only their own chunk; a container that failed to load is fetched again on Retry', async ({ page }) => {
  await page.goto('/terms');
  await expect(pageHeading(page)).toBeVisible();
  await page.route('**/remotes/mf-content/**/remoteEntry.js', (route) => route.abort());
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' }).click();
  // mf-content's container is already loaded: its other pages need only their own chunk.
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/remotes/mf-content/**/remoteEntry.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');
});
