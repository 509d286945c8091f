// Sessions (PROTOCOL §1.4, §2.2, §6): cookies, fallback header, limits, device details, deletion.
import { Account } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertModel } from './support/models.ts';
import { admin, failure, login, PASSWORD, PROJECT, signUp, startCore, web, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

describe('email/password session', () => {
  it('creates a session (201) with HttpOnly cookies and the fallback header; browsers get no secret', async () => {
    const u = await signUp(core);
    const response = await fetch(`${core.endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'user-agent': CHROME_MAC },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(response.status).toBe(201);
    const session = (await response.json()) as Record<string, unknown>;
    assertModel('session', session);
    expect(session).toMatchObject({
      userId: u.id, provider: 'email', providerUid: u.email, factors: ['password'], current: true, secret: '',
      ip: '127.0.0.1', countryCode: '--', countryName: 'Unknown', osName: 'macOS', clientName: 'Chrome', clientType: 'browser', clientEngine: 'Blink',
    });
    const cookies = response.headers.getSetCookie();
    const main = cookies.find((c) => c.startsWith(`a_session_${PROJECT}=`));
    const legacy = cookies.find((c) => c.startsWith(`a_session_${PROJECT}_legacy=`));
    expect(main).toMatch(/HttpOnly/i);
    expect(main).toMatch(/SameSite=None/i);
    expect(legacy).toMatch(/HttpOnly/i);
    expect(legacy).not.toMatch(/SameSite/i);
    const fallback = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
    const value = fallback[`a_session_${PROJECT}`] ?? '';
    expect(JSON.parse(Buffer.from(value, 'base64').toString())).toMatchObject({ id: u.id });
    expect(JSON.parse(Buffer.from(value, 'base64').toString()).secret).toMatch(/^[0-9a-f]{256}$/);

    // The cookie itself authenticates, as does the legacy one.
    const byCookie = await fetch(`${core.endpoint}/account`, { headers: { 'x-appwrite-project': PROJECT, cookie: main?.split(';')[0] ?? '' } });
    expect(byCookie.status).toBe(200);
    const byLegacy = await fetch(`${core.endpoint}/account`, { headers: { 'x-appwrite-project': PROJECT, cookie: legacy?.split(';')[0] ?? '' } });
    expect(byLegacy.status).toBe(200);
  });

  it('signs in through the Web SDK and its X-Fallback-Cookies path (localStorage)', async () => {
    const u = await signUp(core);
    const storage = new Map<string, string>();
    const globals = globalThis as { window?: unknown };
    globals.window = {
      localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => { storage.set(k, v); } },
      console: { warn: () => undefined },
    };
    try {
      const account = new Account(web(core));
      const session = await account.createEmailPasswordSession({ email: u.email, password: PASSWORD });
      assertModel('session', session);
      expect(session.secret).toBe('');
      expect(storage.get('cookieFallback')).toContain(`a_session_${PROJECT}`);
      expect((await account.get()).$id).toBe(u.id);
      await account.deleteSession({ sessionId: 'current' });
      expect(storage.get('cookieFallback')).toBe('[]');
    } finally {
      delete globals.window;
    }
  });

  it('rejects wrong credentials, unknown emails and a second session while one is active', async () => {
    const u = await signUp(core);
    const guest = new Account(web(core));
    expect(await failure(guest.createEmailPasswordSession({ email: u.email, password: 'wrong password' }))).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    expect(await failure(guest.createEmailPasswordSession({ email: 'nobody@example.com', password: PASSWORD }))).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    expect(await failure(guest.createEmailPasswordSession({ email: u.email, password: 'short' }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(new Account(web(core, u.session)).createEmailPasswordSession({ email: u.email, password: PASSWORD }))).toMatchObject({ code: 401, type: 'user_session_already_exists' });
  });

  it('gives the secret to API-key callers, usable with setSession (SSR)', async () => {
    const u = await signUp(core);
    const session = await new server.Account(admin(core)).createEmailPasswordSession({ email: u.email, password: PASSWORD });
    expect(session.secret).not.toBe('');
    const me = await new server.Account(new server.Client().setEndpoint(core.endpoint).setProject(PROJECT).setSession(session.secret)).get();
    expect(me.$id).toBe(u.id);
  });

  it('trusts X-Forwarded-For from the local app server', async () => {
    const u = await signUp(core);
    const value = await login(core, u.email, PASSWORD, { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' });
    const current = await new Account(web(core, value)).getSession({ sessionId: 'current' });
    expect(current.ip).toBe('203.0.113.9');
  });
});

describe('session list, get, update, delete', () => {
  it('lists sessions with current set and gets current or by id', async () => {
    const u = await signUp(core);
    const second = await login(core, u.email);
    const account = new Account(web(core, second));
    const list = await account.listSessions();
    assertModel('sessionList', list);
    expect(list.total).toBe(2);
    expect(list.sessions.map((s) => s.current)).toEqual([false, true]);
    expect(list.sessions.every((s) => s.secret === '')).toBe(true);
    const current = await account.getSession({ sessionId: 'current' });
    assertModel('session', current);
    expect(current.$id).toBe(list.sessions[1]?.$id);
    const first = await account.getSession({ sessionId: list.sessions[0]?.$id ?? '' });
    expect(first.current).toBe(false);
    expect(await failure(account.getSession({ sessionId: 'missing' }))).toMatchObject({ code: 404, type: 'user_session_not_found' });
    const other = await signUp(core);
    expect(await failure(new Account(web(core, other.session)).getSession({ sessionId: current.$id }))).toMatchObject({ code: 404, type: 'user_session_not_found' });
  });

  it('extends a session with updateSession', async () => {
    const u = await signUp(core);
    const account = new Account(web(core, u.session));
    const before = await account.getSession({ sessionId: 'current' });
    core.advance(5_000);
    const after = await account.updateSession({ sessionId: 'current' });
    assertModel('session', after);
    expect(Date.parse(after.expire)).toBeGreaterThan(Date.parse(before.expire));
  });

  it('deletes one session (204), the current one, or all', async () => {
    const u = await signUp(core);
    const second = await login(core, u.email);
    const third = await login(core, u.email);
    const account = new Account(web(core, third));
    const sessions = (await account.listSessions()).sessions;
    expect(await account.deleteSession({ sessionId: sessions[0]?.$id ?? '' })).toEqual({ message: '' });
    expect((await account.listSessions()).total).toBe(2);

    const response = await fetch(`${core.endpoint}/account/sessions/current`, {
      method: 'DELETE', headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT, 'x-appwrite-session': second }, body: '{}',
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('x-fallback-cookies')).toBe('[]');
    expect(response.headers.getSetCookie().some((c) => c.startsWith(`a_session_${PROJECT}=;`))).toBe(true);
    expect(await failure(new Account(web(core, second)).get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });

    await account.deleteSessions();
    expect(await failure(account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });
});

describe('session expiry', () => {
  it('stops accepting a session after its one-year lifetime', async () => {
    const u = await signUp(core);
    const account = new Account(web(core, u.session));
    const session = await account.getSession({ sessionId: 'current' });
    expect(Date.parse(session.expire) - Date.parse(session.$createdAt)).toBe(31_536_000_000);
    core.advance(31_536_000_000 + 60_000);
    expect(await failure(account.get())).toMatchObject({ code: 401, type: 'general_unauthorized_scope' });
  });
});

describe('session limit', () => {
  it('keeps at most 5 sessions: the 6th silently evicts the oldest', async () => {
    const u = await signUp(core);
    const values = [u.session];
    for (let i = 0; i < 5; i += 1) values.push(await login(core, u.email));
    const newest = new Account(web(core, values[5]));
    const list = await newest.listSessions();
    expect(list.total).toBe(5);
    expect(await failure(new Account(web(core, values[0])).get())).toMatchObject({ code: 401 });
    expect((await new Account(web(core, values[1])).get()).$id).toBe(u.id);
  });
});
