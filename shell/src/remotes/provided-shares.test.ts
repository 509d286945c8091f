import * as react from 'react';
import { describe, expect, it } from 'vitest';
import { REMOTE_ONLY_SHARES, shared } from '../../../tooling/mf-shared.mjs';
import { configFor, providedShares, sharedLibraries, type SharedConfig } from './provided-shares.ts';

const config: Record<string, SharedConfig> = shared;

describe('the shares the shell provides to remotes', () => {
  it('provides every shared package of tooling/mf-shared.mjs but the remote-only ones, and subpaths of each trailing-slash key', () => {
    const keys = Object.keys(sharedLibraries);
    for (const key of REMOTE_ONLY_SHARES) {
      expect(config[key]).toBeDefined();
      expect(keys).not.toContain(key);
    }
    for (const key of Object.keys(config).filter((k) => !REMOTE_ONLY_SHARES.includes(k))) {
      if (key.endsWith('/')) expect(keys.some((provided) => provided.startsWith(key))).toBe(true);
      else expect(keys).toContain(key);
    }
  });

  it('gives each the version and singleton range of its config entry, and the shell’s own module', () => {
    const shares = providedShares(config);
    expect(shares['react/jsx-runtime']).toMatchObject({ version: config['react/']?.version, shareConfig: { singleton: true, requiredVersion: config['react/']?.requiredVersion } });
    expect(shares['@cadence/shared-auth']?.version).toBe(config['@cadence/shared-auth']?.version);
    expect(shares.react?.lib()).toBe(react);
  });

  it('refuses a library the shared config does not list', () => {
    expect(() => configFor('react-router', config)).toThrow(/react-router is not in the federation shared config/);
    expect(() => providedShares(config, { lodash: {} })).toThrow(/lodash/);
  });
});
