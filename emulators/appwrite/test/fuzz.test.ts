// 2,000+ malformed requests: every answer is a 4xx with Appwrite's error body, and the server stays up.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEY, PROJECT, startCore, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

// Deterministic PRNG so a failure can be replayed.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Case { method: string; path: string; headers: Record<string, string>; body?: string }

const ROUTES: Array<[string, string]> = [
  ['POST', '/account'], ['PATCH', '/account/name'], ['PATCH', '/account/password'], ['PATCH', '/account/email'],
  ['PATCH', '/account/prefs'], ['POST', '/account/sessions/email'], ['POST', '/account/sessions/token'],
  ['POST', '/account/tokens/email'], ['POST', '/account/verifications/email'], ['PUT', '/account/verifications/email'],
  ['PUT', '/account/verification'], ['POST', '/account/recovery'], ['PUT', '/account/recovery'], ['POST', '/account/jwts'],
  ['PATCH', '/account/sessions/current'], ['DELETE', '/account/sessions/xyz'], ['POST', '/users'],
  ['PUT', '/users/someone/labels'], ['PATCH', '/users/someone/verification'], ['PATCH', '/users/someone/name'],
  ['PATCH', '/users/someone/password'], ['POST', '/users/someone/tokens'],
];
const FIELDS = ['userId', 'email', 'password', 'name', 'secret', 'url', 'prefs', 'oldPassword', 'phrase', 'labels', 'emailVerification', 'duration', 'length', 'expire'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const ODD_METHODS = ['PROPFIND', 'MKCOL', 'SEARCH', 'FOO', 'BREW'];

function malformedValue(r: () => number): unknown {
  const options: Array<() => unknown> = [
    () => Math.floor(r() * 1e9),
    () => r() > 0.5,
    () => [1, 'a', null],
    () => ({ nested: { deep: [r()] } }),
    () => 'x'.repeat(257 + Math.floor(r() * 5000)),
    () => '\u0000\uffff\ud800',
    () => -1.5,
    () => '',
    () => 'a'.repeat(70_000),
  ];
  return options[Math.floor(r() * options.length)]?.() ?? 0;
}

function makeCase(i: number, r: () => number): Case {
  const headers: Record<string, string> = { 'x-appwrite-project': PROJECT };
  const kind = i % 8;
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  if (r() < 0.3) headers['x-appwrite-key'] = KEY;
  if (r() < 0.1) headers['x-fallback-cookies'] = pick(['{', '[]', '{"a_session_cadence":"!!"}', 'null']);
  if (r() < 0.05) headers['x-appwrite-session'] = pick(['', 'eyJ9', 'not-base64']);
  switch (kind) {
    case 0: {
      const [method, path] = pick(ROUTES);
      return { method, path, headers: { ...headers, 'content-type': 'application/json' }, body: pick(['{', '{"a":', '[1,2', 'nul', '{"userId":}', '\u0000']) };
    }
    case 1:
    case 2: {
      const [method, path] = pick(ROUTES);
      const body: Record<string, unknown> = {};
      for (const field of FIELDS) if (r() < 0.6) body[field] = malformedValue(r);
      // Always at least one field of the wrong type, so no request can be valid.
      body[pick(['userId', 'email', 'password', 'secret', 'name', 'labels'])] = pick([42, true, { a: 1 }, [null]]);
      return { method, path, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
    }
    case 3:
      return r() < 0.5
        ? { method: pick(METHODS), path: `/nope/${Math.floor(r() * 1e6)}`, headers }
        : { method: pick(ODD_METHODS), path: pick(ROUTES)[1], headers };
    case 4: {
      const query = encodeURIComponent(pick(['{', '{"method":"equal"}', '{"method":"limit","values":["x"]}', '{"method":"bogus","attribute":"a","values":[]}', '[]', 'x'.repeat(5000)]));
      return { method: 'GET', path: `/users?queries[0]=${query}`, headers: { ...headers, 'x-appwrite-key': KEY } };
    }
    case 5: {
      const [, path] = pick(ROUTES);
      const method = pick(METHODS.filter((m) => m !== 'GET'));
      return { method, path: `${path}/${pick(['extra', '..', '%00', 'x'.repeat(300)])}`, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' };
    }
    case 6: {
      const [method, path] = pick(ROUTES);
      return { method, path, headers: { ...headers, 'content-type': pick(['text/plain', 'application/xml', 'application/json; charset=utf-8']) }, body: pick(['"string"', '12', 'true', '<a/>']) };
    }
    default: {
      const [method, path] = pick(ROUTES);
      return { method, path, headers: { ...headers, 'x-appwrite-project': pick(['', 'other', 'x'.repeat(100)]), 'content-type': 'application/json' }, body: '{}' };
    }
  }
}

it('answers 2,400 malformed requests with 4xx Appwrite errors and keeps serving', async () => {
  const r = rng(20261121);
  const cases = Array.from({ length: 2400 }, (_, i) => makeCase(i, r));
  const failures: string[] = [];
  const concurrency = 16;
  let next = 0;
  async function worker(): Promise<void> {
    while (next < cases.length) {
      const c = cases[next];
      next += 1;
      if (!c) continue;
      const response = await fetch(`${core.endpoint}${c.path}`, { method: c.method, headers: c.headers, ...(c.body !== undefined ? { body: c.body } : {}) });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try { body = JSON.parse(text) as Record<string, unknown>; } catch { /* reported below */ }
      const ok = response.status >= 400 && response.status < 500
        && typeof body.message === 'string' && body.code === response.status && typeof body.type === 'string' && body.version === '1.9.6'
        && !/at .+\.ts:\d+/.test(text);
      if (!ok) failures.push(`${c.method} ${c.path.slice(0, 80)} → ${response.status} ${text.slice(0, 200)}`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  expect(failures.slice(0, 10)).toEqual([]);
  // One huge body beyond the limit is a 400 too.
  const huge = await fetch(`${core.endpoint}/account`, {
    method: 'POST', headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json' }, body: `{"name":"${'x'.repeat(13 * 1024 * 1024)}"}`,
  });
  expect(huge.status).toBe(400);
  expect(await huge.json()).toMatchObject({ code: 400, version: '1.9.6' });
  const ping = await fetch(`${core.endpoint}/ping`, { headers: { 'x-appwrite-project': PROJECT } });
  expect(await ping.text()).toBe('Pong!');
}, 120_000);
