import baseConfig from './playwright.config.ts';
import { defineConfig } from '@playwright/test';

// Not part of the suite: `pnpm --filter @cadence/e2e exec playwright test --config screenshots.config.ts`
// takes the landing page's product screenshots from the production build with a seeded practice and
// writes them, as WebP, to shell/src/landing/shots/.
export default defineConfig({ ...baseConfig, testDir: './screenshots', workers: 1, retries: 0 });
