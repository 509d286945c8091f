import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type RspackOptions } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from './rspack-app.mjs';
import { remotes } from './remotes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'cadence-remote-build-'));
const read = (file: string) => readFileSync(path.join(out, file), 'utf8');

interface Manifest {
  metaData: { globalName: string; remoteEntry: { name: string; path: string } };
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

// A production build of one remote, into a temporary folder (never the remote's own dist/).
beforeAll(async () => {
  const config = appConfig({ dir: path.join(root, 'mf-content') }) as RspackOptions & { output: { path: string } };
  config.output.path = out;
  config.devtool = false;
  await new Promise<void>((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    });
  });
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('a remote build', () => {
  it('is a classic container: remoteEntry.js defines the remote’s global and carries no federation runtime', () => {
    const entry = read('remoteEntry.js');
    expect(entry).toMatch(/\bmf_content=/);
    expect(entry).not.toMatch(/_FEDERATION_RUNTIME_CORE|__FEDERATION__|RUNTIME-0\d\d/);
  });

  it('writes mf-manifest.json naming its remoteEntry and each exposed page’s own files', () => {
    const manifest = JSON.parse(read('mf-manifest.json')) as Manifest;
    expect(manifest.metaData).toMatchObject({ globalName: 'mf_content', remoteEntry: { name: 'remoteEntry.js', path: '' } });
    expect(manifest.exposes.map((expose) => expose.path).sort()).toEqual(Object.keys(remotes.mf_content.exposes).sort());
    for (const expose of manifest.exposes) {
      const name = expose.path.slice(2);
      expect(expose.assets.js.sync.some((file) => file.startsWith(`__federation_expose_${name}.`))).toBe(true);
      for (const file of [...expose.assets.js.sync, ...expose.assets.css.sync]) expect(existsSync(path.join(out, file))).toBe(true);
    }
  });
});
