import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rspack, type RspackOptions } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shared } from './mf-shared.mjs';
import { appConfig } from './rspack-app.mjs';
import { remotes } from './remotes.mjs';

// Issue 30: Module Federation 2 at the lowest cost. These budgets catch a dependency upgrade or a
// config change that brings the runtime's bytes back — above all the federation plugin resolving the
// runtime packages' CommonJS builds again, which makes every remoteEntry.js ~5 KB gzip larger
// (reference/module-federation.md § "Runtime size on Rspack").
const REMOTE_ENTRY_BUDGET = 10_000;
const SHELL_RUNTIME_BUDGET = 27_000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'cadence-remote-build-'));
const remoteOut = path.join(out, 'mf-content');
const shellOut = path.join(out, 'shell');
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');
const gzipped = (dir: string, file: string) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
const jsFiles = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.js'));

interface Manifest {
  metaData: { globalName: string; remoteEntry: { name: string; path: string } };
  shared: { name: string; version: string; singleton: boolean; requiredVersion: string }[];
  exposes: { path: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** A production build of one app into `dir` (never the app's own dist/). */
function build(config: RspackOptions & { output: { path: string } }, dir: string): Promise<void> {
  config.output.path = dir;
  config.devtool = false;
  return new Promise<void>((resolve, reject) => {
    rspack(config, (error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    });
  });
}

beforeAll(async () => {
  await build(appConfig({ dir: path.join(root, 'mf-content') }) as RspackOptions & { output: { path: string } }, remoteOut);
  await build(appConfig({ dir: path.join(root, 'shell'), host: true }) as RspackOptions & { output: { path: string } }, shellOut);
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('a remote build', () => {
  it('is a Module Federation 2 container that runs on the shell’s runtime core, within its size budget', () => {
    const entry = read(remoteOut, 'remoteEntry.js');
    expect(entry).toMatch(/\bmf_content=/);
    // externalRuntime: the runtime core comes from the host, not from this file.
    expect(entry).toContain('_FEDERATION_RUNTIME_CORE');
    expect(entry).not.toContain('__MANIFEST_LOADING__');
    expect(gzipped(remoteOut, 'remoteEntry.js')).toBeLessThanOrEqual(REMOTE_ENTRY_BUDGET);
  });

  it('writes MF’s mf-manifest.json: its remoteEntry, its shared singletons and each exposed page’s own files', () => {
    const manifest = JSON.parse(read(remoteOut, 'mf-manifest.json')) as Manifest;
    expect(manifest.metaData).toMatchObject({ globalName: 'mf_content', remoteEntry: { name: 'remoteEntry.js', path: '' } });
    expect(manifest.exposes.map((expose) => expose.path).sort()).toEqual(Object.keys(remotes.mf_content.exposes).sort());
    for (const expose of manifest.exposes) {
      const name = expose.path.slice(2);
      expect(expose.assets.js.sync.some((file) => file.startsWith(`__federation_expose_${name}.`))).toBe(true);
      for (const file of [...expose.assets.js.sync, ...expose.assets.css.sync]) expect(existsSync(path.join(remoteOut, file))).toBe(true);
    }
    const config = shared as Record<string, { version: string; requiredVersion: string }>;
    for (const share of manifest.shared) {
      // A subpath ('react/jsx-runtime') falls under its trailing-slash key ('react/').
      const key = Object.keys(config).find((name) => name === share.name || (name.endsWith('/') && share.name.startsWith(name)));
      expect(key).toBeDefined();
      expect(share).toMatchObject({ singleton: true, version: config[key ?? '']?.version, requiredVersion: config[key ?? '']?.requiredVersion });
    }
  });
});

describe('the shell build', () => {
  it('keeps the federation runtime out of main.js: one lazily loaded chunk, within its size budget', () => {
    const [main] = jsFiles(shellOut).filter((file) => file.startsWith('main.'));
    const runtime = jsFiles(shellOut).filter((file) => file.startsWith('federation-runtime.'));
    expect(main).toBeDefined();
    expect(read(shellOut, main ?? '')).not.toMatch(/_FEDERATION_RUNTIME_CORE|__FEDERATION__|RUNTIME-0\d\d/);
    expect(runtime).toHaveLength(1);
    const chunk = read(shellOut, runtime[0] ?? '');
    expect(chunk).toContain('_FEDERATION_RUNTIME_CORE');
    // ENV_TARGET 'web': the runtime's Node loaders are left out.
    expect(chunk).not.toMatch(/require\("vm"\)|node:vm/);
    expect(gzipped(shellOut, runtime[0] ?? '')).toBeLessThanOrEqual(SHELL_RUNTIME_BUDGET);
    // Nothing else is split off: main.js and the runtime chunk are the shell's only scripts.
    expect(jsFiles(shellOut).sort()).toEqual([main, ...runtime].sort());
  });
});
