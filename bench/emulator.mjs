// Hook for the Appwrite emulator benchmark, which another engineer owns: every
// emulators/appwrite/bench/*.mjs (or *.ts, run through tsx) is run and its stdout read as JSON
// (the whole output, or else its last line), so its numbers land in the same results file.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';

const benchDir = path.join(root, 'emulators/appwrite/bench');

function parseJson(stdout) {
  try {
    return JSON.parse(stdout);
  } catch {
    const last = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(last);
  }
}

/** @returns {Record<string, unknown>} file name → its JSON, or `{ error }` */
export function runEmulatorBenches({ log = console.log } = {}) {
  if (!existsSync(benchDir)) return {};
  const files = readdirSync(benchDir).filter((file) => /\.(mjs|ts)$/.test(file) && !/\.(test|d)\.ts$/.test(file)).sort();
  const results = {};
  for (const file of files) {
    const args = file.endsWith('.ts') ? ['--import', 'tsx', path.join(benchDir, file)] : [path.join(benchDir, file)];
    log(`  emulator bench ${file}`);
    const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 10 * 60_000 });
    try {
      if (run.status !== 0) throw new Error(`exited ${run.status}: ${(run.stderr || '').trim().slice(-500)}`);
      results[file] = parseJson(run.stdout);
    } catch (error) {
      results[file] = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  return results;
}
