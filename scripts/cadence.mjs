#!/usr/bin/env node
// `npm start` and `npm test` on a fresh clone with only Node ≥ 20.19: bootstrap pnpm, install,
// build, then run the app or every test.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PNPM_VERSION = '10.34.9';

/**
 * pnpm 10 on PATH for this process and every child (deploy scripts, Playwright's web server).
 * Corepack is unreliable here, so a missing pnpm is installed from the npm registry into .tools/.
 */
function ensurePnpm() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.startsWith('10.')) return;
  const tools = path.join(root, '.tools');
  const bin = path.join(tools, 'node_modules', '.bin');
  if (!existsSync(path.join(bin, 'pnpm'))) {
    console.log(`Installing pnpm ${PNPM_VERSION} into .tools/`);
    execFileSync('npm', ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  }
  process.env.PATH = `${bin}${path.delimiter}${process.env.PATH}`;
}

ensurePnpm();

function run(args, env = {}) {
  execFileSync('pnpm', args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...env },
  });
}

function install() {
  run(['install', '--frozen-lockfile']);
}

/** Builds the shell and deploys every remote to deploy/ (an unchanged remote keeps its version). */
async function build() {
  run(['--filter', 'shell', 'build']);
  const { remotes } = await import('../tooling/remotes.mjs');
  const { deploy } = await import('./deploy-remote.mjs');
  for (const { dir } of Object.values(remotes)) {
    run(['--filter', dir, 'build']);
    deploy(dir, { build: false });
  }
}

async function start() {
  install();
  await build();
  const { startStack } = await import('./stack.mjs');
  const { urls } = await startStack();
  console.log(`\nCadence is running:\n  app      ${urls.app}\n  appwrite ${urls.appwrite} (server API key: local-dev-key)\n  mailbox  ${urls.mailbox} (SMTP ${urls.smtp})\n  stripe   ${urls.stripe} (sk_test_local)\n`);
}

async function test() {
  install();
  run(['exec', 'eslint', '.']);
  run(['-r', 'typecheck']);
  run(['exec', 'vitest', 'run']);
  await build();
  run(['--filter', '@cadence/e2e', 'test']);
}

const command = process.argv[2];
const commands = { start, test, build: async () => { install(); await build(); } };
if (!(command in commands)) {
  console.error(`usage: node scripts/cadence.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
try {
  await commands[command]();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
