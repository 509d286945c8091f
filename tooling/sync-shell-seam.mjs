#!/usr/bin/env node
// Writes the shell's typed seam — shell/tsconfig.json "paths", one per exposed module — from
// tooling/remotes.mjs, so exposing a page is one edit there. Runs before the shell's typecheck;
// shell/src/remotes/seam.test.ts fails if the committed file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exposedModules } from './remotes.mjs';

const tsconfigPath = fileURLToPath(new URL('../shell/tsconfig.json', import.meta.url));
const tsconfig = JSON.parse(readFileSync(tsconfigPath, 'utf8'));
tsconfig.compilerOptions.paths = Object.fromEntries(exposedModules().map(({ id, file }) => [id, [`../${file}`]]));
const text = `${JSON.stringify(tsconfig, null, 2)}\n`;
if (text !== readFileSync(tsconfigPath, 'utf8')) writeFileSync(tsconfigPath, text);
