// Issue 34 "video sessions" in the composed build, with Chromium's fake camera and microphone: a
// therapist and a client in two browser contexts — the waiting room, Admit, both remote videos
// decoding frames (getStats framesDecoded rising), mute shown on the other side, End → Write note and
// Mark Show —, the client's reload (its Realtime subscription going live late) bringing both videos
// back without a new Admit, and a third user refused by the server. The client comes in signed out
// through the reminder's room link (/portal/join#<token>) and the portal's emailed code; a link of a
// later session says when it opens. Set-up through the API (support/); the permission, window and
// 2-minute rejoin rules in backend/test/video-room and backend/test/video-link.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { Client, Functions } from 'node-appwrite';
import { test, expect, expectAccessible } from '../support/fixtures.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { createCompleteUser, PASSWORD, signIn } from '../support/accounts.ts';
import { uniqueEmail, waitForMail } from '../support/mailbox.ts';
import { appwriteUrl } from '../support/ports.ts';
import { inviteToPortal } from '../support/portal.ts';
import { createPracticeDocument, practiceDatabases, seedPractice } from '../support/practice-data.ts';

// Only this file's browser gets fake media devices (and grants them without a prompt).
test.use({ launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

/** Keeps each page's RTCPeerConnections reachable, so the test reads getStats as the page would. */
const KEEP_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.__connections.push(this); }
  };
})();`;

/** Runs the reminders now, as their 5-minute schedule does (with the server key). */
const serverFunctions = new Functions(new Client().setEndpoint(`${appwriteUrl}/v1`).setProject('cadence').setKey('local-dev-key'));

/** The room link (path and fragment) of the newest reminder to `email` that has one, beyond `skip` earlier ones. */
async function remindedRoomLink(email: string, skip = 0): Promise<string> {
  await serverFunctions.createExecution({ functionId: 'send-reminders', async: false });
  const pattern = /https?:\/\/\S+\/portal\/join#[A-Za-z0-9_-]{43}/;
  const mail = await waitForMail(email, (m) => m.subject.startsWith('Appointment reminder') && pattern.test(m.text), skip, 30_000);
  const url = new URL(pattern.exec(mail.text)?.[0] ?? '');
  return `${url.pathname}${url.hash}`;
}

/** How many connections the page has made, and framesDecoded of the newest one's inbound video (0 before any). */
async function decoding(page: Page): Promise<{ connections: number; frames: number }> {
  return page.evaluate(async () => {
    const connections = (window as unknown as { __connections?: RTCPeerConnection[] }).__connections ?? [];
    const pc = connections.at(-1);
    let frames = 0;
    if (pc && pc.connectionState !== 'closed') {
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
    }
    return { connections: connections.length, frames };
  });
}

/** The ICE username fragment of the page's newest connection's local or remote description (new after an ICE restart). */
function iceUfrag(page: Page, side: 'local' | 'remote'): Promise<string> {
  return page.evaluate((which) => {
    const pc = (window as unknown as { __connections: RTCPeerConnection[] }).__connections.at(-1);
    const sdp = (which === 'local' ? pc?.localDescription : pc?.remoteDescription)?.sdp ?? '';
    return /a=ice-ufrag:(\S+)/.exec(sdp)?.[1] ?? '';
  }, side);
}

/**
 * Makes the page's newest connection report `state` (a network blip as the page sees it: loopback
 * media cannot be cut from a test, and Playwright's offline mode does not reach WebRTC), or, with
 * null, report its real state again; either way announced with a connectionstatechange event.
 */
function reportConnection(page: Page, state: RTCPeerConnectionState | null): Promise<void> {
  return page.evaluate((forced) => {
    const pc = (window as unknown as { __connections: RTCPeerConnection[] }).__connections.at(-1);
    if (!pc) return;
    if (forced) Object.defineProperty(pc, 'connectionState', { configurable: true, get: () => forced });
    else delete (pc as unknown as { connectionState?: unknown }).connectionState;
    pc.dispatchEvent(new Event('connectionstatechange'));
  }, state);
}

/** Remote video decodes on a connection newer than the page's first `after`: framesDecoded passes 0 and is still rising. */
async function expectVideoFlowing(page: Page, after = 0): Promise<void> {
  await expect.poll(async () => { const d = await decoding(page); return d.connections > after && d.frames > 0; }, { timeout: 30_000 }).toBe(true);
  const first = (await decoding(page)).frames;
  await expect.poll(async () => (await decoding(page)).frames, { timeout: 10_000 }).toBeGreaterThan(first);
}

test('therapist admits the waiting client; both see and hear each other, mute shows, End offers Write note; a third user is refused', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const therapist = await createCompleteUser();
  const clientEmail = uniqueEmail('video-client');
  const { clients, serviceId } = await seedPractice(therapist.id, { clients: [{ firstName: 'Jane', lastName: 'Doe', email: clientEmail, reminderConsent: true }] });
  const clientId = clients['Jane'] ?? '';
  await page.addInitScript(KEEP_CONNECTIONS);
  await signIn(page, therapist);
  // In the portal before the session is booked, so its reminder carries the room's own link.
  await inviteToPortal(page, clientId, clientEmail);
  const telehealthIn = (minutes: number) => {
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000);
    return createPracticeDocument(therapist.id, 'appointments', {
      clientId, serviceId, start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(), status: 'scheduled',
      locationType: 'telehealth', feeAmount: 15000, currency: 'USD', statusHistory: [],
    });
  };
  const appointmentId = await telehealthIn(5);
  let roomLink = '';
  // The client has used the portal before (their first sign-in made the link active, as portal-activate
  // does) and signed the telehealth consent there, as sign-consent leaves it (backend/test/consent-signing).
  const link = await practiceDatabases.updateDocument({ databaseId: 'main', collectionId: 'portal_access', documentId: clientId, data: { status: 'active', activatedAt: new Date().toISOString() } });
  await practiceDatabases.createDocument({
    databaseId: 'main', collectionId: 'consent_requests', documentId: 'unique()',
    data: {
      userId: therapist.id, clientId, clientUserId: link['clientUserId'], templateId: 'telehealth-consent', templateVersion: '2026-11-01', title: 'Telehealth consent',
      body: 'Telehealth consent', contentHash: '0'.repeat(64), status: 'signed', sentAt: new Date().toISOString(), signedAt: new Date().toISOString(),
    },
    permissions: [`read("user:${therapist.id}")`, `read("user:${String(link['clientUserId'])}")`],
  });

  const clientContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const client = await clientContext.newPage();
  await client.addInitScript(KEEP_CONNECTIONS);

  await test.step('signed out, the client opens the reminder’s room link, confirms the emailed code and waits with a self-view, a level meter and device pickers', async () => {
    roomLink = await remindedRoomLink(clientEmail);
    await client.goto(roomLink);
    await client.getByRole('button', { name: 'Email me a code' }).click();
    await expect(client.getByText('A code is on its way to your email.')).toBeVisible();
    const mail = await waitForMail(clientEmail, (m) => m.subject === 'Your sign-in code for the client portal', 0, 30_000);
    await client.getByRole('textbox', { name: 'Sign-in code' }).fill(/Your sign-in code is ([0-9a-f]{6})/.exec(mail.text)?.[1] ?? '');
    await client.getByRole('button', { name: 'Sign in' }).click();
    await expect(client).toHaveURL(`/portal/video/${appointmentId}`, { timeout: 30_000 });
    await expect(client.getByText('You are in the waiting room. Calm Harbor Counseling will let you in.')).toBeVisible({ timeout: 30_000 });
    await expect(client.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
    await expect(client.getByRole('combobox', { name: 'Camera' }).locator('option')).not.toHaveCount(0);
    await expect(client.getByRole('combobox', { name: 'Microphone' }).locator('option')).not.toHaveCount(0);
    await expectAccessible(client);
  });

  await test.step('the therapist sees "Jane D. is waiting" on Today and admits from there; both remote videos decode frames', async () => {
    await page.goto('/dashboard');
    const row = page.getByRole('region', { name: "Today's appointments" }).getByRole('listitem').filter({ hasText: 'Jane Doe' });
    await expect(row.getByText('Jane D. is waiting')).toBeVisible({ timeout: 30_000 });
    const admitted = Date.now();
    await row.getByRole('button', { name: 'Admit Jane D.' }).click();
    await expect(page).toHaveURL(`/dashboard/sessions/${appointmentId}/video`);
    await Promise.all([expectVideoFlowing(page), expectVideoFlowing(client)]);
    console.log(`admit → remote video decoding on both sides: ${Date.now() - admitted} ms (incl. polling)`);
  });

  await test.step('the client mutes: the therapist sees it', async () => {
    await client.getByRole('button', { name: 'Mute' }).click();
    await expect(page.getByText('Jane D. is muted')).toBeVisible();
    await client.getByRole('button', { name: 'Unmute' }).click();
    await expect(page.getByText('Jane D. is muted')).toBeHidden();
  });

  await test.step('in the call: a side chat both ways, devices to switch, screen share; axe in light and dark', async () => {
    await page.getByRole('textbox', { name: 'Message' }).fill('Can you see my screen?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(client.getByText('Can you see my screen?')).toBeVisible();
    await client.getByRole('textbox', { name: 'Message' }).fill('Yes, I can');
    await client.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(page.getByRole('listitem').filter({ hasText: 'Jane D.: Yes, I can' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Devices' }).getByRole('combobox', { name: 'Camera' })).toBeVisible();
    await expect(client.getByRole('region', { name: 'Devices' }).getByRole('combobox', { name: 'Microphone' })).toBeVisible();
    await page.getByRole('button', { name: 'Share screen' }).click();
    await expect(page.getByText('You are sharing your screen')).toBeVisible();
    // The client's video goes on decoding: the screen's frames on the same sender, no renegotiation.
    await expectVideoFlowing(client);
    await page.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(page.getByText('You are sharing your screen')).toBeHidden();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('a network blip: the client’s connection goes disconnected; ICE restarts with new credentials and both sides decode again, no Admit', async () => {
    const [therapistConnections, clientConnections] = [(await decoding(page)).connections, (await decoding(client)).connections];
    const [clientUfrag, therapistUfrag] = [await iceUfrag(client, 'local'), await iceUfrag(page, 'local')];
    const blip = Date.now();
    await reportConnection(client, 'disconnected');
    await expect(client.getByText('Reconnecting…')).toBeVisible();
    // 2.5 s on `disconnected`, then restartIce: a new offer with new ICE credentials, and the answer's.
    await expect.poll(() => iceUfrag(client, 'local'), { timeout: 30_000 }).not.toBe(clientUfrag);
    await expect.poll(() => iceUfrag(page, 'remote'), { timeout: 30_000 }).toBe(await iceUfrag(client, 'local'));
    await expect.poll(() => iceUfrag(page, 'local'), { timeout: 30_000 }).not.toBe(therapistUfrag);
    await reportConnection(client, null);
    await expect(client.getByText('Reconnecting…')).toBeHidden({ timeout: 30_000 });
    // The same connections on both sides (restarted, not replaced), decoding frames again.
    await Promise.all([expectVideoFlowing(page, therapistConnections - 1), expectVideoFlowing(client, clientConnections - 1)]);
    expect([(await decoding(page)).connections, (await decoding(client)).connections]).toEqual([therapistConnections, clientConnections]);
    await expect(page.getByRole('button', { name: 'Admit' })).toHaveCount(0);
    const took = Date.now() - blip;
    expect(took).toBeLessThan(120_000);
    console.log(`network blip → ICE restarted and remote video decoding on both sides: ${took} ms (incl. polling)`);
  });

  await test.step('the client reloads: both remote videos decode again without the therapist admitting', async () => {
    // The reloaded page's Realtime subscription goes live late (its subscribe frame held back 1.5 s):
    // the page says hello only once the server has it (subscribeLive waits for the server's answer).
    await client.routeWebSocket(/\/v1\/realtime/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === 'string' && message.includes('"subscribe"')) setTimeout(() => { server.send(message); }, 1_500);
        else server.send(message);
      });
    });
    const before = (await decoding(page)).connections;
    const reloaded = Date.now();
    await client.reload();
    await Promise.all([expectVideoFlowing(page, before), expectVideoFlowing(client)]);
    console.log(`client reload → remote video decoding on both sides: ${Date.now() - reloaded} ms (incl. polling)`);
    await expect(page.getByRole('button', { name: 'Admit' })).toHaveCount(0);
  });

  await test.step('the therapist ends: the client is told, the therapist gets Write note and Mark Show', async () => {
    await page.getByRole('button', { name: 'End session' }).click();
    await expect(page.getByRole('heading', { name: 'Session ended' })).toBeVisible();
    await expect(client.getByText('The session has ended. Thank you.')).toBeVisible();
    await page.getByRole('button', { name: 'Mark Show' }).click();
    await expect(page.getByRole('button', { name: /Attendance of Jane D\..*Show/ })).toBeVisible();
    await page.getByRole('link', { name: 'Write note' }).click();
    await expect(page).toHaveURL(`/dashboard/sessions/${appointmentId}/note`);
  });

  await test.step('a later session’s room link says when it opens', async () => {
    const later = await telehealthIn(3 * 60);
    await client.goto(await remindedRoomLink(clientEmail, 1));
    // The app's date style (shared-auth formatDateTime): "Tue, Dec 1, 2026, 9:30 AM".
    const opens = client.getByText(/^This video session opens at \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M, 30 minutes before it starts\.$/);
    await expect(opens).toBeVisible({ timeout: 30_000 });
    await expect(client).toHaveURL(/\/portal\/join#/);
    expect(later).not.toBe(appointmentId);
    await expectAccessible(client);
  });

  await test.step('another therapist with the link is refused by the server', async () => {
    const stranger = await createCompleteUser();
    const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
    await api.post('/v1/account/sessions/email', { headers: { 'x-appwrite-project': 'cadence' }, data: { email: stranger.email, password: PASSWORD } });
    const response = await api.post('/v1/functions/video-room/executions', {
      headers: { 'x-appwrite-project': 'cadence' }, data: { body: JSON.stringify({ action: 'enter', appointmentId }), async: false },
    });
    const execution = (await response.json()) as { responseStatusCode: number; responseBody: string };
    expect(execution.responseStatusCode).toBe(404);
    expect(JSON.parse(execution.responseBody)).toMatchObject({ success: false, error: 'This video session could not be found.' });
    // The client's room link, opened by someone else signed in: refused, and it names no appointment.
    const opened = await api.post('/v1/functions/video-link/executions', {
      headers: { 'x-appwrite-project': 'cadence' }, data: { body: JSON.stringify({ token: roomLink.split('#')[1] }), async: false },
    });
    const refused = (await opened.json()) as { responseStatusCode: number; responseBody: string };
    expect(refused.responseStatusCode).toBe(403);
    expect(JSON.parse(refused.responseBody)).toEqual({ success: false, reason: 'someoneElse', error: 'This link was sent to someone else. If it was sent to you, sign out and open it again.' });
    await api.dispose();
  });
  await clientContext.close();
});
