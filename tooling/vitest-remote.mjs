// The one unit-test configuration of every remote: jsdom, the shared set-up in
// @cadence/shared-auth/testing/vitest-setup (jest-dom matchers, DOM cleanup, auth-store reset).
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** @param {string} dir the remote's folder (import.meta.dirname of its vitest.config.ts) */
export function remoteTestConfig(dir) {
  return defineConfig({
    test: {
      name: path.basename(dir),
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['@cadence/shared-auth/testing/vitest-setup'],
      // Component tests type into forms; give them room when the machine is busy (e2e running beside).
      testTimeout: 15_000,
    },
  });
}
