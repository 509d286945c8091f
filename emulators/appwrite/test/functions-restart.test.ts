// Async, scheduled and cron executions survive a restart (issue 11): the emulator is built twice on
// the same data dir; what the first server left is failed (it was running), resumed (it was waiting)
// or run when due (scheduledAt, cron), from what SQLite holds rather than from timers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Functions } from 'appwrite';
import type { FastifyInstance } from 'fastify';
import * as server from 'node-appwrite';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { API_KEY, createUser, fn, freePort, PROJECT_ID, testFunctionsDir, writeProjectFile } from './support/dbfn-harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Restartable {
  endpoint: string;
  port: number;
  /** moves the server clock (kept across restarts) */
  advance(ms: number): void;
  /** closes the server and builds a new one on the same data dir, `downForMs` later by its clock */
  restart(downForMs?: number): Promise<void>;
  admin(): server.Functions;
  close(): Promise<void>;
}

const open: Restartable[] = [];
afterEach(async () => { for (const s of open.splice(0)) await s.close(); });

async function restartable(functions: Array<Record<string, unknown>>, env: Record<string, string> = {}): Promise<Restartable> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aw-restart-'));
  const projectFile = writeProjectFile(dir, functions);
  const port = await freePort();
  const config = loadConfig({
    APPWRITE_FUNCTIONS_DIR: testFunctionsDir, APPWRITE_SCHEDULES: 'off', ...env,
    APPWRITE_DATA_DIR: path.join(dir, 'data'), APPWRITE_PORT: String(port), APPWRITE_SCHEMA: projectFile, APPWRITE_RATE_LIMITS: 'off',
  });
  config.functionEnv = process.env;
  let offset = 0;
  const start = async (): Promise<FastifyInstance> => {
    const app = await buildApp(config, { now: () => Date.now() + offset });
    await app.listen({ port, host: '127.0.0.1' });
    return app;
  };
  let app: FastifyInstance | null = await start();
  const endpoint = `http://127.0.0.1:${port}/v1`;
  const s: Restartable = {
    endpoint,
    port,
    advance(ms) { offset += ms; },
    async restart(downForMs = 0) {
      await app?.close();
      app = null;
      offset += downForMs;
      app = await start();
    },
    admin: () => new server.Functions(new server.Client().setEndpoint(endpoint).setProject(PROJECT_ID).setKey(API_KEY)),
    async close() {
      await app?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  open.push(s);
  return s;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe('a restart', () => {
  it('fails the async execution that was running (with an error log) and resumes the one still waiting', async () => {
    const s = await restartable([fn('napper', { timeout: 120 })], { APPWRITE_EXECUTIONS_PER_FUNCTION: '1' });
    const admin = s.admin();
    const running = await admin.createExecution({ functionId: 'napper', async: true, xpath: '/running', body: '60000' });
    const waiting = await admin.createExecution({ functionId: 'napper', async: true, xpath: '/waiting', body: '0' });
    const get = (id: string) => () => admin.getExecution({ functionId: 'napper', executionId: id });
    expect((await until(get(running.$id), (e) => e.status === 'processing')).status).toBe('processing');
    expect((await get(waiting.$id)()).status).toBe('waiting'); // one at a time: it queues

    await s.restart();

    const failed = await get(running.$id)();
    expect(failed).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(failed.errors).toContain('Execution interrupted: the server stopped while it was running.');
    const resumed = await until(get(waiting.$id), (e) => e.status === 'completed');
    expect(resumed).toMatchObject({ status: 'completed', responseStatusCode: 200 });
    expect(JSON.parse(resumed.responseBody)).toMatchObject({ tag: 'waiting' });
  });

  it('runs a scheduledAt execution when it falls due after the restart, as the user who asked (fresh JWT)', async () => {
    const s = await restartable([fn('members', { execute: ['users'] })]);
    const alice = await createUser(s.endpoint, 'sched');
    const web = new Functions(new Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setSession(alice.session));
    const scheduled = await web.createExecution({ functionId: 'members', async: true, scheduledAt: new Date(Date.now() + 2 * MINUTE).toISOString() });
    expect(scheduled.status).toBe('scheduled');

    await s.restart();
    const get = () => s.admin().getExecution({ functionId: 'members', executionId: scheduled.$id });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await get()).status).toBe('scheduled'); // not due yet

    s.advance(3 * MINUTE);
    const ran = await until(get, (e) => e.status === 'completed');
    expect(ran).toMatchObject({ status: 'completed', trigger: 'schedule' });
    expect(JSON.parse(ran.responseBody)).toEqual({ userId: alice.id, hasJwt: true });
  });

  it('recomputes cron schedules from the stored next run: one due while the server was down runs once on start', async () => {
    const s = await restartable([fn('ticker', { execute: [], schedule: '0 * * * *' })], { APPWRITE_SCHEDULES: 'on' });
    const list = () => s.admin().listExecutions({ functionId: 'ticker' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await list()).total).toBe(0); // next run is at the top of the hour

    await s.restart(HOUR);
    const after = await until(list, (l) => l.executions.some((e) => e.status === 'completed'));
    expect(after.total).toBe(1);
    expect(after.executions[0]).toMatchObject({ trigger: 'schedule', status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await list()).total).toBe(1); // and the next run is an hour away again
  });
});
