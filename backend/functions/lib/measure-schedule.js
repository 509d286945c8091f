// Measures scheduled per client (issue 31 "Measures": "before every appointment, or before every
// other appointment (due 48 hours before, reminder email without the measure's name)"). The
// therapist sets a schedule through send-measure ({action:'schedule'}); send-reminders, every five
// minutes, calls sendScheduledMeasures, which sends each scheduled client a measure_requests
// document for their next appointments without any action of the therapist's:
//  - an appointment is served once it is SEND_AHEAD_HOURS away, the request due DUE_BEFORE_HOURS
//    before it (at its start when booked later than that);
//  - "every other" counts only the client's scheduled or attended (`show`) appointments from the time
//    the schedule was set, and decides each new one from the one counted before it: it gets a
//    measure when that one did not (has no request, or a withdrawn one) — so the 1st, 3rd, 5th…,
//    and a request once sent is never taken back or doubled because an earlier appointment was
//    cancelled (a cancellation can only give the next undecided appointment the measure it would
//    otherwise skip, so no client goes two counted appointments without one);
//  - a pending request follows its appointment: moved, its due date is 48 hours before the new start
//    (or that start, when less is left); cancelled (or deleted), the request is withdrawn
//    (`status: 'withdrawn'`), gone from the client's portal and refused on submit;
//  - the request's id is derived from (schedule, appointment), so two runs that overlap create it
//    once (Appwrite's 409) and only the run that created it emails the client;
//  - the email names no measure and nothing clinical (reference §4.3): scheduledMeasureEmail.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import { messageOf } from './execution.js';
import { instrumentOf } from './measures.js';
import { ownedBy } from './owned-by.js';
import { recipientsOf } from './portal-people.js';
import { smtpFailure } from './smtp-mailer.js';

/** @typedef {import('node-appwrite').Models.DefaultDocument} Doc */
/** @typedef {import('node-appwrite').Databases} Databases */

export const SEND_AHEAD_HOURS = 120;
export const DUE_BEFORE_HOURS = 48;
export const CADENCES = /** @type {const} */ (['every', 'every_other']);
const HOUR_MS = 3_600_000;
const PAGE = 100;

/**
 * The schedule's document id: one per client and instrument (36 hex characters).
 * @param {string} clientId
 * @param {string} instrument
 */
export const scheduleIdOf = (clientId, instrument) => createHash('sha256').update(`schedule|${clientId}|${instrument}`).digest('hex').slice(0, 36);

/**
 * A scheduled request's id: one per schedule and appointment.
 * @param {string} scheduleId
 * @param {string} appointmentId
 */
export const scheduledRequestIdOf = (scheduleId, appointmentId) => createHash('sha256').update(`request|${scheduleId}|${appointmentId}`).digest('hex').slice(0, 36);

/**
 * When a scheduled request is due: 48 hours before the appointment, or its start when that is past.
 * @param {string} start
 * @param {number} now
 */
export function dueAtFor(start, now) {
  const due = Date.parse(start) - DUE_BEFORE_HOURS * HOUR_MS;
  return new Date(due > now ? due : Date.parse(start)).toISOString();
}

/** @param {unknown} status */
export const isCancelled = (status) => typeof status === 'string' && status.includes('cancelled');

/** The appointments "every other" counts: still scheduled, or attended. @param {unknown} status */
export const isCounted = (status) => status === 'scheduled' || status === 'show';

/**
 * Whether an appointment gets a measure: every one, or — every other — when the counted appointment
 * before it (null: none since the schedule was set) has no live request.
 * @param {'every' | 'every_other'} cadence
 * @param {{ served: boolean } | null} previous
 */
export const servesAppointment = (cadence, previous) => cadence === 'every' || !previous?.served;

/**
 * Whether a pending request's due date still fits its appointment's start (either value dueAtFor
 * gives for it, whenever it was computed).
 * @param {string} dueAt
 * @param {string} start
 */
export const dueFits = (dueAt, start) => {
  const due = Date.parse(dueAt);
  const at = Date.parse(start);
  return due === at || due === at - DUE_BEFORE_HOURS * HOUR_MS;
};

/**
 * The reminder to the client: no measure's name, no time, nothing clinical.
 * @param {{ practiceName: string, link: string }} input
 */
export function scheduledMeasureEmail({ practiceName, link }) {
  const text = [
    'You have a questionnaire to complete before your appointment.',
    '',
    `Sign in to ${practiceName}'s client portal to answer it:`,
    link,
  ].join('\n');
  return { subject: 'A questionnaire to complete before your appointment', text };
}

/**
 * Every document of a query, page by page.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 * @returns {Promise<Doc[]>}
 */
async function listAll(databases, databaseId, collectionId, queries) {
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {string[]} */
    const pageQueries = [...queries, Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])];
    /** @type {{ documents: Doc[] }} */
    const page = await databases.listDocuments({ databaseId, collectionId, queries: pageQueries });
    all.push(...page.documents);
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return all;
    cursor = last.$id;
  }
}

/** @param {Databases} databases @param {string} databaseId @param {string} collectionId @param {string} id */
async function getOrNull(databases, databaseId, collectionId, id) {
  try {
    return await databases.getDocument({ databaseId, collectionId, documentId: id });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }
}

/**
 * Pending scheduled requests follow their appointments: a moved one's due date is set again, a
 * cancelled or deleted one's request is withdrawn. An appointment that happened (attended, no-show)
 * leaves its request as it is.
 * @param {{ databases: Databases, c: import('./collections.js').Collections, now: number }} input
 * @returns {Promise<{ moved: number, withdrawn: number }>}
 */
export async function followAppointments({ databases, c, now }) {
  const { databaseId } = c;
  let moved = 0;
  let withdrawn = 0;
  const pending = await listAll(databases, databaseId, c.measureRequests, [Query.equal('status', 'sent'), Query.isNotNull('appointmentId')]);
  for (let i = 0; i < pending.length; i += PAGE) {
    const batch = pending.slice(i, i + PAGE);
    const ids = [...new Set(batch.map((r) => String(r['appointmentId'])))];
    const found = await databases.listDocuments({ databaseId, collectionId: c.appointments, queries: [Query.equal('$id', ids), Query.limit(PAGE)] });
    const byId = new Map(found.documents.map((a) => [a.$id, a]));
    for (const request of batch) {
      const appointment = byId.get(String(request['appointmentId']));
      const mine = appointment && ownedBy(appointment, String(request['userId'])) && appointment['clientId'] === request['clientId'];
      if (!mine || isCancelled(appointment['status'])) {
        await databases.updateDocument({ databaseId, collectionId: c.measureRequests, documentId: request.$id, data: { status: 'withdrawn' } });
        withdrawn += 1;
      } else if (appointment['status'] === 'scheduled' && !dueFits(String(request['dueAt']), String(appointment['start']))) {
        await databases.updateDocument({ databaseId, collectionId: c.measureRequests, documentId: request.$id, data: { dueAt: dueAtFor(String(appointment['start']), now) } });
        moved += 1;
      }
    }
  }
  return { moved, withdrawn };
}

/**
 * @param {{
 *   databases: Databases, c: import('./collections.js').Collections, now: number, portalLink: string | null,
 *   practiceOf: (userId: string) => Promise<Doc | null>,
 *   send: (to: string, fromName: string, message: { subject: string, text: string }) => Promise<void>,
 *   error: (message: string) => void,
 * }} input
 * @returns {Promise<{ created: number, emailed: number, failed: number, moved: number, withdrawn: number }>}
 */
export async function sendScheduledMeasures({ databases, c, now, portalLink, practiceOf, send, error }) {
  const { databaseId } = c;
  let created = 0;
  let emailed = 0;
  let failed = 0;
  // First, so an appointment moved into the window or out of a cancellation is decided afresh below.
  const { moved, withdrawn } = await followAppointments({ databases, c, now }).catch((e) => {
    failed += 1;
    error(`measure requests not matched to their appointments: ${messageOf(e)}`);
    return { moved: 0, withdrawn: 0 };
  });
  const schedules = await listAll(databases, databaseId, c.measureSchedules, [Query.orderAsc('$createdAt')]);
  for (const schedule of schedules) {
    try {
      const userId = String(schedule['userId']);
      const clientId = String(schedule['clientId']);
      const cadence = schedule['cadence'] === 'every_other' ? 'every_other' : 'every';
      const instrument = instrumentOf(schedule['instrument']);
      if (!instrument) continue;
      const record = await getOrNull(databases, databaseId, c.clients, clientId);
      // A minor's guardians get it, as when the therapist sends one (lib/portal-people.js).
      const to = record && ownedBy(record, userId) ? await recipientsOf(databases, c, userId, record, null) : null;
      if (!to) continue;
      const upcoming = (await listAll(databases, databaseId, c.appointments, [
        Query.equal('userId', userId), Query.equal('clientId', clientId), Query.equal('status', 'scheduled'),
        Query.greaterThan('start', new Date(now).toISOString()), Query.lessThanEqual('start', new Date(now + SEND_AHEAD_HOURS * HOUR_MS).toISOString()),
        Query.orderAsc('start'),
      ])).filter((a) => ownedBy(a, userId));
      if (upcoming.length === 0) continue;
      const counted = cadence === 'every' ? [] : (await listAll(databases, databaseId, c.appointments, [
        Query.equal('userId', userId), Query.equal('clientId', clientId), Query.greaterThanEqual('start', schedule.$createdAt), Query.orderAsc('start'),
      ])).filter((a) => ownedBy(a, userId) && isCounted(a['status']));
      // Which counted appointments hold a live request of this schedule (ids derived, so one query).
      const served = new Set();
      for (let i = 0; i < counted.length; i += PAGE) {
        const ids = counted.slice(i, i + PAGE).map((a) => scheduledRequestIdOf(schedule.$id, a.$id));
        const page = await databases.listDocuments({ databaseId, collectionId: c.measureRequests, queries: [Query.equal('$id', ids), Query.limit(PAGE)] });
        for (const r of page.documents) if (r['status'] !== 'withdrawn') served.add(String(r['appointmentId']));
      }

      for (const appointment of upcoming) {
        const start = String(appointment['start']);
        const index = counted.findIndex((a) => a.$id === appointment.$id);
        const previous = index > 0 ? counted[index - 1] : null;
        if (served.has(appointment.$id) || !servesAppointment(cadence, previous ? { served: served.has(previous.$id) } : null)) continue;
        try {
          await databases.createDocument({
            databaseId, collectionId: c.measureRequests, documentId: scheduledRequestIdOf(schedule.$id, appointment.$id),
            data: {
              userId, clientId, clientUserId: to.clientUserId, audience: to.audience, instrument: instrument.id, status: 'sent', sentAt: new Date(now).toISOString(),
              dueAt: dueAtFor(start, now), appointmentId: appointment.$id,
            },
            permissions: to.permissions,
          });
        } catch (e) {
          if (e instanceof AppwriteException && e.code === 409) continue; // sent already (or by an overlapping run)
          throw e;
        }
        served.add(appointment.$id);
        created += 1;
        const email = to.clientUserId && record && record['reminderConsent'] === true && typeof record['email'] === 'string' ? record['email'].trim() : '';
        const practice = await practiceOf(userId);
        if (!email || !portalLink) continue;
        const practiceName = String(practice?.['practiceName'] ?? '').trim() || 'Your therapist';
        try {
          await send(email, practiceName, scheduledMeasureEmail({ practiceName, link: portalLink }));
          emailed += 1;
        } catch (e) {
          // The request stands (the client finds it in the portal); only the email is lost.
          failed += 1;
          // Codes only: a provider's message often quotes the recipient's address.
          error(`measure reminder for request of schedule ${schedule.$id} not sent: ${smtpFailure(e)}`);
        }
      }
    } catch (e) {
      failed += 1;
      error(`measure schedule ${schedule.$id} failed: ${messageOf(e)}`);
    }
  }
  return { created, emailed, failed, moved, withdrawn };
}
