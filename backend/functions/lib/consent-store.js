// What the consent functions (send-consent, esign-consent, sign-consent; issue 31) share: the entry
// point (the caller is Appwrite's x-appwrite-user-id, refusals answered `{success:false, error,
// field?}` with their status, anything else logged and answered 500), the portal link a client acts
// through, the e-records consent in force, and the request's IP and user agent.
import { isIP } from 'node:net';
import { AppwriteException, Databases, Query, Storage, Users } from 'node-appwrite';
import { appendAuditEntry } from './audit-log.js';
import { collectionsFromEnv } from './collections.js';
import { ESIGN_DISCLOSURE } from './consent-templates.js';
import { messageOf, readBody, serverClient } from './execution.js';
import { Refusal } from './note-signing.js';
import { ID_RE } from './ids.js';

/**
 * @typedef {import('./execution.js').Context} Context
 * @typedef {import('./execution.js').ExecutionRequest} ExecutionRequest
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {{ databases: Databases, users: Users, storage: Storage, c: import('./collections.js').Collections, userId: string, req: ExecutionRequest, log: (m: string) => void }} Run
 * @typedef {{ status: number, body: Record<string, unknown> }} Answer
 */

/** esign_consents / consent_signatures sizes in backend/appwrite.json. */
const USER_AGENT_MAX = 1024;
const IP_MAX = 45;

export const PRACTICE_NOT_FOUND = 'This practice could not be found.';

/**
 * @param {{ name: string, signedOut: string, failed: string, handle: (run: Run, body: Record<string, unknown>) => Promise<Answer> }} definition
 * @returns {(context: Context) => Promise<unknown>}
 */
export function consentFunction({ name, signedOut, failed, handle }) {
  return async ({ req, res, log, error }) => {
    const userId = req.headers['x-appwrite-user-id'];
    if (!userId) return res.json({ success: false, error: signedOut }, 401);
    const body = readBody(req.bodyText);
    try {
      const client = serverClient(req);
      const run = { databases: new Databases(client), users: new Users(client), storage: new Storage(client), c: collectionsFromEnv(process.env), userId, req, log };
      const answer = await handle(run, body);
      return res.json(answer.body, answer.status);
    } catch (e) {
      if (e instanceof Refusal) return res.json(e.body, e.status);
      error(`${name} ${String(body['action'] ?? '').slice(0, 20)} for ${userId} failed: ${messageOf(e)}`);
      return res.json({ success: false, error: failed }, 500);
    }
  };
}

/**
 * A document, or null when Appwrite has none of that id.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} documentId
 * @returns {Promise<Doc | null>}
 */
export async function documentOrNull(databases, databaseId, collectionId, documentId) {
  try {
    return /** @type {Doc} */ (await databases.getDocument({ databaseId, collectionId, documentId }));
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }
}

/**
 * The caller's portal link (portal_access, id = the practice's client id), or a 404: a client acts
 * only through a link naming its own login (only invite-client writes them).
 * @param {Run} run
 * @param {unknown} accessId
 */
export async function ownPortalLink({ databases, c, userId }, accessId) {
  const id = typeof accessId === 'string' && ID_RE.test(accessId) ? accessId : '';
  const link = id ? await documentOrNull(databases, c.databaseId, c.portalAccess, id) : null;
  if (!link || link.clientUserId !== userId) throw new Refusal(404, PRACTICE_NOT_FOUND, 'accessId');
  return link;
}

/**
 * The client's newest e-records consent record with this practice (accept or withdraw), or null.
 * @param {Run} run
 * @param {{ userId: string, clientId: string, clientUserId: string }} who the therapist, the client record, the client's login
 */
export async function latestEsignRecord({ databases, c }, who) {
  const list = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.esignConsents,
    queries: [Query.equal('userId', who.userId), Query.equal('clientId', who.clientId), Query.equal('clientUserId', who.clientUserId), Query.orderDesc('$sequence'), Query.limit(1)],
  });
  return list.documents[0] ?? null;
}

/**
 * The e-records consent in force: the newest record is an acceptance of the current disclosure
 * (a withdrawal, or an acceptance of an older version, is none — ESIGN §101(c)(1)(A), (D)).
 * @param {Doc | null} latest
 */
export const isEsignConsentInForce = (latest) => latest?.action === 'accept' && latest.disclosureVersion === ESIGN_DISCLOSURE.version;

/**
 * The caller's IP (Appwrite's x-appwrite-client-ip) and user agent (the `user-agent` the browser
 * passes in createExecution's `headers`; Appwrite hands a function no other), sized for storage.
 * @param {ExecutionRequest} req
 */
export function requestEvidence(req) {
  const ip = req.headers['x-appwrite-client-ip'] ?? '';
  const userAgent = (req.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX);
  return { ipAddress: ip.length <= IP_MAX && isIP(ip) ? ip : null, userAgent: userAgent || null };
}

/**
 * The session the caller is using: Appwrite passes its JWT (x-appwrite-user-jwt, whose payload names
 * the session), and the session's `provider` says how it was made (`token` for the portal's emailed
 * code or link, `magic-url`, `email` with a password). The header is set by Appwrite alone.
 * @param {Run} run
 * @returns {Promise<{ sessionId: string | null, provider: string }>}
 */
export async function callerSession({ users, userId, req }) {
  const jwt = req.headers['x-appwrite-user-jwt'] ?? '';
  let sessionId = '';
  try {
    const payload = /** @type {{ sessionId?: unknown }} */ (JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')));
    sessionId = typeof payload.sessionId === 'string' ? payload.sessionId : '';
  } catch {
    sessionId = '';
  }
  if (!sessionId) return { sessionId: null, provider: 'unknown' };
  const sessions = await users.listSessions({ userId });
  const session = sessions.sessions.find((s) => s.$id === sessionId);
  return { sessionId, provider: session?.provider || 'unknown' };
}

/**
 * Records a consent action in the therapist's audit log (issue 31: sending, the e-records consent and
 * its withdrawal, signing), with the caller as the actor — the therapist, or the client's login — and
 * the request's IP and user agent; nothing of the document's text. The action itself is done by then:
 * an entry that cannot be written is logged, never a reason to answer that it failed.
 * @param {Run} run
 * @param {string} therapist whose log it is
 * @param {{ action: 'consent.send' | 'esign.accept' | 'esign.withdraw' | 'consent.sign', entityType: string, entityId: string }} what
 */
export async function auditConsent({ databases, c, userId, req, log }, therapist, what) {
  const { ipAddress, userAgent } = requestEvidence(req);
  try {
    await appendAuditEntry(databases, c, { actorId: userId, ...what, ip: ipAddress ?? '', userAgent: userAgent ?? '' }, therapist);
  } catch (e) {
    log(`${what.action} ${what.entityId} not audited: ${messageOf(e)}`);
  }
}
