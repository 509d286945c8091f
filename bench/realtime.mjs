// Appwrite Realtime on the local stack (issue 34's figures, `pnpm bench`):
//   fan-out: SUBSCRIBERS sockets of one therapist, opened through the app server's /v1/realtime as a
//   browser opens them (session cookie, subscribed to the appointments channel); the therapist writes
//   EVENTS appointments over REST, one after another, and each socket's arrival is timed from the
//   write's request (so the figure includes the write itself). Goal: p99 ≤ 100 ms to every subscriber.
//   memory: SOCKETS sockets opened straight to the emulator, each signed in and subscribed to two
//   channels; the emulator's resident memory (VmRSS) before and after. Goal: ≤ 200 MB for them.
// Its own emulator and app server (events, schedules and rate limits off), so nothing else moves the
// figures. Run alone: node bench/realtime.mjs [--subscribers 100] [--events 50] [--sockets 1000].
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './apps.mjs';

/** The emulator's own WebSocket library (the root package has no dependencies of its own). */
const webSocketClass = () => createRequire(path.join(root, 'emulators/appwrite/package.json'))('ws').WebSocket;

export const REALTIME_GOALS = { fanOutP99Ms: 100, socketsMb: 200 };
const KEY_HEADERS = { 'x-appwrite-project': 'cadence', 'content-type': 'application/json', 'x-appwrite-key': 'local-dev-key' };
const CHANNEL = 'databases.main.collections.appointments.documents';

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function start(name, script, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  process.once('exit', () => child.kill('SIGTERM'));
  return child;
}

async function waitFor(url, child, name) {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (await fetch(url).then(() => true, () => false)) return;
    await sleep(200);
  }
  throw new Error(`${name} did not start`);
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

async function therapist(endpoint) {
  const email = `realtime-bench-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const create = await fetch(`${endpoint}/users`, { method: 'POST', headers: KEY_HEADERS, body: JSON.stringify({ userId: 'unique()', email, password, name: 'Bench Therapist' }) });
  const user = await create.json();
  await fetch(`${endpoint}/users/${user.$id}/labels`, { method: 'PUT', headers: KEY_HEADERS, body: JSON.stringify({ labels: ['therapist'] }) });
  const login = await fetch(`${endpoint}/account/sessions/email`, { method: 'POST', headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (login.status !== 201) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().filter((c) => c.startsWith('a_session_cadence=')).map((c) => c.split(';')[0]).join('; ');
  return { id: user.$id, cookie };
}

/** A socket signed in by its cookie and subscribed; resolves once the server acknowledged the subscription. */
function subscribedSocket(url, cookie, channels, onEvent) {
  return new Promise((resolve, reject) => {
    const WebSocket = webSocketClass();
    const socket = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connected') {
        if (!message.data.user) reject(new Error('socket not signed in'));
        socket.send(JSON.stringify({ type: 'subscribe', data: [{ subscriptionId: `s${Math.random().toString(36).slice(2, 10)}`, channels, queries: [] }] }));
      } else if (message.type === 'response' && message.data.to === 'subscribe') {
        resolve(socket);
      } else if (message.type === 'event') {
        onEvent?.(message.data);
      } else if (message.type === 'error') {
        reject(new Error(message.data.message));
      }
    });
  });
}

function appointmentData(userId, i) {
  const startAt = new Date(Date.now() + (i + 1) * 3_600_000);
  return { userId, clientId: 'bench-client', serviceId: 'bench', start: startAt.toISOString(), end: new Date(startAt.getTime() + 45 * 60_000).toISOString() };
}

/**
 * @param {{ appUrl: string, appwriteUrl: string, emulatorPid: number, subscribers?: number, events?: number, sockets?: number }} options
 *   `appUrl` the app server's origin, `appwriteUrl` the emulator's origin (both without /v1).
 */
export async function measureRealtime({ appUrl, appwriteUrl, emulatorPid, subscribers = 100, events = 50, sockets = 1000 }) {
  const endpoint = `${appwriteUrl}/v1`;
  const { id, cookie } = await therapist(endpoint);

  // Fan-out through the app server.
  const arrivals = new Map();
  const viaApp = `${appUrl.replace(/^http/, 'ws')}/v1/realtime?project=cadence`;
  const fanOut = [];
  for (let i = 0; i < subscribers; i += 1) {
    fanOut.push(await subscribedSocket(viaApp, cookie, [CHANNEL], (data) => {
      const at = performance.now();
      const list = arrivals.get(data.payload.$id) ?? [];
      list.push(at);
      arrivals.set(data.payload.$id, list);
    }));
  }
  const deliveries = [];
  const allReached = [];
  const writes = [];
  let missing = 0;
  for (let i = 0; i < events; i += 1) {
    const sent = performance.now();
    const response = await fetch(`${appUrl}/v1/databases/main/collections/appointments/documents`, {
      method: 'POST', headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json', cookie }, body: JSON.stringify({ documentId: 'unique()', data: appointmentData(id, i) }),
    });
    const doc = await response.json();
    writes.push(performance.now() - sent);
    if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(doc)}`);
    const deadline = performance.now() + 2_000;
    while ((arrivals.get(doc.$id)?.length ?? 0) < subscribers && performance.now() < deadline) await sleep(1);
    const times = (arrivals.get(doc.$id) ?? []).map((at) => at - sent);
    missing += subscribers - times.length;
    deliveries.push(...times);
    if (times.length === subscribers) allReached.push(Math.max(...times));
  }
  for (const socket of fanOut) socket.terminate();

  // Memory: sockets straight to the emulator.
  await sleep(500);
  const before = rssMb(emulatorPid);
  const direct = `${appwriteUrl.replace(/^http/, 'ws')}/v1/realtime?project=cadence`;
  const open = [];
  for (let i = 0; i < sockets; i += 1) open.push(await subscribedSocket(direct, cookie, [CHANNEL, 'account']));
  await sleep(1_000);
  const after = rssMb(emulatorPid);
  for (const socket of open) socket.terminate();

  const round = (n) => Math.round(n * 10) / 10;
  return {
    fanOut: {
      subscribers, events, missing,
      deliveryP50Ms: round(percentile(deliveries, 50)), deliveryP99Ms: round(percentile(deliveries, 99)),
      allReachedP50Ms: round(percentile(allReached, 50)), allReachedP99Ms: round(percentile(allReached, 99)),
      writeP50Ms: round(percentile(writes, 50)), writeP99Ms: round(percentile(writes, 99)),
      goalMs: REALTIME_GOALS.fanOutP99Ms,
    },
    memory: { sockets, emulatorRssBeforeMb: before, emulatorRssAfterMb: after, socketsMb: round(after - before), goalMb: REALTIME_GOALS.socketsMb },
  };
}

/** Its own emulator and app server on `basePort` and the next port; stopped when done. */
export async function measureRealtimeStandalone({ basePort, ...options }) {
  const data = mkdtempSync(path.join(tmpdir(), 'cadence-bench-realtime-'));
  const emulator = start('Appwrite emulator', 'emulators/appwrite/src/main.ts', {
    APPWRITE_PORT: String(basePort + 1), APPWRITE_DATA_DIR: path.join(data, 'appwrite'), APPWRITE_RATE_LIMITS: 'off',
    APPWRITE_SCHEDULES: 'off', APPWRITE_EVENTS: 'off', APPWRITE_SMTP_PORT: 'off',
  });
  const app = start('App server', 'shell/server/main.ts', {
    PORT: String(basePort), HOST: '127.0.0.1', APPWRITE_UPSTREAM: `http://127.0.0.1:${basePort + 1}`, SHELL_DIST: data, DEPLOY_DIR: data,
  });
  try {
    const appwriteUrl = `http://127.0.0.1:${basePort + 1}`;
    const appUrl = `http://127.0.0.1:${basePort}`;
    await Promise.all([waitFor(`${appwriteUrl}/v1/ping`, emulator, 'Appwrite emulator'), waitFor(`${appUrl}/config.json`, app, 'App server')]);
    return await measureRealtime({ appUrl, appwriteUrl, emulatorPid: emulator.pid, ...options });
  } finally {
    emulator.kill('SIGTERM');
    app.kill('SIGTERM');
  }
}

export function formatRealtime(r) {
  const f = r.fanOut;
  const m = r.memory;
  return [
    `Realtime fan-out (through the app server): ${f.subscribers} subscribers, ${f.events} events — per delivery p50 ${f.deliveryP50Ms} ms, p99 ${f.deliveryP99Ms} ms; all ${f.subscribers} reached p50 ${f.allReachedP50Ms} ms, p99 ${f.allReachedP99Ms} ms (from the write's request, whose answer took p50 ${f.writeP50Ms} ms; ${f.missing} missing). Goal p99 ≤ ${f.goalMs} ms: ${f.deliveryP99Ms <= f.goalMs && f.missing === 0 ? 'met' : 'MISSED'}`,
    `Realtime memory: ${m.sockets} open sockets (signed in, 2 channels each) cost the emulator ${m.socketsMb} MB (RSS ${m.emulatorRssBeforeMb} → ${m.emulatorRssAfterMb} MB). Goal ≤ ${m.goalMb} MB: ${m.socketsMb <= m.goalMb ? 'met' : 'MISSED'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '3395' }, subscribers: { type: 'string', default: '100' }, events: { type: 'string', default: '50' }, sockets: { type: 'string', default: '1000' } } });
  const result = await measureRealtimeStandalone({ basePort: Number(values.port), subscribers: Number(values.subscribers), events: Number(values.events), sockets: Number(values.sockets) });
  console.log(formatRealtime(result));
  console.log(JSON.stringify(result));
}
