// extend-series (issue 14): runs daily on its appwrite.json schedule (and on demand with a server
// key; never for a signed-in user, execute: []). Every series whose rule goes on past its
// generatedUntil gets the occurrences up to the rolling horizon (now + HORIZON_DAYS), in Appwrite
// transactions that move generatedUntil along (lib/series-store.js). Idempotent: a second run finds
// generatedUntil at the horizon and writes nothing; two runs at once write each occurrence under
// the same id, so the later commit fails instead of making it twice.
//
// Only series a therapist owns are extended (userId and owner-only permissions, lib/owned-by.js),
// with their own client and service: anyone may create a series document, so one naming another
// therapist must not plant appointments in that therapist's calendar.
import { Databases, Query } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { horizonFrom, instantOf, occurrencesBetween } from '../../lib/recurrence.js';
import { commitTransactions, feeFor, listAll, occurrenceSteps, ownDocument, planTransactions } from '../../lib/series-store.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/**
 * Writes the missing occurrences of one series. Returns how many were created.
 * @param {{ databases: Databases, collections: import('../../lib/collections.js').Collections, now: Date, horizon: Date }} run
 * @param {Doc} series
 */
async function extendSeries(run, series) {
  const { databases, collections, now, horizon } = run;
  const userId = String(series['userId']);
  if (!ownedBy(series, userId)) return 0;
  // As stored: a series ended by a split may have an UNTIL before its start (only kept occurrences
  // left), which expands to nothing rather than being refused as a new series would be.
  const timing = {
    dtstart: String(series['dtstart']), timeZone: String(series['timeZone']), durationMinutes: Number(series['durationMinutes']), rrule: String(series['rrule']),
  };
  const generatedUntil = typeof series['generatedUntil'] === 'string' ? Date.parse(series['generatedUntil']) : Date.parse(instantOf(timing.dtstart, timing.timeZone)) - 1;
  // Most days most series have nothing new (weekly: one day in seven): no reads for those.
  if (occurrencesBetween(timing, generatedUntil, horizon).length === 0) return 0;
  const client = await ownDocument(databases, collections.databaseId, collections.clients, series['clientId'], userId);
  if (!client) return 0;
  const service = await ownDocument(databases, collections.databaseId, collections.services, series['serviceId'], userId);
  const template = {
    userId, seriesId: series.$id, clientId: client.$id, serviceId: String(series['serviceId']),
    locationType: String(series['locationType'] ?? 'office'),
    meetingLink: typeof series['meetingLink'] === 'string' ? series['meetingLink'] : null,
    adminNote: typeof series['adminNote'] === 'string' ? series['adminNote'] : null,
    ...feeFor(client, service),
  };
  const { steps } = occurrenceSteps({ series: timing, seriesId: series.$id, template, after: generatedUntil, until: horizon, collections, now: now.toISOString() });
  if (steps.length === 0) return 0;
  const transactions = planTransactions(steps);
  await commitTransactions(databases, collections.databaseId, transactions);
  return steps.length;
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  if (req.headers['x-appwrite-user-id']) return res.json({ message: 'Only the schedule or a server key extends series.' }, 403);
  const collections = collectionsFromEnv(process.env);
  const databases = new Databases(serverClient(req));
  const now = new Date();
  const horizon = horizonFrom(now);
  // A series written before it had a generatedUntil (null) is extended from its start.
  const due = [
    ...await listAll(databases, collections.databaseId, collections.appointmentSeries, [Query.lessThan('generatedUntil', horizon.toISOString()), Query.orderAsc('$id')]),
    ...await listAll(databases, collections.databaseId, collections.appointmentSeries, [Query.isNull('generatedUntil'), Query.orderAsc('$id')]),
  ];
  let created = 0;
  let extended = 0;
  /** @type {string[]} */
  const failed = [];
  for (const series of due) {
    try {
      const n = await extendSeries({ databases, collections, now, horizon }, series);
      created += n;
      if (n) extended += 1;
    } catch (e) {
      failed.push(series.$id);
      // Ids and Appwrite's message only: nothing clinical reaches the log.
      error(`extending series ${series.$id} failed: ${messageOf(e)}`);
    }
  }
  log(`${due.length} series short of the horizon; ${extended} extended with ${created} occurrences; ${failed.length} failed`);
  return res.json({ series: due.length, extended, created, failed, horizon: horizon.toISOString() });
};
