import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfig } from './rspack-app.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const savedEnv = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = savedEnv;
});

describe('appConfig devtool', () => {
  // The app server's CSP has no 'unsafe-eval' (shell/server/security-headers.ts), in dev mode too.
  it.each(['development', 'production'])('%s builds use no eval-based source maps', (mode) => {
    process.env.NODE_ENV = mode;
    for (const [dir, host] of [['shell', true], ['mf-auth', false]] as const) {
      const config = appConfig({ dir: path.join(root, dir), host }) as { devtool: string | false };
      expect(String(config.devtool)).not.toMatch(/eval/);
    }
  });
});
