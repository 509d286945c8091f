// Timed production builds: each app through its own `pnpm --filter <dir> build`, exactly as
// `node scripts/cadence.mjs build` does, then the remotes deployed into a bench-only deploy dir
// (so the bench never moves the pointers a running dev stack or e2e run reads).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { apps, root } from './apps.mjs';

function timed(label, command, args, options = {}) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  const ms = Math.round(performance.now() - started);
  if (result.status !== 0) {
    throw new Error(`${label} failed (${result.status}):\n${result.stdout}\n${result.stderr}`.slice(-4000));
  }
  return ms;
}

/**
 * Builds each app and, for a remote, deploys it into `deployDir` straight away: others share this
 * working tree, and a concurrent build elsewhere may clean a dist/ folder at any moment.
 * @returns {Promise<Record<string, number>>} app dir → build wall time in ms
 */
export async function buildApps(deployDir, { log = console.log } = {}) {
  const env = { ...process.env, NODE_ENV: 'production' };
  const deploy = await deployer(deployDir);
  const times = {};
  for (const { dir, name } of apps) {
    times[dir] = timed(`build ${dir}`, 'pnpm', ['--filter', dir, 'build'], { env });
    log(`  built ${dir.padEnd(13)} ${(times[dir] / 1000).toFixed(1)} s`);
    if (name !== 'shell') deploy(dir, { build: false });
  }
  return times;
}

/** Copies every built remote into `deployDir` and points deployDir/remotes.json at it. */
export async function deployRemotes(deployDir) {
  const deploy = await deployer(deployDir);
  for (const { dir, name } of apps) if (name !== 'shell') deploy(dir, { build: false });
}

/** scripts/deploy-remote.mjs's deploy(), aimed at a fresh `deployDir` (read when it loads). */
async function deployer(deployDir) {
  rmSync(deployDir, { recursive: true, force: true });
  process.env.DEPLOY_DIR = deployDir;
  const { deploy } = await import('../scripts/deploy-remote.mjs');
  return deploy;
}

/** The monolith: one Rspack build of the same pages with no federation (bench/monolith). */
export function buildMonolith() {
  return timed('monolith build', 'pnpm', ['--filter', 'shell', 'exec', 'rspack', 'build', '-c', `${root}/bench/monolith/rspack.config.mjs`], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
