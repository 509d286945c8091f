// calendar-feed (issue 14 "Calendar feed"): the therapist creates a private iCalendar URL (once
// shown; only its SHA-256 stored, in a document only they can read), a calendar app fetches it from
// the function's domain — appointments of the last 30 and next 180 days, cancelled ones left out, in
// the practice's zone with its VTIMEZONE, client initials as titles and nothing else — and a new link
// or Revoke makes the old one answer 404 at once. A second therapist sees none of it.
import { createHash } from 'node:crypto';
import { AppwriteException } from 'appwrite';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initials } from '../functions/calendar-feed/src/main.js';
import { DATABASE_ID, signedInUser, startAppwrite, type LocalAppwrite, type SignedInUser } from './support/billing-appwrite.ts';
import { createAppointment, createClient, createPractice, createService, HOUR, type Doc } from './support/practice-fixtures.ts';

const FUNCTION = 'calendar-feed';
const VARS = 'FUNCTION_VARS_CALENDAR_FEED';
const DAY = 24 * HOUR;

interface CreateAnswer { success: boolean; url: string; createdAt: string; error: string | null }

let aw: LocalAppwrite;
let therapist: SignedInUser;
let other: SignedInUser;
let base: string;
const booked: Record<string, Doc> = {};

async function manage<T>(user: SignedInUser, method: 'POST' | 'DELETE'): Promise<{ status: number; body: T }> {
  const execution = await user.functions.createExecution({ functionId: FUNCTION, body: '', async: false, method: method as never });
  return { status: execution.responseStatusCode, body: JSON.parse(execution.responseBody || 'null') as T };
}

async function newLink(user: SignedInUser): Promise<string> {
  const answer = await manage<CreateAnswer>(user, 'POST');
  expect(answer.status).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.url;
}

interface ParsedEvent { uid: string; summary: string; start: Date; end: Date; tzid: string; description: string | null; location: string | null }

/** Parses an .ics with ical.js, registering its VTIMEZONEs so local times convert to instants. */
function parseFeed(text: string): { events: ParsedEvent[]; zones: string[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => {
    ICAL.TimezoneService.register(zone);
    return String(zone.getFirstPropertyValue('tzid'));
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid, summary: event.summary, start: event.startDate.toJSDate(), end: event.endDate.toJSDate(),
      tzid: String(component.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
      description: event.description, location: event.location,
    };
  });
  return { events, zones };
}

beforeAll(async () => {
  aw = await startAppwrite();
  base = `${aw.origin}/_functions/${FUNCTION}`;
  process.env[VARS] = JSON.stringify({ CALENDAR_FEED_BASE_URL: base });
  therapist = await signedInUser(aw, 'feed');
  other = await signedInUser(aw, 'feed-other');
  await createPractice(therapist, { timeZone: 'America/Chicago' });
  const service = (await createService(therapist)).$id;
  const jane = await createClient(therapist, { firstName: 'Jane', lastName: 'Doe' });
  const emile = await createClient(therapist, { firstName: 'émile', lastName: 'Zola', preferredName: null });
  booked.upcoming = await createAppointment(therapist, jane.$id, service, 2 * DAY, { locationType: 'telehealth', meetingLink: 'https://meet.example.com/jane-secret' });
  booked.recent = await createAppointment(therapist, emile.$id, service, -10 * DAY, { status: 'show' });
  booked.noShow = await createAppointment(therapist, emile.$id, service, -3 * DAY, { status: 'no_show' });
  booked.cancelled = await createAppointment(therapist, jane.$id, service, 3 * DAY, { status: 'cancelled' });
  booked.lateCancelled = await createAppointment(therapist, jane.$id, service, 4 * DAY, { status: 'late_cancelled' });
  booked.old = await createAppointment(therapist, jane.$id, service, -40 * DAY, { status: 'show' });
  booked.summer = await createAppointment(therapist, jane.$id, service, 120 * DAY);
  // Planted by the other therapist in this one's name: not theirs, so not in their feed.
  await other.databases.createDocument({
    databaseId: DATABASE_ID, collectionId: 'appointments', documentId: 'unique()',
    data: { userId: therapist.id, clientId: jane.$id, serviceId: service, start: new Date(Date.now() + DAY).toISOString(), end: new Date(Date.now() + DAY + HOUR).toISOString() },
  });
}, 60_000);

afterAll(async () => {
  delete process.env[VARS];
  await aw?.close();
});

describe('calendar-feed', () => {
  it('a new link is shown once; the feed is valid iCalendar in the practice zone with initials only', async () => {
    const url = await newLink(therapist);
    expect(url).toMatch(new RegExp(`^${base}/[A-Za-z0-9_-]{43}\\.ics$`));

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.text();
    const { events, zones } = parseFeed(text);
    expect(zones).toEqual(['America/Chicago']);

    const expected = [booked.recent!, booked.noShow!, booked.upcoming!, booked.summer!];
    expect(events.map((e) => e.uid)).toEqual(expected.map((a) => `${a.$id}@cadence`));
    events.forEach((event, i) => {
      const appointment = expected[i]!;
      expect(event.tzid).toBe('America/Chicago');
      expect(event.start.getTime()).toBe(Date.parse(String(appointment['start'])));
      expect(event.end.getTime()).toBe(Date.parse(String(appointment['end'])));
      expect(event.description).toBeNull();
      expect(event.location).toBeNull();
    });
    expect(events.map((e) => e.summary)).toEqual(['É.Z.', 'É.Z.', 'J.D.', 'J.D.']);
    // The wall-clock time in the feed is Chicago's, not UTC's.
    const local = new Date(String(booked.upcoming!['start'])).toLocaleTimeString('en-GB', { timeZone: 'America/Chicago', hour: '2-digit', minute: '2-digit' }).replace(':', '');
    expect(text).toMatch(new RegExp(`DTSTART;TZID=America/Chicago:\\d{8}T${local}00`));
    for (const secret of ['Jane', 'Doe', 'mile', 'Zola', 'Psychotherapy', '90834', 'panic', 'Discuss', 'meet.example.com', 'F41']) {
      expect(text).not.toContain(secret);
    }
  });

  it('stores only the hash, in one document the owner reads and nobody else does', async () => {
    const url = await newLink(therapist);
    const token = /\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const feeds = await aw.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds' });
    const own = feeds.documents.filter((d) => d['userId'] === therapist.id);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ $id: therapist.id, tokenHash: createHash('sha256').update(token).digest('hex') });
    expect(own[0]?.$permissions).toEqual([`read("user:${therapist.id}")`]);
    expect(JSON.stringify(feeds)).not.toContain(token);

    const mine = await therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds', documentId: therapist.id });
    expect(mine['tokenHash']).toBe(own[0]?.['tokenHash']);
    await expect(other.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds', documentId: therapist.id }))
      .rejects.toMatchObject({ code: 404 });
    expect((await other.databases.listDocuments({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds' })).documents).toEqual([]);
    // Nobody writes feed documents but the function.
    await expect(therapist.databases.createDocument({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds', documentId: 'unique()', data: { userId: therapist.id, tokenHash: 'a'.repeat(64) } }))
      .rejects.toBeInstanceOf(AppwriteException);
    await expect(therapist.databases.updateDocument({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds', documentId: therapist.id, data: { tokenHash: 'a'.repeat(64) } }))
      .rejects.toBeInstanceOf(AppwriteException);
  });

  it('a new link revokes the old one at once; Revoke makes the link 404', async () => {
    const first = await newLink(therapist);
    expect((await fetch(first)).status).toBe(200);
    const second = await newLink(therapist);
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);

    const revoked = await manage<{ success: boolean }>(therapist, 'DELETE');
    expect(revoked).toEqual({ status: 200, body: { success: true, error: null } });
    expect((await fetch(second)).status).toBe(404);
    await expect(therapist.databases.getDocument({ databaseId: DATABASE_ID, collectionId: 'calendar_feeds', documentId: therapist.id }))
      .rejects.toMatchObject({ code: 404 });
    // Revoking twice is fine.
    expect((await manage<{ success: boolean }>(therapist, 'DELETE')).body.success).toBe(true);
  });

  it("a second therapist's feed holds none of the first's appointments", async () => {
    const url = await newLink(other);
    const { events } = parseFeed(await (await fetch(url)).text());
    expect(events).toEqual([]);
  });

  it('unknown, malformed and guest requests: 404 (or 401 to manage), nothing else said', async () => {
    const unknown = await fetch(`${base}/${'A'.repeat(43)}.ics`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe('Not found');
    for (const path of ['', '/', '/short.ics', `/${'A'.repeat(43)}`, `/${'A'.repeat(43)}.ics/extra`, '/../users.ics']) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${base}/anything`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${base}/anything`, { method: 'DELETE' })).status).toBe(401);
  });

  it('initials: first letters of first and last name, upper-cased, accents kept', () => {
    expect(initials('jane', 'doe')).toBe('J.D.');
    expect(initials('Émile', ' zola')).toBe('É.Z.');
    expect(initials('李', '小龍')).toBe('李.小.');
    expect(initials('', null)).toBe('Client');
  });
});
