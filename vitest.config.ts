import { defineConfig } from 'vitest/config';

// `vitest run` at the root runs every package's own suite (each package's vitest.config.ts).
export default defineConfig({
  test: {
    projects: ['tooling', 'shell', 'shared-auth', 'shared-ui', 'mf-*', 'backend', 'emulators/*'],
  },
});
