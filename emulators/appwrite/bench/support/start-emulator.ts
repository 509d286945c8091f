// The emulator each bench here runs alone: its own port and data directory, rate limits and
// schedules off (plus what the bench adds), waited for until /ping answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

export interface BenchEmulator { child: ChildProcess; endpoint: string }

/**
 * @param env what the bench sets beside the port and data directory (APPWRITE_EVENTS: 'off', function vars…)
 * @param server the entry point (BENCH_SERVER: an older copy's src/main.ts, to compare with)
 * @param nodeArgs node's own flags (a CPU profile)
 */
export async function startEmulator(port: number, dataDir: string, { env = {}, server = 'src/main.ts', nodeArgs = [], quiet = false }: { env?: Record<string, string>; server?: string; nodeArgs?: string[]; quiet?: boolean } = {}): Promise<BenchEmulator> {
  const endpoint = `http://127.0.0.1:${port}/v1`;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', server], {
    cwd: packageDir,
    env: { ...process.env, APPWRITE_PORT: String(port), APPWRITE_DATA_DIR: dataDir, APPWRITE_RATE_LIMITS: 'off', APPWRITE_SCHEDULES: 'off', ...env },
    stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      await fetch(`${endpoint}/ping`);
      return { child, endpoint };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill('SIGKILL');
  throw new Error('the emulator did not start');
}
