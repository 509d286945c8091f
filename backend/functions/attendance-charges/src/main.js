// attendance-charges (issue 16 "Charges follow attendance"): runs on Appwrite's appointment create
// and update events (backend/appwrite.json `events`). It reads the appointment again (never trusts
// the payload) and reconciles its ledger: Show → the session fee, Late cancelled → the late-cancel
// fee, No show → the no-show fee, each the appointment's feeAmount when above 0 and not waived,
// dated the session's day in the practice's zone. When the active attendance charge already is
// that one, nothing is written; otherwise its reversal ('Attendance changed to <Status>') and the new
// charge land together in one transaction with the client's balance (lib/money-store.js), so a
// status change is never a silent edit. Running twice, or late after another change, gives the same
// ledger (lib/ledger.js attendanceDecision; entry ids from idempotency keys). Recurring
// appointments are ordinary appointment documents and bill the same. An attended session the
// therapist marked "No charge" (noChargeAt/noChargeBy on the appointment, issue 29) wants no charge
// whatever its feeAmount: a session fee standing is reversed ('No charge decided'); a fee set
// afterwards (the decision cleared) is charged like any other.
//
// Only an appointment its therapist wrote (ownedBy) for their own client is billed. The answer
// carries ids and counts only.
//
// On an event a person caused (x-appwrite-user-id set: the therapist's own session), it also puts the
// appointment's "note signed" mark back in line with note_signatures (lib/note-mark.js, issue 35): a
// mark written through the API without a signature goes back to draft/none, a removed one to signed,
// so the mark a therapist writes does not hold. Writes with the server key (sign-note's transaction,
// its repair, a seeded practice) carry no user and are left as they are.
import { Databases, Query } from 'node-appwrite';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { attendanceDecision, isNoChargeDecided, ledgerEntryId, reversalOf } from '../../lib/ledger.js';
import { currencyOf, dateIn, isNotFound, practiceOf, writeForClient, zoneOf } from '../../lib/money-store.js';
import { keepNoteMark } from '../../lib/note-mark.js';
import { ownedBy } from '../../lib/owned-by.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/** A session fee reversed because the therapist decided the attended session is free of charge. */
export const NO_CHARGE_REASON = 'No charge decided';

const STATUS_LABELS = /** @type {Record<string, string>} */ ({
  scheduled: 'Scheduled', show: 'Show', cancelled: 'Cancelled', late_cancelled: 'Late cancelled', no_show: 'No show', clinician_cancelled: 'Clinician cancelled',
});

/**
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} c
 * @param {string} appointmentId
 * @param {(m: string) => void} log
 * @param {{ byPerson?: boolean }} [event] whether a person's session wrote the appointment (its mark is then kept)
 */
export async function reconcileAppointment(databases, c, appointmentId, log, { byPerson = false } = {}) {
  const read = () => databases.getDocument({ databaseId: c.databaseId, collectionId: c.appointments, documentId: appointmentId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  const first = await read();
  if (!first) return { written: 0, reason: 'gone' };
  const userId = String(first['userId'] ?? '');
  if (!ownedBy(first, userId)) return { written: 0, reason: 'not owned' };
  const noteMark = byPerson ? await keepNoteMark(databases, c, first) : null;
  if (noteMark) log(`note mark of ${appointmentId} put back to ${noteMark}`);
  const idOf = (/** @type {string} */ key) => ledgerEntryId(userId, key);
  // Most events change nothing to bill (a new scheduled appointment, a note's state, a reminder
  // sent): the appointment's own entries (by its index) say so without reading the client's ledger.
  const own = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.ledgerEntries, queries: [Query.equal('appointmentId', appointmentId), Query.limit(100)],
  });
  const ownEntries = /** @type {import('../../lib/money-store.js').StoredEntry[]} */ (/** @type {unknown} */ (own.documents.filter((d) => ownedBy(d, userId))));
  const glance = attendanceDecision(first, ownEntries, idOf);
  if (glance.reverse.length === 0 && !glance.charge) return { written: 0, reason: isNoChargeDecided(first) ? 'no charge decided' : 'unchanged', noteMark };
  const clientId = String(first['clientId'] ?? '');
  const client = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.clients, documentId: clientId }).catch((e) => {
    if (isNotFound(e)) return null;
    throw e;
  });
  if (!client || !ownedBy(client, userId)) return { written: 0, reason: 'client not owned', noteMark };
  const practice = await practiceOf(databases, c, userId);
  const zone = zoneOf(practice);
  let count = 0;
  await writeForClient({ databases, c, userId, clientId, currency: currencyOf(practice), log }, async ({ entries }) => {
    // The appointment as it is now (a later change may have landed since the event).
    const appointment = await read();
    if (!appointment || appointment['clientId'] !== clientId || !ownedBy(appointment, userId)) return null;
    const own = entries.filter((e) => e.appointmentId === appointmentId);
    const decision = attendanceDecision(appointment, own, idOf);
    const status = String(appointment['status'] ?? 'scheduled');
    const today = dateIn(new Date(), zone);
    /** @type {Array<{ $id: string } & Record<string, unknown>>} */
    const add = [];
    const reason = isNoChargeDecided(appointment) ? NO_CHARGE_REASON : `Attendance changed to ${STATUS_LABELS[status] ?? status}`;
    for (const entry of decision.reverse) {
      add.push({ $id: idOf(`void:${entry.$id}`), ...reversalOf(entry, reason, today) });
    }
    if (decision.charge) {
      add.push({
        $id: idOf(decision.charge.key), userId, clientId, kind: 'charge', type: decision.charge.type, amount: decision.charge.amount,
        currency: typeof appointment['currency'] === 'string' && appointment['currency'] ? appointment['currency'] : currencyOf(practice),
        date: dateIn(String(appointment['start']), zone), appointmentId,
      });
    }
    count = add.length;
    return add.length ? { entries: add } : null;
  });
  return { written: count, reason: count ? 'reconciled' : 'unchanged', noteMark };
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const payload = readBody(req.bodyText);
  const appointmentId = typeof payload['$id'] === 'string' ? payload['$id'] : '';
  if (!appointmentId) return res.json({ success: false, error: 'No appointment in the event.' }, 400);
  try {
    const byPerson = Boolean(req.headers['x-appwrite-user-id']);
    const result = await reconcileAppointment(new Databases(serverClient(req)), collectionsFromEnv(process.env), appointmentId, log, { byPerson });
    return res.json({ success: true, appointmentId, ...result });
  } catch (e) {
    error(`attendance-charges ${appointmentId.slice(0, 36)} failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'The attendance charge could not be reconciled.' }, 500);
  }
};
