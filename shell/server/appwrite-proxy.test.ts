// The app server's /v1 proxy in front of the real Appwrite emulator (a child process, as in
// `npm start`), driven over HTTP by node-appwrite and fetch: what a browser may do through the
// public app server, compared with the same call made straight to Appwrite.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { Client as WebClient, Realtime, Storage as WebStorage } from 'appwrite';
import { AppwriteException, Account, Client, ID, Permission, Role, Storage, Users } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildServer } from './app.ts';
import { loadServerConfig } from './config.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const PROJECT = 'cadence';
const KEY = 'local-dev-key';
const PASSWORD = 'correct horse battery';

const dir = mkdtempSync(path.join(tmpdir(), 'cadence-proxy-'));
let emulator: ChildProcess;
let direct: string;
const servers: FastifyInstance[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startEmulator(): Promise<string> {
  const port = await freePort();
  const schema = path.join(dir, 'appwrite.json');
  // The exports bucket as backend/appwrite.json has it (only server keys upload), and one users may upload into.
  const buckets = [
    { $id: 'exports', $permissions: [], fileSecurity: true, name: 'Data exports', enabled: true, maximumFileSize: 2_000_000_000, allowedFileExtensions: ['zip'], compression: 'none', encryption: true, antivirus: false },
    { $id: 'uploads', $permissions: ['create("users")'], fileSecurity: true, name: 'Uploads', enabled: true, maximumFileSize: 30_000_000, allowedFileExtensions: [], compression: 'none', encryption: true, antivirus: false },
  ];
  writeFileSync(schema, JSON.stringify({ projectId: PROJECT, databases: [], collections: [], functions: [], buckets }));
  emulator = spawn(process.execPath, ['--import', 'tsx', 'emulators/appwrite/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      APPWRITE_PORT: String(port),
      APPWRITE_DATA_DIR: path.join(dir, 'data'),
      APPWRITE_SCHEMA: schema,
      APPWRITE_RATE_LIMITS: 'off',
      APPWRITE_PLATFORMS: 'http://localhost:3000',
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null) throw new Error(`emulator exited with ${emulator.exitCode}`);
    try {
      await fetch(`${origin}/v1/ping`);
      return `${origin}/v1`;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('emulator did not start');
}

/** An app server in front of `upstream`, listening on a real port; returns its /v1 endpoint. */
async function appServer(env: Record<string, string> = {}, upstream = direct.replace(/\/v1$/, '')): Promise<string> {
  const app = await buildServer(loadServerConfig({ SHELL_DIST: dir, DEPLOY_DIR: dir, APPWRITE_UPSTREAM: upstream, ...env }));
  servers.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1`;
}

const server = (endpoint: string) => new Client().setEndpoint(endpoint).setProject(PROJECT).setKey(KEY);
const guest = (endpoint: string) => new Client().setEndpoint(endpoint).setProject(PROJECT);

async function newUser(): Promise<string> {
  const email = `user-${ID.unique()}@example.test`;
  await new Users(server(direct)).create({ userId: ID.unique(), email, password: PASSWORD });
  return email;
}

/** A new user signed in through `endpoint`: the session cookie as a browser keeps it, and its value. */
async function signedIn(endpoint: string): Promise<{ userId: string; cookie: string; session: string }> {
  const email = await newUser();
  const response = await fetch(`${endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { userId: string; secret: string };
  const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`a_session_${PROJECT}=`));
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  return { userId: body.userId, cookie, session: cookie.slice(`a_session_${PROJECT}=`.length) };
}

/** A POST through node:http, which can send `Expect: 100-continue` (fetch cannot). */
function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: target.hostname, port: target.port, method: 'POST', path: target.pathname,
      headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', ...headers },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    // A server may answer and close before taking the whole body: the answer is what counts.
    request.on('error', (error) => { if (!request.writableFinished) reject(error); });
    if (headers.expect) request.on('continue', () => request.end(body));
    else request.end(body);
  });
}

async function failure(promise: Promise<unknown>): Promise<AppwriteException> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppwriteException);
  return error as AppwriteException;
}

beforeAll(async () => {
  direct = await startEmulator();
}, 40_000);

afterAll(async () => {
  // A test may leave a connection open (an upload refused mid-body, a kept-alive SDK socket): close
  // them, so closing the servers never waits on a client.
  for (const app of servers) app.server.closeAllConnections();
  await Promise.all(servers.map((app) => app.close()));
  emulator?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('the server API key through the app server (issue #11 item 7)', () => {
  it('is refused through the public app server and works only straight to Appwrite', async () => {
    const app = await appServer();
    await expect(new Users(server(direct)).list()).resolves.toMatchObject({ total: expect.any(Number) });
    const error = await failure(new Users(server(app)).list());
    expect(error.code).toBe(401);
    expect(error.type).toBe('general_unauthorized_scope');
  });

  it('never forwards any header only a server may send', async () => {
    const echo = Fastify();
    echo.all('/v1/*', async (request) => request.headers);
    await echo.listen({ host: '127.0.0.1', port: 0 });
    servers.push(echo);
    const app = await appServer({}, `http://127.0.0.1:${(echo.server.address() as AddressInfo).port}`);
    const response = await fetch(`${app}/account`, {
      headers: {
        'x-appwrite-project': PROJECT,
        'x-appwrite-key': KEY,
        'X-Appwrite-Dev-Key': 'dev-key',
        'x-appwrite-mode': 'admin',
        'x-appwrite-impersonate-user-id': 'victim',
        'x-appwrite-impersonate-user-email': 'victim@example.test',
        'x-appwrite-impersonate-user-phone': '+15550100',
        'x-forwarded-user-agent': 'forged',
        'x-forwarded-for': '203.0.113.9',
        forwarded: 'for=203.0.113.9',
        'x-real-ip': '203.0.113.9',
        'x-appwrite-jwt': 'user-jwt',
        'x-appwrite-session': 'user-session',
        'x-fallback-cookies': '{}',
      },
    });
    const seen = (await response.json()) as Record<string, string>;
    for (const name of ['x-appwrite-key', 'x-appwrite-dev-key', 'x-appwrite-mode', 'x-appwrite-impersonate-user-id',
      'x-appwrite-impersonate-user-email', 'x-appwrite-impersonate-user-phone', 'x-forwarded-user-agent', 'forwarded', 'x-real-ip']) {
      expect(seen, name).not.toHaveProperty(name);
    }
    // The caller's own credentials and the project still pass; the address is the app server's view.
    expect(seen).toMatchObject({ 'x-appwrite-project': PROJECT, 'x-appwrite-jwt': 'user-jwt', 'x-appwrite-session': 'user-session', 'x-fallback-cookies': '{}' });
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-forwarded-proto']).toBe('http');
  });
});

describe('CORS through the app server (issue #11 item 2)', () => {
  it('passes on no CORS grant from Appwrite: the app calls /v1 same-origin', async () => {
    const app = await appServer();
    const headers = { origin: 'http://localhost:3000', 'x-appwrite-project': PROJECT };
    const straight = await fetch(`${direct}/account`, { headers });
    expect(straight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const proxied = await fetch(`${app}/account`, { headers });
    expect(proxied.status).toBe(401);
    expect([...proxied.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await fetch(`${app}/account`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-appwrite-project' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('bodies Appwrite refuses get Appwrite\'s answer, not a 500', () => {
  const login = (endpoint: string, init: RequestInit & { headers?: Record<string, string> }) =>
    fetch(`${endpoint}/account/sessions/email`, {
      method: 'POST',
      ...init,
      headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', ...init.headers },
    });

  it('answers a gzip-encoded body as Appwrite does (400 JSON)', async () => {
    const app = await appServer();
    const init = { body: gzipSync(JSON.stringify({ email: 'a@example.test', password: PASSWORD })), headers: { 'content-encoding': 'gzip' } };
    const straight = await login(direct, init);
    const proxied = await login(app, init);
    expect(proxied.status).toBe(400);
    expect(proxied.status).toBe(straight.status);
    expect(await proxied.json()).toMatchObject({ code: 400, type: (await straight.json()).type });
  });

  it('refuses a body over Appwrite\'s 12 MB with Appwrite\'s error, whatever its type', async () => {
    const app = await appServer();
    const body = 'a'.repeat(13 * 1024 * 1024);
    const expected = { code: 400, type: 'general_argument_invalid', message: 'Request body is too large.' };
    // Appwrite answers before reading the rest and closes the connection: seen with Expect.
    const straight = await post(`${direct}/account/sessions/email`, body, { expect: '100-continue' });
    expect(straight.status).toBe(400);
    expect(JSON.parse(straight.body)).toMatchObject(expected);
    // The app server reads the upload to its end, so even a plain fetch gets the answer.
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const proxied = await login(app, { body, headers: { 'content-type': type } });
      expect(proxied.status, type).toBe(400);
      expect(await proxied.json(), type).toMatchObject(expected);
    }
  }, 30_000);

  it('issue 29: a 100 MB body streamed without Content-Length gets Appwrite\'s answer, not a dropped connection', async () => {
    const app = await appServer();
    const target = new URL(`${app}/account/sessions/email`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({
        host: target.hostname, port: target.port, method: 'POST', path: target.pathname,
        headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x61);
      let sent = 0;
      const write = () => {
        while (sent < 100 * 1024 * 1024) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once('drain', write);
        }
        request.end();
      };
      write();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ code: 400, type: 'general_argument_invalid', message: 'Request body is too large.', version: '1.9.6' });
  }, 60_000);

  it('takes a body sent with Expect: 100-continue or in chunks, as curl and Node clients send them', async () => {
    const app = await appServer();
    const body = JSON.stringify({ email: await newUser(), password: PASSWORD });
    expect((await post(`${app}/account/sessions/email`, body, { expect: '100-continue' })).status).toBe(201);
    expect((await post(`${app}/account/sessions/email`, body, { 'transfer-encoding': 'chunked' })).status).toBe(201);
  });
});

describe('the client address and HTTPS behind a TLS terminator', () => {
  it('ignores a client\'s own X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const email = await newUser();
    const login = (endpoint: string) =>
      new Account(guest(endpoint).addHeader('x-forwarded-for', '203.0.113.7')).createEmailPasswordSession({ email, password: PASSWORD });
    expect((await login(await appServer())).ip).toBe('127.0.0.1');
    expect((await login(await appServer({ TRUST_PROXY: 'loopback' }))).ip).toBe('203.0.113.7');
    expect((await login(await appServer({ TRUST_PROXY: '1' }))).ip).toBe('203.0.113.7');
  });

  it('marks the session cookies Secure only when the app is served over HTTPS', async () => {
    const email = await newUser();
    const cookies = async (endpoint: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(response.status).toBe(201);
      return response.headers.getSetCookie();
    };
    const plain = await cookies(await appServer());
    expect(plain.length).toBeGreaterThan(0);
    for (const cookie of plain) {
      expect(cookie).not.toMatch(/;\s*secure/i);
      expect(cookie).not.toMatch(/;\s*domain=/i);
    }
    // A client cannot claim HTTPS itself; a trusted terminator can (X-Forwarded-Proto), or the operator.
    const claimed = await cookies(await appServer(), { 'x-forwarded-proto': 'https' });
    for (const cookie of claimed) expect(cookie).not.toMatch(/;\s*secure/i);
    for (const secure of [
      await cookies(await appServer({ PUBLIC_ORIGIN: 'https://cadence.example' })),
      await cookies(await appServer({ TRUST_PROXY: 'loopback' }), { 'x-forwarded-proto': 'https' }),
    ]) {
      expect(secure.length).toBe(plain.length);
      for (const cookie of secure) {
        expect(cookie).toMatch(/;\s*Secure(;|$)/);
        expect(cookie).toMatch(/HttpOnly/i);
      }
    }
  });
  it('issue 17: the session cookie lasts the browser session (the server\'s sliding expire decides); sign-out still clears it', async () => {
    const email = await newUser();
    const signIn = (endpoint: string) => fetch(`${endpoint}/account/sessions/email`, {
      method: 'POST',
      headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    // Straight from Appwrite the cookies carry the sign-in's expiry…
    const upstream = (await signIn(direct)).headers.getSetCookie();
    expect(upstream.filter((c) => c.startsWith(`a_session_${PROJECT}`)).every((c) => /;\s*expires=/i.test(c))).toBe(true);
    // …through the app server they carry none.
    const endpoint = await appServer();
    const response = await signIn(endpoint);
    const cookies = response.headers.getSetCookie().filter((c) => c.startsWith(`a_session_${PROJECT}`));
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).not.toMatch(/;\s*(expires|max-age)=/i);
      expect(cookie).toMatch(/HttpOnly/i);
    }
    const session = cookies.map((c) => c.split(';')[0]).join('; ');
    const signOut = await fetch(`${endpoint}/account/sessions/current`, {
      method: 'DELETE',
      headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', cookie: session },
      body: '{}',
    });
    expect(signOut.status).toBe(204);
    const cleared = signOut.headers.getSetCookie().filter((c) => c.startsWith(`a_session_${PROJECT}`));
    expect(cleared).toHaveLength(2);
    for (const cookie of cleared) expect(Date.parse(/expires=([^;]+)/i.exec(cookie)?.[1] ?? '')).toBeLessThan(Date.now());
  });
});

describe('issue 17: export files through the app server', () => {
  const MiB = 1024 * 1024;


  it('a therapist downloads an export larger than the 12 MB request limit, intact, with their session cookie', async () => {
    const endpoint = await appServer();
    const therapist = await signedIn(endpoint);
    // A ZIP's bytes (its signature, then incompressible data): what the export function stores.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(13 * MiB + 321)]);
    const file = await new Storage(server(direct)).createFile({
      bucketId: 'exports', fileId: ID.unique(), file: InputFile.fromBuffer(zip, 'cadence-export.zip'),
      permissions: [Permission.read(Role.user(therapist.userId)), Permission.delete(Role.user(therapist.userId))],
    });
    const response = await fetch(`${endpoint}/storage/buckets/exports/files/${file.$id}/download?project=${PROJECT}`, { headers: { cookie: therapist.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cadence-export.zip"');
    // Already compressed: passed through as it is, not compressed again by the app server.
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(zip.length);
    expect(bytes.equals(zip)).toBe(true);
    const deleted = await fetch(`${endpoint}/storage/buckets/exports/files/${file.$id}`, {
      method: 'DELETE', headers: { 'x-appwrite-project': PROJECT, 'content-type': 'application/json', cookie: therapist.cookie }, body: '{}',
    });
    expect(deleted.status).toBe(204);
  }, 60_000);

  it('files are never kept in the browser cache, whatever Appwrite\'s Cache-Control (45 days for files)', async () => {
    const upstream = Fastify();
    upstream.get('/v1/*', async (_request, reply) => reply.header('cache-control', 'private, max-age=3888000').type('application/zip').send(Buffer.from('PK')));
    await upstream.listen({ host: '127.0.0.1', port: 0 });
    servers.push(upstream);
    const endpoint = await appServer({}, `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`);
    const file = await fetch(`${endpoint}/storage/buckets/exports/files/f1/download?project=${PROJECT}`);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(`${endpoint}/locale?project=${PROJECT}`)).headers.get('cache-control')).toBe('private, max-age=3888000');
  });

  it('a 5 MiB chunk of an upload passes the app server (the Web SDK cuts files at 5 MiB)', async () => {
    const endpoint = await appServer();
    const therapist = await signedIn(endpoint);
    const web = new WebClient().setEndpoint(endpoint).setProject(PROJECT).setSession(therapist.session);
    const content = randomBytes(6 * MiB);
    const file = await new WebStorage(web).createFile({ bucketId: 'uploads', fileId: ID.unique(), file: new File([content], 'letter.pdf') });
    expect(file).toMatchObject({ chunksTotal: 2, chunksUploaded: 2, sizeOriginal: content.length });
    const url = new WebStorage(web).getFileDownload({ bucketId: 'uploads', fileId: file.$id });
    const bytes = Buffer.from((await web.call('get', new URL(url), {}, {}, 'arrayBuffer')) as ArrayBuffer);
    expect(bytes.equals(content)).toBe(true);
  }, 60_000);
});

describe('issue 34: Appwrite Realtime through the app server', () => {
  it('carries /v1/realtime with the session cookie and Origin: the Web SDK subscribes, events arrive, refusals keep their close code', async () => {
    const endpoint = await appServer();
    const user = await signedIn(endpoint);
    const realtime = `${endpoint.replace(/^http/, 'ws')}/realtime?project=${PROJECT}`;

    // As a browser opens it: the cookie and the page's Origin on the upgrade, no other header.
    const socket = new WebSocket(realtime, { headers: { cookie: user.cookie, origin: 'http://localhost:3000' } });
    const first = await new Promise<{ type: string; data: { user: { $id: string } | null } }>((resolve, reject) => {
      socket.once('message', (data) => resolve(JSON.parse(String(data)) as { type: string; data: { user: { $id: string } | null } }));
      socket.once('error', reject);
    });
    expect(first).toMatchObject({ type: 'connected', data: { user: { $id: user.userId } } });
    socket.close();

    // The Web SDK in Node: ws as its WebSocket and this process as its window, for this test only.
    const globals = globalThis as Record<string, unknown>;
    const saved = { WebSocket: globals.WebSocket, window: globals.window };
    Object.assign(globals, { WebSocket, window: globalThis });
    try {
      const web = new WebClient().setEndpoint(endpoint).setProject(PROJECT).setSession(user.session);
      const events: Array<{ events: string[]; payload: { $id: string } }> = [];
      const subscription = await new Realtime(web).subscribe('buckets.uploads.files', (message) => { events.push(message as (typeof events)[number]); });
      // The SDK sends the subscription once the server's `connected` arrives: until then a file's
      // event may have no subscriber, so a file is uploaded until one is delivered.
      let delivered: (typeof events)[number] | undefined;
      for (let attempt = 0; attempt < 10 && !delivered; attempt += 1) {
        const file = await new WebStorage(web).createFile({ bucketId: 'uploads', fileId: ID.unique(), file: new File([Buffer.from('hello')], 'note.txt') });
        const deadline = Date.now() + 500;
        while (!(delivered = events.find((e) => e.payload.$id === file.$id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(delivered?.events).toContain(`buckets.uploads.files.${delivered?.payload.$id}.create`);
      await subscription.close();
    } finally {
      Object.assign(globals, saved);
    }

    // Appwrite's refusal and close code reach the browser as sent (1008: the SDK stops reconnecting).
    const refused = new WebSocket(realtime, { headers: { origin: 'https://evil.example' } });
    const [message, code] = await Promise.all([
      new Promise<string>((resolve) => refused.once('message', (data) => resolve(String(data)))),
      new Promise<number>((resolve) => refused.once('close', (closeCode) => resolve(closeCode))),
    ]);
    expect(JSON.parse(message)).toMatchObject({ type: 'error', data: { code: 1008 } });
    expect(code).toBe(1008);
  }, 30_000);
});
