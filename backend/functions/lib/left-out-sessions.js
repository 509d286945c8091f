// Attended sessions a money document leaves out, and why (issue 29 "no session left unbilled").
// The superbill lists session fees and the invoice bills charges: an attended session without an
// active session fee is on neither. The functions answer these to the therapist (the dashboard shows
// them beside the download or the new invoice) rather than printing them on the document, which
// goes to the client or their insurer: only the therapist can act on "no fee was set", and a payer
// has no use for sessions that are not claimed.
import { Query } from 'node-appwrite';
import { activeEntries, isNoChargeDecided } from './ledger.js';
import { addDays, dateIn, listAll, practiceOf, zoneOf } from './money-store.js';
import { ownedBy } from './owned-by.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('./money-store.js').StoredEntry} StoredEntry
 * @typedef {'no_charge' | 'no_fee' | 'not_charged'} LeftOutReason
 * @typedef {{ appointmentId: string, date: string, start: string, reason: LeftOutReason, why: string }} LeftOutSession
 */

/** What each reason says to the therapist. */
export const LEFT_OUT_WHY = /** @type {const} */ ({
  no_charge: 'Marked “No charge”.',
  no_fee: 'No fee applied when it was marked attended: set its fee to bill it.',
  not_charged: 'Its session charge was voided or has not been recorded yet.',
});

/**
 * The attended sessions dated from–to (in the practice's zone) without an active session fee.
 * @param {readonly Doc[]} appointments the client's attended appointments around the period
 * @param {readonly StoredEntry[]} entries the client's ledger entries
 * @param {string} from YYYY-MM-DD
 * @param {string} to YYYY-MM-DD
 * @param {string} zone the practice's IANA zone
 * @returns {LeftOutSession[]}
 */
export function leftOutSessions(appointments, entries, from, to, zone) {
  const charged = new Set(activeEntries(entries).filter((e) => e.kind === 'charge' && e.type === 'session_fee' && e.amount > 0).map((e) => String(e.appointmentId ?? '')));
  return appointments
    .filter((a) => a['status'] === 'show' && !charged.has(a.$id))
    .map((a) => ({ appointment: a, date: dateIn(String(a['start']), zone) }))
    .filter(({ date }) => date >= from && date <= to)
    .map(({ appointment, date }) => {
      const fee = appointment['feeAmount'];
      /** @type {LeftOutReason} */
      const reason = isNoChargeDecided(appointment) ? 'no_charge' : typeof fee === 'number' && fee > 0 ? 'not_charged' : 'no_fee';
      return { appointmentId: appointment.$id, date, start: String(appointment['start']), reason, why: LEFT_OUT_WHY[reason] };
    })
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * leftOutSessions, reading the client's attended appointments (the caller's own) and the zone.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 * @param {readonly StoredEntry[]} entries
 * @param {string} from
 * @param {string} to
 */
export async function readLeftOutSessions(databases, c, userId, clientId, entries, from, to) {
  const practice = await practiceOf(databases, c, userId);
  // A day either side: the period's dates are the practice's, the stored starts UTC.
  const attended = await listAll(databases, c.databaseId, c.appointments, [
    Query.equal('userId', userId), Query.equal('clientId', clientId), Query.greaterThanEqual('start', `${addDays(from, -1)}T00:00:00.000Z`),
    Query.lessThan('start', `${addDays(to, 2)}T00:00:00.000Z`), Query.equal('status', 'show'),
  ], 'start');
  return leftOutSessions(attended.filter((a) => ownedBy(a, userId)), entries, from, to, zoneOf(practice));
}
