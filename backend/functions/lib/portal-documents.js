// The client's documents in the portal (issue 31 "Documents"): one `portal_documents` list, each
// entry a `kind` (invoice, statement, superbill, consent, form) and what to make it from, readable by
// the therapist and the client's login only and written only by functions with their key. The PDF is
// never stored here: portal-documents makes it again on download with the generation the therapist's
// own download uses (lib/money-documents.js) or reads the signed consent's file, after checking the
// caller's portal link. A new entry brings the client an email that names only the practice.
import { createHash } from 'node:crypto';
import { AppwriteException } from 'node-appwrite';
import { appOriginFrom } from './app-origin.js';
import { usDate } from './money-pdf.js';
import { ownedBy } from './owned-by.js';
import { newDocumentEmail } from './portal.js';
import { portalPeople, recipientsOf } from './portal-people.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from './smtp-mailer.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Users} Users
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {'invoice' | 'statement' | 'superbill' | 'consent' | 'form' | 'gfe' | 'receipt'} PortalDocumentKind
 * @typedef {object} PortalDocumentInput
 * @property {string} userId the therapist
 * @property {string} clientId the practice's client record (= the portal link's id)
 * @property {PortalDocumentKind} kind
 * @property {string} title what the portal's list shows (no amounts)
 * @property {string | null} [refId] the invoice, consent request or form response it is made from
 * @property {string | null} [periodStart] a statement's or superbill's period
 * @property {string | null} [periodEnd]
 * @property {string | null} [signatureId] a superbill's provider signature (document_signatures)
 * @typedef {(details: { practiceName: string, link: string }) => { subject: string, text: string, html: string }} MailOf
 */

export const PORTAL_DOCUMENTS_PATH = '/portal/documents';

/**
 * One entry per thing shared: the id is derived from what it is, so issuing or sharing the same
 * document again names the same entry (Appwrite's 409) and mails nobody twice.
 * @param {PortalDocumentInput} input
 */
export function portalDocumentId(input) {
  const key = [input.userId, input.clientId, input.kind, input.refId ?? '', input.periodStart ?? '', input.periodEnd ?? '', input.signatureId ?? ''].join('|');
  return `p${createHash('sha256').update(key).digest('hex').slice(0, 35)}`;
}

/** @param {'statement' | 'superbill'} kind @param {string} from @param {string} to */
export const periodTitle = (kind, from, to) => `${kind === 'statement' ? 'Statement' : 'Superbill'}, ${usDate(from)} – ${usDate(to)}`;

/**
 * A portal link of the client's for this practice — their own, else a guardian's — or null when
 * nobody was invited for them.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 */
export async function portalLinkOf(databases, c, userId, clientId) {
  const people = await portalPeople(databases, c, userId, clientId);
  return people.client ?? people.guardians[0] ?? null;
}

/**
 * Puts a document in the portal list of the client's audience (lib/portal-people.js: the one given,
 * else the client's default — a minor's guardians) and, when it is new there, emails each of them
 * "You have a new document from {Practice name}". Nobody invited: nothing (null). A mail that fails
 * is logged, never a reason to undo what was issued or signed.
 * @param {{ databases: Databases, users: Users, c: Collections, log: (m: string) => void }} run
 * @param {PortalDocumentInput & { audience?: unknown }} input
 * @param {{ mail?: boolean, email?: MailOf }} [options] `mail: false` lists without a mail (documents from before the
 *   invitation); `email`: the mail's words other than "You have a new document" (a receipt's)
 * @returns {Promise<{ document: Doc, created: boolean, mailed: boolean } | null>}
 */
export async function publishPortalDocument({ databases, users, c, log }, input, { mail = true, email = newDocumentEmail } = {}) {
  const record = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.clients, documentId: input.clientId }).catch((e) => {
    if (e instanceof AppwriteException && e.code === 404) return null;
    throw e;
  });
  if (!record || !ownedBy(record, input.userId)) return null;
  const to = await recipientsOf(databases, c, input.userId, record, input.audience ?? null);
  if (!to) return null;
  const practiceName = String((await portalLinkOf(databases, c, input.userId, input.clientId))?.['practiceName'] ?? '');
  const documentId = portalDocumentId(input);
  /** @type {Doc} */
  let document;
  try {
    document = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.portalDocuments, documentId,
      data: {
        userId: input.userId, clientId: input.clientId, clientUserId: to.clientUserId, audience: to.audience, kind: input.kind, title: input.title.slice(0, 200),
        refId: input.refId ?? null, periodStart: input.periodStart ?? null, periodEnd: input.periodEnd ?? null, signatureId: input.signatureId ?? null,
        issuedAt: new Date().toISOString(),
      },
      permissions: to.permissions,
    });
  } catch (e) {
    if (!(e instanceof AppwriteException && e.code === 409)) throw e;
    const existing = await databases.getDocument({ databaseId: c.databaseId, collectionId: c.portalDocuments, documentId });
    return { document: existing, created: false, mailed: false };
  }
  let mailed = false;
  if (mail) for (const login of to.logins) mailed = (await mailNewDocument({ users, log }, login, practiceName, email)) || mailed;
  return { document, created: true, mailed };
}

/**
 * @param {{ users: Users, log: (m: string) => void }} run
 * @param {string} clientUserId
 * @param {string} practiceName
 * @param {MailOf} mailOf
 */
async function mailNewDocument({ users, log }, clientUserId, practiceName, mailOf) {
  const origin = appOriginFrom(process.env);
  const smtp = smtpSettingsFromEnv(process.env);
  if (!origin || !smtp) {
    log('new portal document not mailed: set APP_ORIGIN and the SMTP_* variables');
    return false;
  }
  const { email } = await users.get({ userId: clientUserId });
  if (!email) return false;
  const name = practiceName.trim() || 'Your practice';
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({ from: { name, address: smtp.fromAddress }, to: email, ...mailOf({ practiceName: name, link: new URL(PORTAL_DOCUMENTS_PATH, origin).href }) });
    return true;
  } catch (e) {
    log(`new portal document not mailed: ${smtpFailure(e)}`);
    return false;
  } finally {
    mailer.close();
  }
}
