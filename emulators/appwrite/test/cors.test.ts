// CORS as Appwrite's app/config/cors.php: echoed origin, credentials, fallback header exposed.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT, startCore, type Core } from './support/core-harness.ts';

let core: Core;
beforeAll(async () => { core = await startCore(); });
afterAll(async () => { await core.close(); });

it('answers preflight with 204 and allows the SDK headers, including X-Fallback-Cookies', async () => {
  const response = await fetch(`${core.endpoint}/account/sessions/email`, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-appwrite-project,x-fallback-cookies' },
  });
  expect(response.status).toBe(204);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  expect(response.headers.get('access-control-allow-headers')).toMatch(/X-Fallback-Cookies/);
  expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE');
});

it('exposes X-Fallback-Cookies and X-Appwrite-Session on responses, errors included', async () => {
  const response = await fetch(`${core.endpoint}/account`, { headers: { origin: 'http://localhost:3000', 'x-appwrite-project': PROJECT } });
  expect(response.status).toBe(401);
  expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  expect(response.headers.get('access-control-expose-headers')).toBe('X-Appwrite-Session, X-Fallback-Cookies');
  expect(response.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate');
});
