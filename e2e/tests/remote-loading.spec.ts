import { test, expect, pageHeading } from '../support/fixtures.ts';

// What a remote page costs on a cold load (issues 12 and 30, `pnpm bench`): the shell's JS file and its
// federation runtime chunk (fetched alongside /config.json), then the remote's container and the page's
// own chunk together — no more round trips than before Module Federation 2.
interface Timed {
  path: string;
  start: number;
  end: number;
}

test('a cold remote page: /remotes.json and the federation runtime ride along with /config.json, then only its remote’s files', async ({ page, consoleLog }) => {
  const requests: Timed[] = [];
  // The order the page asked for files and got them, by name: the container held back 300 ms, so a
  // page chunk asked for only once the container had run would come after it, on any machine.
  const events: string[] = [];
  const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? '';
  page.on('request', (request) => events.push(`asked ${fileName(request.url())}`));
  page.on('requestfinished', (request) => {
    events.push(`got ${fileName(request.url())}`);
    const { startTime, responseEnd } = request.timing();
    requests.push({ path: new URL(request.url()).pathname, start: startTime, end: startTime + responseEnd });
  });
  await page.route('**/remotes/mf-content/**/remoteEntry.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
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
  expect(shellScripts.map((request) => request.path.replace(/\.\w+\.js$/, '')).sort()).toEqual(['/federation-runtime', '/main']);
  const runtime = shellScripts.find((request) => request.path.startsWith('/federation-runtime.'));
  expect(runtime?.start).toBeLessThan(find('/config.json').end);
  const remoteFiles = requests.filter((request) => request.path.startsWith('/remotes/'));
  const named = (pattern: RegExp) => remoteFiles.filter((request) => pattern.test(request.path.split('/').pop() ?? ''));
  expect(remoteFiles.filter((request) => request.path.endsWith('.js')).map((request) => request.path.split('/').pop()).sort()).toEqual([
    expect.stringMatching(/^__federation_expose_FaqPage\.\w+\.js$/),
    'remoteEntry.js',
  ]);
  // No manifest on the way: remotes.json names the remote's remoteEntry.js and the page's files (copied
  // from its mf-manifest.json at deploy), so the container and the page's chunk come together, right
  // after remotes.json — as many round trips as the same page in one bundle.
  expect(remoteFiles.filter((request) => request.path.endsWith('.json'))).toEqual([]);
  const [entry] = named(/^remoteEntry\.js$/);
  const [pageChunk] = named(/^__federation_expose_FaqPage\.\w+\.js$/);
  expect(entry?.start).toBeGreaterThanOrEqual(find('/remotes.json').end);
  const chunkName = pageChunk?.path.split('/').pop() ?? '';
  expect(events.indexOf(`asked ${chunkName}`)).toBeGreaterThan(-1);
  expect(events.indexOf(`asked ${chunkName}`)).toBeLessThan(events.indexOf('got remoteEntry.js'));
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

test('the landing page loads no federation code; a remote whose remoteEntry.js fails twice still loads, without Retry or a reload', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  let failures = 0;
  await page.route('**/remotes/mf-content/**/remoteEntry.js', async (route) => {
    if (failures < 2) {
      failures += 1;
      await route.fulfill({ status: 503, body: 'Service Unavailable' });
    } else await route.continue();
  });
  await page.goto('/');
  await expect(pageHeading(page)).toHaveText('Cadence');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('federation-runtime') || path.startsWith('/remotes/'))).toEqual([]);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');
  // The federation runtime's retry plugin tried remoteEntry.js again, twice; nobody pressed Retry.
  expect(failures).toBe(2);
  expect(scripts.filter((path) => path.endsWith('/remoteEntry.js'))).toHaveLength(3);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
