// The app's subscribeLive (shared-auth/src/client/realtime.ts: the portal's live messages, the video
// room, Today's waiting clients) over this Realtime with the official Web SDK 27. The SDK's own
// subscribe resolves when the socket opens, before it has even sent its subscribe frame; subscribeLive
// resolves once the server has answered that frame, so a change made right after is delivered, even
// when the frame is slow to arrive (here: held back 400 ms on its way out). After a dropped socket it
// says when the subscription is live again, so the page can read what changed in the gap.
import { Databases, ID } from 'appwrite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscribeLive, type LiveEvent } from '../../../shared-auth/src/client/realtime.ts';
import { configureAppwrite } from '../../../shared-auth/src/testing/index.ts';
import type { TestServer } from '../src/testing.ts';
import { connectionsOf, DB, localStorage, person, startRealtimeServer, until, web, type Person } from './support/realtime-harness.ts';

const APPOINTMENTS = `databases.${DB}.collections.appointments.documents`;
/** How long each socket's subscribe frame is held back before it goes out. */
const SUBSCRIBE_DELAY_MS = 400;

let s: TestServer;
let therapist: Person;
const stops: Array<() => void> = [];

// The harness made `ws` the global WebSocket; this one holds back the subscribe frames it sends.
const Socket = globalThis.WebSocket as unknown as typeof WebSocket;
class SlowSubscribeSocket extends Socket {
  override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    if (typeof data === 'string' && data.includes('"type":"subscribe"')) setTimeout(() => { if (this.readyState === Socket.OPEN) super.send(data); }, SUBSCRIBE_DELAY_MS);
    else super.send(data);
  }
}

beforeAll(async () => {
  s = await startRealtimeServer();
  therapist = await person(s, 'therapist');
  configureAppwrite(web(s, therapist.session));
  Object.assign(globalThis, { WebSocket: SlowSubscribeSocket });
});

afterEach(() => {
  stops.splice(0).forEach((stop) => { stop(); });
  localStorage.clear();
});

afterAll(async () => {
  Object.assign(globalThis, { WebSocket: Socket });
  await s.close();
});

function appointment(): Promise<{ $id: string }> {
  const start = new Date(Date.now() + 86_400_000);
  return new Databases(web(s, therapist.session)).createDocument({
    databaseId: DB, collectionId: 'appointments', documentId: ID.unique(),
    data: { userId: therapist.id, clientId: 'c1', serviceId: 's1', start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString() },
  });
}

describe('subscribeLive', () => {
  it('resolves only once the server has the subscription: a change made right after it is delivered', async () => {
    const received: Array<LiveEvent<{ $id: string }>> = [];
    stops.push(await subscribeLive<{ $id: string }>([APPOINTMENTS], (event) => { received.push(event); }));
    expect(connectionsOf(s, therapist.id)).toHaveLength(1);
    const doc = await appointment();
    await until(() => received.some((e) => e.payload.$id === doc.$id), 3_000, 'the change made right after subscribing');
  });

  it('after the server drops the socket, says when the subscription is live again; a change then is delivered', async () => {
    const received: Array<LiveEvent<{ $id: string }>> = [];
    let resubscribed = 0;
    stops.push(await subscribeLive<{ $id: string }>([APPOINTMENTS], (event) => { received.push(event); }, () => { resubscribed += 1; }));
    expect(resubscribed).toBe(0);
    const before = connectionsOf(s, therapist.id);
    for (const connection of before) connection.drop();
    // The SDK waits 1 s, opens a new socket, authenticates and sends its subscription again.
    await until(() => resubscribed === 1, 8_000, 'the subscription live again');
    expect(connectionsOf(s, therapist.id).filter((c) => !before.includes(c))).toHaveLength(1);
    const doc = await appointment();
    await until(() => received.some((e) => e.payload.$id === doc.$id), 3_000, 'the change after the reconnection');
  });
});
