import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { appwriteUrl } from './ports.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A second app server over its own deploy folder, beside the suite's stack (`env` adds to its environment). */
export async function startAppServer(port: number, deployDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'shell/server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DEPLOY_DIR: deployDir, APPWRITE_UPSTREAM: appwriteUrl, ...env },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`http://localhost:${port}/config.json`);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  child.kill();
  throw new Error(`app server on ${port} did not start`);
}
