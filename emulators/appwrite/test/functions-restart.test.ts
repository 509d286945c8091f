// Async, scheduled and cron executions survive a restart (issue 11): the emulator is built twice on
// the same data dir; what the first server left is failed (it was running), resumed (it was waiting)
// or run when due (scheduledAt, cron), from what SQLite holds rather than from timers.
import { Client, Functions } from 'appwrite';
import * as server from 'node-appwrite';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, createUser, fn, loggedJson, PROJECT_ID, startServer, type Harness } from './support/dbfn-harness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Restartable = Harness & { admin(): server.Functions };

const open: Restartable[] = [];
afterEach(async () => { for (const s of open.splice(0)) await s.close(); });

/** The test server (restartable on the same data dir and port, its clock kept) with an API-key client. */
async function restartable(functions: Array<Record<string, unknown>>, env: Record<string, string> = {}): Promise<Restartable> {
  const s = await startServer({ functions, env });
  const withAdmin = Object.assign(s, {
    admin: () => new server.Functions(new server.Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setKey(API_KEY)),
  });
  open.push(withAdmin);
  return withAdmin;
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
    let admin = s.admin();
    const running = await admin.createExecution({ functionId: 'napper', async: true, xpath: '/running', body: '60000' });
    const waiting = await admin.createExecution({ functionId: 'napper', async: true, xpath: '/waiting', body: '0' });
    const get = (id: string) => () => admin.getExecution({ functionId: 'napper', executionId: id });
    expect((await until(get(running.$id), (e) => e.status === 'processing')).status).toBe('processing');
    expect((await get(waiting.$id)()).status).toBe('waiting'); // one at a time: it queues

    await s.restart();
    admin = s.admin();

    const failed = await get(running.$id)();
    expect(failed).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(failed.errors).toContain('Execution interrupted: the server stopped while it was running.');
    const resumed = await until(get(waiting.$id), (e) => e.status === 'completed');
    expect(resumed).toMatchObject({ status: 'completed', responseStatusCode: 200 });
    expect(resumed.logs).toContain('done waiting');
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
    expect(loggedJson(ran)).toEqual({ userId: alice.id, hasJwt: true });
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
