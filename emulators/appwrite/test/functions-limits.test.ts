// Appwrite's abuse limit on createExecution (60 per minute per ip and user, API keys exempt) and
// the same per client address on each function domain; off with APPWRITE_RATE_LIMITS=off.
import { AppwriteException, Client, Functions } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, createUser, fn, PROJECT_ID, startServer, type Harness } from './support/dbfn-harness.ts';

const LIMIT = 60;
const MINUTE = 60_000;

let h: Harness;
// The server's clock starts at the top of a minute, so the test never straddles two windows.
const offset = MINUTE - (Date.now() % MINUTE);

beforeAll(async () => {
  h = await startServer({ functions: [fn('echo'), fn('raw')], rateLimits: true, now: () => Date.now() + offset });
});
afterAll(async () => { await h.close(); });

async function status(p: Promise<unknown>): Promise<number | string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof AppwriteException) return `${e.code} ${e.type}`;
    throw e;
  }
}

describe('execution rate limits', () => {
  it(`allows ${LIMIT} executions a minute per user and address, then 429; other users and API keys are counted apart`, async () => {
    const alice = await createUser(h.endpoint, 'limit');
    const web = new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
    for (let i = 0; i < LIMIT; i += 1) expect(await status(web.createExecution({ functionId: 'echo', xpath: '/empty' }))).toBe('ok');
    expect(await status(web.createExecution({ functionId: 'echo', xpath: '/empty' }))).toBe('429 general_rate_limit_exceeded');

    const bob = await createUser(h.endpoint, 'limit');
    expect(await status(new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(bob.session)).createExecution({ functionId: 'echo', xpath: '/empty' }))).toBe('ok');
    const admin = new server.Functions(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    expect((await admin.createExecution({ functionId: 'echo', xpath: '/empty' })).status).toBe('completed');
  });

  it(`allows ${LIMIT} requests a minute per address to a function domain, then 429 with Appwrite's body`, async () => {
    const post = () => fetch(`http://127.0.0.1:${h.port}/_functions/raw/hook`, { method: 'POST', body: 'x' });
    for (let i = 0; i < LIMIT; i += 1) expect((await post()).status).toBe(202);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await refused.json()).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // Another function's domain has its own count.
    expect((await fetch(`http://127.0.0.1:${h.port}/_functions/echo/empty`)).status).toBe(204);
  });
});
