import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/vitest-setup.ts'],
    // Component tests type into forms; give them room when the machine is busy (e2e running beside).
    testTimeout: 15_000,
  },
});
