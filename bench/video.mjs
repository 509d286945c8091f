// Issue 34's call set-up figures (`pnpm bench`), in two Chromium pages with fake camera and microphone
// (the same build and stack as the other page benches, no added latency: loopback):
//   admit: the therapist clicks Admit in the room while the client waits → both pages decode remote
//          video (getStats inbound-rtp framesDecoded > 0 on each page's newest connection). Goal ≤ 2 s.
//   reload: the client's page reloads → both pages decode remote video on new connections, with no
//          new Admit. Goal ≤ 5 s.
// Each run has its own telehealth appointment (starting in 5 minutes) of the seeded therapist's
// client, with the signed telehealth consent the room asks for (written with the key: set-up). The
// appointment is deleted after its run, so the benches after this one (the week query, the export)
// find the practice's appointments as seeded.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from './apps.mjs';
import { chromiumPath } from './measure.mjs';
import { KEY_HEADERS, percentile, signIn } from './shared.mjs';

const { chromium } = createRequire(path.join(root, 'e2e/package.json'))('@playwright/test');

export const VIDEO_GOALS = { admitMs: 2000, reloadMs: 5000 };

/** Keeps each page's RTCPeerConnections reachable for getStats (as e2e/tests/video-room.spec.ts). */
const KEEP_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.__connections.push(this); }
  };
})();`;

/** Polls in the page until its newest connection (newer than `after`) decodes remote video; resolves then. */
async function decoding(page, after = 0) {
  await page.waitForFunction(async (before) => {
    const connections = window.__connections ?? [];
    const pc = connections.at(-1);
    if (!pc || connections.length <= before || pc.connectionState === 'closed') return false;
    let frames = 0;
    (await pc.getStats()).forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0; });
    return frames > 0;
  }, after, { polling: 20, timeout: 60_000 });
}

const connectionCount = (page) => page.evaluate(() => (window.__connections ?? []).length);

async function keyed(appwriteUrl, route, body) {
  const response = await fetch(`${appwriteUrl}/v1${route}`, { method: 'POST', headers: KEY_HEADERS, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function signedInPage(browser, appUrl, user) {
  const context = await browser.newContext();
  const response = await context.request.post(new URL('/v1/account/sessions/email', appUrl).href, {
    headers: { 'x-appwrite-project': 'cadence', 'content-type': 'application/json' }, data: user,
  });
  if (response.status() !== 201) throw new Error(`sign-in failed: ${response.status()}`);
  const page = await context.newPage();
  await page.addInitScript(KEEP_CONNECTIONS);
  return { context, page };
}

/**
 * @param {{ appUrl: string, appwriteUrl: string, therapist: { email: string, password: string }, client: { email: string, password: string }, clientId: string, runs?: number }} options
 *   appwriteUrl: the emulator's origin (no /v1); client: a portal login of clientId (bench/portal.mjs)
 */
export async function measureVideo({ appUrl, appwriteUrl, therapist, client, clientId, runs = 3 }) {
  const therapistId = (await signIn(`${appwriteUrl}/v1`, therapist)).userId;
  const clientUserId = (await signIn(`${appwriteUrl}/v1`, client)).userId;
  const readers = [`read("user:${therapistId}")`, `read("user:${clientUserId}")`];
  // The invitation accepted (accept-invitation's part, as set-up): the room lets in active links only.
  const link = await fetch(`${appwriteUrl}/v1/databases/main/collections/portal_access/documents/${clientId}`, {
    method: 'PATCH', headers: KEY_HEADERS, body: JSON.stringify({ data: { status: 'active', clientUserId, activatedAt: new Date().toISOString() } }),
  });
  if (!link.ok) throw new Error(`activating the portal link answered ${link.status}: ${await link.text()}`);
  await keyed(appwriteUrl, '/databases/main/collections/consent_requests/documents', {
    documentId: 'unique()', permissions: readers,
    data: {
      userId: therapistId, clientId, clientUserId, templateId: 'telehealth-consent', templateVersion: '2026-11-01', title: 'Telehealth consent',
      body: 'Telehealth consent', contentHash: '0'.repeat(64), status: 'signed', sentAt: new Date().toISOString(), signedAt: new Date().toISOString(),
    },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  const admit = [];
  const reload = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000);
      const appointment = await keyed(appwriteUrl, '/databases/main/collections/appointments/documents', {
        documentId: 'unique()', permissions: [`read("user:${therapistId}")`, `update("user:${therapistId}")`, `delete("user:${therapistId}")`],
        data: {
          userId: therapistId, clientId, serviceId: 'bench', start: start.toISOString(), end: new Date(start.getTime() + 45 * 60_000).toISOString(),
          status: 'scheduled', locationType: 'telehealth', feeAmount: 15000, currency: 'USD', statusHistory: [],
        },
      });
      const t = await signedInPage(browser, appUrl, therapist);
      const c = await signedInPage(browser, appUrl, client);
      await c.page.goto(new URL(`/portal/video/${appointment.$id}`, appUrl).href);
      await c.page.getByText(/You are in the waiting room/).waitFor({ timeout: 60_000 }).catch(async (e) => {
        throw new Error(`the client is not in the waiting room: ${(await c.page.locator('main').innerText().catch(() => '')).slice(0, 300)}`, { cause: e });
      });
      await t.page.goto(new URL(`/dashboard/sessions/${appointment.$id}/video`, appUrl).href);
      const button = t.page.getByRole('button', { name: 'Admit' });
      await button.waitFor({ timeout: 60_000 });
      let started = performance.now();
      await button.click();
      await Promise.all([decoding(t.page), decoding(c.page)]);
      admit.push(Math.round(performance.now() - started));
      const before = await connectionCount(t.page);
      started = performance.now();
      await c.page.reload({ waitUntil: 'commit' });
      await Promise.all([decoding(t.page, before), decoding(c.page)]);
      reload.push(Math.round(performance.now() - started));
      await t.page.getByRole('button', { name: 'End session' }).click();
      await t.page.getByRole('heading', { name: 'Session ended' }).waitFor();
      await Promise.all([t.context.close(), c.context.close()]);
      const removed = await fetch(`${appwriteUrl}/v1/databases/main/collections/appointments/documents/${appointment.$id}`, { method: 'DELETE', headers: KEY_HEADERS, body: '{}' });
      if (!removed.ok) throw new Error(`deleting the run's appointment answered ${removed.status}: ${await removed.text()}`);
    }
  } finally {
    await browser.close();
  }
  const figure = (each, goalMs) => ({ p50: percentile(each, 50), max: Math.max(...each), goalMs, each });
  return { runs, admit: figure(admit, VIDEO_GOALS.admitMs), reload: figure(reload, VIDEO_GOALS.reloadMs) };
}

export function formatVideo(video) {
  const line = (name, f) => `  ${name}: p50 ${f.p50} ms, max ${f.max} ms (goal ≤ ${f.goalMs} ms; each ${f.each.join(', ')})`;
  return [
    `Video call set-up (issue 34; two Chromium pages, fake media, loopback; ${video.runs} runs):`,
    line('Admit → both sides decode remote video', video.admit),
    line("the client's reload → both sides decode again, no new Admit", video.reload),
  ].join('\n');
}
