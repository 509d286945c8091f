#!/usr/bin/env node
// pnpm deploy:remote <name>            build one remote into deploy/remotes/<dir>/<version>/ and point to it
// pnpm rollback:remote <name> [<ver>]  point back to the previous (or the named) deployed version
// The shell is never rebuilt: it reads deploy/remotes.json at startup.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteNameOf, remotes } from '../tooling/remotes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const deployDir = path.resolve(process.env.DEPLOY_DIR ?? path.join(root, 'deploy'));
const pointerFile = path.join(deployDir, 'remotes.json');
const historyFile = path.join(deployDir, 'history.json');

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : fallback;
}

/** Write a temp file, then rename: readers see the old file or the new one, never half of one. */
function writeJsonAtomically(file, value) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temp, file);
}

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Short hash of the build's content, so an unchanged build keeps its version. */
function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    if (file.endsWith('.map')) continue;
    hash.update(file).update('\0').update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 8);
}

function resolveRemote(arg) {
  if (!arg) throw new Error(`Name a remote: ${Object.values(remotes).map((r) => r.dir).join(', ')}`);
  const name = arg in remotes ? arg : remoteNameOf(arg);
  return { name, dir: remotes[name].dir };
}

/**
 * A remote's pointer in remotes.json: its versioned mf-manifest.json (the deploy artefact), and what the
 * shell reads from that manifest, copied here so a page never waits for the manifest: the remote's
 * remoteEntry.js and, for each exposed page, the files it loads at once (preloaded alongside the entry).
 */
export function pointerOf(dir, version) {
  const base = `/remotes/${dir}/${version}/`;
  const manifest = readJson(path.join(deployDir, 'remotes', dir, version, 'mf-manifest.json'), {});
  const { path: entryPath = '', name: entryName } = manifest.metaData.remoteEntry;
  const pages = Object.fromEntries(
    manifest.exposes.map((expose) => [expose.path.replace(/^\.\//, ''), [...expose.assets.js.sync, ...expose.assets.css.sync]]),
  );
  return { version, entry: `${base}mf-manifest.json`, remoteEntry: `${base}${path.posix.join(entryPath, entryName)}`, pages };
}

function pointTo(name, dir, version) {
  const pointers = readJson(pointerFile, {});
  pointers[name] = pointerOf(dir, version);
  writeJsonAtomically(pointerFile, pointers);
}

/**
 * A deployable build is what the shell's federation runtime loads: MF's mf-manifest.json naming this
 * remote's global and a remoteEntry.js that is there, and every file the manifest lists for its pages.
 */
function checkBuild(dir, dist) {
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dir} has no build in ${dist}`);
  const manifest = readJson(manifestFile, {});
  const name = remoteNameOf(dir);
  const entry = manifest.metaData?.remoteEntry;
  if (manifest.metaData?.globalName !== name || !entry?.name) throw new Error(`${dir}: ${manifestFile} is not ${name}'s federation manifest`);
  const listed = [
    path.join(entry.path ?? '', entry.name),
    ...(manifest.exposes ?? []).flatMap((expose) => [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])]),
  ];
  const missing = listed.filter((file) => !existsSync(path.join(dist, file)));
  if (missing.length > 0) throw new Error(`${dir}: the build in ${dist} lacks ${missing.join(', ')}`);
}

export function deploy(arg, { build = true } = {}) {
  const { name, dir } = resolveRemote(arg);
  const appDir = path.join(root, dir);
  if (build) execFileSync('pnpm', ['--filter', dir, 'build'], { cwd: root, stdio: 'inherit' });
  const dist = path.join(appDir, 'dist');
  checkBuild(dir, dist);
  const { version: packageVersion } = readJson(path.join(appDir, 'package.json'), {});
  const version = `${packageVersion}-${contentHash(dist)}`;
  const target = path.join(deployDir, 'remotes', dir, version);
  if (!existsSync(target)) {
    const staging = `${target}.${process.pid}.tmp`;
    cpSync(dist, staging, { recursive: true });
    renameSync(staging, target);
  }
  pointTo(name, dir, version);
  const history = readJson(historyFile, {});
  const versions = (history[name] ?? []).filter((v) => v !== version);
  history[name] = [...versions, version];
  writeJsonAtomically(historyFile, history);
  console.log(`${dir} → ${version}`);
  return version;
}

export function rollback(arg, requested) {
  const { name, dir } = resolveRemote(arg);
  const history = readJson(historyFile, {})[name] ?? [];
  const current = readJson(pointerFile, {})[name]?.version;
  let version = requested;
  if (!version) {
    const index = history.indexOf(current);
    version = index > 0 ? history[index - 1] : undefined;
    if (!version) throw new Error(`${dir} has no version before ${current ?? 'nothing'} to roll back to`);
  }
  if (!existsSync(path.join(deployDir, 'remotes', dir, version, 'mf-manifest.json'))) {
    throw new Error(`${dir} ${version} is not deployed (have: ${history.join(', ') || 'none'})`);
  }
  pointTo(name, dir, version);
  console.log(`${dir} → ${version} (rolled back from ${current})`);
  return version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, name, version] = process.argv.slice(2);
  try {
    if (command === 'deploy') deploy(name);
    else if (command === 'rollback') rollback(name, version);
    else throw new Error('usage: deploy-remote.mjs deploy <name> | rollback <name> [<version>]');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
