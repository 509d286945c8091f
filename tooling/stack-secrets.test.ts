// The local stack's function secrets (scripts/stack.mjs stackSecret): made once per data directory,
// owner-only, the same on every start, different between two installs — never a value in the code.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stackSecret } from '../scripts/stack.mjs';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'cadence-secrets-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stackSecret', () => {
  it('makes a random secret once, keeps it across starts and restricts it to the owner', () => {
    const dir = dataDir();
    const first = stackSecret(dir, 'portal-id-secret');
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(stackSecret(dir, 'portal-id-secret')).toBe(first);
    const file = path.join(dir, 'secrets', 'portal-id-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stackSecret(dir, 'esign-code-secret')).not.toBe(first);
  });

  it('differs between two data directories (two installs share no secret)', () => {
    expect(stackSecret(dataDir(), 'portal-id-secret')).not.toBe(stackSecret(dataDir(), 'portal-id-secret'));
  });

  it('refuses a file that holds no usable secret instead of running with it', () => {
    const dir = dataDir();
    stackSecret(dir, 'esign-code-secret');
    writeFileSync(path.join(dir, 'secrets', 'esign-code-secret'), 'short\n');
    expect(() => stackSecret(dir, 'esign-code-secret')).toThrow(/delete it to make a new one/);
  });
});
