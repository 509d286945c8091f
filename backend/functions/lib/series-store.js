// What schedule-series and extend-series share: reading a therapist's own documents with the
// function's key, the occurrence documents of a series, and writing them in Appwrite transactions
// (issue 14: "a series and its occurrences are written in one Appwrite transaction").
//
// Appwrite caps a transaction at 100 operations, so a long write is cut into several; each cut is
// placed where the documents are consistent, with the series updated in the same transaction to say
// so: `generatedUntil` after the last occurrence created so far, or an UNTIL just before the last
// occurrence removed so far. A failure therefore leaves a smaller but whole series (the daily
// extension continues one that was being written), never an occurrence its series does not account for.
import { createHash } from 'node:crypto';
import { AppwriteException, Permission, Query, Role } from 'node-appwrite';
import { ownedBy } from './owned-by.js';
import { occurrencesBetween } from './recurrence.js';
import { ID_RE } from './ids.js';

/** APP_LIMIT_DATABASE_TRANSACTION */
export const TRANSACTION_LIMIT = 100;
/** Seconds a transaction may stay open while its operations are staged (Appwrite's default). */
const TRANSACTION_TTL = 300;
const PAGE = 100;

/** An occurrence that is kept when its series is split or ended, and why (issue 14: "an occurrence
 * with a note or a ledger entry can't be deleted"). */
export const KEEP_STATUSES = /** @type {const} */ (['show', 'late_cancelled', 'no_show']);
/** Statuses that free the slot: no overlap with them. */
export const CANCELLED_STATUSES = /** @type {const} */ (['cancelled', 'late_cancelled', 'clinician_cancelled']);

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./recurrence.js').Occurrence} Occurrence
 *
 * One staged write. `documentId` names the document for every action.
 * @typedef {object} Operation
 * @property {'create' | 'update' | 'delete'} action
 * @property {string} collectionId
 * @property {string} documentId
 * @property {Record<string, unknown>} [data]
 *
 * A write and, when a transaction ends right after it, the update (of a series) that makes the
 * documents consistent at that point; null when they already are.
 * @typedef {object} Step
 * @property {Operation} op
 * @property {{ collectionId: string, documentId: string, data: Record<string, unknown> } | null} checkpoint
 * @property {boolean} [glue] commits in the same transaction as the step before it
 */

/** @param {string} userId */
export const ownerPermissions = (userId) => [Permission.read(Role.user(userId)), Permission.update(Role.user(userId)), Permission.delete(Role.user(userId))];

/** @param {unknown} e */
export const isNotFound = (e) => e instanceof AppwriteException && e.code === 404;

/**
 * A document of the therapist's, or null: missing, or not theirs (its userId and every permission
 * must be theirs; anyone may create documents naming another therapist, lib/owned-by.js).
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {unknown} documentId
 * @param {string} userId
 * @returns {Promise<Doc | null>}
 */
export async function ownDocument(databases, databaseId, collectionId, documentId, userId) {
  if (typeof documentId !== 'string' || !ID_RE.test(documentId)) return null;
  try {
    const document = await databases.getDocument({ databaseId, collectionId, documentId });
    return ownedBy(document, userId) ? document : null;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/**
 * Every document matching the queries (all pages, in `$id`-cursor order of the given sort).
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string[]} queries
 * @returns {Promise<Doc[]>}
 */
export async function listAll(databases, databaseId, collectionId, queries) {
  /** @type {Doc[]} */
  const documents = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {import('node-appwrite').Models.DocumentList<Doc>} */
    const page = await databases.listDocuments({
      databaseId, collectionId, queries: [...queries, Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    documents.push(...page.documents);
    /** @type {Doc | undefined} */
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return documents;
    cursor = last.$id;
  }
}

/**
 * The therapist's own occurrences of a series, by start.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} appointments
 * @param {string} seriesId
 * @param {string} userId
 */
export async function seriesAppointments(databases, databaseId, appointments, seriesId, userId) {
  const all = await listAll(databases, databaseId, appointments, [Query.equal('seriesId', seriesId), Query.orderAsc('start')]);
  return all.filter((d) => ownedBy(d, userId));
}

/**
 * Why an occurrence stays when its series is split or ended: it has a note, or a status that is
 * attended or charged. Null when it may go.
 * @param {Doc} appointment
 * @returns {'note' | 'show' | 'late_cancelled' | 'no_show' | null}
 */
export function keepReason(appointment) {
  const noteState = appointment['noteState'];
  if (typeof noteState === 'string' && noteState !== 'none') return 'note';
  const status = appointment['status'];
  return /** @type {readonly unknown[]} */ (KEEP_STATUSES).includes(status) ? /** @type {'show' | 'late_cancelled' | 'no_show'} */ (status) : null;
}

/**
 * The therapist's appointments (any series or none) that overlap any of the occurrences, except
 * cancelled ones and those in `ignore`.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} appointments
 * @param {string} userId
 * @param {Occurrence[]} occurrences
 * @param {Set<string>} [ignore]
 * @returns {Promise<{ start: string, appointmentId: string }[]>}
 */
export async function overlapsWith(databases, databaseId, appointments, userId, occurrences, ignore = new Set()) {
  if (occurrences.length === 0) return [];
  const first = occurrences[0];
  const last = occurrences[occurrences.length - 1];
  if (!first || !last) return [];
  // An appointment lasts at most 8 hours (appointments in appwrite.json): one starting earlier than
  // that before the first occurrence cannot reach it.
  const from = new Date(Date.parse(first.start) - 8 * 3_600_000).toISOString();
  const existing = (await listAll(databases, databaseId, appointments, [
    Query.equal('userId', userId), Query.greaterThan('start', from), Query.lessThan('start', last.end), Query.orderAsc('start'),
  ])).filter((d) => ownedBy(d, userId) && !ignore.has(d.$id) && !(/** @type {readonly unknown[]} */ (CANCELLED_STATUSES)).includes(d['status']));
  /** @type {Map<string, { start: string, appointmentId: string, clientId: string | null }>} */
  const found = new Map();
  for (const occurrence of occurrences) {
    const start = Date.parse(occurrence.start);
    const end = Date.parse(occurrence.end);
    for (const d of existing) {
      if (Date.parse(String(d['start'])) < end && start < Date.parse(String(d['end']))) found.set(d.$id, { start: new Date(String(d['start'])).toISOString(), appointmentId: d.$id, clientId: typeof d['clientId'] === 'string' ? d['clientId'] : null });
    }
  }
  return [...found.values()].sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The id of a series' occurrence on a local date: fixed, so two runs writing the same occurrence
 * (two extensions at once) collide in the commit instead of making it twice.
 * @param {string} seriesId
 * @param {string} localDate `YYYY-MM-DD`
 */
export function occurrenceId(seriesId, localDate) {
  const day = localDate.replaceAll('-', '');
  if (seriesId.length <= 27) return `${seriesId}_${day}`;
  return createHash('sha256').update(`${seriesId}/${day}`).digest('hex').slice(0, 32);
}

/**
 * What each occurrence of a series carries, from the series and the fee that applies (the client's
 * override, else the service's fee; issue 14).
 * @typedef {object} OccurrenceTemplate
 * @property {string} userId
 * @property {string} seriesId
 * @property {string} clientId
 * @property {string} serviceId
 * @property {string} locationType
 * @property {string | null} meetingLink
 * @property {string | null} adminNote
 * @property {number | null} feeAmount
 * @property {string} currency
 */

/**
 * @param {Doc | null} client
 * @param {Doc | null} service
 * @returns {{ feeAmount: number | null, currency: string }}
 */
export function feeFor(client, service) {
  const override = client?.['feeOverride'];
  if (typeof override === 'number') return { feeAmount: override, currency: String(client?.['currency'] ?? 'USD') };
  const fee = service?.['fee'];
  return { feeAmount: typeof fee === 'number' ? fee : null, currency: String(service?.['currency'] ?? client?.['currency'] ?? 'USD') };
}

/**
 * @param {OccurrenceTemplate} template
 * @param {Occurrence} occurrence
 * @param {string} now ISO time of the write (the status history's first entry)
 * @param {string} appointments the appointments collection's id
 * @returns {Operation}
 */
export function createOccurrence(template, occurrence, now, appointments) {
  const { userId, seriesId, ...rest } = template;
  return {
    action: 'create',
    collectionId: appointments,
    documentId: occurrenceId(seriesId, occurrence.localDate),
    data: {
      ...rest, userId, seriesId, start: occurrence.start, end: occurrence.end, status: 'scheduled', feeWaived: false, noteState: 'none',
      statusHistory: [JSON.stringify({ status: 'scheduled', at: now, by: userId })],
      $permissions: ownerPermissions(userId),
    },
  };
}

/**
 * The steps that write a series' occurrences after `after` up to `until`, each leaving the series'
 * generatedUntil at what exists; the last sets it to `until`. Dates in `skipDates` are left out (a
 * kept occurrence of the series this one continues stands there).
 * @param {{ series: import('./recurrence.js').SeriesTiming, seriesId: string, template: OccurrenceTemplate, after: Date | string | number, until: Date, skipDates?: Set<string>, collections: { appointments: string, appointmentSeries: string }, now: string }} input
 * @returns {{ steps: Step[], occurrences: Occurrence[] }}
 */
export function occurrenceSteps({ series, seriesId, template, after, until, skipDates = new Set(), collections, now }) {
  const occurrences = occurrencesBetween(series, after, until).filter((o) => !skipDates.has(o.localDate));
  const generatedUntil = until.toISOString();
  const steps = occurrences.map((occurrence, i) => ({
    op: createOccurrence(template, occurrence, now, collections.appointments),
    checkpoint: { collectionId: collections.appointmentSeries, documentId: seriesId, data: { generatedUntil: i === occurrences.length - 1 ? generatedUntil : occurrence.start } },
  }));
  return { steps, occurrences };
}

/**
 * A checkpoint folded into an operation on the same document in the transaction, when there is one
 * (so a series and its first 99 occurrences fill one transaction exactly).
 * @param {Operation[]} ops
 * @param {Step['checkpoint']} checkpoint
 * @returns {Operation[] | null} the operations with the checkpoint merged, or null
 */
function mergeCheckpoint(ops, checkpoint) {
  if (!checkpoint) return ops;
  const index = ops.findLastIndex((op) => op.action !== 'delete' && op.collectionId === checkpoint.collectionId && op.documentId === checkpoint.documentId);
  if (index < 0) return null;
  return ops.map((op, i) => (i === index ? { ...op, data: { ...op.data, ...checkpoint.data } } : op));
}

/**
 * The transactions for a list of steps, in order: as few as the 100-operation cap allows, each
 * ending on its last step's checkpoint.
 * @param {Step[]} steps
 * @param {number} [limit]
 * @returns {Operation[][]}
 */
export function planTransactions(steps, limit = TRANSACTION_LIMIT) {
  /** @param {Step[]} chunk */
  const close = (chunk) => {
    const ops = chunk.map((s) => s.op);
    const last = chunk[chunk.length - 1];
    const checkpoint = last?.checkpoint ?? null;
    return mergeCheckpoint(ops, checkpoint) ?? (checkpoint ? [...ops, { action: /** @type {const} */ ('update'), ...checkpoint }] : ops);
  };
  /** @type {Step[][]} steps glued together, never cut apart */
  const units = [];
  for (const step of steps) {
    const previous = units[units.length - 1];
    if (step.glue && previous) previous.push(step);
    else units.push([step]);
  }
  /** @type {Operation[][]} */
  const transactions = [];
  /** @type {Step[]} */
  let chunk = [];
  for (const unit of units) {
    const candidate = [...chunk, ...unit];
    if (chunk.length > 0 && close(candidate).length > limit) {
      transactions.push(close(chunk));
      chunk = [...unit];
    } else {
      chunk = candidate;
    }
  }
  if (chunk.length) transactions.push(close(chunk));
  return transactions;
}

/**
 * Commits the transactions one after another; a failure rolls back the one it happened in (an
 * uncommitted one also expires) and stops, leaving the earlier ones committed. Returns how many
 * committed.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {Operation[][]} transactions
 * @returns {Promise<number>}
 */
export async function commitTransactions(databases, databaseId, transactions) {
  let committed = 0;
  for (const ops of transactions) {
    const transaction = await databases.createTransaction({ ttl: TRANSACTION_TTL });
    try {
      await databases.createOperations({
        transactionId: transaction.$id,
        operations: ops.map((op) => ({ action: op.action, databaseId, collectionId: op.collectionId, documentId: op.documentId, ...(op.data ? { data: op.data } : {}) })),
      });
      await databases.updateTransaction({ transactionId: transaction.$id, commit: true });
    } catch (e) {
      await databases.updateTransaction({ transactionId: transaction.$id, rollback: true }).catch(() => undefined);
      throw Object.assign(e instanceof Error ? e : new Error(String(e)), { committed });
    }
    committed += 1;
  }
  return committed;
}
