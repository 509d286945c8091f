// good-faith-estimates (issue 32 "Good Faith Estimates", No Surprises Act): the therapist drafts a
// self-pay client's estimate, delivers it into the client's portal documents (with the PHI-free
// "You have a new document from {Practice}" email) and downloads its PDF. Each version is one
// good_faith_estimates document, readable by the therapist only and written by this function alone
// (no collection permissions, no update/delete grants): a draft is redrafted in place, a delivered
// version never changes — a changed fee, frequency, length or service after delivery is a new
// version. The client reads a delivered version through portal-documents (kind 'gfe').
//
// Body (JSON), the caller a therapist (not a portal client):
//   {action:'draft', clientId, serviceId, frequency:'weekly'|'biweekly'|'monthly', months:1–12,
//    startOn:'YYYY-MM-DD', fee? (minor units; default the client's fee, else the service's),
//    basis:'scheduled'|'requested', basisOn:'YYYY-MM-DD'} → 200/201 {success, estimate, missing}:
//    the due date (lib/good-faith-estimate.js gfeDue) counts business days with the practice's days
//    off (its availability overrides without hours); `missing` lists what the PDF would lack;
//   {action:'deliver', estimateId} → 200 {success, estimate, shared}: needs the portal invitation and
//    every required element;
//   {action:'pdf', estimateId} → 200 {success, filename, contentType, base64}.
//   {action:'due'} → 200 {success, due: [{clientId, appointmentId, scheduledOn, visitOn, dueOn, rule, change?}]}:
//    Today's reminder for self-pay clients who are booked (a coming scheduled appointment) but have no
//    estimate drafted yet, each with the due date gfeDue computes from when its appointment was made
//    (soonest first; a visit fewer than 3 business days after it was made needs none at scheduling and is
//    left out); and for those whose newest estimate was delivered but no longer says what is booked — a
//    coming session charged more, or sessions booked at another frequency (rule 'changed', with
//    change: {estimateId, version, currency, fee?: {from, to}, frequency?: {from, to}}): a new version is due by
//    the date gfeDue gives the next visit counted from the booking's last change after delivery.
// Refusals {success:false, error, field?}: 400, 401, 403 (a client), 404 (not the caller's), 409.
import { ID, Permission, Query, Role } from 'node-appwrite';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { expectedFrequency, FREQUENCIES, gfeContents, gfeDue, holidaysOf, isDate, MAX_MONTHS, missingElements } from '../../lib/good-faith-estimate.js';
import { gfePdf, gfeTitle } from '../../lib/good-faith-estimate-pdf.js';
import { availabilityOf, listAll } from '../../lib/booking-store.js';
import { MAX_AMOUNT, ownOr404, practiceOf, zoneOf } from '../../lib/money-store.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { CLIENT_LABEL } from '../../lib/portal.js';
import { portalLinkOf, publishPortalDocument } from '../../lib/portal-documents.js';
import { ID_RE } from '../../lib/ids.js';

export const GFE_MESSAGES = {
  signIn: 'Sign in to prepare a Good Faith Estimate.',
  notTherapist: 'Only a practice can prepare Good Faith Estimates.',
  client: 'This client is not in your practice.',
  notSelfPay: 'A Good Faith Estimate is for self-pay clients: answer “Will you use insurance for these sessions?” with No on the client’s record first.',
  service: 'Choose one of your services.',
  frequency: 'Choose how often the sessions are expected.',
  months: `Choose how many months it covers (1 to ${MAX_MONTHS}).`,
  startOn: 'Enter the first session’s date.',
  basis: 'Say whether the session was scheduled or the client asked for an estimate.',
  basisOn: 'Enter the date it was scheduled or requested.',
  fee: 'Enter the expected charge per session.',
  unchanged: 'This estimate was delivered and nothing has changed: a new version needs a different fee, frequency, length or service.',
  estimate: 'This estimate could not be found.',
  delivered: 'This version was already delivered and cannot change.',
  notInvited: 'Invite the client to the portal first.',
  missing: (/** @type {string} */ what) => `Before it can be delivered, add ${what}.`,
  failed: 'The Good Faith Estimate could not be saved. Please try again.',
};


/**
 * @typedef {import('../../lib/consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** @param {Record<string, unknown>} body @param {string} field @param {string} message */
function idOf(body, field, message) {
  const value = body[field];
  if (typeof value !== 'string' || !ID_RE.test(value)) throw new Refusal(400, message, field);
  return value;
}

/** @param {Record<string, unknown>} body @param {string} field @param {string} message */
function dateOf(body, field, message) {
  const value = body[field];
  if (!isDate(value)) throw new Refusal(400, message, field);
  return /** @type {string} */ (value);
}

/** @param {Doc} estimate */
export const estimateSummary = (estimate) => Object.fromEntries(
  ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'version', 'status', 'serviceId', 'fee', 'currency', 'frequency', 'months', 'startOn', 'basis', 'basisOn', 'dueOn', 'total', 'contents', 'draftedAt', 'deliveredAt', 'portalDocumentId']
    .map((k) => [k, estimate[k] ?? null]),
);

/**
 * Every version for a client, newest first.
 * @param {Run} run
 * @param {string} clientId
 */
async function versionsOf({ databases, c, userId }, clientId) {
  const list = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.goodFaithEstimates, queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderDesc('version'), Query.limit(100)],
  });
  return /** @type {Doc[]} */ (list.documents);
}

/**
 * The practice's days off (availability overrides without hours) — only a document whose every
 * permission is the therapist's counts (lib/owned-by.js).
 * @param {Run} run
 * @param {string} timeZone
 */
async function practiceHolidays({ databases, c, userId }, timeZone) {
  const list = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.availability, queries: [Query.equal('userId', userId), Query.limit(25)] });
  const own = /** @type {Doc[]} */ (list.documents).find((d) => ownedBy(d, userId));
  return holidaysOf(own ? availabilityOf(own, timeZone).overrides : []);
}

/** The date of an instant (now by default) in the practice's zone. @param {string} timeZone @param {Date} [at] */
const dateIn = (timeZone, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * What the newest delivered estimate no longer says of what is booked: a coming session charged more
 * than its fee (what the client would then pay above what they were told), or coming sessions booked
 * at another frequency than it expects (expectedFrequency's guess, shown, never applied). Null when it
 * still holds, or its newest version is a draft (the therapist is already at work on it).
 * @param {Doc} estimate the client's newest version
 * @param {Doc[]} booked the client's coming sessions
 */
function changeSince(estimate, booked) {
  if (estimate['status'] !== 'delivered') return null;
  const fees = booked.map((a) => a['feeAmount']).filter((fee) => typeof fee === 'number');
  const fee = fees.length ? Math.max(.../** @type {number[]} */ (fees)) : null;
  const frequency = expectedFrequency(booked.map((a) => String(a['start'])));
  /** @type {{ estimateId: string, version: number, currency: string, fee?: { from: number, to: number }, frequency?: { from: string, to: string } }} */
  const change = { estimateId: estimate.$id, version: Number(estimate['version']), currency: String(estimate['currency'] ?? 'USD') };
  if (fee !== null && fee > Number(estimate['fee'])) change.fee = { from: Number(estimate['fee']), to: fee };
  if (frequency && frequency !== estimate['frequency']) change.frequency = { from: String(estimate['frequency']), to: frequency };
  return change.fee || change.frequency ? change : null;
}

/**
 * Self-pay clients with a coming appointment and no estimate at all yet, each due by the earliest
 * date any of their coming appointments makes it due (scheduled on the day it was made); and those
 * whose delivered estimate no longer holds (changeSince), due by what the next visit makes due.
 * @param {Run} run
 */
async function dueUndrafted(run) {
  const { databases, c, userId } = run;
  const [clients, appointments, estimates, practice] = await Promise.all([
    listAll(databases, c.databaseId, c.clients, [Query.equal('userId', userId), Query.equal('selfPay', true)]),
    listAll(databases, c.databaseId, c.appointments, [Query.equal('userId', userId), Query.equal('status', 'scheduled'), Query.greaterThan('start', new Date().toISOString())]),
    listAll(databases, c.databaseId, c.goodFaithEstimates, [Query.equal('userId', userId)]),
    practiceOf(databases, c, userId),
  ]);
  const selfPay = new Set(clients.filter((d) => ownedBy(d, userId)).map((d) => d.$id));
  /** @type {Map<string, Doc>} newest version per client */
  const newest = new Map();
  for (const estimate of estimates) {
    const known = newest.get(String(estimate['clientId']));
    if (!known || Number(estimate['version']) > Number(known['version'])) newest.set(String(estimate['clientId']), estimate);
  }
  const timeZone = zoneOf(practice);
  const holidays = await practiceHolidays(run, timeZone);
  const today = dateIn(timeZone);
  /** @type {Map<string, Doc[]>} */
  const coming = new Map();
  for (const a of appointments) {
    const clientId = String(a['clientId']);
    if (!selfPay.has(clientId) || !ownedBy(a, userId)) continue;
    coming.set(clientId, [...(coming.get(clientId) ?? []), a]);
  }
  /** @type {Array<{ clientId: string, appointmentId: string, scheduledOn: string, visitOn: string, dueOn: string, rule: string, change?: object }>} */
  const due = [];
  for (const [clientId, booked] of coming) {
    const estimate = newest.get(clientId);
    if (estimate) {
      const change = changeSince(estimate, booked);
      if (!change) continue;
      const next = booked.reduce((a, b) => (String(b['start']) < String(a['start']) ? b : a));
      const visitOn = dateIn(timeZone, new Date(String(next['start'])));
      // Counted from when the booking last changed after delivery, so the due date holds still day by day.
      const changedAt = booked.map((a) => a.$updatedAt).filter((at) => at > String(estimate['deliveredAt'] ?? '')).sort().at(-1);
      const scheduledOn = changedAt ? dateIn(timeZone, new Date(changedAt)) : today;
      const dueOn = gfeDue({ basis: 'scheduled', scheduledOn, visitOn }, holidays).dueOn ?? scheduledOn;
      due.push({ clientId, appointmentId: next.$id, scheduledOn, visitOn, dueOn, rule: 'changed', change });
      continue;
    }
    /** @type {(typeof due)[number] | null} */
    let soonest = null;
    for (const a of booked) {
      const scheduledOn = dateIn(timeZone, new Date(a.$createdAt));
      const visitOn = dateIn(timeZone, new Date(String(a['start'])));
      const found = gfeDue({ basis: 'scheduled', scheduledOn, visitOn }, holidays);
      if (found.dueOn && (!soonest || found.dueOn < soonest.dueOn)) soonest = { clientId, appointmentId: a.$id, scheduledOn, visitOn, dueOn: found.dueOn, rule: found.rule };
    }
    if (soonest) due.push(soonest);
  }
  due.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  return { status: 200, body: { success: true, error: null, due } };
}

/** @param {Run} run @param {Record<string, unknown>} body */
async function draft(run, body) {
  const { databases, c, userId } = run;
  const clientId = idOf(body, 'clientId', GFE_MESSAGES.client);
  const serviceId = idOf(body, 'serviceId', GFE_MESSAGES.service);
  const frequency = FREQUENCIES.find((f) => f === body['frequency']);
  if (!frequency) throw new Refusal(400, GFE_MESSAGES.frequency, 'frequency');
  const months = body['months'];
  if (typeof months !== 'number' || !Number.isInteger(months) || months < 1 || months > MAX_MONTHS) throw new Refusal(400, GFE_MESSAGES.months, 'months');
  const startOn = dateOf(body, 'startOn', GFE_MESSAGES.startOn);
  const basis = body['basis'] === 'scheduled' || body['basis'] === 'requested' ? body['basis'] : null;
  if (!basis) throw new Refusal(400, GFE_MESSAGES.basis, 'basis');
  const basisOn = dateOf(body, 'basisOn', GFE_MESSAGES.basisOn);
  if (body['fee'] !== undefined && body['fee'] !== null && (typeof body['fee'] !== 'number' || !Number.isInteger(body['fee']) || body['fee'] < 0 || body['fee'] > MAX_AMOUNT)) {
    throw new Refusal(400, GFE_MESSAGES.fee, 'fee');
  }
  const client = await ownOr404(databases, c.databaseId, c.clients, clientId, userId, GFE_MESSAGES.client);
  if (client['selfPay'] !== true) throw new Refusal(409, GFE_MESSAGES.notSelfPay, 'clientId');
  const service = await ownOr404(databases, c.databaseId, c.services, serviceId, userId, GFE_MESSAGES.service).catch((e) => {
    throw e instanceof Refusal ? new Refusal(404, GFE_MESSAGES.service, 'serviceId') : e;
  });
  const fee = typeof body['fee'] === 'number' ? body['fee'] : typeof client['feeOverride'] === 'number' ? client['feeOverride'] : typeof service['fee'] === 'number' ? service['fee'] : null;
  if (fee === null) throw new Refusal(400, GFE_MESSAGES.fee, 'fee');
  const practice = await practiceOf(databases, c, userId);
  const timeZone = zoneOf(practice);
  const currency = String(practice?.['currency'] || service['currency'] || 'USD');
  const holidays = await practiceHolidays(run, timeZone);
  const due = gfeDue(basis === 'requested' ? { basis, requestedOn: basisOn } : { basis, scheduledOn: basisOn, visitOn: startOn }, holidays);
  const contents = gfeContents({
    client, practice, service, fee, currency, frequency, months, startOn, issuedOn: dateIn(timeZone),
    diagnosisCodes: Array.isArray(client['diagnosisCodes']) ? client['diagnosisCodes'].map(String) : [],
  });
  const data = {
    serviceId, fee, currency, frequency, months, startOn, basis, basisOn, dueOn: due.dueOn, total: contents.total,
    contents: JSON.stringify(contents), draftedAt: appwriteDate(new Date()),
  };

  const [latest] = await versionsOf(run, clientId);
  if (latest?.['status'] === 'draft') {
    const updated = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.goodFaithEstimates, documentId: latest.$id, data });
    return { status: 200, body: { success: true, error: null, estimate: estimateSummary(updated), missing: missingElements(contents) } };
  }
  if (latest && latest['fee'] === fee && latest['frequency'] === frequency && latest['months'] === months && latest['serviceId'] === serviceId) {
    throw new Refusal(409, GFE_MESSAGES.unchanged);
  }
  const created = await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.goodFaithEstimates, documentId: ID.unique(),
    data: { userId, clientId, version: Number(latest?.['version'] ?? 0) + 1, status: 'draft', ...data },
    permissions: [Permission.read(Role.user(userId))],
  });
  return { status: 201, body: { success: true, error: null, estimate: estimateSummary(created), missing: missingElements(contents) } };
}

/** @param {Run} run @param {Record<string, unknown>} body */
async function ownEstimate({ databases, c, userId }, body) {
  const estimateId = idOf(body, 'estimateId', GFE_MESSAGES.estimate);
  const estimate = await documentOrNull(databases, c.databaseId, c.goodFaithEstimates, estimateId);
  if (!estimate || estimate['userId'] !== userId || !ownedBy(estimate, userId)) throw new Refusal(404, GFE_MESSAGES.estimate, 'estimateId');
  return estimate;
}

/** @param {Run} run @param {Record<string, unknown>} body */
async function deliver(run, body) {
  const { databases, users, c, userId, log } = run;
  const estimate = await ownEstimate(run, body);
  if (estimate['status'] !== 'draft') throw new Refusal(409, GFE_MESSAGES.delivered, 'estimateId');
  const clientId = String(estimate['clientId']);
  const missing = missingElements(JSON.parse(String(estimate['contents'])));
  if (missing.length) throw new Refusal(409, GFE_MESSAGES.missing(missing.join(', ')));
  if (!(await portalLinkOf(databases, c, userId, clientId))) throw new Refusal(409, GFE_MESSAGES.notInvited, 'clientId');
  // Listed first: a crash after it leaves a draft that delivers again to the same entry (its id is
  // derived from the estimate), never a version marked delivered that the client cannot see.
  const shared = await publishPortalDocument({ databases, users, c, log }, { userId, clientId, kind: 'gfe', title: gfeTitle(estimate), refId: estimate.$id });
  if (!shared) throw new Refusal(409, GFE_MESSAGES.notInvited, 'clientId');
  const delivered = await databases.updateDocument({
    databaseId: c.databaseId, collectionId: c.goodFaithEstimates, documentId: estimate.$id,
    data: { status: 'delivered', deliveredAt: appwriteDate(new Date()), portalDocumentId: shared.document.$id },
  });
  return { status: 200, body: { success: true, error: null, estimate: estimateSummary(delivered), shared: { documentId: shared.document.$id, created: shared.created, mailed: shared.mailed } } };
}

export default consentFunction({
  name: 'good-faith-estimates', signedOut: GFE_MESSAGES.signIn, failed: GFE_MESSAGES.failed,
  handle: async (run, body) => {
    const caller = await run.users.get({ userId: run.userId });
    if (caller.labels.includes(CLIENT_LABEL)) throw new Refusal(403, GFE_MESSAGES.notTherapist);
    if (body['action'] === 'draft') return draft(run, body);
    if (body['action'] === 'deliver') return deliver(run, body);
    if (body['action'] === 'due') return dueUndrafted(run);
    if (body['action'] === 'pdf') {
      const { filename, bytes } = await gfePdf(await ownEstimate(run, body));
      return { status: 200, body: { success: true, error: null, filename, contentType: 'application/pdf', base64: bytes.toString('base64') } };
    }
    throw new Refusal(400, 'Say what to do: draft, deliver, pdf or due.', 'action');
  },
});
