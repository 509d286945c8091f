import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'shell', environment: 'node', include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'] },
});
