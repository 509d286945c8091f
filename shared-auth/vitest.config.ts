import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests import the package by its public name (STYLE.md), as the shell and remotes do.
    alias: [
      { find: /^@cadence\/shared-auth$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
      { find: /^@cadence\/shared-auth\/testing$/, replacement: fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'shared-auth',
    // Integration tests run the real Appwrite emulator in-process and talk to it over HTTP.
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: false,
  },
});
