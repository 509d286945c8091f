import { execFileSync, type ChildProcess } from 'node:child_process';
import { ports } from '../support/ports.ts';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, pageHeading } from '../support/fixtures.ts';
import { repoRoot, startAppServer } from '../support/app-server.ts';

// Deploys rebuild mf-content: keep this file's tests in one worker, in order.
test.describe.configure({ mode: 'serial' });

const PORT = ports.app + 1;
const faqSource = path.join(repoRoot, 'mf-content/src/faq/faq-page.tsx');
const shellDist = path.join(repoRoot, 'shell/dist');

function digest(dir: string): string {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

function deployScript(args: string[], deployDir: string): string {
  return execFileSync(process.execPath, ['scripts/deploy-remote.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DEPLOY_DIR: deployDir },
    encoding: 'utf8',
  });
}

let server: ChildProcess;
let deployDir: string;

test.beforeAll(async () => {
  deployDir = mkdtempSync(path.join(tmpdir(), 'cadence-deploy-'));
  cpSync(path.join(repoRoot, 'deploy'), deployDir, { recursive: true });
  server = await startAppServer(PORT, deployDir);
});

test.afterAll(() => {
  server?.kill();
});

test('deploying a changed mf-content is live after a reload, without touching the shell; rollback points back', async ({ page }) => {
  test.setTimeout(120_000);
  const url = `http://localhost:${PORT}/faq`;
  const pointers = () => JSON.parse(readFileSync(path.join(deployDir, 'remotes.json'), 'utf8')) as Record<string, { version: string }>;
  const before = pointers().mf_content?.version;
  const shellBefore = digest(shellDist);

  await page.goto(url);
  await expect(page.getByText('This page is under construction.')).toBeVisible();

  const original = readFileSync(faqSource, 'utf8');
  try {
    writeFileSync(faqSource, original.replace('This page is under construction.', 'This page is under construction (redeployed).'));
    deployScript(['deploy', 'mf-content'], deployDir);
  } finally {
    writeFileSync(faqSource, original);
  }
  const after = pointers().mf_content?.version;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  expect(after).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);

  await page.reload();
  await expect(page.getByText('This page is under construction (redeployed).')).toBeVisible();
  expect(digest(shellDist)).toBe(shellBefore);

  const rolledBack = deployScript(['rollback', 'mf-content'], deployDir);
  expect(rolledBack).toContain(before);
  expect(pointers().mf_content?.version).toBe(before);
  await page.reload();
  await expect(pageHeading(page)).toHaveText('Frequently Asked Questions');
  await expect(page.getByText('This page is under construction.')).toBeVisible();

  // Rolling forward again by naming the version.
  deployScript(['rollback', 'mf-content', after as string], deployDir);
  await page.reload();
  await expect(page.getByText('This page is under construction (redeployed).')).toBeVisible();
  // Restore the working tree's build of mf-content for anything that runs after this test.
  execFileSync('pnpm', ['--filter', 'mf-content', 'build'], { cwd: repoRoot, stdio: 'ignore' });
});

test('rollback refuses a version that was never deployed', () => {
  expect(() => deployScript(['rollback', 'mf-content', '9.9.9-deadbeef'], deployDir)).toThrow();
});
