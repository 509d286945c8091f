// audit (issue 17 "Audit log"): runs on Appwrite events (appwrite.json `events`) and appends one entry
// to the therapist's tamper-evident log in `audit_log` — server time, actor, action, entity type and
// id, IP address and user agent, never a field value of the record (no names, notes, amounts).
// Entries are written by functions only, with their key; each is readable by its therapist only and
// has no update or delete permission for anyone. Each therapist's entries form a hash chain
// (lib/audit-chain.js): `seq` 1, 2, 3…, `prevHash` the previous entry's `hash`. Concurrent events
// cannot fork it: a unique index over (userId, seq) refuses the second writer of a number, which
// reads the new head and tries again. A failed sign-in has no Appwrite event, so it is not here
// (backend/README.md). Exports (export-data) and imports (record-import) are recorded by those
// functions through the same lib/audit-log.js.
import { AppwriteException, Databases, Users } from 'node-appwrite';
import { DELETING_LABEL } from '../../lib/account-deletion.js';
import { appendAuditEntry, requestOrigin } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';

/** @typedef {import('../../lib/execution.js').Context} Context */

/**
 * The practice collections whose documents are audited, and the entity type each entry names.
 * Adding a collection is one line here and its events in backend/appwrite.json.
 * @type {Record<string, string>}
 */
export const AUDITED_COLLECTIONS = {
  clients: 'client',
  services: 'service',
  practice_settings: 'practice_settings',
  appointments: 'appointment',
  appointment_series: 'appointment_series',
  // Notes (issue 15): created and deleted, signed (a note_signatures document), addenda. A draft's
  // updates are not subscribed: the editor saves a draft a second after each pause in typing, and
  // the signature records the signed text's hash.
  progress_notes: 'progress_note',
  note_signatures: 'note_signature',
  note_addenda: 'note_addendum',
  private_notes: 'private_note',
  // Money (issue 16): payments, charges, adjustments, refunds and voids (append-only), invoices
  // created, issued, paid and voided.
  ledger_entries: 'ledger_entry',
  client_invoices: 'invoice',
};

/**
 * @typedef {object} Described
 * @property {string} owner whose log (the therapist)
 * @property {string} action e.g. `client.update`, `session.create`
 * @property {string} entityType
 * @property {string} entityId
 * @property {string} [ip] from the payload (a session carries its IP)
 * @property {string} [userAgent]
 */

const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : '');

/**
 * A session's device as Appwrite's Session model describes it (the raw user agent is not in it).
 * @param {Record<string, unknown>} s
 */
function sessionDevice(s) {
  const client = [str(s.clientName), str(s.clientVersion)].filter(Boolean).join(' ');
  const os = [str(s.osName), str(s.osVersion)].filter(Boolean).join(' ');
  return [client, os && `on ${os}`].filter(Boolean).join(' ');
}

/**
 * What an event is about, or null when it is not audited. `event` is `x-appwrite-event`, the first
 * name Appwrite generated; `payload` the route's response model (never stored).
 * @param {string} event
 * @param {Record<string, unknown>} payload
 * @param {string} actor
 * @returns {Described | null}
 */
export function describeEvent(event, payload, actor) {
  const parts = event.split('.');
  if (parts[0] === 'databases' && parts.length === 7 && (parts[2] === 'collections' || parts[2] === 'tables')) {
    const [, , , collectionId = '', , documentId = '', verb = ''] = parts;
    const entityType = AUDITED_COLLECTIONS[collectionId];
    if (!entityType || !documentId) return null;
    let done = verb;
    // An upsert that created the document: its creation and last update are the same instant.
    if (verb === 'upsert') done = payload.$createdAt && payload.$createdAt === payload.$updatedAt ? 'create' : 'update';
    if (!['create', 'update', 'delete'].includes(done)) return null;
    // The therapist whose record it is: a document only they could have written (or a function for
    // them); one planted in their name by someone else lands in its writer's log.
    const named = str(payload.userId);
    const perms = Array.isArray(payload.$permissions) ? payload.$permissions.filter((p) => typeof p === 'string') : null;
    const owner = named && perms && ownedBy({ userId: named, $permissions: perms }, named) ? named : actor;
    if (!owner) return null;
    return { owner, action: `${entityType}.${done}`, entityType, entityId: documentId };
  }
  if (parts[0] === 'users' && parts[1]) {
    const userId = parts[1];
    if (parts[2] === 'sessions' && parts.length === 5 && (parts[4] === 'create' || parts[4] === 'delete')) {
      return {
        owner: userId, action: `session.${parts[4]}`, entityType: 'session', entityId: parts[3] ?? '',
        ip: str(payload.ip), userAgent: sessionDevice(payload),
      };
    }
    // Appwrite names `users.[userId].update.password` and `.update.mfa` `users.<id>.update` in
    // x-appwrite-event (the attribute is its second name), so the payload tells them apart: recovery
    // codes or a new authenticator are MFA; the account model is a password change when its
    // passwordUpdate is the update itself, else the MFA flag.
    if (parts[2] === 'update') {
      const what = parts[3] ?? classifyUpdate(payload);
      if (what === 'password') return { owner: userId, action: 'password.update', entityType: 'account', entityId: userId };
      if (what === 'mfa') return { owner: userId, action: 'mfa.update', entityType: 'account', entityId: userId };
      return null;
    }
    // `users.[userId].delete.mfa` (an authenticator removed) arrives as `users.<id>.delete`.
    if (parts[2] === 'delete' && (parts[3] === 'mfa' || parts.length === 3)) {
      return { owner: userId, action: 'mfa.delete', entityType: 'account', entityId: userId };
    }
  }
  return null;
}

/**
 * @param {Record<string, unknown>} payload
 * @returns {'password' | 'mfa'}
 */
function classifyUpdate(payload) {
  if ('recoveryCodes' in payload || ('secret' in payload && 'uri' in payload)) return 'mfa';
  const changed = Date.parse(str(payload.passwordUpdate));
  const updated = Date.parse(str(payload.$updatedAt));
  return Number.isFinite(changed) && Number.isFinite(updated) && Math.abs(updated - changed) < 2000 ? 'password' : 'mfa';
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  // Only Appwrite's events write here (execute is empty: no caller can run it over HTTP).
  if (req.headers['x-appwrite-trigger'] !== 'event') return res.json({ recorded: false, reason: 'not an event' }, 400);
  const event = req.headers['x-appwrite-event'] ?? '';
  const actor = req.headers['x-appwrite-user-id'] ?? '';
  const described = describeEvent(event, readBody(req.bodyText), actor);
  if (!described) return res.json({ recorded: false });
  const ids = collectionsFromEnv(process.env);
  const client = serverClient(req);
  const databases = new Databases(client);
  try {
    // An account deletion closes the account (labelled `deleting`), removes the log, then the user;
    // the deletes' own events arrive later and must not start a new log for a therapist who is being
    // deleted or no longer exists.
    const exists = await new Users(client).get({ userId: described.owner }).then((user) => !user.labels.includes(DELETING_LABEL), (e) => {
      if (e instanceof AppwriteException && e.code === 404) return false;
      throw e;
    });
    if (!exists) return res.json({ recorded: false, reason: 'no such user' });
    const origin = requestOrigin(req.headers);
    const entry = await appendAuditEntry(databases, ids, {
      actorId: described.action === 'session.create' ? described.owner : actor,
      action: described.action,
      entityType: described.entityType,
      entityId: described.entityId,
      // A session's own IP is Appwrite's; other events carry the caller's only where the server
      // passes it (the local Appwrite does, Appwrite's worker does not: then it is empty).
      ip: described.ip || origin.ip,
      userAgent: origin.userAgent || described.userAgent,
    }, described.owner);
    // Checked again once written: an account deleted meanwhile (after the check above, before this
    // write) takes its log with it, so the entry goes too (the deletion sweeps the log once more).
    const stillThere = await new Users(client).get({ userId: described.owner }).then((user) => !user.labels.includes(DELETING_LABEL), (e) => !(e instanceof AppwriteException && e.code === 404));
    if (!stillThere) {
      await databases.deleteDocument({ databaseId: ids.databaseId, collectionId: ids.auditLog, documentId: entry.$id }).catch(() => undefined);
      return res.json({ recorded: false, reason: 'no such user' });
    }
    log(`recorded ${described.action} #${String(entry.seq)}`);
    return res.json({ recorded: true, seq: entry.seq });
  } catch (e) {
    error(`audit entry not recorded (${described.action}): ${messageOf(e)}`);
    return res.json({ recorded: false }, 500);
  }
};
