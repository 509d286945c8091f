import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stripe-emulator',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    fileParallelism: false,
  },
});
