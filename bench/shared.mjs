// What the bench modules share: a bench's own Appwrite emulator, signing the seeded or created
// therapist in, writing a practice document with the local key, and percentiles. Other modules
// import these by name; keep the exports and their behaviour stable.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './apps.mjs';

const PROJECT_HEADERS = { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' };
/** The local Appwrite's API key (emulators/appwrite: `local-dev-key`), every scope. */
export const KEY_HEADERS = { ...PROJECT_HEADERS, 'x-appwrite-key': 'local-dev-key' };

/** The value at the p-th percentile (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A practice document of `userId`'s written with the key, owner-only as the dashboard writes it.
 * @param {string} appwriteUrl  the emulator's origin (no /v1)
 * @returns {Promise<string>} its $id
 */
export async function createDocument(appwriteUrl, userId, collectionId, data) {
  const owner = [`read("user:${userId}")`, `update("user:${userId}")`, `delete("user:${userId}")`];
  const response = await fetch(`${appwriteUrl}/v1/databases/main/collections/${collectionId}/documents`, {
    method: 'POST', headers: KEY_HEADERS, body: JSON.stringify({ documentId: 'unique()', data: { userId, ...data }, permissions: owner }),
  });
  if (!response.ok) throw new Error(`create ${collectionId}: ${response.status} ${await response.text()}`);
  return (await response.json()).$id;
}

/**
 * The emulator's own email/password sign-in (as the login page's browser makes it).
 * @param {string} endpoint  `<origin>/v1`
 * @returns {Promise<{ userId: string, cookie: string, secret: string }>} the session's user, its
 *   cookie (`a_session_cadence=…`) and its secret (for the Web SDK's setSession)
 */
export async function signIn(endpoint, { email, password }) {
  const response = await fetch(`${endpoint}/account/sessions/email`, { method: 'POST', headers: PROJECT_HEADERS, body: JSON.stringify({ email, password }) });
  if (response.status !== 201) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0];
  const secret = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}').a_session_cadence ?? '';
  return { userId: (await response.json()).userId, cookie, secret };
}

/** A session cookie for the therapist, from the emulator's own email/password sign-in. */
export async function sessionCookie(endpoint, therapist) {
  const { cookie } = await signIn(endpoint, therapist);
  if (!cookie) throw new Error('sign-in failed: no session cookie');
  return cookie;
}

/**
 * A bench's own Appwrite emulator on `port`: temp data, rate limits, schedules and SMTP off, and
 * events off unless `events` (seeding 50,000 documents must not queue as many audit executions).
 * Resolves once it answers; `stop()` ends it and removes its data. With `exitOnSignal`, Ctrl-C
 * stops it too. `env` adds to or overrides the emulator's environment (an SMTP port, functions' variables).
 * @param {{ port: number, name: string, events?: boolean, exitOnSignal?: boolean, env?: Record<string, string> }} options  `name` goes in the temp folder's
 * @returns {Promise<{ endpoint: string, stop: () => void, pid: number }>} `pid`: the emulator's process (its CPU: bench/cpu-load.mjs)
 */
export async function startBenchEmulator({ port, name, events = false, exitOnSignal = false, env = {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cadence-bench-${name}-`));
  const emulator = spawn(process.execPath, ['--import', 'tsx', 'emulators/appwrite/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env, APPWRITE_PORT: String(port), APPWRITE_DATA_DIR: dataDir, APPWRITE_RATE_LIMITS: 'off', APPWRITE_SCHEDULES: 'off',
      ...(events ? {} : { APPWRITE_EVENTS: 'off' }), APPWRITE_SMTP_PORT: 'off', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    emulator.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 500);
  };
  if (exitOnSignal) {
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        emulator.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(1);
      });
    }
  }
  const endpoint = `http://127.0.0.1:${port}/v1`;
  try {
    for (let i = 0; ; i += 1) {
      if (emulator.exitCode !== null || i > 300) throw new Error('the Appwrite emulator did not start');
      try {
        await fetch(`${endpoint}/ping`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { endpoint, stop, pid: /** @type {number} */ (emulator.pid) };
}
