// What sign-note and add-addendum share (issue 15, "Sign & lock"): the caller retypes their password,
// checked by Appwrite itself; the signer's name and credentials come from their practice settings;
// refusals are `{success:false, error}` with a status.
import { AppwriteException, Query } from 'node-appwrite';
import { TOO_MANY_REQUESTS } from './execution.js';
import { ownedBy } from './owned-by.js';
import { ID_RE } from './ids.js';

export const PASSWORD_INCORRECT = 'The password is incorrect.';
export const NOTE_NOT_FOUND = 'This note could not be found.';
/** appwrite.json `settings.auth.security.sessionsLimit`; override with the SESSIONS_LIMIT variable. */
const DEFAULT_SESSIONS_LIMIT = 5;
const PASSWORD_MAX = 256;

const RISK_LEVELS = ['none', 'low', 'moderate', 'high'];
/** The dashboard's words (mf-dashboard/src/sessions/notes/note-readiness.ts). */
export const RISK_NOT_CHOSEN = 'Choose a risk assessment before signing — None, Low, Moderate or High.';
export const RISK_DETAILS_MISSING = 'Describe the risk and the plan to keep the client safe.';

/**
 * A signed note asserts only what the therapist chose (issue 37): its risk must have been chosen —
 * never a default — and a risk above none must say what it is.
 * @param {Record<string, unknown>} note
 */
export function refuseUnassessedRisk(note) {
  const level = note['riskLevel'];
  if (typeof level !== 'string' || !RISK_LEVELS.includes(level)) throw new Refusal(409, RISK_NOT_CHOSEN, 'riskLevel');
  const details = note['riskDetails'];
  if (level !== 'none' && (typeof details !== 'string' || details.trim() === '')) throw new Refusal(409, RISK_DETAILS_MISSING, 'riskDetails');
}

/** A refusal the caller can act on: its HTTP status and message. */
export class Refusal extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {string} [field] the body field it is about
   */
  constructor(status, message, field) {
    super(message);
    this.status = status;
    this.field = field;
  }

  get body() {
    return { success: false, error: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/**
 * @param {Record<string, unknown>} body
 * @param {string} field
 */
export function documentIdOf(body, field) {
  const value = body[field];
  if (typeof value !== 'string' || !ID_RE.test(value)) throw new Refusal(400, `Say which note: ${field} is missing or not an id.`, field);
  return value;
}

/** @param {Record<string, unknown>} body */
export function passwordOf(body) {
  const value = body['password'];
  if (typeof value !== 'string' || value.length === 0) throw new Refusal(400, 'Type your password to sign.', 'password');
  if (value.length > PASSWORD_MAX) throw new Refusal(401, PASSWORD_INCORRECT, 'password');
  return value;
}

/**
 * The new session's secret: its cookie (or Appwrite's X-Fallback-Cookies), as the SDKs send it back.
 * @param {Response} response
 * @param {string} projectId
 */
function sessionSecretOf(response, projectId) {
  const name = `a_session_${projectId}`;
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() === name) return decodeURIComponent(pair.slice(at + 1).trim());
  }
  try {
    const fallback = /** @type {Record<string, string>} */ (JSON.parse(response.headers.get('x-fallback-cookies') ?? '{}'));
    return fallback[name] ?? null;
  } catch {
    return null;
  }
}

/**
 * Appwrite checks the password: an email/password session is created for the caller's email as a
 * guest would (so Appwrite's own limit on wrong passwords, 10 an hour per email, applies) and
 * deleted at once with its own secret. Appwrite removes a user's oldest session when a new one
 * passes the project's session limit, so with the caller at the limit the check is refused rather
 * than signing out one of their devices.
 * @param {{ users: import('node-appwrite').Users, userId: string, password: string, log: (m: string) => void }} input
 */
export async function verifyPassword({ users, userId, password, log }) {
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT ?? '';
  const projectId = process.env.APPWRITE_FUNCTION_PROJECT_ID ?? '';
  const user = await users.get({ userId });
  const limit = Number(process.env.SESSIONS_LIMIT ?? DEFAULT_SESSIONS_LIMIT);
  if (limit > 0) {
    const sessions = await users.listSessions({ userId });
    if (sessions.total >= limit) {
      throw new Refusal(409, 'You are signed in on too many devices to confirm your password here. Sign out of one in Account → Devices and try again.');
    }
  }
  const response = await fetch(`${endpoint}/account/sessions/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': projectId },
    body: JSON.stringify({ email: user.email, password }),
  });
  if (response.status === 429) throw new Refusal(429, TOO_MANY_REQUESTS);
  if (response.status !== 201) {
    const answer = /** @type {{ type?: string }} */ (await response.json().catch(() => ({})));
    if (answer.type === 'user_invalid_credentials' || answer.type === 'user_password_mismatch') throw new Refusal(401, PASSWORD_INCORRECT, 'password');
    if (answer.type === 'user_blocked') throw new Refusal(401, 'This account is blocked.');
    throw new Error(`password check answered ${response.status} ${answer.type ?? ''}`);
  }
  const session = /** @type {{ $id: string }} */ (await response.json());
  const secret = sessionSecretOf(response, projectId);
  const deleted = secret
    ? await fetch(`${endpoint}/account/sessions/current`, { method: 'DELETE', headers: { 'x-appwrite-project': projectId, 'x-appwrite-session': secret } })
    : null;
  if (!deleted || deleted.status !== 204) log(`password check session ${session.$id} of ${userId} not deleted (${deleted?.status ?? 'no secret'}); it expires on its own`);
}

/**
 * The signer: the practice settings' therapist name and credentials, from the caller's own settings.
 * @param {import('node-appwrite').Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 */
export async function signerOf(databases, databaseId, collectionId, userId) {
  const list = await databases.listDocuments({ databaseId, collectionId, queries: [Query.equal('userId', userId), Query.limit(25)] });
  const settings = list.documents.find((d) => ownedBy(d, userId) && typeof d['therapistName'] === 'string' && d['therapistName'].trim() !== '');
  if (!settings) throw new Refusal(409, 'Add your name in Practice settings before signing.');
  const credentials = typeof settings['credentials'] === 'string' && settings['credentials'].trim() !== '' ? settings['credentials'].trim() : null;
  return { signerName: String(settings['therapistName']).trim(), signerCredentials: credentials };
}

/**
 * A document of the caller's (userId and every permission theirs), or a 404 refusal.
 * @param {import('node-appwrite').Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} documentId
 * @param {string} userId
 * @param {string} message
 */
export async function ownDocumentOr404(databases, databaseId, collectionId, documentId, userId, message) {
  try {
    const document = await databases.getDocument({ databaseId, collectionId, documentId });
    if (ownedBy(document, userId)) return document;
  } catch (e) {
    if (!(e instanceof AppwriteException && e.code === 404)) throw e;
  }
  throw new Refusal(404, message);
}

/**
 * The note's signature in note_signatures (its id is the note's), or null when it has none. Only
 * sign-note writes there (no collection permissions), so this, not the note's own status, says
 * whether a note was signed.
 * @param {import('node-appwrite').Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId note_signatures
 * @param {string} noteId
 */
export async function signatureOrNull(databases, databaseId, collectionId, noteId) {
  try {
    return await databases.getDocument({ databaseId, collectionId, documentId: noteId });
  } catch (e) {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  }
}

/**
 * What an answer carries of a signed record: its ids, state and signature, never its clinical text
 * (the caller has it; an execution's response is kept by Appwrite's executions log and proxies).
 * @param {Record<string, unknown>} document
 * @param {readonly string[]} keys
 */
export function signatureOf(document, keys) {
  return Object.fromEntries(['$id', '$createdAt', '$updatedAt', '$permissions', ...keys].filter((k) => k in document).map((k) => [k, document[k]]));
}

export const NOTE_SIGNATURE_KEYS = ['userId', 'appointmentId', 'clientId', 'template', 'status', 'revision', 'signedAt', 'signerName', 'signerCredentials', 'contentHash'];
export const ADDENDUM_SIGNATURE_KEYS = ['userId', 'noteId', 'appointmentId', 'signedAt', 'signerName', 'signerCredentials', 'contentHash'];

/** Appwrite's datetime as it stores it (`…sss+00:00`), for the instant `now`. */
export const appwriteDate = (/** @type {Date} */ now) => now.toISOString().replace('Z', '+00:00');
