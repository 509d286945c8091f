// Function executions through both SDKs, the Node runtime contract, function domains and
// schedules (PROTOCOL §4).
import crypto, { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Account, AppwriteException, Client, ExecutionMethod, Functions, Query } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, createUser, fn, loggedJson, PROJECT_ID, startServer, type Harness, type TestUser } from './support/dbfn-harness.ts';
import { assertModel } from './support/models.ts';

let h: Harness;
let alice: TestUser;
let web: Functions;
let guest: Functions;
let admin: server.Functions;

const FUNCTIONS = [
  fn('echo', { vars: { MY_JSON_VAR: 'from-appwrite-json', MY_BOTH: 'appwrite-json' } }),
  fn('throws'),
  fn('no-return'),
  fn('sleeper', { timeout: 1 }),
  fn('members', { execute: ['users'] }),
  fn('raw'),
  fn('key-user', { execute: ['users'], scopes: ['documents.write'] }),
  fn('private', { execute: [] }),
  fn('ticker', { execute: [], schedule: '* * * * * *' }),
];

interface EchoBody {
  req: { bodyText: string; bodyJson: unknown; body: unknown; headers: Record<string, string>; method: string; path: string; query: Record<string, string>; queryString: string; url: string; host: string; port: number; scheme: string };
  env: Record<string, string>;
}

async function failure(p: Promise<unknown>): Promise<{ code: number; type: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppwriteException || e instanceof server.AppwriteException) return { code: e.code, type: e.type };
    throw e;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  h = await startServer({ functions: FUNCTIONS, env: { APPWRITE_SCHEDULES: 'on', FUNCTION_VARS_ECHO: JSON.stringify({ MY_ENV_VAR: 'from-env', MY_BOTH: 'env' }) } });
  alice = await createUser(h.endpoint, 'fnuser');
  web = new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(alice.session));
  guest = new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID));
  admin = new server.Functions(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
});
afterAll(async () => { await h.close(); });

describe('createExecution (sync)', () => {
  it('runs the function with the documented context, headers and env; 2.0 model for the Web SDK', async () => {
    const e = await web.createExecution({ functionId: 'echo', body: '{"a":1}', xpath: '/x/y?b=2&c=3', method: ExecutionMethod.PUT, headers: { 'content-type': 'application/json', 'x-custom': '1' } });
    assertModel('execution2', e);
    expect(e.status).toBe('completed');
    expect(e.trigger).toBe('http');
    expect(e.responseStatusCode).toBe(200);
    expect(e.logs).toBe('');
    expect(e.errors).toBe('');
    expect(e.$permissions).toEqual([`read("user:${alice.id}")`]);
    expect(e.responseHeaders).toContainEqual({ name: 'content-type', value: 'application/json; charset=utf-8' });
    expect(e.responseHeaders).toContainEqual({ name: 'x-appwrite-execution-id', value: e.$id });
    const out = JSON.parse(e.responseBody) as EchoBody;
    expect(out.req).toMatchObject({ bodyText: '{"a":1}', bodyJson: { a: 1 }, body: { a: 1 }, method: 'PUT', path: '/x/y', queryString: 'b=2&c=3', query: { b: '2', c: '3' }, scheme: 'http', host: '127.0.0.1', port: h.port });
    expect(out.req.url).toBe(`http://127.0.0.1:${h.port}/x/y?b=2&c=3`);
    const hdr = out.req.headers;
    expect(hdr['x-custom']).toBe('1');
    expect(hdr['x-sdk-name']).toBeUndefined(); // the caller's own headers stay out
    expect(hdr['x-appwrite-session']).toBeUndefined();
    expect(hdr['x-appwrite-trigger']).toBe('http');
    expect(hdr['x-appwrite-user-id']).toBe(alice.id);
    expect(hdr['x-appwrite-user-jwt']).toMatch(/^ey[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(hdr['x-appwrite-key']).toMatch(/^ephemeral_/);
    expect(hdr['x-appwrite-execution-id']).toBe(e.$id);
    expect(out.env).toMatchObject({
      APPWRITE_FUNCTION_API_ENDPOINT: h.endpoint, APPWRITE_FUNCTION_PROJECT_ID: PROJECT_ID, APPWRITE_FUNCTION_ID: 'echo', APPWRITE_FUNCTION_NAME: 'echo',
      APPWRITE_FUNCTION_RUNTIME_NAME: 'Node.js', APPWRITE_FUNCTION_RUNTIME_VERSION: '20.0',
      // Variables: appwrite.json `vars` < functions/<id>/.env.local < FUNCTION_VARS_<ID>
      MY_JSON_VAR: 'from-appwrite-json', MY_DOTENV: 'from-dotenv', MY_ENV_VAR: 'from-env', MY_BOTH: 'env',
    });
    // the injected user JWT authenticates as the caller
    const me = await new Account(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setJWT(hdr['x-appwrite-user-jwt'] ?? '')).get();
    expect(me.$id).toBe(alice.id);
  });

  it('gives node-appwrite (1.9.5 format) functionId, and the API key sees logs and errors', async () => {
    const e = await admin.createExecution({ functionId: 'echo', body: 'not json', xpath: '/' });
    assertModel('execution', e);
    expect(e.functionId).toBe('echo');
    expect(e).not.toHaveProperty('resourceId');
    expect(e.logs).toContain('hello {"a":1}');
    expect(e.logs).toContain('native');
    expect(e.errors).toContain('careful');
    const out = JSON.parse(e.responseBody) as EchoBody;
    expect(out.req.bodyJson).toBe('invalid');
    expect(out.req.headers['x-appwrite-user-id']).toBe('');
    expect(out.req.headers['x-appwrite-user-jwt']).toBe('');
  });

  it('supports res.binary, res.redirect, res.empty and res.text with status and headers', async () => {
    const bin = await admin.createExecution({ functionId: 'echo', xpath: '/binary' });
    expect(Buffer.from(bin.responseBody, 'utf8').length).toBeGreaterThan(0);
    const redirect = await admin.createExecution({ functionId: 'echo', xpath: '/redirect' });
    expect(redirect.responseStatusCode).toBe(302);
    expect(redirect.responseHeaders).toContainEqual({ name: 'location', value: 'https://example.com/next' });
    expect((await admin.createExecution({ functionId: 'echo', xpath: '/empty' })).responseStatusCode).toBe(204);
    const text = await admin.createExecution({ functionId: 'echo', xpath: '/text' });
    expect(text).toMatchObject({ responseStatusCode: 418, responseBody: 'plain', status: 'completed' });
    expect(text.responseHeaders).toContainEqual({ name: 'x-custom', value: 'yes' });
  });

  it('a throwing function, one that returns nothing and one that times out are failed executions', async () => {
    const thrown = await admin.createExecution({ functionId: 'throws' });
    expect(thrown).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(thrown.errors).toContain('boom from function');
    const none = await admin.createExecution({ functionId: 'no-return' });
    expect(none).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(none.errors).toContain('Return statement missing. return context.res.empty() if no response is expected.');
    const started = Date.now();
    const slow = await admin.createExecution({ functionId: 'sleeper' });
    expect(slow).toMatchObject({ status: 'failed', responseStatusCode: 500 });
    expect(slow.errors).toContain('Execution timed out.');
    expect(Date.now() - started).toBeLessThan(5000);
    // the server is still fine
    expect((await admin.createExecution({ functionId: 'echo', xpath: '/empty' })).status).toBe('completed');
  });

  it('checks execute permissions and function existence', async () => {
    expect(await failure(guest.createExecution({ functionId: 'members' }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(web.createExecution({ functionId: 'private' }))).toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await failure(web.createExecution({ functionId: 'nope' }))).toMatchObject({ code: 404, type: 'function_not_found' });
    const e = await web.createExecution({ functionId: 'members' });
    expect(JSON.parse(e.responseBody)).toEqual({ userId: alice.id, hasJwt: true });
    const g = await guest.createExecution({ functionId: 'echo', xpath: '/empty' });
    expect(g.$permissions).toEqual([]);
  });

  it('rejects reserved headers and scheduledAt without async', async () => {
    expect(await failure(web.createExecution({ functionId: 'echo', headers: { 'x-appwrite-user-id': 'forged' } }))).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    expect(await failure(web.createExecution({ functionId: 'echo', scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }))).toMatchObject({ code: 400, type: 'general_bad_request' });
  });

  it('the ephemeral x-appwrite-key works as an API key with the function scopes', async () => {
    const e = await web.createExecution({ functionId: 'key-user' });
    expect(e.status).toBe('completed');
    const { id } = JSON.parse(e.responseBody) as { id: string };
    const db = new server.Databases(new server.Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
    expect((await db.getDocument({ databaseId: 'main', collectionId: 'checkout_sessions', documentId: id }))['userId']).toBe(alice.id);
  });
});

describe('async executions, get and list', () => {
  it('returns 202 waiting, then the execution completes and can be fetched and listed', async () => {
    const e = await web.createExecution({ functionId: 'echo', async: true, xpath: '/empty' });
    expect(e.status).toBe('waiting');
    let got = e;
    for (let i = 0; i < 50 && (got.status === 'waiting' || got.status === 'processing'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await web.getExecution({ functionId: 'echo', executionId: e.$id });
    }
    assertModel('execution2', got);
    expect(got.status).toBe('completed');
    expect(got.responseStatusCode).toBe(204);
    const list = await web.listExecutions({ functionId: 'echo' });
    assertModel('executionList2', list);
    expect(list.executions.some((x) => x.$id === e.$id)).toBe(true);
    const other = await createUser(h.endpoint, 'other');
    const otherFns = new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(other.session));
    expect(await failure(otherFns.getExecution({ functionId: 'echo', executionId: e.$id }))).toMatchObject({ code: 404, type: 'execution_not_found' });
    expect(await failure(web.getExecution({ functionId: 'echo', executionId: 'nope' }))).toMatchObject({ code: 404, type: 'execution_not_found' });
  });
});

describe('listing executions takes Appwrite\'s queries (the Executions validator\'s attributes)', () => {
  it('filters by status, trigger, method and code; orders, pages and counts; only the caller\'s own; refuses other attributes', async () => {
    const user = await createUser(h.endpoint, 'lister');
    const mine = new Functions(new Client().setEndpoint(h.endpoint).setProject(PROJECT_ID).setSession(user.session));
    const made = [];
    for (const method of [ExecutionMethod.GET, ExecutionMethod.POST, ExecutionMethod.POST]) made.push(await mine.createExecution({ functionId: 'echo', xpath: '/empty', method }));
    const ids = made.map((e) => e.$id);
    const list = (queries: string[], total?: boolean) => mine.listExecutions({ functionId: 'echo', queries, ...(total === undefined ? {} : { total }) });
    // Only the caller's own, newest first when unordered.
    expect((await list([])).executions.map((e) => e.$id)).toEqual([...ids].reverse());
    expect((await list([])).total).toBe(3);
    expect((await list([Query.equal('requestMethod', 'POST')])).executions.map((e) => e.$id)).toEqual([ids[2], ids[1]]);
    expect((await list([Query.equal('status', ['waiting', 'processing'])])).total).toBe(0);
    expect((await list([Query.equal('status', 'completed'), Query.equal('trigger', 'http'), Query.equal('responseStatusCode', 204)])).total).toBe(3);
    expect((await list([Query.equal('deploymentId', 'local-echo'), Query.orderAsc('$createdAt'), Query.limit(2)])).executions.map((e) => e.$id)).toEqual(ids.slice(0, 2));
    expect((await list([Query.orderAsc('$sequence'), Query.cursorAfter(ids[0]!)])).executions.map((e) => e.$id)).toEqual(ids.slice(1));
    expect((await list([Query.limit(1), Query.offset(2)])).executions.map((e) => e.$id)).toEqual([ids[0]]);
    expect((await list([Query.limit(1)], false)).total).toBe(0);
    // An API key sees everyone's.
    expect((await admin.listExecutions({ functionId: 'echo', queries: [Query.limit(100)] })).total).toBeGreaterThan(3);
    expect(await failure(list([Query.equal('logs', 'x')]))).toMatchObject({ code: 400, type: 'general_query_invalid' });
  });
});

describe('response bodies are returned, never stored (Executions/Create.php, Workers/Functions.php)', () => {
  /** The database and its WAL as bytes: a stored body would show up here. */
  const storedBytes = (): string => ['appwrite.sqlite', 'appwrite.sqlite-wal'].map((f) => path.join(h.dataDir, f)).filter((f) => fs.existsSync(f))
    .map((f) => fs.readFileSync(f).toString('latin1')).join('');

  it('a synchronous execution answers its body, but getExecution and listExecutions give an empty one and the database holds none', async () => {
    const marker = `clinical-${crypto.randomUUID()}`;
    const e = await web.createExecution({ functionId: 'echo', body: JSON.stringify({ marker }) });
    expect(JSON.parse(e.responseBody).req.bodyJson).toEqual({ marker });
    expect(e.responseHeaders).toContainEqual({ name: 'x-appwrite-execution-id', value: e.$id });
    const got = await web.getExecution({ functionId: 'echo', executionId: e.$id });
    expect(got).toMatchObject({ status: 'completed', responseStatusCode: 200, responseBody: '' });
    // Stored with the allow-listed response headers only (FUNCTION_ALLOWLIST_HEADERS_RESPONSE).
    expect(got.responseHeaders.map((x) => x.name).sort()).toEqual(['content-length', 'content-type'].filter((n) => e.responseHeaders.some((x) => x.name === n)));
    expect((await web.listExecutions({ functionId: 'echo' })).executions.find((x) => x.$id === e.$id)?.responseBody).toBe('');
    expect((await admin.getExecution({ functionId: 'echo', executionId: e.$id })).responseBody).toBe('');
    expect(storedBytes()).not.toContain(marker);
  });

  it('an async execution keeps no body: get and list give an empty one', async () => {
    const marker = `async-${crypto.randomUUID()}`;
    const e = await admin.createExecution({ functionId: 'echo', async: true, body: JSON.stringify({ marker }) });
    let got = e;
    for (let i = 0; i < 50 && (got.status === 'waiting' || got.status === 'processing'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      got = await admin.getExecution({ functionId: 'echo', executionId: e.$id });
    }
    expect(got).toMatchObject({ status: 'completed', responseStatusCode: 200, responseBody: '' });
    expect((await admin.listExecutions({ functionId: 'echo' })).executions.find((x) => x.$id === e.$id)?.responseBody).toBe('');
  });
});

describe('function domains', () => {
  it('passes method, headers and the raw body byte-exact, and returns the function response', async () => {
    const payload = Buffer.from('{"id":"evt_1",  "amount": 1.50,\n"name":"Zoë ✓"}\r\n', 'utf8');
    const res = await fetch(`http://127.0.0.1:${h.port}/_functions/raw/webhooks/stripe?x=1`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, body: payload,
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-handled-by')).toBe('raw');
    const out = (await res.json()) as Record<string, unknown>;
    expect(out).toMatchObject({
      sha256: createHash('sha256').update(payload).digest('hex'), length: payload.length, contentType: 'application/json',
      signature: 't=1,v1=abc', method: 'POST', path: '/webhooks/stripe', queryString: 'x=1', trigger: 'http',
    });
  });

  it('serves only functions executable by any', async () => {
    const res = await fetch(`http://127.0.0.1:${h.port}/_functions/members/`, { method: 'GET' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { type: string }).type).toBe('user_unauthorized');
  });
});

describe('schedules', () => {
  it('runs a function on its cron schedule with trigger schedule', async () => {
    let found: server.Models.Execution | undefined;
    for (let i = 0; i < 40 && !found; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const list = await admin.listExecutions({ functionId: 'ticker' });
      found = list.executions.find((x) => x.status === 'completed');
    }
    expect(found?.trigger).toBe('schedule');
    expect(loggedJson(found)).toEqual({ trigger: 'schedule', event: '' });
  });
});
