#!/usr/bin/env node
// `pnpm dev`: every app rebuilt on change (development mode) and served by the local stack.
// Remotes are served straight from their dist/ through a "dev" version, so a rebuild is live on
// the next page load (Module Federation has no cross-app hot reload: reload the page).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remotes } from '../tooling/remotes.mjs';
import { startStack } from './stack.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const deployDir = path.join(root, '.data', 'dev-deploy');
rmSync(deployDir, { recursive: true, force: true });
const pointers = {};
for (const [name, { dir }] of Object.entries(remotes)) {
  mkdirSync(path.join(deployDir, 'remotes', dir), { recursive: true });
  mkdirSync(path.join(root, dir, 'dist'), { recursive: true });
  symlinkSync(path.join(root, dir, 'dist'), path.join(deployDir, 'remotes', dir, 'dev'));
  pointers[name] = { version: 'dev', entry: `/remotes/${dir}/dev/mf-manifest.json` };
}
writeFileSync(path.join(deployDir, 'remotes.json'), `${JSON.stringify(pointers, null, 2)}\n`);

const watchers = ['shell', ...Object.values(remotes).map((remote) => remote.dir)].map((dir) =>
  spawn('pnpm', ['--filter', dir, 'exec', 'rspack', 'build', '--watch'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
);
process.once('exit', () => watchers.forEach((watcher) => watcher.kill()));

const { urls } = await startStack({ deployDir, env: { CADENCE_DEV: '1' } });
console.log(`\nCadence (dev) is running at ${urls.app}; reload after a rebuild.\n`);
