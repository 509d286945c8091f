#!/usr/bin/env node
// The project file of a released Cadence, for the upgrade test (emulators/appwrite/test/upgrade-release.test.ts):
// `node scripts/upgrade-fixture.mjs <commit or tag> [name]` writes backend/appwrite.json as it was at that
// commit (collections, databases and buckets; functions need their code, so they are left out) to
// emulators/appwrite/test/fixtures/appwrite-<name>.json, the name by default the version read from that
// commit's package.json (a name of its own for an unreleased commit whose data directories an
// upgrade must keep, e.g. the one before attribute renames).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ref = process.argv[2];
if (!ref) {
  console.error('usage: node scripts/upgrade-fixture.mjs <commit or tag of a release> [name]');
  process.exit(2);
}
const show = (file) => JSON.parse(execFileSync('git', ['show', `${ref}:${file}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
const { version } = show('package.json');
const project = show('backend/appwrite.json');
const commit = execFileSync('git', ['rev-parse', ref], { cwd: root, encoding: 'utf8' }).trim();
const fixture = { release: version, commit, ...project, functions: [] };
const out = path.join(root, 'emulators/appwrite/test/fixtures', `appwrite-${process.argv[3] || version}.json`);
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`);
console.log(`wrote ${path.relative(root, out)} (Cadence ${version}, ${commit.slice(0, 12)})`);
