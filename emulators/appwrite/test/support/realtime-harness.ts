// The Realtime tests' server and people. The Web SDK opens `new WebSocket(url)` and uses
// `window.setTimeout` / `window.localStorage` as in a browser; Node 20 has none of them, so this
// test setup (never product code) makes `ws` the global WebSocket and this process the `window`, with
// an in-memory localStorage that stays empty unless a test puts a cookie fallback in it.
import * as server from 'node-appwrite';
import { WebSocket } from 'ws';
import { Client } from 'appwrite';
import type { Connection } from '../../src/realtime/hub.ts';
import { startTestServer, type TestServer } from '../../src/testing.ts';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null { return this.items.get(key) ?? null; }
  setItem(key: string, value: string): void { this.items.set(key, String(value)); }
  removeItem(key: string): void { this.items.delete(key); }
  clear(): void { this.items.clear(); }
}

export const localStorage = new MemoryStorage();
Object.assign(globalThis, { WebSocket, window: globalThis, localStorage });

export const PROJECT = 'cadence';
export const KEY = 'local-dev-key';
export const PASSWORD = 'correct horse battery';
export const DB = 'main';

/** backend/appwrite.json as it is, functions not run on events (they would answer to every write). */
export function startRealtimeServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ env: { APPWRITE_EVENTS: 'off', ...env } });
}

export function admin(s: TestServer): server.Client {
  return new server.Client().setEndpoint(s.endpoint).setProject(PROJECT).setKey(KEY);
}

export function web(s: TestServer, session?: string): Client {
  const client = new Client().setEndpoint(s.endpoint).setProject(PROJECT);
  if (session) client.setSession(session);
  return client;
}

export interface Person { id: string; email: string; session: string }

let counter = 0;

/** Signs in through raw HTTP (Node has no cookie jar) and answers the session value of the fallback header. */
export async function login(s: TestServer, email: string): Promise<string> {
  const response = await fetch(`${s.endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': PROJECT },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 201) throw new Error(`login ${response.status}: ${await response.text()}`);
  const fallback = JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}') as Record<string, string>;
  const value = fallback[`a_session_${PROJECT}`];
  if (!value) throw new Error('no fallback cookie');
  return value;
}

/** A signed-in user with these labels (`therapist` for a practice, `client` for a portal client). */
export async function person(s: TestServer, label: string): Promise<Person> {
  counter += 1;
  const email = `${label}.${counter}.${Date.now().toString(36)}@example.com`;
  const users = new server.Users(admin(s));
  const user = await users.create({ userId: server.ID.unique(), email, password: PASSWORD, name: `${label} ${counter}` });
  await users.updateLabels({ userId: user.$id, labels: [label] });
  return { id: user.$id, email, session: await login(s, email) };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The server's open connections of this user with at least `subscriptions` subscriptions. */
export function connectionsOf(s: TestServer, userId: string, subscriptions = 1): Connection[] {
  return [...s.app.realtime.connections].filter((c) => c.userId === userId && c.subscriptions.size >= subscriptions);
}

/** What a subscription callback received, with a wait for the next matching one. */
export class Inbox<T extends { events: string[] }> {
  readonly received: T[] = [];
  readonly push = (message: T): void => { this.received.push(message); };
  async next(match: (m: T) => boolean, ms = 5_000): Promise<T> {
    let found: T | undefined;
    await until(() => (found = this.received.find(match)) !== undefined, ms, 'a realtime event');
    return found as T;
  }
  has(fragment: string): boolean {
    return this.received.some((m) => m.events.some((e) => e.includes(fragment)));
  }
}

/** A raw WebSocket on the endpoint (what a browser sends: cookies, Origin), with its messages. */
export async function rawSocket(s: TestServer, query: string, headers: Record<string, string> = {}): Promise<{ socket: WebSocket; messages: Array<Record<string, unknown>>; closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${s.port}/v1/realtime?${query}`, { headers });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
  await until(() => messages.length > 0, 5_000, 'the first message');
  return { socket, messages, closed };
}
