import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests import the package by its public name (STYLE.md), as the remotes do.
    alias: { '@cadence/shared-ui': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'shared-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/vitest-setup.ts'],
    testTimeout: 15_000,
  },
});
