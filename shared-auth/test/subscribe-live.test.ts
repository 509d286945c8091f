// subscribeLive (src/client/realtime.ts: the portal's live messages, the video room, Today's waiting
// clients) over the emulator's Realtime with the official Web SDK 27. The SDK's own subscribe resolves
// when the socket opens, before it has even sent its subscribe frame; subscribeLive resolves once the
// server has answered that frame, so a change made right after is delivered, even when the frame is
// slow to arrive (here: held back 400 ms on its way out). After a dropped socket it says when the
// subscription is live again, so the page can read what changed in the gap.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@cadence/appwrite-emulator/testing';
import { Client, Databases, ID, type Models } from 'appwrite';
import * as server from 'node-appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscribeLive, type LiveEvent } from '@cadence/shared-auth';
import { configureAppwrite, setConfig } from '@cadence/shared-auth/testing';
import { API_KEY, DATABASE_ID, login, PASSWORD, PROJECT_ID, runtimeConfig } from './support/emulator.ts';

const APPOINTMENTS = `databases.${DATABASE_ID}.collections.appointments.documents`;
/** How long each subscribe frame is held back before it goes out. */
const SUBSCRIBE_DELAY_MS = 400;

// Node 20 has no WebSocket: the emulator's own `ws` (test set-up only), holding back subscribe frames.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const Socket = (createRequire(path.join(root, 'emulators/appwrite/package.json'))('ws') as { WebSocket: typeof WebSocket }).WebSocket;
class SlowSubscribeSocket extends Socket {
  override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    if (typeof data === 'string' && data.includes('"type":"subscribe"')) setTimeout(() => { if (this.readyState === Socket.OPEN) super.send(data); }, SUBSCRIBE_DELAY_MS);
    else super.send(data);
  }
}

let s: TestServer;
let therapist: { id: string; session: string };
const stops: Array<() => void> = [];

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const connections = () => [...s.app.realtime.connections].filter((c) => c.userId === therapist.id);

beforeAll(async () => {
  // The Web SDK uses window.setInterval (its heartbeat) as in a browser.
  Object.assign(globalThis, { WebSocket: SlowSubscribeSocket, window: globalThis });
  s = await startTestServer({ env: { APPWRITE_EVENTS: 'off' } });
  setConfig(runtimeConfig(s.endpoint));
  const users = new server.Users(new server.Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setKey(API_KEY));
  const email = `live.${Date.now().toString(36)}@example.com`;
  const user = await users.create({ userId: server.ID.unique(), email, password: PASSWORD, name: 'Live Therapist' });
  await users.updateLabels({ userId: user.$id, labels: ['therapist'] });
  therapist = { id: user.$id, session: await login({ endpoint: s.endpoint, origin: s.origin, advance: () => undefined, close: () => Promise.resolve() }, email) };
  configureAppwrite(new Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setSession(therapist.session));
});

afterEach(() => { stops.splice(0).forEach((stop) => { stop(); }); });

afterAll(async () => {
  await s.close();
});

function appointment(): Promise<{ $id: string }> {
  const start = new Date(Date.now() + 86_400_000);
  return new Databases(new Client().setEndpoint(s.endpoint).setProject(PROJECT_ID).setSession(therapist.session)).createDocument<Models.Document & Record<string, unknown>>({
    databaseId: DATABASE_ID, collectionId: 'appointments', documentId: ID.unique(),
    data: { userId: therapist.id, clientId: 'c1', serviceId: 's1', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
  });
}

describe('subscribeLive', () => {
  it('resolves only once the server has the subscription: a change made right after it is delivered', async () => {
    const received: Array<LiveEvent<{ $id: string }>> = [];
    stops.push(await subscribeLive<{ $id: string }>([APPOINTMENTS], (event) => { received.push(event); }));
    const doc = await appointment();
    await until(() => received.some((e) => e.payload.$id === doc.$id), 3_000, 'the change made right after subscribing');
  });

  it('after the server drops the socket, says when the subscription is live again; a change then is delivered', async () => {
    const received: Array<LiveEvent<{ $id: string }>> = [];
    let resubscribed = 0;
    stops.push(await subscribeLive<{ $id: string }>([APPOINTMENTS], (event) => { received.push(event); }, () => { resubscribed += 1; }));
    expect(resubscribed).toBe(0);
    const before = connections();
    for (const connection of before) connection.drop();
    // The SDK waits 1 s, opens a new socket, authenticates and sends its subscription again.
    await until(() => resubscribed === 1, 8_000, 'the subscription live again');
    const doc = await appointment();
    await until(() => received.some((e) => e.payload.$id === doc.$id), 3_000, 'the change after the reconnection');
  });
});
