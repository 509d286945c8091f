// The project's session length (Appwrite `auths.duration`, appwrite.json settings.auth.security.duration)
// and `PATCH /v1/account/sessions/:sessionId` (account.updateSession), which extends a session to
// now + that length, 10 times an hour per route and IP (issue 17, automatic sign-out's server backstop).
import { Account, ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, sessionDurationOf } from '../src/config.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { assertModel } from './support/models.ts';
import { failure, login, PASSWORD, PROJECT, uniqueEmail, web } from './support/core-harness.ts';

const DURATION = 900;
const HOUR = 3_600_000;
const project = (duration?: number) => ({
  projectId: PROJECT, databases: [], collections: [], functions: [],
  ...(duration === undefined ? {} : { settings: { auth: { security: { duration } } } }),
});

async function signUp(server: TestServer): Promise<{ id: string; email: string; session: string }> {
  const email = uniqueEmail('duration');
  const user = await new Account(web(server)).create({ userId: ID.unique(), email, password: PASSWORD, name: 'Ada' });
  return { id: user.$id, email, session: await login(server, email) };
}

describe('the project session length', () => {
  let server: TestServer;
  // A still clock (moved only by `advance`), so expiries can be compared to the millisecond.
  const start = Date.now();
  beforeAll(async () => { server = await startTestServer({ project: project(DURATION), now: () => start }); });
  afterAll(async () => { await server.close(); });

  it('a new session and its cookies expire `duration` seconds after sign-in', async () => {
    const u = await signUp(server);
    const response = await fetch(`${server.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    const session = (await response.json()) as { expire: string; $createdAt: string };
    expect(Date.parse(session.expire) - Date.parse(session.$createdAt)).toBe(DURATION * 1000);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`a_session_${PROJECT}=`)) ?? '';
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    // Cookie dates have whole seconds.
    expect(Math.abs(expires - Date.parse(session.expire))).toBeLessThan(1000);
  });

  it('is checked on every request: past `expire` the session is a guest (401 general_unauthorized_scope)', async () => {
    const u = await signUp(server);
    const account = new Account(web(server, u.session));
    server.advance(DURATION * 1000 - 1000);
    expect((await account.get()).$id).toBe(u.id);
    server.advance(2000);
    expect(await failure(account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(account.getSession({ sessionId: 'current' }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
    expect(await failure(account.updateSession({ sessionId: 'current' }))).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('updateSession extends to now + duration (not from the old expiry), sets no cookie, answers the stored session', async () => {
    const u = await signUp(server);
    const account = new Account(web(server, u.session));
    const created = await account.getSession({ sessionId: 'current' });
    server.advance(600_000);

    const response = await fetch(`${server.endpoint}/account/sessions/current`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': u.session },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const extended = (await response.json()) as Record<string, unknown>;
    assertModel('session', extended);
    expect(extended).toMatchObject({ $id: created.$id, userId: u.id, provider: 'email', secret: '', current: false, countryName: '' });
    expect(Date.parse(String(extended.expire))).toBe(Date.parse(created.$createdAt) + 600_000 + DURATION * 1000);
    expect(Date.parse(String(extended.$updatedAt))).toBe(Date.parse(created.$createdAt) + 600_000);
    expect((await account.getSession({ sessionId: 'current' })).expire).toBe(extended.expire);

    // Alive past the first expiry, then gone `duration` after the extension.
    server.advance(DURATION * 1000 - 1000);
    expect((await account.get()).$id).toBe(u.id);
    server.advance(2000);
    expect(await failure(account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });

  it('updateSession through the Web SDK, by id too; another user\'s session or an unknown id is 404', async () => {
    const u = await signUp(server);
    const second = await login(server, u.email);
    const account = new Account(web(server, second));
    const current = await account.updateSession({ sessionId: 'current' });
    assertModel('session', current);
    expect(current.current).toBe(false);
    const first = (await account.listSessions()).sessions.find((s) => !s.current);
    server.advance(60_000);
    const byId = await account.updateSession({ sessionId: first?.$id ?? '' });
    expect(byId.$id).toBe(first?.$id);
    expect(Date.parse(byId.expire)).toBeGreaterThan(Date.parse(first?.expire ?? ''));
    expect(await failure(account.updateSession({ sessionId: 'missing' }))).toMatchObject({ code: 404, type: 'user_session_not_found' });
    const other = await signUp(server);
    expect(await failure(new Account(web(server, other.session)).updateSession({ sessionId: current.$id }))).toMatchObject({ code: 404, type: 'user_session_not_found' });
  });
});

describe('updateSession abuse limit', () => {
  let server: TestServer;
  // Two hours: the sessions outlive the window change below.
  beforeAll(async () => { server = await startTestServer({ project: project(7200), env: { APPWRITE_RATE_LIMITS: 'on' } }); });
  afterAll(async () => { await server.close(); });

  it('10 an hour per route and IP, whoever calls (Appwrite\'s default key url+ip), then 429 until the next window', async () => {
    server.advance(HOUR - (Date.now() % HOUR)); // the start of a fresh window
    const a = await signUp(server);
    const b = await signUp(server);
    const first = new Account(web(server, a.session));
    for (let i = 0; i < 10; i += 1) {
      const response = await fetch(`${server.endpoint}/account/sessions/current`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': (i % 2 ? a : b).session },
        body: '{}',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
    }
    expect(await failure(first.updateSession({ sessionId: 'current' }))).toMatchObject({ code: 429, type: 'general_rate_limit_exceeded' });
    // Other routes are other keys; the session itself still works (its expiry was extended above).
    expect((await first.get()).$id).toBe(a.id);
    server.advance(HOUR);
    expect((await first.updateSession({ sessionId: 'current' })).userId).toBe(a.id);
  });
});

describe('updateSession with APPWRITE_RATE_LIMITS=off', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ project: project(DURATION), env: { APPWRITE_RATE_LIMITS: 'off' } }); });
  afterAll(async () => { await server.close(); });

  it('has no limit', async () => {
    const u = await signUp(server);
    const account = new Account(web(server, u.session));
    for (let i = 0; i < 15; i += 1) expect((await account.updateSession({ sessionId: 'current' })).userId).toBe(u.id);
  });
});

describe('where the duration comes from', () => {
  it('a project without one gets Appwrite\'s default, one year', async () => {
    const server = await startTestServer({ project: project() });
    try {
      expect(server.config.sessionDuration).toBe(31_536_000);
      const u = await signUp(server);
      const session = await new Account(web(server, u.session)).getSession({ sessionId: 'current' });
      expect(Date.parse(session.expire) - Date.parse(session.$createdAt)).toBe(31_536_000_000);
    } finally {
      await server.close();
    }
  });

  it("Cadence's appwrite.json is short — at least the longest idle sign-out (60 min), far below a year — and is what the emulator runs with", () => {
    const config = loadConfig({});
    expect(config.sessionDuration).toBe(sessionDurationOf(config.schemaPath));
    expect(config.sessionDuration).toBeGreaterThanOrEqual(3600);
    expect(config.sessionDuration).toBeLessThanOrEqual(2 * 3600);
  });
});
