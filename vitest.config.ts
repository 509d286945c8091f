import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `vitest run` at the root runs every package's own suite (each package's vitest.config.ts).
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one file at a time on a 2-core
    // machine, whose other core then sits idle while the suites wait on their emulators and the
    // functions they fork. At least two files at a time keep both busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['tooling', 'shell', 'shared-auth', 'shared-ui', 'mf-*', 'backend', 'emulators/*'],
  },
});
