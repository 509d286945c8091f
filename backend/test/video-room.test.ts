// Issue 34 "Rooms are appointments": the video-room function through the Web SDK over HTTP against
// the local Appwrite, with real sessions — the appointment's therapist, its client (portal login),
// another therapist and another practice's client. Only the two participants enter, signal and read
// the signalling; the window, the telehealth consent, admission, the 2-minute rejoin and the audit log.
import { Query, type Functions } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REJOIN_MS, turnCredentials } from '../functions/video-room/src/rules.js';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, type Doc } from './support/practice-fixtures.ts';
import { invitedClient, portalFunctionVars, type PortalClient } from './support/portal-fixtures.ts';
import { signTelehealthConsent } from './support/video-fixtures.ts';

vi.setConfig({ testTimeout: 60_000 });

let aw: LocalAppwrite;
let therapist: SignedInUser;
let otherTherapist: SignedInUser;
let client: PortalClient;
let otherClient: PortalClient;
let record: Doc;
let appointment: Doc;

interface Answer { success: boolean; error?: string; reason?: string; [key: string]: unknown }

async function room(who: { functions: Functions }, action: string, appointmentId: string, extra: Record<string, unknown> = {}) {
  const execution = await who.functions.createExecution({ functionId: 'video-room', body: JSON.stringify({ action, appointmentId, ...extra }), async: false });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as Answer };
}

async function call(who: { functions: Functions }, functionId: string, body: unknown) {
  const execution = await who.functions.createExecution({ functionId, body: JSON.stringify(body), async: false });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as Answer };
}

const telehealth = (startsIn: number, who = therapist, clientId = record.$id, serviceId = 's1') =>
  createAppointment(who, clientId, serviceId, startsIn, { locationType: 'telehealth' });

const signals = (who: { databases: SignedInUser['databases'] }, appointmentId: string) =>
  who.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'video_signals', queries: [Query.equal('appointmentId', appointmentId), Query.limit(100)] })
    .then((l) => l.documents);

beforeAll(async () => {
  aw = await startAppwrite();
  portalFunctionVars(aw);
  const mail = JSON.parse(process.env.FUNCTION_VARS_INVITE_CLIENT ?? '{}') as Record<string, string>;
  process.env.FUNCTION_VARS_ESIGN_CONSENT = JSON.stringify({ ...mail, ESIGN_CODE_SECRET: 'test-esign-code-secret' });
  process.env.FUNCTION_VARS_VIDEO_ROOM = JSON.stringify({ TURN_URLS: 'turn:turn.example.org:3478?transport=udp', TURN_SECRET: 'test-turn-secret' });
  [therapist, otherTherapist] = await Promise.all([signedInUser(aw, 'video-therapist'), signedInUser(aw, 'video-other')]);
  await Promise.all([createPractice(therapist, { practiceName: 'Calm Waters Therapy' }), createPractice(otherTherapist, { practiceName: 'Lakeside Counseling' })]);
  const service = await createService(therapist);
  record = await createClient(therapist, { firstName: 'Jane', preferredName: 'Janie', lastName: 'Doe' });
  const otherRecord = await createClient(otherTherapist);
  client = await invitedClient(aw, therapist, record.$id, String(record.email));
  otherClient = await invitedClient(aw, otherTherapist, otherRecord.$id, String(otherRecord.email));
  appointment = await telehealth(10 * 60_000, therapist, record.$id, service.$id);
}, 120_000);

afterAll(async () => {
  await aw?.close();
});

describe('entering the room', () => {
  it('refuses anyone but the appointment’s therapist and client: another therapist, another practice’s client', async () => {
    for (const stranger of [otherTherapist, otherClient]) {
      expect(await room(stranger, 'enter', appointment.$id)).toMatchObject({ status: 404, body: { success: false, error: 'This video session could not be found.' } });
    }
    expect((await room(otherTherapist, 'enter', 'no-such-appointment')).status).toBe(404);
  });

  it('lists a portal login’s own telehealth sessions for the portal, none of another practice’s', async () => {
    const listed = await call(client, 'video-room', { action: 'mine' });
    const sessions = listed.body['sessions'] as Array<{ appointmentId: string; practiceName: string; opensAt: string }>;
    expect(sessions.map((s) => s.appointmentId)).toEqual([appointment.$id]);
    expect(sessions[0]).toMatchObject({ practiceName: 'Calm Waters Therapy' });
    expect((await call(otherClient, 'video-room', { action: 'mine' })).body['sessions']).toEqual([]);
  });

  it('asks the client for the telehealth consent first, and tells the therapist it is missing', async () => {
    const therapistIn = await room(therapist, 'enter', appointment.$id);
    expect(therapistIn).toMatchObject({ status: 200, body: { role: 'therapist', consentSigned: false, peerName: 'Janie D.' } });
    expect(await room(client, 'enter', appointment.$id)).toMatchObject({ status: 409, body: { reason: 'consent', error: 'Sign the telehealth consent before joining the video session.' } });
    await signTelehealthConsent(client, therapist, record.$id);
    expect((await room(therapist, 'enter', appointment.$id)).body['consentSigned']).toBe(true);
  });

  it('is open from 30 minutes before the start to 4 hours after it, and only for telehealth', async () => {
    const early = await telehealth(31 * 60_000);
    const answer = await room(therapist, 'enter', early.$id);
    expect(answer).toMatchObject({ status: 403, body: { reason: 'window', early: true, error: 'This video session is not open yet.' } });
    expect(Date.parse(String(answer.body['opensAt']))).toBe(Date.parse(String(early['start'])) - 30 * 60_000);
    expect((await room(client, 'enter', early.$id)).body).toMatchObject({ reason: 'window' });
    const late = await telehealth(-4 * HOUR - 2 * 60_000);
    expect((await room(therapist, 'enter', late.$id)).body).toMatchObject({ reason: 'window', early: false, error: 'This video session has closed.' });
    const justOpen = await telehealth(29 * 60_000);
    expect((await room(therapist, 'enter', justOpen.$id)).status).toBe(200);
    const office = await createAppointment(therapist, record.$id, 's1', 5 * 60_000);
    expect((await room(therapist, 'enter', office.$id)).body).toMatchObject({ reason: 'office' });
  });
});

describe('waiting, admission and signalling', () => {
  it('keeps the client waiting until admitted; signals are readable by the two participants only and nobody writes them directly', async () => {
    const waiting = await room(client, 'enter', appointment.$id);
    expect(waiting).toMatchObject({ status: 200, body: { role: 'client', peerName: 'Calm Waters Therapy', room: { admittedAt: null } } });
    expect((waiting.body['room'] as { waitingSince: string | null }).waitingSince).not.toBeNull();
    // TURN REST credentials for this login, valid 4 hours, from the function's variables.
    const [turn] = waiting.body['iceServers'] as Array<{ urls: string[]; username: string; credential: string }>;
    expect(turn?.urls).toEqual(['turn:turn.example.org:3478?transport=udp']);
    const expiry = Number(turn?.username.split(':')[0]);
    expect(turn?.username).toBe(`${expiry}:${client.id}`);
    expect(expiry * 1000 - Date.now()).toBeGreaterThan(4 * HOUR - 60_000);
    expect(turn?.credential).toBe(turnCredentials('test-turn-secret', client.id, (expiry - 4 * 3600) * 1000).credential);

    const offer = { kind: 'hello', fromSession: 'client-page-1', data: '{}' };
    expect(await room(client, 'signal', appointment.$id, offer)).toMatchObject({ status: 409, body: { reason: 'waiting' } });
    expect((await room(client, 'admit', appointment.$id)).status).toBe(403);
    expect((await room(otherTherapist, 'admit', appointment.$id)).status).toBe(404);
    const admitted = await room(therapist, 'admit', appointment.$id);
    expect(admitted).toMatchObject({ status: 200, body: { room: { waitingSince: null } } });

    const sent = await room(client, 'signal', appointment.$id, offer);
    expect(sent.status).toBe(201);
    const answer = await room(therapist, 'signal', appointment.$id, { kind: 'description', fromSession: 'therapist-page-1', toSession: 'client-page-1', data: '{"type":"offer","sdp":"v=0"}' });
    expect(answer.status).toBe(201);
    for (const stranger of [otherTherapist, otherClient]) {
      expect(await signals(stranger, appointment.$id)).toEqual([]);
      await expect(stranger.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'video_signals', documentId: String(sent.body['id']) })).rejects.toMatchObject({ code: 404 });
      expect((await room(stranger, 'signal', appointment.$id, offer)).status).toBe(404);
      await expect(stranger.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'video_rooms', documentId: appointment.$id })).rejects.toMatchObject({ code: 404 });
    }
    const seen = await signals(client, appointment.$id);
    expect(seen.map((s) => s['kind']).sort()).toEqual(['description', 'hello']);
    expect([...(seen[0]?.$permissions ?? [])].sort()).toEqual([`read("user:${therapist.id}")`, `read("user:${client.id}")`].sort());
    expect((await signals(therapist, appointment.$id))).toHaveLength(2);
    // No browser writes signalling or the room: no collection permissions, no grants to update.
    await expect(client.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'video_signals', documentId: 'unique()', data: { appointmentId: appointment.$id, fromUserId: client.id, fromSession: 'x'.repeat(8), kind: 'hello' } }))
      .rejects.toMatchObject({ code: 401 });
    await expect(therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'video_rooms', documentId: appointment.$id, data: { admittedAt: null } }))
      .rejects.toMatchObject({ code: 401 });
    expect((await room(client, 'signal', appointment.$id, { ...offer, kind: 'recording' })).status).toBe(400);
  });

  it('lets an admitted client back in after a reload without admitting again; not after 2 minutes away or after leaving', async () => {
    const back = await room(client, 'enter', appointment.$id);
    expect((back.body['room'] as { admittedAt: string | null }).admittedAt).not.toBeNull();
    expect(REJOIN_MS).toBe(120_000);
    await aw.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'video_rooms', documentId: appointment.$id, data: { clientSeenAt: new Date(Date.now() - REJOIN_MS - 5_000).toISOString() } });
    const stale = await room(client, 'enter', appointment.$id);
    expect(stale.body['room']).toMatchObject({ admittedAt: null });
    await room(therapist, 'admit', appointment.$id);
    expect((await room(client, 'leave', appointment.$id)).body['room']).toMatchObject({ admittedAt: null });
    expect((await room(client, 'enter', appointment.$id)).body['room']).toMatchObject({ admittedAt: null });
  });

  it('ends for the therapist only, deletes the room’s signalling, and audits start, join, leave and end with no content', async () => {
    await room(therapist, 'admit', appointment.$id);
    expect((await room(client, 'end', appointment.$id)).status).toBe(403);
    const ended = await room(therapist, 'end', appointment.$id);
    expect((ended.body['room'] as { endedAt: string | null }).endedAt).not.toBeNull();
    expect(await signals(therapist, appointment.$id)).toEqual([]);
    expect((await room(client, 'signal', appointment.$id, { kind: 'hello', fromSession: 'client-page-2', data: '' })).body).toMatchObject({ reason: 'ended' });
    const log = (await therapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.equal('entityId', appointment.$id), Query.orderAsc('seq'), Query.limit(100)] })).documents;
    const actions = log.filter((e) => String(e['action']).startsWith('video.')).map((e) => `${String(e['action'])} ${e['actorId'] === client.id ? 'client' : e['actorId'] === therapist.id ? 'therapist' : '?'}`);
    expect(actions[0]).toBe('video.start therapist');
    expect(actions).toEqual(expect.arrayContaining(['video.join client', 'video.leave client', 'video.end therapist']));
    expect(log.every((e) => e['entityType'] === 'appointment')).toBe(true);
    expect(await otherTherapist.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'audit_log', queries: [Query.equal('entityId', appointment.$id)] }).then((l) => l.total)).toBe(0);
  });
});
