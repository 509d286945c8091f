import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogVersions } from './mf-shared.mjs';

// Issue 30: a remote built with externalRuntime runs on the shell's runtime core, and a version
// mismatch there only warns. Every federation package is therefore one version, pinned in the catalog.
describe('federation package versions', () => {
  const catalog = catalogVersions();
  const pinned = Object.entries(catalog).filter(([name]) => name.startsWith('@module-federation/'));
  const version = catalog['@module-federation/enhanced'];

  it('pins every federation package the apps name to one catalog version', () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pinned.length).toBeGreaterThan(1);
    for (const [, pin] of pinned) expect(pin).toBe(version);
  });

  it('installs every @module-federation package, direct or not, at that version', () => {
    const lockfile = readFileSync(new URL('../pnpm-lock.yaml', import.meta.url), 'utf8');
    const installed = new Set([...lockfile.matchAll(/^ {2}'?@module-federation\/([\w.-]+)@(\d[^(':\s]*)/gm)].map((match) => `${match[1]}@${match[2]}`));
    expect(installed.size).toBeGreaterThan(5);
    for (const entry of installed) expect(entry.split('@')[1], entry).toBe(version);
  });
});
