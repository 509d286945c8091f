// The app server's container image (Dockerfile, docs/production.md § 4). This machine has no Docker
// daemon, so the image is not built here; what can be checked without one is: every file it needs
// is in the repository, it builds with the command `npm test` builds with, pnpm is the project's
// version, port, host and health check agree, nothing private goes into the build context, and each
// variable the runbook tells you to set is one the app server reads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('Dockerfile');
// One instruction per entry: continuation lines joined, comments dropped.
const instructions = dockerfile.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
const withKeyword = (keyword: string) => instructions.filter((line) => line.startsWith(`${keyword} `)).map((line) => line.slice(keyword.length + 1).trim());

describe('Dockerfile', () => {
  it('copies only what exists and runs the app server that exists', () => {
    for (const copy of withKeyword('COPY').filter((args) => !args.includes('--from='))) {
      const sources = copy.split(/\s+/).filter((arg) => !arg.startsWith('--')).slice(0, -1);
      for (const source of sources) expect(existsSync(path.join(root, source)), source).toBe(true);
    }
    const [cmd] = withKeyword('CMD');
    const argv = JSON.parse(cmd ?? '[]') as string[];
    expect(argv.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
    expect(existsSync(path.join(root, argv[3] ?? ''))).toBe(true);
    expect(argv[3]).toBe('shell/server/main.ts');
  });

  it('builds as npm test does, with the project’s pnpm and Node', () => {
    expect(withKeyword('RUN').some((run) => run.includes('node scripts/cadence.mjs build'))).toBe(true);
    expect(read('scripts/cadence.mjs')).toMatch(/build: async \(\) =>/);
    const pnpm = /pnpm@(\d+\.\d+\.\d+)/.exec(dockerfile)?.[1];
    expect(pnpm).toBe(JSON.parse(read('package.json')).packageManager.replace('pnpm@', ''));
    expect(read('scripts/cadence.mjs')).toContain(`PNPM_VERSION = '${pnpm}'`);
    const [minimum] = /\d+\.\d+/.exec(JSON.parse(read('package.json')).engines.node) ?? [];
    for (const from of withKeyword('FROM')) {
      const version = /^node:(\d+)\.(\d+)/.exec(from);
      expect(version, from).not.toBeNull();
      const [major, minor] = [Number(version?.[1]), Number(version?.[2])];
      const [needMajor, needMinor] = (minimum ?? '0.0').split('.').map(Number);
      expect(major > (needMajor ?? 0) || (major === needMajor && minor >= (needMinor ?? 0)), from).toBe(true);
    }
  });

  it('listens on all interfaces at the port it exposes, and its health check asks that port', () => {
    const env = withKeyword('ENV').join(' ');
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(/\bHOST=0\.0\.0\.0\b/.test(env)).toBe(true);
    expect(withKeyword('EXPOSE')).toEqual([port]);
    const [health] = withKeyword('HEALTHCHECK');
    expect(health).toContain(`http://127.0.0.1:${port}/config.json`);
    expect(withKeyword('USER')).toEqual(['node']);
  });

  it('keeps the data folder, its keys, local secrets and builds out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
    for (const entry of ['.git', '**/node_modules', '**/dist', '.data', 'deploy', '**/.env.local']) expect(ignored).toContain(entry);
  });
});

describe('docs/production.md', () => {
  it('tells you to set only variables the app server reads', () => {
    const config = read('shell/server/config.ts');
    const section = /## 4\. The app server[\s\S]*?\n## 5\./.exec(read('docs/production.md'))?.[0] ?? '';
    const table = section.split('\n').filter((line) => line.startsWith('| `'));
    expect(table.length).toBeGreaterThan(5);
    for (const row of table) {
      for (const [, name] of row.split('|')[1]?.matchAll(/`([A-Z_]+)`/g) ?? []) expect(config, name).toContain(`env.${name}`);
    }
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('docs/production.md');
  });
});
