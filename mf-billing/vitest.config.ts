import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mf-billing',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/vitest-setup.ts'],
  },
});
