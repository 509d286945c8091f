// video-room (issue 34): the room of a telehealth appointment. The browsers talk WebRTC peer to peer;
// this function is the only writer of what they signal through. Offers, answers and ICE candidates are
// short-lived `video_signals` documents and the room's state is one `video_rooms` document (id = the
// appointment's), each readable only by the appointment's therapist and its client's portal logins
// (the client and any linked guardian) — permissions this function sets, never a browser — and
// delivered to the two pages over Appwrite Realtime.
//
// Body {action, appointmentId, …}, the caller signed in:
//   enter {ready?}   → 200 {success, role, appointment:{start,end}, room, consentSigned, peerName, iceServers}
//                      (a therapist starts the room; a client waits, or is back in the call when they were
//                      admitted and seen within 2 minutes — a reload)
//   admit            → 200 {success, room} (the therapist lets the waiting client in)
//   signal {kind: 'hello'|'description'|'candidates'|'bye', fromSession, toSession?, data} → 201 {success, id}
//   here             → 200 {success} (the client's heartbeat, so a reload finds them still admitted)
//   leave / end      → 200 {success, room} (end: the therapist's; the room's signalling is deleted)
//   mine (no appointmentId) → 200 {success, sessions:[{appointmentId, start, end, practiceName, opensAt}]}:
//                      a portal login's telehealth appointments from 4 hours ago to 7 days ahead
// Refusals {success:false, error, reason?}: 400 bad input; 401 signed out; 404 not a participant (a
// third user); 403 reason 'window' {early, opensAt, closesAt} (30 minutes before to 4 hours after the start);
// 409 reason 'office' | 'cancelled' | 'consent' {requestId?} | 'waiting' | 'ended'.
// The audit log (the therapist's) gets video.start / video.join / video.leave / video.end with the
// appointment's id and nothing else.
import { AppwriteException, Databases, Permission, Query, Role } from 'node-appwrite';
import { appendAuditEntry } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { requestEvidence } from '../../lib/consent-store.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { actingLink, portalPeople } from '../../lib/portal-people.js';
import { CANCELLED_STATUSES } from '../../lib/series-store.js';
import { CLOSES_AFTER_MS, roomWindow } from '../../lib/video-links.js';
import { iceServersFor, shortName, SIGNAL_TTL_MS, stillAdmitted } from './rules.js';
import { ID_RE } from '../../lib/ids.js';

/** @typedef {import('node-appwrite').Models.DefaultDocument} Doc */

const SESSION_RE = /^[A-Za-z0-9_-]{8,36}$/;
const KINDS = ['hello', 'description', 'candidates', 'bye'];
const DATA_MAX = 65_536;
const TELEHEALTH_CONSENT = 'telehealth-consent';
/** The client's heartbeat refreshes clientSeenAt at most this often through signalling. */
const SEEN_EVERY_MS = 15_000;

export const VIDEO_MESSAGES = {
  signIn: 'Sign in to join the video session.',
  notFound: 'This video session could not be found.',
  office: 'This appointment is in the office, not by video.',
  cancelled: 'This appointment was cancelled.',
  consent: 'Sign the telehealth consent before joining the video session.',
  waiting: 'Wait until your therapist lets you in.',
  ended: 'This video session has ended.',
  notTherapist: 'Only the therapist can do this.',
  failed: 'The video session could not be reached. Please try again.',
};

const now = () => Date.now();
const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();
/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: VIDEO_MESSAGES.signIn }, 401);
  const body = readBody(req.bodyText);
  const databases = new Databases(serverClient(req));
  const c = collectionsFromEnv(process.env);
  const run = { databases, c, userId, req, log };
  try {
    if (body['action'] === 'mine') return res.json({ success: true, sessions: await mine(run) });
    const appointmentId = body['appointmentId'];
    if (typeof appointmentId !== 'string' || !ID_RE.test(appointmentId)) throw new Refusal(400, 'Say which appointment.', 'appointmentId');
    const answer = await act(run, String(body['action'] ?? 'enter'), appointmentId, body);
    return res.json({ success: true, ...answer.body }, answer.status);
  } catch (e) {
    if (e instanceof Refusal) return res.json({ ...e.body, ...(/** @type {{ extra?: object }} */ (e).extra ?? {}) }, e.status);
    error(`video-room: ${messageOf(e)}`);
    return res.json({ success: false, error: VIDEO_MESSAGES.failed }, 500);
  }
};

/**
 * @typedef {{ databases: Databases, c: import('../../lib/collections.js').Collections, userId: string, req: import('../../lib/execution.js').ExecutionRequest, log: (m: string) => void }} Run
 */

/** A refusal with fields beside the error (reason, opensAt…). */
function refuse(/** @type {number} */ status, /** @type {string} */ message, /** @type {Record<string, unknown>} */ extra) {
  const refusal = new Refusal(status, message);
  Object.assign(refusal, { extra });
  return refusal;
}

/**
 * @param {Run} run
 * @param {string} action
 * @param {string} appointmentId
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ status: number, body: Record<string, unknown> }>}
 */
async function act(run, action, appointmentId, body) {
  switch (action) {
    case 'enter': return enter(run, appointmentId);
    case 'signal': return signal(run, appointmentId, body);
    case 'admit': case 'here': case 'leave': case 'end': return change(run, action, appointmentId);
    default: throw new Refusal(400, 'Say what to do: enter, admit, signal, here, leave or end.', 'action');
  }
}

/** @param {Run} run @param {string} collectionId @param {string} documentId */
async function read({ databases, c }, collectionId, documentId) {
  try {
    return /** @type {Doc} */ (await databases.getDocument({ databaseId: c.databaseId, collectionId, documentId }));
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/** @param {Run} run @param {string} therapist @param {{ action: string, actorId: string, entityId: string }} what */
async function audit({ databases, c, req, log }, therapist, what) {
  const { ipAddress, userAgent } = requestEvidence(req);
  try {
    await appendAuditEntry(databases, c, { ...what, entityType: 'appointment', ip: ipAddress ?? '', userAgent: userAgent ?? '' }, therapist);
  } catch (e) {
    log(`${what.action} ${what.entityId} not audited: ${messageOf(e)}`);
  }
}

/**
 * The appointment and the caller's part in it: its therapist (the appointment is theirs by
 * lib/owned-by.js), or a login linked to its client (the client's own, or a guardian's). Anyone else
 * is told there is no such session.
 * @param {Run} run @param {string} appointmentId
 */
async function participant(run, appointmentId) {
  const { c, userId } = run;
  const appointment = await read(run, c.appointments, appointmentId);
  if (!appointment) throw new Refusal(404, VIDEO_MESSAGES.notFound);
  const therapist = String(appointment['userId']);
  if (ownedBy(appointment, therapist) && therapist === userId) return { appointment, therapist, role: /** @type {const} */ ('therapist') };
  if (!ownedBy(appointment, therapist)) throw new Refusal(404, VIDEO_MESSAGES.notFound);
  const acting = await actingLink(run.databases, c, { practice: therapist, clientId: String(appointment['clientId']), callerId: userId });
  if (!acting || acting.link['status'] !== 'active') throw new Refusal(404, VIDEO_MESSAGES.notFound);
  return { appointment, therapist, role: /** @type {const} */ ('client'), link: acting.link };
}

/** read() for the therapist and every portal login of the client now: the room's and its signals' readers. */
async function readers(/** @type {Run} */ run, /** @type {string} */ therapist, /** @type {string} */ clientId) {
  const people = await portalPeople(run.databases, run.c, therapist, clientId);
  const logins = [people.client, ...people.guardians].flatMap((l) => (l && l['status'] === 'active' ? [String(l['clientUserId'])] : []));
  return [...new Set([therapist, ...logins])].map((id) => Permission.read(Role.user(id)));
}

/** @param {Run} run @param {Doc} appointment @param {string} therapist */
async function telehealthConsent(run, appointment, therapist) {
  const { databases, c } = run;
  const listed = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.consentRequests,
    queries: [Query.equal('userId', therapist), Query.equal('clientId', String(appointment['clientId'])), Query.equal('templateId', TELEHEALTH_CONSENT), Query.orderDesc('sentAt'), Query.limit(25)],
    total: false,
  });
  const own = listed.documents.filter((d) => d['userId'] === therapist);
  return { signed: own.some((d) => d['status'] === 'signed'), pending: own.find((d) => d['status'] === 'sent')?.$id ?? null };
}

/** Deletes signalling older than its time to live (anyone's: a call negotiates in seconds). */
async function sweepSignals(/** @type {Run} */ { databases, c, log }) {
  try {
    const old = await databases.listDocuments({
      databaseId: c.databaseId, collectionId: c.videoSignals,
      queries: [Query.lessThan('$createdAt', iso(now() - SIGNAL_TTL_MS)), Query.select(['$id']), Query.limit(100)], total: false,
    });
    await Promise.all(old.documents.map((d) => databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.videoSignals, documentId: d.$id })));
  } catch (e) {
    log(`video signals not swept: ${messageOf(e)}`);
  }
}

/** @param {Run} run @param {string} appointmentId */
async function enter(run, appointmentId) {
  const { databases, c, userId } = run;
  const { appointment, therapist, role } = await participant(run, appointmentId);
  if (appointment['locationType'] !== 'telehealth') throw refuse(409, VIDEO_MESSAGES.office, { reason: 'office' });
  if (/** @type {readonly unknown[]} */ (CANCELLED_STATUSES).includes(appointment['status'])) throw refuse(409, VIDEO_MESSAGES.cancelled, { reason: 'cancelled' });
  const at = now();
  const window = roomWindow(String(appointment['start']), at);
  if (!window.open) {
    const early = at < Date.parse(window.opensAt);
    throw refuse(403, early ? 'This video session is not open yet.' : 'This video session has closed.', { reason: 'window', early, opensAt: window.opensAt, closesAt: window.closesAt });
  }
  const consent = await telehealthConsent(run, appointment, therapist);
  if (role === 'client' && !consent.signed) throw refuse(409, VIDEO_MESSAGES.consent, { reason: 'consent', requestId: consent.pending });

  const permissions = await readers(run, therapist, String(appointment['clientId']));
  const existing = await read(run, c.videoRooms, appointmentId);
  /** @type {Record<string, unknown>} */
  let data;
  if (role === 'therapist') {
    const restarting = !existing || Boolean(existing['endedAt']);
    data = restarting ? { startedAt: iso(at), endedAt: null, admittedAt: null } : {};
    if (restarting) await audit(run, therapist, { action: 'video.start', actorId: userId, entityId: appointmentId });
  } else if (stillAdmitted(existing, at)) {
    data = { clientSeenAt: iso(at) };
    await audit(run, therapist, { action: 'video.join', actorId: userId, entityId: appointmentId });
  } else {
    data = { waitingSince: iso(at), waitingUserId: userId, admittedAt: null, clientSeenAt: iso(at) };
  }
  const base = { userId: therapist, clientId: String(appointment['clientId']), appointmentId };
  const room = existing
    ? await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.videoRooms, documentId: appointmentId, data, permissions })
    : await databases.createDocument({ databaseId: c.databaseId, collectionId: c.videoRooms, documentId: appointmentId, data: { ...base, ...data }, permissions });
  await sweepSignals(run);

  const client = role === 'therapist' ? await read(run, c.clients, String(appointment['clientId'])) : null;
  const settings = role === 'client'
    ? (await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.practiceSettings, queries: [Query.equal('userId', therapist), Query.limit(5)], total: false })).documents.find((d) => ownedBy(d, therapist))
    : null;
  return {
    status: 200,
    body: {
      role,
      appointment: { $id: appointmentId, start: appointment['start'], end: appointment['end'], status: appointment['status'], noteState: appointment['noteState'] ?? 'none' },
      room: roomSummary(room),
      consentSigned: consent.signed,
      peerName: role === 'therapist' ? shortName(client ?? {}) : String(settings?.['practiceName'] || 'Your therapist'),
      iceServers: iceServersFor(process.env, userId, at),
    },
  };
}

/** The room's state as the pages read it (the document itself reaches them over Realtime too). */
const roomSummary = (/** @type {Doc} */ room) => Object.fromEntries(
  ['$id', 'appointmentId', 'startedAt', 'waitingSince', 'admittedAt', 'clientSeenAt', 'endedAt'].map((k) => [k, room[k] ?? null]),
);

/**
 * The room, and the caller's place in it by its permissions (set by enter from the appointment): its
 * therapist, or a login it reads for. Everyone else: no such session.
 * @param {Run} run @param {string} appointmentId
 */
async function roomOf(run, appointmentId) {
  const room = await read(run, run.c.videoRooms, appointmentId);
  if (!room || !room.$permissions.includes(Permission.read(Role.user(run.userId)))) throw new Refusal(404, VIDEO_MESSAGES.notFound);
  return { room, therapist: String(room['userId']), role: room['userId'] === run.userId ? 'therapist' : 'client' };
}

/** @param {Run} run @param {string} appointmentId @param {Record<string, unknown>} body */
async function signal(run, appointmentId, body) {
  const { databases, c, userId } = run;
  const kind = body['kind'];
  const fromSession = body['fromSession'];
  const toSession = body['toSession'] ?? null;
  const data = body['data'] ?? '';
  if (typeof kind !== 'string' || !KINDS.includes(kind)) throw new Refusal(400, 'Say what kind of signal this is.', 'kind');
  if (typeof fromSession !== 'string' || !SESSION_RE.test(fromSession)) throw new Refusal(400, 'Say which page sends this.', 'fromSession');
  if (toSession !== null && (typeof toSession !== 'string' || !SESSION_RE.test(toSession))) throw new Refusal(400, 'Say which page this is for.', 'toSession');
  if (typeof data !== 'string' || data.length > DATA_MAX) throw new Refusal(400, 'The signal is too large.', 'data');
  const { room, role } = await roomOf(run, appointmentId);
  if (room['endedAt']) throw refuse(409, VIDEO_MESSAGES.ended, { reason: 'ended' });
  if (role === 'client' && !room['admittedAt']) throw refuse(409, VIDEO_MESSAGES.waiting, { reason: 'waiting' });
  const created = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.videoSignals, documentId: 'unique()',
    // userId: the practice's, like every practice record (account deletion and export find it by it).
    data: { userId: String(room['userId']), appointmentId, fromUserId: userId, fromSession, toSession, kind, data },
    permissions: room.$permissions.filter((p) => p.startsWith('read(')),
  });
  if (role === 'client' && now() - Date.parse(String(room['clientSeenAt'] ?? 0)) > SEEN_EVERY_MS) {
    await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.videoRooms, documentId: appointmentId, data: { clientSeenAt: iso(now()) } });
  }
  return { status: 201, body: { id: created.$id } };
}

/** @param {Run} run @param {'admit' | 'here' | 'leave' | 'end'} action @param {string} appointmentId */
async function change(run, action, appointmentId) {
  const { databases, c, userId } = run;
  const { room, therapist, role } = await roomOf(run, appointmentId);
  const at = iso(now());
  if ((action === 'admit' || action === 'end') && role !== 'therapist') throw new Refusal(403, VIDEO_MESSAGES.notTherapist);
  /** @type {Record<string, unknown>} */
  let data = {};
  if (action === 'admit') {
    if (!room['waitingSince']) throw refuse(409, 'Nobody is waiting.', { reason: 'nobody' });
    data = { admittedAt: at, waitingSince: null, clientSeenAt: at, endedAt: null };
    await audit(run, therapist, { action: 'video.join', actorId: String(room['waitingUserId'] ?? ''), entityId: appointmentId });
  } else if (action === 'here') {
    if (role === 'client') data = { clientSeenAt: at };
  } else if (action === 'leave') {
    if (role === 'client') data = { admittedAt: null, waitingSince: null, clientSeenAt: null };
    await audit(run, therapist, { action: 'video.leave', actorId: userId, entityId: appointmentId });
  } else {
    data = { endedAt: at, admittedAt: null, waitingSince: null };
    await audit(run, therapist, { action: 'video.end', actorId: userId, entityId: appointmentId });
  }
  const updated = Object.keys(data).length > 0
    ? await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.videoRooms, documentId: appointmentId, data })
    : room;
  if (action === 'end') await deleteSignals(run, appointmentId);
  return { status: 200, body: { room: roomSummary(updated) } };
}

/** The caller's coming telehealth sessions, through each active portal link (client or guardian). */
async function mine(/** @type {Run} */ run) {
  const { databases, c, userId } = run;
  const at = now();
  const links = (await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.portalAccess, queries: [Query.equal('clientUserId', userId), Query.equal('status', 'active'), Query.limit(100)], total: false,
  })).documents.filter((l) => l['clientUserId'] === userId);
  const perLink = await Promise.all(links.map(async (link) => {
    const therapist = String(link['userId']);
    const listed = await databases.listDocuments({
      databaseId: c.databaseId, collectionId: c.appointments,
      queries: [
        Query.equal('userId', therapist), Query.equal('clientId', String(link['clientId'])), Query.equal('locationType', 'telehealth'),
        Query.greaterThan('start', iso(at - CLOSES_AFTER_MS)), Query.lessThan('start', iso(at + 7 * 86_400_000)), Query.orderAsc('start'), Query.limit(50),
      ],
      total: false,
    });
    return listed.documents
      .filter((a) => ownedBy(a, therapist) && !(/** @type {readonly unknown[]} */ (CANCELLED_STATUSES)).includes(a['status']))
      .map((a) => ({ appointmentId: a.$id, start: a['start'], end: a['end'], practiceName: link['practiceName'], opensAt: roomWindow(String(a['start']), at).opensAt }));
  }));
  return perLink.flat().sort((a, b) => String(a.start).localeCompare(String(b.start)));
}

/** Every signal of this room: the call is over, nothing of its negotiation is kept. */
async function deleteSignals(/** @type {Run} */ { databases, c }, /** @type {string} */ appointmentId) {
  for (let page = 0; page < 20; page += 1) {
    const listed = await databases.listDocuments({
      databaseId: c.databaseId, collectionId: c.videoSignals, queries: [Query.equal('appointmentId', appointmentId), Query.select(['$id']), Query.limit(100)], total: false,
    });
    if (listed.documents.length === 0) return;
    await Promise.all(listed.documents.map((d) => databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.videoSignals, documentId: d.$id })));
  }
}
