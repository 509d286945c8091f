import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { remotes } from '../../../tooling/remotes.mjs';
import { parseRemotesFile } from './discover-remotes.ts';

describe('the typed seam', () => {
  it('maps every exposed module in shell/tsconfig.json paths to the file the remote exposes', () => {
    const tsconfig = JSON.parse(readFileSync(new URL('../../tsconfig.json', import.meta.url), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const expected: Record<string, string[]> = {};
    for (const [name, remote] of Object.entries(remotes)) {
      for (const [key, file] of Object.entries(remote.exposes)) {
        expected[`${name}/${key.slice(2)}`] = [`../${remote.dir}/${file.slice(2)}`];
      }
    }
    expect(tsconfig.compilerOptions.paths).toEqual(expected);
  });

  it('gives the bench’s monolith (bench/monolith/src/federation-shim.ts) every exposed module', () => {
    const shim = readFileSync(new URL('../../../bench/monolith/src/federation-shim.ts', import.meta.url), 'utf8');
    const entries = [...shim.matchAll(/'([\w/]+)': \(\) => import\('([\w/]+)'\)/g)].map(([, id, target]) => {
      expect(target).toBe(id);
      return id;
    });
    const exposed = Object.entries(remotes).flatMap(([name, remote]) => Object.keys(remote.exposes).map((key) => `${name}/${key.slice(2)}`));
    expect(entries.sort()).toEqual(exposed.sort());
  });
});

describe('remotes.json', () => {
  it('accepts pointers and rejects malformed ones', () => {
    expect(parseRemotesFile({ mf_auth: { version: '1.0.0-ab', entry: '/remotes/mf-auth/1.0.0-ab/mf-manifest.json' } })).toEqual({
      mf_auth: { version: '1.0.0-ab', entry: '/remotes/mf-auth/1.0.0-ab/mf-manifest.json' },
    });
    expect(() => parseRemotesFile([])).toThrow();
    expect(() => parseRemotesFile({ mf_auth: { version: 1 } })).toThrow(/mf_auth/);
  });
});
