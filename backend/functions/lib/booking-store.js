// Online booking (issue 32) on the server: reading a therapist's availability and a service's
// booking rules as the slots function takes them, the busy time it must avoid, and the claims that
// make two bookings of one time impossible.
//
// Availability and rules are written by the therapist's browser, so they are trusted only when
// every permission names the therapist (lib/owned-by.js) and read defensively (a malformed window
// is dropped, never guessed at).
//
// The race: each booking first creates one slot_claims document per five minutes it covers (its
// buffers included), with an id derived from the practice and that five-minute mark. Appwrite's
// document ids are unique per collection — the real server answers a second create with 409
// document_already_exists exactly as the emulator's SQLite primary key does — so of two bookings
// that overlap anywhere only one holds every mark. Claims are taken in time order and a loser
// deletes the ones it took, so a booking never holds part of a time.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import { occurrencesBetween } from './recurrence.js';
import { ownedBy } from './owned-by.js';
import { busySpan, minutesOf, WEEKDAYS } from './slots.js';
import { CANCELLED_STATUSES } from './series-store.js';

/** One claim per this many minutes (durations and buffers are whole minutes; starts sit on a 15-minute grid). */
export const CLAIM_MINUTES = 5;
/** A claim this old whose time the calendar shows free belongs to a booking that is gone. */
export const CLAIM_STALE_MS = 2 * 60_000;
const PAGE = 500;

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('./slots.js').Availability} Availability
 * @typedef {import('./slots.js').BookingRule} BookingRule
 * @typedef {import('./slots.js').Busy} Busy
 * @typedef {import('./slots.js').Window} Window
 */

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** @param {unknown} value */
function windowsOf(value) {
  if (!Array.isArray(value)) return [];
  /** @type {Window[]} */
  const windows = [];
  for (const item of value) {
    const start = typeof item?.start === 'string' ? item.start : '';
    const end = typeof item?.end === 'string' ? item.end : '';
    if (minutesOf(start) < (end === '24:00' ? 1440 : minutesOf(end))) windows.push({ start, end });
  }
  return windows;
}

/** @param {unknown} text */
function json(text) {
  try {
    return typeof text === 'string' ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * A stored availability document as the slots function takes it.
 * @param {Doc} doc
 * @param {string} timeZone the practice's (practice_settings.timeZone)
 * @returns {Availability}
 */
export function availabilityOf(doc, timeZone) {
  const weekly = json(doc.weekly) ?? {};
  /** @type {Availability['overrides']} */
  const overrides = [];
  for (const item of Array.isArray(json(doc.overrides)) ? json(doc.overrides) : []) {
    const from = typeof item?.from === 'string' && DATE_RE.test(item.from) ? item.from : '';
    const to = typeof item?.to === 'string' && DATE_RE.test(item.to) ? item.to : from;
    if (from && to >= from) overrides.push({ from, to, windows: windowsOf(item.windows) });
  }
  return { timeZone, weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, windowsOf(weekly[day])])), overrides };
}

/**
 * A booking_rules document and its service as the slots function takes them.
 * @param {Doc} rule
 * @param {Record<string, unknown>} service
 * @returns {BookingRule}
 */
export function ruleOf(rule, service) {
  const int = (/** @type {unknown} */ value, /** @type {number} */ fallback) => (Number.isInteger(value) ? Number(value) : fallback);
  const grid = String(rule.startGrid ?? '60');
  return {
    durationMinutes: int(service.durationMinutes, 50),
    noticeHours: int(rule.noticeHours, 24),
    horizonDays: int(rule.horizonDays, 60),
    bufferBeforeMinutes: int(rule.bufferBeforeMinutes, 0),
    bufferAfterMinutes: int(rule.bufferAfterMinutes, 0),
    startGrid: grid === '15' || grid === '30' || grid === 'hour' ? grid : '60',
    maxPerDay: Number.isInteger(rule.maxPerDay) ? Number(rule.maxPerDay) : null,
    maxPerWeek: Number.isInteger(rule.maxPerWeek) ? Number(rule.maxPerWeek) : null,
  };
}

/**
 * All documents of a query, page by page.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 * @returns {Promise<Doc[]>}
 */
export async function listAll(databases, databaseId, collectionId, queries) {
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {{ documents: Doc[] }} */
    const page = await databases.listDocuments({
      databaseId, collectionId, queries: [...queries, Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    all.push(...page.documents);
    if (page.documents.length < PAGE) return all;
    cursor = page.documents[page.documents.length - 1]?.$id ?? null;
  }
}

/**
 * The therapist's own booking rules, by service id.
 * @param {{ databases: Databases, c: Collections }} run
 * @param {string} therapist
 */
export async function rulesByService({ databases, c }, therapist) {
  const rules = await listAll(databases, c.databaseId, c.bookingRules, [Query.equal('userId', therapist)]);
  return new Map(rules.filter((rule) => ownedBy(rule, therapist)).map((rule) => [String(rule.serviceId), rule]));
}

/**
 * Busy time for a slot query: the therapist's appointments that are not cancelled (each with its
 * service's buffers), the occurrences of their series not yet made into appointments, booking
 * requests still waiting for an answer (they hold their time), and the times new clients hold from
 * the public booking page for 10 minutes after confirming their email's code (public-booking).
 * @param {{ databases: Databases, c: Collections }} run
 * @param {string} therapist
 * @param {Omit<import('./slots.js').SlotQuery, 'busy'>} query
 * @param {Map<string, Doc>} rules by service id, for the buffers of existing appointments
 * @param {string} [exceptAppointmentId] an appointment being moved, which does not stand in its own way
 * @returns {Promise<Busy[]>}
 */
export async function busyFor({ databases, c }, therapist, query, rules, exceptAppointmentId) {
  const span = busySpan(query);
  const buffers = (/** @type {unknown} */ serviceId) => {
    const rule = rules.get(String(serviceId));
    return { bufferBeforeMinutes: Number(rule?.bufferBeforeMinutes ?? 0), bufferAfterMinutes: Number(rule?.bufferAfterMinutes ?? 0) };
  };
  const [appointments, series, requests, holds] = await Promise.all([
    listAll(databases, c.databaseId, c.appointments, [Query.equal('userId', therapist), Query.greaterThan('end', span.from), Query.lessThan('start', span.to)]),
    listAll(databases, c.databaseId, c.appointmentSeries, [Query.equal('userId', therapist)]),
    listAll(databases, c.databaseId, c.bookingRequests, [Query.equal('userId', therapist), Query.equal('status', 'requested'), Query.greaterThan('end', span.from)]),
    listAll(databases, c.databaseId, c.publicBookings, [Query.equal('userId', therapist), Query.equal('status', 'held'), Query.greaterThan('heldUntil', new Date(query.now).toISOString())]),
  ]);
  /** @type {Busy[]} */
  const busy = [];
  for (const appointment of appointments) {
    if (appointment.$id === exceptAppointmentId || !ownedBy(appointment, therapist) || CANCELLED_STATUSES.includes(/** @type {never} */ (appointment.status))) continue;
    busy.push({ start: String(appointment.start), end: String(appointment.end), ...buffers(appointment.serviceId), counts: true });
  }
  for (const one of series) {
    // Occurrences up to generatedUntil are appointments already (listed above).
    const after = [span.from, String(one.generatedUntil ?? span.from)].sort().pop() ?? span.from;
    const timing = { dtstart: String(one.dtstart), timeZone: String(one.timeZone), durationMinutes: Number(one.durationMinutes), rrule: String(one.rrule) };
    for (const occurrence of occurrencesBetween(timing, after, span.to)) busy.push({ ...occurrence, ...buffers(one.serviceId), counts: true });
  }
  for (const request of [...requests, ...holds]) busy.push({ start: String(request.start), end: String(request.end), ...buffers(request.serviceId), counts: true });
  return busy;
}

/**
 * The claim ids of a booking: one per five-minute mark from its start less the buffer before to
 * its end plus the buffer after.
 * @param {string} therapist
 * @param {number} startMs
 * @param {number} endMs
 * @param {BookingRule} rule
 */
export function claimIds(therapist, startMs, endMs, rule) {
  const step = CLAIM_MINUTES * 60_000;
  const from = Math.floor((startMs - rule.bufferBeforeMinutes * 60_000) / step) * step;
  const to = endMs + rule.bufferAfterMinutes * 60_000;
  /** @type {{ id: string, at: string }[]} */
  const ids = [];
  for (let at = from; at < to; at += step) {
    ids.push({ id: `s${createHash('sha256').update(`${therapist}:${at}`).digest('hex').slice(0, 35)}`, at: new Date(at).toISOString() });
  }
  return ids;
}

/**
 * Takes every claim of a booking, in time order, or none: on the first that another booking holds
 * (409), releases the ones taken and answers false. A claim older than CLAIM_STALE_MS is left from
 * a booking the calendar no longer has (the therapist cancelled or moved it, which the slot check
 * just before has seen): it is removed and taken once more. A claim the same booking holds already
 * (an appointment moved by less than its length) is kept as it is.
 * @param {{ databases: Databases, c: Collections }} run
 * @param {string} therapist
 * @param {string} requestId
 * @param {{ id: string, at: string }[]} claims
 * @param {number} now epoch ms
 */
export async function takeClaims({ databases, c }, therapist, requestId, claims, now) {
  /** @type {string[]} */
  const taken = [];
  const create = (/** @type {{ id: string, at: string }} */ claim) => databases.createDocument({
    databaseId: c.databaseId, collectionId: c.slotClaims, documentId: claim.id, data: { userId: therapist, requestId, at: claim.at }, permissions: [],
  });
  try {
    for (const claim of claims) {
      try {
        await create(claim);
      } catch (e) {
        if (!(e instanceof AppwriteException && e.code === 409)) throw e;
        const held = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.slotClaims, documentId: claim.id }).catch(() => null);
        if (held?.requestId === requestId) continue;
        if (!held || now - Date.parse(held.$createdAt) < CLAIM_STALE_MS) {
          await releaseClaims({ databases, c }, taken);
          return false;
        }
        await releaseClaims({ databases, c }, [claim.id]);
        await create(claim);
      }
      taken.push(claim.id);
    }
  } catch (e) {
    await releaseClaims({ databases, c }, taken);
    if (e instanceof AppwriteException && e.code === 409) return false;
    throw e;
  }
  return true;
}

/**
 * @param {{ databases: Databases, c: Collections }} run
 * @param {string[]} ids
 */
export async function releaseClaims({ databases, c }, ids) {
  for (const id of ids) {
    await databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.slotClaims, documentId: id }).catch((/** @type {unknown} */ e) => {
      if (!(e instanceof AppwriteException && e.code === 404)) throw e;
    });
  }
}

/**
 * The claims a booking request holds (to release them when it is declined).
 * @param {{ databases: Databases, c: Collections }} run
 * @param {string} requestId
 */
export async function claimsOf({ databases, c }, requestId) {
  return (await listAll(databases, c.databaseId, c.slotClaims, [Query.equal('requestId', requestId)])).map((claim) => claim.$id);
}
