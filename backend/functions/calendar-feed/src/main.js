// calendar-feed (issue 14 "Calendar feed"): a private iCalendar (RFC 5545) URL per therapist, for
// subscribing from Google, Apple or Outlook calendars.
//  - GET <function domain>/<token>.ics (no user): the therapist's appointments from 30 days ago to
//    180 days ahead, cancelled ones left out, in the practice's time zone; each event's title is the
//    client's initials only — no names, services, notes or links. An unknown or revoked token: 404.
//  - Executed by the signed-in therapist (createExecution with their session): POST makes a new URL,
//    revoking the previous one, and returns it once; DELETE revokes it.
// The token is 32 random bytes (base64url) and only its SHA-256 is stored, in the therapist's one
// `calendar_feeds` document (id = user id, readable by them, written only here), so a new link
// replaces the old in one write and revoking takes effect on the next request. Neither the token nor
// the URL is ever logged.
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { AppwriteException, Databases, Permission, Query, Role } from 'node-appwrite';
import { Temporal } from 'temporal-polyfill';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';

/** @typedef {import('../../lib/execution.js').Context} Context */
/** @typedef {import('node-appwrite').Models.DefaultDocument} Doc */

const DAY_MS = 86_400_000;
/** Recent past and the series horizon (issue 14: at least 6 months of occurrences). */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 180;
const MAX_EVENTS = 5_000;
const PAGE = 100;
const CANCELLED = ['cancelled', 'late_cancelled', 'clinician_cancelled'];
const TOKEN_PATH = /^\/([A-Za-z0-9_-]{43})\.ics$/;

/** @param {string} token */
export const tokenHash = (token) => createHash('sha256').update(token).digest('hex');

/**
 * "J.D." from Jane Doe: the first letter of each name (grapheme-safe for accented and non-Latin letters).
 * @param {unknown} firstName
 * @param {unknown} lastName
 */
export function initials(firstName, lastName) {
  const first = (/** @type {unknown} */ name) => (typeof name === 'string' ? Array.from(name.trim())[0]?.toLocaleUpperCase('en-US') ?? '' : '');
  const letters = [first(firstName), first(lastName)].filter(Boolean);
  return letters.length ? `${letters.join('.')}.` : 'Client';
}

/** @param {string} timeZone */
function knownZone(timeZone) {
  try {
    Temporal.Now.instant().toZonedDateTimeISO(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 */
async function allDocuments(databases, databaseId, collectionId, queries) {
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  while (all.length < MAX_EVENTS) {
    /** @type {import('node-appwrite').Models.DocumentList<Doc>} */
    const page = await databases.listDocuments({
      databaseId, collectionId, queries: [...queries, Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    all.push(...page.documents);
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) break;
    cursor = last.$id;
  }
  return all;
}

/**
 * The .ics of one therapist.
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} collections
 * @param {string} userId
 */
async function feedFor(databases, collections, userId) {
  const { databaseId } = collections;
  const settings = await databases.listDocuments({ databaseId, collectionId: collections.practiceSettings, queries: [Query.equal('userId', userId), Query.limit(25)] });
  const practice = settings.documents.find((d) => ownedBy(d, userId));
  const timeZone = knownZone(typeof practice?.['timeZone'] === 'string' ? practice['timeZone'] : 'UTC');

  const now = Date.now();
  const appointments = (await allDocuments(databases, databaseId, collections.appointments, [
    Query.equal('userId', userId),
    Query.greaterThanEqual('start', new Date(now - FEED_PAST_DAYS * DAY_MS).toISOString()),
    Query.lessThanEqual('start', new Date(now + FEED_AHEAD_DAYS * DAY_MS).toISOString()),
    Query.orderAsc('start'),
  ])).filter((a) => ownedBy(a, userId) && !CANCELLED.includes(String(a['status'])));

  const clientIds = [...new Set(appointments.map((a) => String(a['clientId'])))];
  /** @type {Map<string, string>} */
  const clientInitials = new Map();
  for (let i = 0; i < clientIds.length; i += PAGE) {
    const batch = await databases.listDocuments({
      databaseId, collectionId: collections.clients, queries: [Query.equal('$id', clientIds.slice(i, i + PAGE)), Query.limit(PAGE)],
    });
    for (const client of batch.documents) {
      if (ownedBy(client, userId)) clientInitials.set(client.$id, initials(client['firstName'], client['lastName']));
    }
  }

  const calendar = ical({
    name: 'Cadence appointments',
    prodId: { company: 'Cadence', product: 'calendar-feed', language: 'EN' },
    timezone: { name: timeZone, generator: (zone) => String(tzlib_get_ical_block(zone)[0] ?? '') },
    ttl: 15 * 60,
  });
  /** @param {string} iso */
  const local = (iso) => Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone);
  for (const appointment of appointments) {
    const start = String(appointment['start']);
    const end = typeof appointment['end'] === 'string' ? appointment['end'] : start;
    calendar.createEvent({
      id: `${appointment.$id}@cadence`,
      start: local(start),
      end: local(end),
      timezone: timeZone,
      stamp: new Date(appointment.$updatedAt),
      summary: clientInitials.get(String(appointment['clientId'])) ?? 'Client',
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** @param {unknown} e */
const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/** @param {Context} context */
export default async ({ req, res, error }) => {
  const databases = new Databases(serverClient(req));
  const collections = collectionsFromEnv(process.env);
  const { databaseId, calendarFeeds } = collections;
  const method = (req.method ?? 'GET').toUpperCase();
  const userId = req.headers['x-appwrite-user-id'] ?? '';
  const notFound = () => res.text('Not found', 404, { 'content-type': 'text/plain', 'cache-control': 'no-store' });

  const token = method === 'GET' ? TOKEN_PATH.exec(req.path ?? '')?.[1] : undefined;
  if (token) {
    try {
      const found = await databases.listDocuments({ databaseId, collectionId: calendarFeeds, queries: [Query.equal('tokenHash', tokenHash(token)), Query.limit(1)] });
      const feed = found.documents[0];
      if (!feed || typeof feed['userId'] !== 'string') return notFound();
      const body = await feedFor(databases, collections, feed['userId']);
      return res.text(body, 200, {
        'content-type': 'text/calendar',
        'content-disposition': 'inline; filename="cadence.ics"',
        // Revoking must take effect at once: no shared or stored copies.
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
        'referrer-policy': 'no-referrer',
      });
    } catch (e) {
      error(`calendar feed failed: ${messageOf(e)}`);
      return res.text('Calendar unavailable, try again later', 500, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
    }
  }

  if (!userId) {
    // A guest: only feed URLs exist for them.
    return method === 'POST' || method === 'DELETE'
      ? res.json({ success: false, error: 'Sign in to manage your calendar feed.' }, 401)
      : notFound();
  }

  if (method === 'DELETE') {
    try {
      await databases.deleteDocument({ databaseId, collectionId: calendarFeeds, documentId: userId });
    } catch (e) {
      if (!isNotFound(e)) {
        error(`calendar feed revoke for ${userId} failed: ${messageOf(e)}`);
        return res.json({ success: false, error: 'Could not revoke the calendar link. Please try again.' }, 500);
      }
    }
    return res.json({ success: true, error: null });
  }

  if (method === 'POST') {
    const base = (process.env.CALENDAR_FEED_BASE_URL ?? '').trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]/.test(base)) {
      error('Set CALENDAR_FEED_BASE_URL (this function\'s public domain, e.g. https://feeds.example.com) as a function variable.');
      return res.json({ success: false, error: 'The calendar feed is not configured.' }, 500);
    }
    const newToken = randomBytes(32).toString('base64url');
    try {
      // One document per therapist: the new hash replaces the old one in the same write.
      const feed = await databases.upsertDocument({
        databaseId, collectionId: calendarFeeds, documentId: userId,
        data: { userId, tokenHash: tokenHash(newToken) },
        permissions: [Permission.read(Role.user(userId))],
      });
      return res.json({ success: true, url: `${base}/${newToken}.ics`, createdAt: feed.$updatedAt, error: null });
    } catch (e) {
      error(`calendar feed create for ${userId} failed: ${messageOf(e)}`);
      return res.json({ success: false, error: 'Could not create a calendar link. Please try again.' }, 500);
    }
  }

  return res.json({ success: false, error: 'Use POST to create a calendar link or DELETE to revoke it.' }, 405);
};
