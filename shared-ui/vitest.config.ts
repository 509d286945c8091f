import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests import the package by its public name (STYLE.md), as the remotes do.
    // The subpaths first: the first alias that matches wins.
    alias: {
      '@cadence/shared-ui/messages': fileURLToPath(new URL('./src/messages.ts', import.meta.url)),
      '@cadence/shared-ui/call': fileURLToPath(new URL('./src/call.ts', import.meta.url)),
      '@cadence/shared-ui/qr': fileURLToPath(new URL('./src/qr.ts', import.meta.url)),
      '@cadence/shared-ui/bundled': fileURLToPath(new URL('./src/bundled.ts', import.meta.url)),
      '@cadence/shared-ui': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'shared-ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/vitest-setup.ts'],
    testTimeout: 15_000,
  },
});
