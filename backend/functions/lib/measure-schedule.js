// Measures scheduled per client (issue 31 "Measures": "before every appointment, or before every
// other appointment (due 48 hours before, reminder email without the measure's name)"). The
// therapist sets a schedule through send-measure ({action:'schedule'}); send-reminders, every five
// minutes, calls sendScheduledMeasures, which sends each scheduled client a measure_requests
// document for their next appointments without any action of the therapist's:
//  - an appointment is served once it is SEND_AHEAD_HOURS away, the request due DUE_BEFORE_HOURS
//    before it (at its start when booked later than that);
//  - "every other" counts the client's appointments (cancelled ones left out) from the time the
//    schedule was set: the 1st, 3rd, 5th… get one;
//  - the request's id is derived from (schedule, appointment), so two runs that overlap create it
//    once (Appwrite's 409) and only the run that created it emails the client;
//  - the email names no measure and nothing clinical (reference §4.3): scheduledMeasureEmail.
import { createHash } from 'node:crypto';
import { AppwriteException, Permission, Query, Role } from 'node-appwrite';
import { messageOf } from './execution.js';
import { instrumentOf } from './measures.js';
import { ownedBy } from './owned-by.js';
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

/**
 * Whether the appointment that has `before` counted appointments ahead of it since the schedule
 * was set gets a measure.
 * @param {'every' | 'every_other'} cadence
 * @param {number} before
 */
export const servesAppointment = (cadence, before) => cadence === 'every' || before % 2 === 0;

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
 * @param {{
 *   databases: Databases, c: import('./collections.js').Collections, now: number, portalLink: string | null,
 *   practiceOf: (userId: string) => Promise<Doc | null>,
 *   send: (to: string, fromName: string, message: { subject: string, text: string }) => Promise<void>,
 *   error: (message: string) => void,
 * }} input
 * @returns {Promise<{ created: number, emailed: number, failed: number }>}
 */
export async function sendScheduledMeasures({ databases, c, now, portalLink, practiceOf, send, error }) {
  const { databaseId } = c;
  let created = 0;
  let emailed = 0;
  let failed = 0;
  const schedules = await listAll(databases, databaseId, c.measureSchedules, [Query.orderAsc('$createdAt')]);
  for (const schedule of schedules) {
    try {
      const userId = String(schedule['userId']);
      const clientId = String(schedule['clientId']);
      const cadence = schedule['cadence'] === 'every_other' ? 'every_other' : 'every';
      const instrument = instrumentOf(schedule['instrument']);
      if (!instrument) continue;
      const link = await getOrNull(databases, databaseId, c.portalAccess, clientId);
      if (!link || link['userId'] !== userId || typeof link['clientUserId'] !== 'string') continue;
      const upcoming = (await listAll(databases, databaseId, c.appointments, [
        Query.equal('userId', userId), Query.equal('clientId', clientId), Query.equal('status', 'scheduled'),
        Query.greaterThan('start', new Date(now).toISOString()), Query.lessThanEqual('start', new Date(now + SEND_AHEAD_HOURS * HOUR_MS).toISOString()),
        Query.orderAsc('start'),
      ])).filter((a) => ownedBy(a, userId));
      if (upcoming.length === 0) continue;
      const counted = cadence === 'every' ? [] : (await listAll(databases, databaseId, c.appointments, [
        Query.equal('userId', userId), Query.equal('clientId', clientId), Query.greaterThanEqual('start', schedule.$createdAt), Query.orderAsc('start'),
      ])).filter((a) => ownedBy(a, userId) && !isCancelled(a['status']));

      for (const appointment of upcoming) {
        const start = String(appointment['start']);
        const before = counted.filter((a) => Date.parse(String(a['start'])) < Date.parse(start)).length;
        if (!servesAppointment(cadence, before)) continue;
        const clientUserId = String(link['clientUserId']);
        try {
          await databases.createDocument({
            databaseId, collectionId: c.measureRequests, documentId: scheduledRequestIdOf(schedule.$id, appointment.$id),
            data: {
              userId, clientId, clientUserId, instrument: instrument.id, status: 'sent', sentAt: new Date(now).toISOString(),
              dueAt: dueAtFor(start, now), appointmentId: appointment.$id,
            },
            permissions: [Permission.read(Role.user(userId)), Permission.read(Role.user(clientUserId))],
          });
        } catch (e) {
          if (e instanceof AppwriteException && e.code === 409) continue; // sent already (or by an overlapping run)
          throw e;
        }
        created += 1;
        const client = await getOrNull(databases, databaseId, c.clients, clientId);
        const email = client && ownedBy(client, userId) && client['reminderConsent'] === true && typeof client['email'] === 'string' ? client['email'].trim() : '';
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
  return { created, emailed, failed };
}
