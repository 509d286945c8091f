import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from './app.ts';
import { loadServerConfig } from './config.ts';

let app: FastifyInstance;
const dir = mkdtempSync(path.join(tmpdir(), 'cadence-server-'));

beforeAll(async () => {
  const dist = path.join(dir, 'dist');
  const deploy = path.join(dir, 'deploy');
  mkdirSync(dist);
  mkdirSync(path.join(deploy, 'remotes/mf-content/0.1.0-abc'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'main.0123456789.js'), 'console.log(1)'.repeat(200));
  writeFileSync(path.join(dist, 'main.0123456789.js.map'), '{"version":3,"sources":["src/main.ts"]}');
  writeFileSync(path.join(deploy, 'remotes/mf-content/0.1.0-abc/remoteEntry.js'), 'x');
  writeFileSync(path.join(deploy, 'remotes/mf-content/0.1.0-abc/remoteEntry.js.map'), '{"version":3,"sources":[]}');
  writeFileSync(path.join(deploy, 'remotes.json'), '{"mf_content":{"version":"0.1.0-abc","entry":"/remotes/mf-content/0.1.0-abc/mf-manifest.json"}}');
  writeFileSync(path.join(dir, 'CHANGELOG.md'), '## [0.1.0] - 2026-11-21');
  app = await buildServer(
    loadServerConfig({
      SHELL_DIST: dist,
      DEPLOY_DIR: deploy,
      CHANGELOG_PATH: path.join(dir, 'CHANGELOG.md'),
      APPWRITE_UPSTREAM: 'http://127.0.0.1:9',
      SUPPORT_EMAIL: 'help@example.test',
    }),
  );
});

afterAll(() => app.close());

const html = { accept: 'text/html' };

describe('app server', () => {
  it('sends the security headers on every response', async () => {
    for (const url of ['/', '/config.json', '/nope']) {
      const response = await app.inject({ url, headers: html });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['permissions-policy']).toBe('camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=(self)');
      // Plain http (no PUBLIC_ORIGIN): no HSTS, which browsers would ignore or, wrongly set, obey for a year.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps source maps off the public server (they stay build artifacts)', async () => {
    expect((await app.inject({ url: '/main.0123456789.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/main.0123456789.js.map?x=1' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/mf-content/0.1.0-abc/remoteEntry.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/main.0123456789.js' })).statusCode).toBe(200);
  });

  it('lets Stripe.js run (script, its frames, its API) and nothing else from outside', async () => {
    const policy = Object.fromEntries(
      String((await app.inject({ url: '/', headers: html })).headers['content-security-policy'])
        .split('; ')
        .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    expect(policy['script-src']).toBe("'self' https://js.stripe.com https://*.js.stripe.com");
    expect(policy['frame-src']).toBe('https://js.stripe.com https://*.js.stripe.com');
    expect(policy['connect-src']).toBe("'self' https://api.stripe.com");
    expect(policy['style-src']).toBe("'self'");
    expect(policy['form-action']).toBe("'self'");
    const config = (await app.inject({ url: '/config.json' })).json<{ stripePublishableKey: string }>();
    expect(config.stripePublishableKey).toBe('pk_test_local');
  });

  it('falls back to the shell for app routes and answers a real 404 for unknown ones', async () => {
    const route = await app.inject({ url: '/changelog', headers: html });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('id="root"');
    const unknown = await app.inject({ url: '/no-such-page', headers: html });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('id="root"');
    expect((await app.inject({ url: '/missing.js' })).statusCode).toBe(404);
  });

  it('serves runtime config and remote pointers uncached', async () => {
    const config = await app.inject({ url: '/config.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
    // A path: the app calls Appwrite on the page's own origin, which the local stack puts on the
    // emulator's platform list (scripts/stack.mjs APPWRITE_PLATFORMS).
    expect(config.json()).toMatchObject({ endpoint: '/v1', projectId: 'cadence', supportEmail: 'help@example.test', mobileAppScheme: 'cadence' });
    const remotes = await app.inject({ url: '/remotes.json' });
    expect(remotes.headers['cache-control']).toBe('no-cache');
    expect(remotes.json().mf_content.version).toBe('0.1.0-abc');
  });

  it('takes the video room\'s STUN/TURN servers from ICE_SERVERS (JSON), none when unset or malformed', () => {
    const stun = [{ urls: 'stun:stun.example.org:3478' }];
    expect(loadServerConfig({ ICE_SERVERS: JSON.stringify(stun) }).runtime.iceServers).toEqual(stun);
    expect(loadServerConfig({}).runtime.iceServers).toBeUndefined();
    expect(loadServerConfig({ ICE_SERVERS: 'stun:oops' }).runtime.iceServers).toBeUndefined();
  });

  it('serves versioned files immutable and compresses text', async () => {
    const remote = await app.inject({ url: '/remotes/mf-content/0.1.0-abc/remoteEntry.js' });
    expect(remote.statusCode).toBe(200);
    expect(remote.headers['cache-control']).toContain('immutable');
    const main = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(main.headers['cache-control']).toContain('immutable');
    expect(main.headers['content-encoding']).toMatch(/br|gzip/);
    const index = await app.inject({ url: '/', headers: html });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('serves the changelog as text', async () => {
    const response = await app.inject({ url: '/CHANGELOG.md' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('## [0.1.0]');
  });

  it('answers 502 when Appwrite is unreachable instead of crashing', async () => {
    const response = await app.inject({ url: '/v1/account' });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(response.body).not.toContain('at ');
  });
});

describe("the app server's own 4xx answers carry Appwrite's error body (issue 29)", () => {
  const appwriteShape = (code: number, type: string) => ({ code, type, version: '1.9.6', message: expect.any(String) });

  it('431 for an oversized URL or oversized headers, 400 for a path that is not UTF-8, 404 for an unknown file', async () => {
    const listening = await buildServer(loadServerConfig({ SHELL_DIST: path.join(dir, 'dist'), DEPLOY_DIR: path.join(dir, 'deploy'), APPWRITE_UPSTREAM: 'http://127.0.0.1:9' }));
    await listening.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(listening.server.address() as { port: number }).port}`;
    try {
      const answers = {
        longUrl: await fetch(`${origin}/v1/account?${'q'.repeat(20_000)}`),
        bigHeader: await fetch(`${origin}/v1/account`, { headers: { 'x-big': 'b'.repeat(20_000) } }),
        pageLongUrl: await fetch(`${origin}/dashboard/${'a'.repeat(20_000)}`, { headers: html }),
        badUtf8Api: await fetch(`${origin}/v1/databases/%ff%fe/collections`),
        badUtf8Page: await fetch(`${origin}/dashboard/clients/%C3%28`, { headers: html }),
        missingFile: await fetch(`${origin}/missing.js`),
      };
      const expected: Record<keyof typeof answers, [number, string]> = {
        longUrl: [431, 'general_bad_request'],
        bigHeader: [431, 'general_bad_request'],
        pageLongUrl: [431, 'general_bad_request'],
        badUtf8Api: [400, 'general_bad_request'],
        badUtf8Page: [400, 'general_bad_request'],
        missingFile: [404, 'general_route_not_found'],
      };
      for (const [name, response] of Object.entries(answers) as [keyof typeof answers, Response][]) {
        const [code, type] = expected[name];
        expect(response.status, name).toBe(code);
        expect(response.headers.get('content-type'), name).toMatch(/^application\/json/);
        expect(await response.json(), name).toEqual(appwriteShape(code, type));
      }
    } finally {
      listening.server.closeAllConnections();
      await listening.close();
    }
  });
});

describe('served over HTTPS behind a TLS terminator', () => {
  const serverWith = (env: Record<string, string>) =>
    buildServer(loadServerConfig({ SHELL_DIST: path.join(dir, 'dist'), DEPLOY_DIR: path.join(dir, 'deploy'), ...env }));

  it('sends HSTS only when PUBLIC_ORIGIN is https', async () => {
    const https = await serverWith({ PUBLIC_ORIGIN: 'https://cadence.example' });
    const http = await serverWith({ PUBLIC_ORIGIN: 'http://localhost:3000' });
    try {
      for (const url of ['/', '/config.json', '/main.0123456789.js']) {
        expect((await https.inject({ url, headers: html })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect((await http.inject({ url, headers: html })).headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await Promise.all([https.close(), http.close()]);
    }
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadServerConfig({}).trustProxy).toBe(false);
    expect(loadServerConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadServerConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadServerConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    const hops = loadServerConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof hops === 'function' && [0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('serves source maps when asked (the bench reads them)', async () => {
    const maps = await serverWith({ SERVE_SOURCE_MAPS: '1' });
    try {
      expect((await maps.inject({ url: '/main.0123456789.js.map' })).json()).toMatchObject({ sources: ['src/main.ts'] });
    } finally {
      await maps.close();
    }
  });
});

describe('pnpm dev (CADENCE_DEV=1)', () => {
  it('serves shell files written after the server started, uncached; unknown files stay 404', async () => {
    const devDir = mkdtempSync(path.join(tmpdir(), 'cadence-dev-server-'));
    const dist = path.join(devDir, 'dist');
    mkdirSync(dist);
    mkdirSync(path.join(devDir, 'deploy/remotes'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const dev = await buildServer(loadServerConfig({ SHELL_DIST: dist, DEPLOY_DIR: path.join(devDir, 'deploy'), CADENCE_DEV: '1' }));
    try {
      writeFileSync(path.join(dist, 'main.js'), 'console.log("rebuilt")');
      const main = await dev.inject({ url: '/main.js' });
      expect(main.statusCode).toBe(200);
      expect(main.body).toBe('console.log("rebuilt")');
      expect(main.headers['cache-control']).toBe('no-cache');
      expect((await dev.inject({ url: '/missing.js' })).statusCode).toBe(404);
      expect((await dev.inject({ url: '/changelog', headers: html })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});
