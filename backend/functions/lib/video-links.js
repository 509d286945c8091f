// The emailed way into a video room (issue 34 "Rooms are appointments"): a reminder of a telehealth
// appointment carries a link `<app>/portal/join#<token>` — 256 random bits, for one appointment and
// one portal login (the client's own), working from 30 minutes before the start to 4 hours after it.
// The token is in the fragment, so no server (nor its logs) ever sees it; only its SHA-256 is kept,
// in a `video_links` document no browser can read. The link names nobody and nothing clinical. The
// link identifies the login; a visitor who is not signed in proves it is them with the portal's
// emailed code (portal-sign-in) before video-link lets them into the room.
import { createHash, randomBytes } from 'node:crypto';
import { ID, Query } from 'node-appwrite';

/** A room opens 30 minutes before the appointment's start and closes 4 hours after it. */
export const OPENS_BEFORE_MS = 30 * 60_000;
export const CLOSES_AFTER_MS = 4 * 3_600_000;

/** A room link's token: 32 random bytes, base64url (43 characters). */
export const ROOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * @param {string} start the appointment's start (ISO)
 * @param {number} now
 * @returns {{ open: boolean, opensAt: string, closesAt: string }}
 */
export function roomWindow(start, now) {
  const at = Date.parse(start);
  const opensAt = at - OPENS_BEFORE_MS;
  const closesAt = at + CLOSES_AFTER_MS;
  return { open: now >= opensAt && now <= closesAt, opensAt: new Date(opensAt).toISOString(), closesAt: new Date(closesAt).toISOString() };
}

/** The SHA-256 (hex) a token is stored and looked up by. @param {string} token */
export const roomTokenHash = (token) => createHash('sha256').update(token).digest('hex');

/** `<origin>/portal/join#<token>` @param {string} origin @param {string} token */
export const roomLinkUrl = (origin, token) => `${new URL('/portal/join', origin).href}#${token}`;

/**
 * Makes a room link for one appointment and one portal login; answers the URL (the token exists
 * nowhere else). It expires when the appointment's room closes.
 * @param {import('node-appwrite').Databases} databases
 * @param {import('./collections.js').Collections} c
 * @param {{ appointment: import('node-appwrite').Models.DefaultDocument, clientUserId: string, origin: string }} what
 */
export async function mintRoomLink(databases, c, { appointment, clientUserId, origin }) {
  const token = randomBytes(32).toString('base64url');
  await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.videoLinks, documentId: ID.unique(),
    data: {
      userId: String(appointment['userId']), appointmentId: appointment.$id, clientUserId, tokenHash: roomTokenHash(token),
      expiresAt: roomWindow(String(appointment['start']), 0).closesAt,
    },
    permissions: [],
  });
  return roomLinkUrl(origin, token);
}

/**
 * The link a token names, or null (a token of the wrong shape never reaches the database).
 * @param {import('node-appwrite').Databases} databases
 * @param {import('./collections.js').Collections} c
 * @param {unknown} token
 */
export async function findRoomLink(databases, c, token) {
  if (typeof token !== 'string' || !ROOM_TOKEN_PATTERN.test(token)) return null;
  const hash = roomTokenHash(token);
  const found = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.videoLinks, queries: [Query.equal('tokenHash', hash), Query.limit(1)], total: false });
  const link = found.documents[0];
  return link && link['tokenHash'] === hash ? link : null;
}
