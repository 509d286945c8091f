// Warm runtimes with bounded concurrency (issue 11 §4): executions reuse a runtime per function,
// run at most N at a time per function and overall, queue beyond that, and get 429 when the queue
// is full; a crash or a timeout costs only that runtime.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FunctionPool } from '../src/functions/executor.ts';
import { API_KEY, fn, PROJECT_ID, startServer, testFunctionsDir, type Harness } from './support/dbfn-harness.ts';

let h: Harness;
let admin: server.Functions;

const PER_FUNCTION = 2;
const TOTAL = 3;
const QUEUE = 2;

beforeAll(async () => {
  h = await startServer({
    functions: [fn('pid'), fn('exiter'), fn('napper', { timeout: 2 }), fn('napper-b'), fn('echo')],
    env: { APPWRITE_EXECUTIONS_PER_FUNCTION: String(PER_FUNCTION), APPWRITE_EXECUTIONS_TOTAL: String(TOTAL), APPWRITE_EXECUTIONS_QUEUE: String(QUEUE) },
  });
  admin = new server.Functions(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

interface Nap { pid: number; tag: string; startedAt: number; endedAt: number }

/** A nap through the function's domain, as an unauthenticated webhook would call it. */
async function nap(tag: string, ms: number): Promise<Response> {
  return fetch(`http://127.0.0.1:${h.port}/_functions/napper/${tag}`, { method: 'POST', body: String(ms) });
}

function maxOverlap(naps: Nap[]): number {
  return Math.max(...naps.map((a) => naps.filter((b) => b.startedAt <= a.startedAt && a.startedAt < b.endedAt).length));
}

describe('warm runtimes', () => {
  it('serves every execution of a function from one warm runtime (module state survives)', async () => {
    const runs = [];
    for (let i = 0; i < 3; i += 1) runs.push(JSON.parse((await admin.createExecution({ functionId: 'pid' })).responseBody) as { pid: number; served: number });
    expect(new Set(runs.map((r) => r.pid)).size).toBe(1);
    expect(runs.map((r) => r.served)).toEqual([1, 2, 3]);
    expect(runs[0]?.pid).not.toBe(process.pid);
  });

  it('runs runtimes at a lower CPU priority than the server', async () => {
    const { pid } = JSON.parse((await admin.createExecution({ functionId: 'pid' })).responseBody) as { pid: number };
    expect(os.getPriority(pid)).toBeGreaterThan(os.getPriority());
  });

  it('starts a new runtime when the function\'s variables or its entry file change', async () => {
    const served = async () => JSON.parse((await admin.createExecution({ functionId: 'pid' })).responseBody) as { pid: number; served: number };
    const before = await served();
    h.config.functionEnv.FUNCTION_VARS_PID = JSON.stringify({ CHANGED: '1' });
    try {
      const withVars = await served();
      expect(withVars.pid).not.toBe(before.pid);
      expect(withVars.served).toBe(1);
      const entry = path.join(testFunctionsDir, 'pid/src/main.js');
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(entry, later, later);
      const edited = await served();
      expect(edited.pid).not.toBe(withVars.pid);
      expect(edited.served).toBe(1);
    } finally {
      delete h.config.functionEnv.FUNCTION_VARS_PID;
    }
  });

  it('a runtime that exits fails its execution with its stderr; the next execution gets a fresh runtime', async () => {
    const before = JSON.parse((await admin.createExecution({ functionId: 'exiter' })).responseBody) as { pid: number };
    const crashed = await admin.createExecution({ functionId: 'exiter', xpath: '/exit' });
    expect(crashed).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(crashed.errors).toContain('about to exit');
    expect(crashed.errors).toContain('Runtime exited (3) before responding.');
    const after = JSON.parse((await admin.createExecution({ functionId: 'exiter' })).responseBody) as { pid: number };
    expect(after.pid).not.toBe(before.pid);
  });

  it('a timed-out execution retires its runtime; the function keeps working in a new one', async () => {
    const first = (await (await nap('warm', 0)).json()) as Nap;
    const slow = await nap('stuck', 10_000);
    expect(slow.status).toBe(500);
    const next = (await (await nap('fresh', 0)).json()) as Nap;
    expect(next.pid).not.toBe(first.pid);
  });

  it('keeps concurrent executions\' logs apart, native console output included', async () => {
    const [a, b] = await Promise.all([
      admin.createExecution({ functionId: 'napper', xpath: '/alpha', body: '300' }),
      admin.createExecution({ functionId: 'napper', xpath: '/beta', body: '150' }),
    ]);
    expect(JSON.parse(a.responseBody).pid).toBe(JSON.parse(b.responseBody).pid); // one runtime, both at once
    expect(a.logs).toContain('start alpha');
    expect(a.logs).toContain('done alpha');
    expect(a.logs).not.toContain('beta');
    expect(b.logs).toContain('done beta');
    expect(b.logs).not.toContain('alpha');
  });
});

describe('concurrency caps and the queue', () => {
  it(`runs at most ${PER_FUNCTION} executions of a function at once, queues ${QUEUE} more and answers 429 beyond`, async () => {
    const accepted = Array.from({ length: PER_FUNCTION + QUEUE }, (_, i) => nap(`n${i}`, 400));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await nap('over', 0);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    const viaApi = await admin.createExecution({ functionId: 'napper', body: '0' }).catch((e: unknown) => e);
    expect(viaApi).toBeInstanceOf(server.AppwriteException);
    expect(viaApi).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });

    // Another function still has room while napper is saturated (the overall cap is higher).
    expect((await admin.createExecution({ functionId: 'echo', xpath: '/empty' })).status).toBe('completed');

    const responses = await Promise.all(accepted);
    expect(responses.map((r) => r.status)).toEqual(Array(PER_FUNCTION + QUEUE).fill(200));
    const naps = (await Promise.all(responses.map((r) => r.json()))) as Nap[];
    expect(maxOverlap(naps)).toBe(PER_FUNCTION);
    // The queue drained: the function takes work again.
    expect((await nap('again', 0)).status).toBe(200);
  });

  it(`runs at most ${TOTAL} executions at once over all functions`, async () => {
    const executions = await Promise.all(['napper', 'napper-b'].flatMap((functionId) =>
      Array.from({ length: PER_FUNCTION }, (_, i) => admin.createExecution({ functionId, xpath: `/${functionId}-${i}`, body: '300' }))));
    expect(executions.map((e) => e.status)).toEqual(Array(2 * PER_FUNCTION).fill('completed'));
    const naps = executions.map((e) => JSON.parse(e.responseBody) as Nap);
    expect(new Set(naps.map((n) => n.pid)).size).toBe(2);
    expect(maxOverlap(naps)).toBe(TOTAL);
  });
});

describe('ephemeral keys', () => {
  it('answers api_key_expired for an expired execution key for an hour, then forgets it (one key per execution must not pile up)', async () => {
    const e = await admin.createExecution({ functionId: 'echo' });
    const key = (JSON.parse(e.responseBody) as { req: { headers: Record<string, string> } }).req.headers['x-appwrite-key'] ?? '';
    const users = (k: string) => new server.Users(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(k)).list();
    const later = Date.now() + 10 * 60_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await expect(users(key)).rejects.toMatchObject({ code: 401, type: 'api_key_expired' });
      now.mockReturnValue(later + 2 * 3_600_000);
      await admin.createExecution({ functionId: 'echo', xpath: '/empty' }); // a new key: old ones are swept
      await expect(users(key)).rejects.toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    } finally {
      now.mockRestore();
    }
  });
});

describe('idle runtimes', () => {
  it('exit after the idle time, and the next execution starts a fresh one', async () => {
    const pool = new FunctionPool({ perFunction: 1, total: 1, queue: 1, idleMs: 200 });
    const run = async () => {
      const result = await pool.run({
        functionId: 'pid', entry: path.join(testFunctionsDir, 'pid/src/main.js'), cwd: path.join(testFunctionsDir, 'pid'),
        env: { PATH: process.env.PATH ?? '' }, timeoutMs: 5000, method: 'GET', headers: {}, body: new Uint8Array(),
        path: '/', queryString: '', scheme: 'http', host: 'localhost', port: 80,
      });
      return JSON.parse(result.body.toString('utf8')) as { pid: number; served: number };
    };
    const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
    try {
      const first = await run();
      expect((await run()).pid).toBe(first.pid);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(alive(first.pid)).toBe(false);
      expect(await run()).toMatchObject({ served: 1 });
    } finally {
      pool.close();
    }
  });
});
