import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium.ts';
import { appUrl, ports } from './support/ports.ts';

// One fresh data directory per run (workers inherit the runner's environment).
process.env.CADENCE_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), 'cadence-e2e-'));

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker on CI: two saved only ~15% on the 2-core machine (the browser and the stack are
  // CPU-bound) and pushed the gallery's axe run and the clients flow past their timeouts.
  workers: process.env.CI ? 1 : 2,
  // One retry on CI absorbs a timing flake on a loaded 2-core runner; Playwright still reports it as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: appUrl,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  webServer: {
    // The production build (`npm test` builds and deploys it first) with both emulators.
    command: `node ../scripts/stack.mjs --app-port ${ports.app} --appwrite-port ${ports.appwrite} --stripe-port ${ports.stripe} --data ${process.env.CADENCE_E2E_DATA}`,
    url: `${appUrl}/config.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { APPWRITE_RATE_LIMITS: 'off' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
