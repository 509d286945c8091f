import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stripe-emulator',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: false,
    // After every other project, alone: the emulator's own tests time its queues, caps and idle
    // runtimes, which the other suites' load (two files at a time, see the root config) would skew.
    sequence: { groupOrder: 1 },
  },
});
