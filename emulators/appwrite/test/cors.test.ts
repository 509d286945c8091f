// CORS as Appwrite's Network/Cors and general.php origin check: only platform origins are echoed
// with credentials; a browser request from another origin is refused with general_unknown_origin.
import { Account, type Client } from 'appwrite';
import { Users } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, failure, KEY, PROJECT, signUp, startCore, web, type Core } from './support/core-harness.ts';

const APP = 'http://localhost:3000';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

function preflight(origin: string, path = '/account/sessions/email'): Promise<Response> {
  return fetch(`${core.endpoint}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-appwrite-project,x-fallback-cookies' },
  });
}

/** The web SDK against the emulator, as a page on `origin` would call it (Node sends no Origin itself). */
function webFrom(origin: string, session?: string): Client {
  const client = web(core, session);
  client.headers.Origin = origin;
  return client;
}

describe('a platform origin', () => {
  it('answers preflight with 204 and allows the SDK headers, including X-Fallback-Cookies', async () => {
    const response = await preflight(APP);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Fallback-Cookies/);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('exposes X-Fallback-Cookies and X-Appwrite-Session on responses, errors included', async () => {
    const response = await fetch(`${core.endpoint}/account`, { headers: { origin: APP, 'x-appwrite-project': PROJECT } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('access-control-expose-headers')).toBe('X-Appwrite-Session, X-Fallback-Cookies');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
  });

  it('reads the account through the SDK from both spellings of the app origin', async () => {
    const u = await signUp(core, 'cors');
    expect((await new Account(webFrom(APP, u.session)).get()).$id).toBe(u.id);
    expect((await new Account(webFrom('http://127.0.0.1:3000', u.session)).get()).$id).toBe(u.id);
  });
});

describe('any other origin', () => {
  it('gets no Allow-Origin on preflight, so a browser never sends the request', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:5555', 'https://localhost:3000', 'null']) {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('is refused with general_unknown_origin (403), even with a valid session, and changes nothing', async () => {
    const u = await signUp(core, 'cors');
    const evil = new Account(webFrom('http://localhost:5555', u.session));
    expect(await failure(evil.get())).toMatchObject({
      code: 403,
      type: 'general_unknown_origin',
      message: 'Invalid Origin. Register your new client (localhost) as a new Web platform on your project console dashboard',
    });
    expect(await failure(evil.updatePrefs({ prefs: { stolen: true } }))).toMatchObject({ code: 403, type: 'general_unknown_origin' });
    expect(await failure(new Account(webFrom('https://evil.example', u.session)).listSessions())).toMatchObject({ code: 403, type: 'general_unknown_origin' });
    expect((await new Account(web(core, u.session)).getPrefs())).toEqual({});

    const raw = await fetch(`${core.endpoint}/account`, { headers: { origin: 'https://evil.example', 'x-appwrite-project': PROJECT } });
    expect(raw.status).toBe(403);
    expect(raw.headers.get('access-control-allow-origin')).toBeNull();
    expect(raw.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('requests without a browser origin', () => {
  it('keep working: no Origin header (server SDK, curl) and API-key calls', async () => {
    const u = await signUp(core, 'cors');
    expect((await new Account(web(core, u.session)).get()).$id).toBe(u.id);
    expect((await new Users(admin(core)).get({ userId: u.id })).$id).toBe(u.id);
    const keyed = await fetch(`${core.endpoint}/users/${u.id}`, {
      headers: { origin: 'https://evil.example', 'x-appwrite-project': PROJECT, 'x-appwrite-key': KEY },
    });
    expect(keyed.status).toBe(200);
  });

  it('function domains (/_functions/…) are not subject to the origin check, as Appwrite serves them on their own hosts', async () => {
    const response = await fetch(`${core.origin}/_functions/no-such-function`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(((await response.json()) as { type: string }).type).not.toBe('general_unknown_origin');
  });

  it('keep working from the server’s own origin (the dev mailbox page)', async () => {
    const response = await fetch(`${core.endpoint}/ping`, { headers: { origin: core.origin } });
    expect(response.status).toBe(200);
  });
});
