// schedule-series (issue 14, recurring appointments): a signed-in therapist creates a series, edits
// "this and following" / "all future", or ends one. The caller is x-appwrite-user-id and nobody
// else: every client, service, series and appointment named in the body must be theirs (userId and
// owner-only permissions, read with the function's key), or the answer is 404 as for a document that
// does not exist. Occurrences are real appointment documents up to a rolling horizon
// (HORIZON_DAYS ahead; extend-series adds the rest daily), written in Appwrite transactions
// (lib/series-store.js). Past occurrences are never rewritten; an occurrence with a note or an
// attended or charged status (show, late_cancelled, no_show) is kept when its series is split or ended.
//
// Body (JSON):
//   {action:'create', seriesId?, series:{clientId, serviceId, firstServiceId?, dtstart:'YYYY-MM-DDTHH:mm',
//     timeZone, durationMinutes, rrule, locationType, meetingLink?, adminNote?}, allowOverlap?}
//     → 201 {seriesId, created, generatedUntil}. firstServiceId: the first occurrence's own service
//     (an intake, then the ongoing service), with its fee; the series stays one RRULE.
//   {action:'edit', appointmentId, scope:'following'|'all', changes:{time?, date?, durationMinutes?,
//     serviceId?, locationType?, meetingLink?, adminNote?, rrule?}, allowOverlap?}
//     → 200 {seriesId, previousSeriesId, created, removed, kept, keptAppointments, generatedUntil}
//   {action:'delete', appointmentId, scope:'following'|'all'}
//     → 200 {seriesId, removed, kept, keptAppointments, seriesDeleted, message}
// Refusals: 400 {message, field}; 401 {message}; 404 {message, field?} (field 'client' or 'service');
// 409 {message, overlaps} (overlap without allowOverlap, nothing written) or 409 {message} (the
// series changed meanwhile, or this seriesId was saved before; nothing written).
import { Databases, ID } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import {
  checkDuration, checkSeries, formatRule, horizonFrom, instantOf, localParts, moveRule, occurrencesBefore, parseRule, RecurrenceError, untilBefore,
} from '../../lib/recurrence.js';
import {
  commitTransactions, feeFor, isNotFound, keepReason, occurrenceSteps, overlapsWith, ownDocument, ownerPermissions, planTransactions,
  seriesAppointments,
} from '../../lib/series-store.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('../../lib/series-store.js').Step} Step
 * @typedef {import('../../lib/recurrence.js').SeriesTiming} SeriesTiming
 */

const LOCATION_TYPES = ['office', 'telehealth'];
const MEETING_LINK_MAX = 2048;
const ADMIN_NOTE_MAX = 1000;
const NOT_FOUND = 'This appointment could not be found.';
const CHANGED_MEANWHILE = 'This series changed while it was being saved. Reload the calendar and try again.';

/** A refusal the caller can act on: its HTTP status and body. */
class Refusal extends Error {
  /**
   * @param {number} status
   * @param {Record<string, unknown>} body
   */
  constructor(status, body) {
    super(String(body['message']));
    this.status = status;
    this.body = body;
  }
}

/**
 * @param {string} field
 * @param {string} message
 */
const badInput = (field, message) => new Refusal(400, { message, field });
/**
 * @param {string} [message]
 * @param {string} [field] the form field it belongs beside (the dashboard's appointment form names them)
 */
const notFound = (message = NOT_FOUND, field) => new Refusal(404, { message, ...(field ? { field } : {}) });

/**
 * The optional texts of a series or an occurrence: location, meeting link, administrative note.
 * @param {Record<string, unknown>} input
 * @param {{ locationType?: unknown, meetingLink?: unknown, adminNote?: unknown }} [fallback]
 */
function checkDetails(input, fallback = {}) {
  const locationType = input['locationType'] ?? fallback.locationType ?? 'office';
  if (typeof locationType !== 'string' || !LOCATION_TYPES.includes(locationType)) throw badInput('locationType', 'Choose office or telehealth.');
  const link = 'meetingLink' in input ? input['meetingLink'] : fallback.meetingLink;
  /** @type {string | null} */
  let meetingLink = null;
  if (link !== undefined && link !== null && link !== '') {
    if (typeof link !== 'string' || link.length > MEETING_LINK_MAX) throw badInput('meetingLink', 'Enter the meeting link as a web address.');
    try {
      const url = new URL(link.trim());
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not a web address');
      meetingLink = link.trim();
    } catch {
      throw badInput('meetingLink', 'Enter the meeting link as a web address starting with https://.');
    }
  }
  const note = 'adminNote' in input ? input['adminNote'] : fallback.adminNote;
  /** @type {string | null} */
  let adminNote = null;
  if (note !== undefined && note !== null && note !== '') {
    if (typeof note !== 'string') throw badInput('adminNote', 'The administrative note must be text.');
    if (note.length > ADMIN_NOTE_MAX) throw badInput('adminNote', `The administrative note is limited to ${ADMIN_NOTE_MAX} characters.`);
    adminNote = note;
  }
  return { locationType, meetingLink, adminNote };
}

/** @param {unknown} e */
const isConflict = (e) => typeof e === 'object' && e !== null && 'code' in e && e.code === 409;

/**
 * @typedef {object} Run
 * @property {Databases} databases
 * @property {import('../../lib/collections.js').Collections} collections
 * @property {string} userId
 * @property {Date} now
 * @property {(message: string) => void} log
 */

/**
 * The client and service of a series, both the caller's (404 otherwise).
 * @param {Run} run
 * @param {unknown} clientId
 * @param {unknown} serviceId
 */
async function clientAndService(run, clientId, serviceId) {
  const { databases, collections, userId } = run;
  const client = await ownDocument(databases, collections.databaseId, collections.clients, clientId, userId);
  if (!client) throw notFound('This client could not be found.', 'client');
  const service = await ownDocument(databases, collections.databaseId, collections.services, serviceId, userId);
  if (!service) throw notFound('This service could not be found.', 'service');
  return { client, service };
}

/**
 * The service of a series' first visit (an intake before the ongoing sessions, issue 37): the
 * caller's own, or the series' service when none is named. Only the first occurrence carries it;
 * the series (and every later occurrence) keeps `serviceId`.
 * @param {Run} run
 * @param {unknown} firstServiceId
 * @param {Doc} service the series' service
 */
async function firstVisitService(run, firstServiceId, service) {
  if (firstServiceId === undefined || firstServiceId === null || firstServiceId === '' || firstServiceId === service.$id) return service;
  const { databases, collections, userId } = run;
  const first = await ownDocument(databases, collections.databaseId, collections.services, firstServiceId, userId);
  if (!first) throw notFound('This service could not be found.', 'firstService');
  return first;
}

/**
 * @param {unknown} e
 * @returns {never}
 */
function asRefusal(e) {
  if (e instanceof RecurrenceError) throw badInput(e.field, e.message);
  throw e;
}

/**
 * The create action.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function createSeries(run, body) {
  const input = body['series'];
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw badInput('series', 'Send the series to create.');
  const series = /** @type {Record<string, unknown>} */ (input);
  /** @type {ReturnType<typeof checkSeries>} */
  let timing;
  try {
    timing = checkSeries({ dtstart: series['dtstart'], timeZone: series['timeZone'], durationMinutes: series['durationMinutes'], rrule: series['rrule'] });
  } catch (e) {
    asRefusal(e);
  }
  const details = checkDetails(series);
  const requestedId = body['seriesId'];
  if (requestedId !== undefined && (typeof requestedId !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,26}$/.test(requestedId))) {
    throw badInput('seriesId', 'A series id is up to 27 letters, digits, periods, hyphens and underscores.');
  }
  const { client, service } = await clientAndService(run, series['clientId'], series['serviceId']);
  const firstService = await firstVisitService(run, series['firstServiceId'], service);
  const seriesId = typeof requestedId === 'string' ? requestedId : ID.unique();
  const { databases, collections, userId, now } = run;
  // A save sent again (a double click, a retry after a lost answer) finds the first one.
  if (typeof requestedId === 'string') {
    const existing = await databases.getDocument({ databaseId: collections.databaseId, collectionId: collections.appointmentSeries, documentId: seriesId }).catch((e) => {
      if (isNotFound(e)) return null;
      throw e;
    });
    if (existing) throw new Refusal(409, { message: 'This series has already been saved.', ...(ownedBy(existing, userId) ? { seriesId } : {}) });
  }
  const horizon = horizonFrom(now);
  const template = {
    userId, seriesId, clientId: client.$id, serviceId: service.$id, ...details, ...feeFor(client, service),
  };
  const { steps, occurrences } = occurrenceSteps({
    series: timing, seriesId, template, after: Date.parse(instantOf(timing.dtstart, timing.timeZone)) - 1, until: horizon, collections, now: now.toISOString(),
  });
  const first = steps[0];
  if (first && firstService.$id !== service.$id) {
    first.op = { ...first.op, data: { ...first.op.data, serviceId: firstService.$id, ...feeFor(client, firstService) } };
  }
  if (body['allowOverlap'] !== true) {
    const overlaps = await overlapsWith(databases, collections.databaseId, collections.appointments, userId, occurrences);
    if (overlaps.length) throw new Refusal(409, { message: overlapMessage(overlaps.length), overlaps });
  }
  const seriesStep = {
    op: {
      action: /** @type {const} */ ('create'), collectionId: collections.appointmentSeries, documentId: seriesId,
      data: {
        userId, clientId: client.$id, serviceId: service.$id, rrule: timing.rrule, dtstart: timing.dtstart, timeZone: timing.timeZone,
        durationMinutes: timing.durationMinutes, ...details, generatedUntil: horizon.toISOString(), $permissions: ownerPermissions(userId),
      },
    },
    checkpoint: null,
  };
  const transactions = planTransactions([seriesStep, ...steps]);
  const committed = await commitPlan(run, transactions, 0);
  const created = countCreates(transactions.slice(0, committed), collections.appointments);
  const generatedUntil = committed === transactions.length ? horizon.toISOString() : lastCheckpoint(transactions[committed - 1], seriesId);
  run.log(`series ${seriesId}: ${created} occurrences in ${committed} transaction(s)`);
  return { status: 201, body: { seriesId, created, generatedUntil } };
}


/** @param {number} count */
const overlapMessage = (count) => (count === 1
  ? 'This overlaps another appointment. Save anyway to keep both.'
  : `This overlaps ${count} other appointments. Save anyway to keep them all.`);

/**
 * @param {import('../../lib/series-store.js').Operation[][]} transactions
 * @param {string} appointments
 */
const countCreates = (transactions, appointments) => transactions.flat().filter((op) => op.action === 'create' && op.collectionId === appointments).length;

/**
 * @param {import('../../lib/series-store.js').Operation[] | undefined} ops
 * @param {string} seriesId
 * @returns {string | null}
 */
function lastCheckpoint(ops, seriesId) {
  const op = ops?.findLast((o) => o.documentId === seriesId && o.data && 'generatedUntil' in o.data);
  const value = op?.data?.['generatedUntil'];
  return typeof value === 'string' ? value : null;
}

/**
 * Commits the plan. A failure in the first transaction leaves nothing written: a conflict (the
 * series changed meanwhile, or a document the plan creates exists) is a 409, anything else is
 * thrown. A failure after that leaves a consistent, shorter write, which is answered as it stands.
 * @param {Run} run
 * @param {import('../../lib/series-store.js').Operation[][]} transactions
 * @param {number} mustCommit the index of the last transaction that has to land for a success
 * @returns {Promise<number>} how many committed
 */
async function commitPlan(run, transactions, mustCommit) {
  try {
    return await commitTransactions(run.databases, run.collections.databaseId, transactions);
  } catch (e) {
    const committed = typeof e === 'object' && e !== null && 'committed' in e && typeof e.committed === 'number' ? e.committed : 0;
    run.log(`transaction ${committed + 1} of ${transactions.length} failed: ${messageOf(e)}`);
    if (committed > mustCommit) return committed;
    if (committed === 0 && isConflict(e)) throw new Refusal(409, { message: CHANGED_MEANWHILE });
    if (committed === 0 && e instanceof Error && /document_already_exists|already exists/i.test(e.message)) throw new Refusal(409, { message: CHANGED_MEANWHILE });
    throw e;
  }
}

/**
 * The series an occurrence belongs to, with its occurrences; all the caller's (404 otherwise).
 * @param {Run} run
 * @param {unknown} appointmentId
 */
async function seriesOf(run, appointmentId) {
  const { databases, collections, userId } = run;
  const appointment = await ownDocument(databases, collections.databaseId, collections.appointments, appointmentId, userId);
  if (!appointment) throw notFound();
  const seriesId = appointment['seriesId'];
  if (typeof seriesId !== 'string' || !seriesId) throw badInput('appointmentId', 'This appointment does not repeat: change it on its own.');
  const series = await ownDocument(databases, collections.databaseId, collections.appointmentSeries, seriesId, userId);
  if (!series) throw notFound();
  /** @type {SeriesTiming} */
  const timing = {
    dtstart: String(series['dtstart']), timeZone: String(series['timeZone']), durationMinutes: Number(series['durationMinutes']), rrule: String(series['rrule']),
  };
  const occurrences = await seriesAppointments(databases, collections.databaseId, collections.appointments, series.$id, userId);
  return { appointment, series, timing, occurrences };
}

/**
 * Where a series is cut: the chosen occurrence ("this and following"), or the first one that has
 * not started ("all future"). Past occurrences are never rewritten.
 * @param {Run} run
 * @param {unknown} scope
 * @param {Doc} appointment
 * @param {Doc[]} occurrences
 * @returns {Doc}
 */
function splitPoint(run, scope, appointment, occurrences) {
  const now = run.now.getTime();
  if (scope === 'following') {
    if (Date.parse(String(appointment['start'])) <= now) {
      throw badInput('scope', 'This appointment has already started, and past appointments are never changed. Change it on its own, or choose a later one.');
    }
    return appointment;
  }
  if (scope === 'all') {
    const next = occurrences.find((o) => Date.parse(String(o['start'])) > now);
    if (!next) throw badInput('scope', 'Every appointment of this series has already taken place.');
    return next;
  }
  throw badInput('scope', "Choose 'following' (this and following appointments) or 'all' (all future appointments).");
}

/**
 * The steps that end a series just before the split point: its occurrences from there are removed
 * (latest first, the series' UNTIL following each), except those kept; the series itself goes when
 * nothing of it is left.
 * @param {Run} run
 * @param {Doc} series
 * @param {SeriesTiming} timing
 * @param {Doc[]} occurrences
 * @param {Doc} point
 */
function endSteps(run, series, timing, occurrences, point) {
  const { collections } = run;
  const pointStart = Date.parse(String(point['start']));
  const before = occurrences.filter((o) => Date.parse(String(o['start'])) < pointStart);
  const from = occurrences.filter((o) => Date.parse(String(o['start'])) >= pointStart);
  const kept = from.filter((o) => keepReason(o) !== null);
  const removed = from.filter((o) => keepReason(o) === null);
  const rule = parseRule(timing.rrule);
  /** @param {string} start */
  const endedBefore = (start) => formatRule({ ...rule, count: null, until: untilBefore(localParts(start, timing.timeZone).date, timing.timeZone) });
  /** @type {Step[]} */
  const steps = [...removed].reverse().map((o) => ({
    op: { action: /** @type {const} */ ('delete'), collectionId: collections.appointments, documentId: o.$id },
    checkpoint: { collectionId: collections.appointmentSeries, documentId: series.$id, data: { rrule: endedBefore(String(o['start'])) } },
  }));
  const seriesDeleted = before.length === 0 && kept.length === 0;
  // The series ends in the same transaction as its earliest removed occurrence (the split point's):
  // that occurrence is never gone while the series still says it goes on.
  steps.push({
    op: seriesDeleted
      ? { action: 'delete', collectionId: collections.appointmentSeries, documentId: series.$id }
      : { action: 'update', collectionId: collections.appointmentSeries, documentId: series.$id, data: { rrule: endedBefore(String(point['start'])) } },
    checkpoint: null,
    glue: true,
  });
  const keptAppointments = kept.map((o) => ({ appointmentId: o.$id, start: new Date(String(o['start'])).toISOString(), reason: keepReason(o) }));
  return { steps, removed, kept, keptAppointments, seriesDeleted };
}

/** @param {ReturnType<typeof endSteps>['keptAppointments']} kept */
function keptMessage(kept) {
  if (!kept.length) return '';
  const n = kept.length;
  return ` ${n === 1 ? 'One appointment was' : `${n} appointments were`} kept because ${n === 1 ? 'it has' : 'they have'} a note or ${n === 1 ? 'was' : 'were'} attended or charged; cancel ${n === 1 ? 'it' : 'them'} instead.`;
}

/**
 * The delete action: the series ends before the split point.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function deleteSeries(run, body) {
  const { appointment, series, timing, occurrences } = await seriesOf(run, body['appointmentId']);
  const point = splitPoint(run, body['scope'], appointment, occurrences);
  const ended = endSteps(run, series, timing, occurrences, point);
  const transactions = planTransactions(ended.steps);
  const committed = await commitPlan(run, transactions, transactions.length - 1);
  if (committed < transactions.length) throw new Error(`only ${committed} of ${transactions.length} transactions committed`);
  const removed = ended.removed.length;
  return {
    status: 200,
    body: {
      seriesId: series.$id, removed, kept: ended.kept.length, keptAppointments: ended.keptAppointments, seriesDeleted: ended.seriesDeleted,
      message: `${removed === 1 ? 'One appointment was' : `${removed} appointments were`} removed.${keptMessage(ended.keptAppointments)}`,
    },
  };
}

/**
 * The edit action: the series is split at the split point, and a new series with the changes
 * continues from there.
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function editSeries(run, body) {
  const rawChanges = body['changes'] ?? {};
  if (typeof rawChanges !== 'object' || rawChanges === null || Array.isArray(rawChanges)) throw badInput('changes', 'Send the changes to make.');
  const changes = /** @type {Record<string, unknown>} */ (rawChanges);
  const { appointment, series, timing, occurrences } = await seriesOf(run, body['appointmentId']);
  const scope = body['scope'];
  const point = splitPoint(run, scope, appointment, occurrences);
  const { databases, collections, userId, now } = run;
  const pointDate = localParts(String(point['start']), timing.timeZone).date;

  const time = changes['time'];
  if (time !== undefined && (typeof time !== 'string' || !/^\d{2}:\d{2}$/.test(time))) throw badInput('time', 'Enter the start time as HH:mm.');
  const date = changes['date'];
  if (date !== undefined && scope !== 'following') throw badInput('date', 'A new date applies to this and following appointments only.');
  if (date !== undefined && (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))) throw badInput('date', 'Enter the date as YYYY-MM-DD.');
  const newDate = typeof date === 'string' ? date : pointDate;
  const newTime = typeof time === 'string' ? time : timing.dtstart.slice(11, 16);
  /** @type {number} */
  let durationMinutes;
  /** @type {string} */
  let rrule;
  try {
    durationMinutes = changes['durationMinutes'] === undefined ? timing.durationMinutes : checkDuration(changes['durationMinutes']);
    if (changes['rrule'] !== undefined) {
      rrule = formatRule(parseRule(changes['rrule']));
    } else {
      const rule = parseRule(timing.rrule);
      const left = rule.count === null ? null : rule.count - occurrencesBefore(timing, instantOf(pointDate, timing.timeZone));
      if (left !== null && left < 1) throw new RecurrenceError('count', 'No appointments of this series are left to change.');
      rrule = formatRule(moveRule({ ...rule, count: left }, pointDate, newDate));
    }
  } catch (e) {
    asRefusal(e);
  }
  /** @type {ReturnType<typeof checkSeries>} */
  let newTiming;
  try {
    newTiming = checkSeries({ dtstart: `${newDate}T${newTime}`, timeZone: timing.timeZone, durationMinutes, rrule });
  } catch (e) {
    asRefusal(e);
  }
  const newStart = Date.parse(instantOf(newTiming.dtstart, newTiming.timeZone));
  if (newStart <= now.getTime()) throw badInput(date !== undefined ? 'date' : 'time', 'Choose a date and time that have not passed yet.');

  const details = checkDetails(changes, { locationType: series['locationType'], meetingLink: series['meetingLink'], adminNote: series['adminNote'] });
  const { client, service } = await clientAndService(run, series['clientId'], changes['serviceId'] ?? series['serviceId']);
  const ended = endSteps(run, series, timing, occurrences, point);
  const newSeriesId = ID.unique();
  const horizon = horizonFrom(now);
  const template = { userId, seriesId: newSeriesId, clientId: client.$id, serviceId: service.$id, ...details, ...feeFor(client, service) };
  // A kept occurrence (a note, attended, charged) still stands for its day: the new series leaves it be.
  const skipDates = new Set(ended.kept.map((o) => localParts(String(o['start']), timing.timeZone).date));
  const { steps, occurrences: created } = occurrenceSteps({
    series: newTiming, seriesId: newSeriesId, template, after: newStart - 1, until: horizon, skipDates, collections, now: now.toISOString(),
  });
  if (body['allowOverlap'] !== true) {
    const overlaps = await overlapsWith(databases, collections.databaseId, collections.appointments, userId, created, new Set(ended.removed.map((o) => o.$id)));
    if (overlaps.length) throw new Refusal(409, { message: overlapMessage(overlaps.length), overlaps });
  }
  // The new series starts in the transaction that ends the old one: a failure never leaves the
  // following appointments removed without the series that replaces them (the edit can be sent again).
  const seriesStep = {
    glue: true,
    op: {
      action: /** @type {const} */ ('create'), collectionId: collections.appointmentSeries, documentId: newSeriesId,
      data: {
        userId, clientId: client.$id, serviceId: service.$id, rrule: newTiming.rrule, dtstart: newTiming.dtstart, timeZone: newTiming.timeZone,
        durationMinutes: newTiming.durationMinutes, ...details, generatedUntil: horizon.toISOString(), $permissions: ownerPermissions(userId),
      },
    },
    checkpoint: null,
  };
  const transactions = planTransactions([...ended.steps, seriesStep, ...steps]);
  // The edit stands once the new series exists; until then a failure is an error.
  const newSeriesAt = transactions.findIndex((ops) => ops.some((op) => op.documentId === newSeriesId && op.action === 'create'));
  const committed = await commitPlan(run, transactions, newSeriesAt);
  return {
    status: 200,
    body: {
      seriesId: newSeriesId, previousSeriesId: ended.seriesDeleted ? null : series.$id,
      created: countCreates(transactions.slice(0, committed), collections.appointments), removed: ended.removed.length,
      kept: ended.kept.length, keptAppointments: ended.keptAppointments,
      generatedUntil: committed === transactions.length ? horizon.toISOString() : lastCheckpoint(transactions[committed - 1], newSeriesId),
    },
  };
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ message: 'Sign in to schedule appointments.' }, 401);
  const collections = collectionsFromEnv(process.env);
  /** @type {Run} */
  const run = { databases: new Databases(serverClient(req)), collections, userId, now: new Date(), log };
  const body = readBody(req.bodyText);
  try {
    const action = body['action'];
    const answer = action === 'create' ? await createSeries(run, body)
      : action === 'edit' ? await editSeries(run, body)
        : action === 'delete' ? await deleteSeries(run, body)
          : null;
    if (!answer) return res.json({ message: "Say what to do: 'create', 'edit' or 'delete'.", field: 'action' }, 400);
    return res.json(answer.body, answer.status);
  } catch (e) {
    if (e instanceof Refusal) return res.json(e.body, e.status);
    if (e instanceof RecurrenceError) return res.json({ message: e.message, field: e.field }, 400);
    // Ids and Appwrite's message only: nothing clinical reaches the log.
    error(`schedule-series ${String(body['action'])} for ${userId} failed: ${messageOf(e)}`);
    return res.json({ message: 'The schedule could not be saved. Please try again.' }, 500);
  }
};
