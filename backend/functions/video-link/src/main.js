// video-link (issue 34 "Rooms are appointments"): what an emailed room link (`/portal/join#<token>`,
// lib/video-links.js) opens. Callable signed out. The token names one appointment and one portal login
// (the client's own); it works only while that login is still linked to the appointment's client,
// the appointment is a telehealth one not cancelled, and its room is open (30 minutes before the start
// to 4 hours after). Body {token}:
//   the token's login signed in      → 200 {success, appointmentId}: the page goes to the room
//   signed out                       → 200 {success, signIn: true, userId}: the page asks portal-sign-in
//                                      for the emailed code of that login (the link identifies, the code signs in)
//   anyone else signed in            → 403 {reason: 'someoneElse'}
//   outside the window               → 403 {reason: 'window', early, opensAt, closesAt} (before any sign-in)
//   cancelled                        → 409 {reason: 'cancelled'}
//   no such token, or no longer valid → 404 {reason: 'invalid'}
// Nothing is written: entering the room (video-room) writes the audit log as before.
import { Databases } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { actingLink } from '../../lib/portal-people.js';
import { CANCELLED_STATUSES } from '../../lib/series-store.js';
import { findRoomLink, roomWindow } from '../../lib/video-links.js';

export const VIDEO_LINK_MESSAGES = {
  invalid: 'This link does not work. Sign in to the client portal to find your video session.',
  someoneElse: 'This link was sent to someone else. If it was sent to you, sign out and open it again.',
  early: 'This video session is not open yet.',
  closed: 'This video session has closed.',
  cancelled: 'This appointment was cancelled.',
  failed: 'The video session could not be reached. Please try again.',
};

/** @param {import('../../lib/execution.js').Context} context */
export default async ({ req, res, error }) => {
  const caller = req.headers['x-appwrite-user-id'] ?? '';
  const body = readBody(req.bodyText);
  const databases = new Databases(serverClient(req));
  const c = collectionsFromEnv(process.env);
  const invalid = () => res.json({ success: false, reason: 'invalid', error: VIDEO_LINK_MESSAGES.invalid }, 404);
  try {
    const link = await findRoomLink(databases, c, body['token']);
    if (!link) return invalid();
    const practice = String(link['userId']);
    const appointment = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.appointments, documentId: String(link['appointmentId']) }).catch(() => null);
    if (!appointment || appointment['userId'] !== practice || !ownedBy(appointment, practice) || appointment['locationType'] !== 'telehealth') return invalid();
    const login = String(link['clientUserId']);
    const acting = await actingLink(databases, c, { practice, clientId: String(appointment['clientId']), callerId: login });
    if (!acting || acting.link['status'] !== 'active') return invalid();
    if (/** @type {readonly unknown[]} */ (CANCELLED_STATUSES).includes(appointment['status'])) {
      return res.json({ success: false, reason: 'cancelled', error: VIDEO_LINK_MESSAGES.cancelled }, 409);
    }
    const now = Date.now();
    const window = roomWindow(String(appointment['start']), now);
    if (!window.open || now > Date.parse(String(link['expiresAt']))) {
      const early = now < Date.parse(window.opensAt);
      return res.json({ success: false, reason: 'window', early, opensAt: window.opensAt, closesAt: window.closesAt, error: early ? VIDEO_LINK_MESSAGES.early : VIDEO_LINK_MESSAGES.closed }, 403);
    }
    if (!caller) return res.json({ success: true, signIn: true, userId: login });
    if (caller !== login) return res.json({ success: false, reason: 'someoneElse', error: VIDEO_LINK_MESSAGES.someoneElse }, 403);
    return res.json({ success: true, appointmentId: appointment.$id });
  } catch (e) {
    error(`video-link: ${messageOf(e)}`);
    return res.json({ success: false, error: VIDEO_LINK_MESSAGES.failed }, 500);
  }
};
