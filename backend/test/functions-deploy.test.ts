// Every function deploys from the one folder backend/functions (appwrite.json `path`), so what a
// function imports must be inside that folder, and every package it imports must be a dependency of
// that folder's package.json (Appwrite runs `npm install` there, nothing else is installed).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const project = JSON.parse(fs.readFileSync(path.join(backendDir, 'appwrite.json'), 'utf8')) as {
  functions: Array<{ $id: string; path: string; entrypoint: string; commands: string }>;
};
const functionsDir = path.join(backendDir, 'functions');
const dependencies = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies,
);

/** Every module the entry reaches through relative imports, and the packages they import. */
function importGraph(entry: string): { files: string[]; packages: Set<string> } {
  const files: string[] = [];
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop() ?? '';
    if (files.includes(file)) continue;
    files.push(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const [, spec = ''] of source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      if (spec.startsWith('.')) pending.push(path.resolve(path.dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? spec));
    }
  }
  return { files, packages };
}

describe('functions deploy from backend/functions', () => {
  it.each(project.functions.map((f) => [f.$id, f] as const))('%s: entrypoint <id>/src/main.js inside the one folder', (id, fn) => {
    expect(fn.path).toBe('functions');
    expect(fn.entrypoint).toBe(`${id}/src/main.js`);
    expect(fn.commands).toBe('npm install');
    expect(fs.existsSync(path.join(functionsDir, fn.entrypoint))).toBe(true);
  });

  it.each(project.functions.map((f) => [f.$id, f] as const))('%s imports only files of the folder and its declared packages', (_id, fn) => {
    const { files, packages } = importGraph(path.join(functionsDir, fn.entrypoint));
    for (const file of files) {
      expect(path.relative(functionsDir, file).startsWith('..'), file).toBe(false);
      expect(fs.existsSync(file), file).toBe(true);
    }
    for (const name of packages) {
      expect(name.startsWith('node:') || builtinModules.includes(name) || dependencies.includes(name), name).toBe(true);
    }
  });

  it.each(project.functions.map((f) => [f.$id, f] as const))('%s: every file it runs is type-checked (backend/tsconfig.json, checkJs)', (_id, fn) => {
    const tsconfig = ts.getParsedCommandLineOfConfigFile(path.join(backendDir, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    });
    expect(tsconfig?.options.checkJs).toBe(true);
    const checked = new Set(tsconfig?.fileNames.map((file) => path.resolve(file)));
    for (const file of importGraph(path.join(functionsDir, fn.entrypoint)).files) expect(checked.has(file), file).toBe(true);
  });

  it('the folder pins the SDK versions the workspace tests with', () => {
    const catalog = fs.readFileSync(path.join(backendDir, '../pnpm-workspace.yaml'), 'utf8');
    const pinned = (name: string) => new RegExp(`^\\s+${name}: (\\S+)$`, 'm').exec(catalog)?.[1];
    const declared = (JSON.parse(fs.readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
    for (const name of dependencies) expect(declared[name], name).toBe(pinned(name));
  });
});
