// Appending to a therapist's audit log (issue 17): the one writer of `audit_log` entries, used by the
// event-triggered `audit` function and by the functions that record an action themselves (export-data
// for an export, audit's import call). Written with the function's key only; each entry readable by
// its therapist alone, with no update or delete permission for anyone.
import { createHash } from 'node:crypto';
import { AppwriteException, ID, Permission, Query, Role } from 'node-appwrite';
import { canonicalEntry, GENESIS_HASH } from './audit-chain.js';

const ATTEMPTS = 20;
const MAX_UA = 512;

/** @param {string} text */
export const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Appwrite's datetime format (`…T…000+00:00`), so the stored value is the hashed one. */
const serverTime = () => new Date().toISOString().replace('Z', '+00:00');

const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : '');

/**
 * @typedef {object} AuditFields
 * @property {string} actorId who did it ('' for Cadence itself: a function with its key)
 * @property {string} action e.g. `client.update`, `session.create`, `export`
 * @property {string} entityType
 * @property {string} entityId
 * @property {string} [ip]
 * @property {string} [userAgent]
 */

/**
 * Appends the entry to `owner`'s chain: reads the head, writes seq + 1, `prevHash` the head's hash
 * and `hash` the SHA-256 of the canonical form (lib/audit-chain.js). Concurrent writers cannot fork
 * it: the unique index over (userId, seq) refuses the second writer of a number, which reads the new
 * head and tries again.
 * @param {import('node-appwrite').Databases} databases with the function's key
 * @param {{ databaseId: string, auditLog: string }} ids
 * @param {AuditFields} fields
 * @param {string} owner the therapist whose log it is
 */
export async function appendAuditEntry(databases, ids, fields, owner) {
  const values = { ...fields, ip: str(fields.ip).slice(0, 45), userAgent: str(fields.userAgent).slice(0, MAX_UA) };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const head = await databases.listDocuments({
      databaseId: ids.databaseId, collectionId: ids.auditLog,
      queries: [Query.equal('userId', owner), Query.orderDesc('seq'), Query.limit(1), Query.select(['seq', 'hash'])],
      total: false,
    });
    const last = head.documents[0];
    const entry = { ...values, userId: owner, seq: last ? Number(last.seq) + 1 : 1, at: serverTime(), prevHash: last ? str(last.hash) : GENESIS_HASH };
    const hash = sha256(canonicalEntry(entry));
    try {
      return await databases.createDocument({
        databaseId: ids.databaseId, collectionId: ids.auditLog, documentId: ID.unique(),
        data: { ...entry, hash },
        permissions: [Permission.read(Role.user(owner))],
      });
    } catch (e) {
      if (!(e instanceof AppwriteException && e.code === 409)) throw e;
      await new Promise((resolve) => { setTimeout(resolve, 5 + Math.floor(Math.random() * 20 * (attempt + 1))); });
    }
  }
  throw new Error('audit chain: too many concurrent writers');
}

/**
 * The caller's address and user agent as Appwrite hands them to an execution (either may be empty:
 * Appwrite passes no user agent to an HTTP execution; the local Appwrite adds it to event ones).
 * @param {Record<string, string | undefined>} headers
 */
export function requestOrigin(headers) {
  return { ip: headers['x-appwrite-client-ip'] ?? '', userAgent: headers['x-appwrite-client-user-agent'] ?? '' };
}
