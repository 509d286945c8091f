// The ZIP of "Export all my data" (issue 17): every practice document the therapist owns, read with
// the function's key, keeping only documents that name the caller in `userId` AND are owner-only
// (lib/owned-by.js: a document someone else wrote naming this therapist is not theirs); a CSV per
// kind of record (export-kinds.js), the clinical record as a FHIR R4 Bundle (fhir-bundle.js), the
// invoice and superbill PDFs when asked for (export-documents.js) and a README.txt explaining each.
import { AppwriteException, Query } from 'node-appwrite';
import { listDocumentPage } from '../../lib/document-pages.js';
import { formUploadsBucketFromEnv } from '../../lib/form-uploads.js';
import { attachmentsOf } from '../../lib/questionnaire.js';
import { ownedBy } from '../../lib/owned-by.js';
import { messageAttachmentsBucketFromEnv } from '../../lib/messaging.js';
import { signedConsentsBucketFromEnv } from '../../lib/signed-consents.js';
import { zipFiles } from '../../lib/zip.js';
import { practiceDocuments } from './export-documents.js';
import { EXPORT_KINDS, kindCsv } from './export-kinds.js';
import { clinicalBundleJson } from './fhir-bundle.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./export-progress.js').ReportProgress} ReportProgress
 * @typedef {import('node-appwrite').Databases} Databases
 */

/** Appwrite's largest page (Query.limit up to 5,000): ~100,000 ledger entries in 20 reads. */
const PAGE = 5000;
export const FHIR_FILE = 'fhir-r4-bundle.json';

/**
 * Every document of the user in a collection that is theirs alone (all pages); null when the
 * collection does not exist in this deployment.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 * @param {(read: number, total: number) => void} [onPage] after each page: documents read so far, and
 *   how many Appwrite counts in all
 * @param {(doc: Doc, userId: string) => boolean} [keep] which documents count (default ownedBy)
 * @returns {Promise<Doc[] | null>}
 */
export async function ownedDocuments(databases, databaseId, collectionId, userId, onPage = () => {}, keep = ownedBy) {
  let read = 0;
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {import('node-appwrite').Models.DocumentList<Doc>} */
    let page;
    try {
      page = await listDocumentPage(databases, {
        databaseId, collectionId,
        queries: [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      });
    } catch (e) {
      if (e instanceof AppwriteException && e.type === 'collection_not_found') return null;
      throw e;
    }
    for (const doc of page.documents) if (keep(doc, userId)) all.push(doc);
    read += page.documents.length;
    onPage(read, Math.max(read, page.total));
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return all;
    cursor = last.$id;
  }
}

/**
 * A document a function wrote for the therapist and the portal logins it is shared with (the
 * client's, a guardian's, a signer's): the therapist's, and nothing but reads of single users (such
 * collections grant no create, so no one else could have written it).
 * @param {Doc} doc
 * @param {string} userId
 */
export function sharedWithClient(doc, userId) {
  return doc['userId'] === userId && doc.$permissions.includes(`read("user:${userId}")`)
    && doc.$permissions.every((p) => /^read\("user:[A-Za-z0-9][A-Za-z0-9._-]{0,35}"\)$/.test(p));
}

/** A file name's safe part: lower case letters, digits and dashes. @param {string} text @param {string} fallback */
const slug = (text, fallback) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || fallback;

/**
 * A document only a function writes and reads (no permissions): the therapist's when it names them.
 * @param {Doc} doc
 * @param {string} userId
 */
export const functionOnly = (doc, userId) => doc['userId'] === userId && doc.$permissions.length === 0;

/**
 * The secure messages' attachments as stored, by message: message-attachments/<message id>-<name>
 * (the name as sent, made safe for a ZIP path as the form uploads' are). A file already gone is left out.
 * @param {import('node-appwrite').Storage} storage
 * @param {readonly Doc[]} messages
 */
async function messageAttachmentFiles(storage, messages) {
  const bucketId = messageAttachmentsBucketFromEnv(process.env);
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  for (const message of messages) {
    const fileId = String(message['attachmentFileId'] ?? '');
    if (!fileId) continue;
    const bytes = await storage.getFileDownload({ bucketId, fileId }).catch(() => null);
    if (!bytes) continue;
    const name = String(message['attachmentName'] ?? '');
    const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? 'bin';
    files[`message-attachments/${message.$id}-${slug(name.replace(/\.[^.]*$/, '').slice(0, 60), 'attachment')}.${ext}`] = new Uint8Array(bytes);
  }
  return files;
}

/**
 * The signed consents' PDFs as stored (sign-consent), by signature: signed-consents/<title>-<id>.pdf.
 * A file already gone is left out.
 * @param {import('node-appwrite').Storage} storage
 * @param {readonly Doc[]} signatures
 */
async function signedConsentFiles(storage, signatures) {
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  for (const signature of signatures) {
    const fileId = String(signature['fileId'] ?? '');
    const bucketId = String(signature['bucketId'] ?? '') || signedConsentsBucketFromEnv(process.env);
    const bytes = await storage.getFileDownload({ bucketId, fileId }).catch(() => null);
    if (!bytes) continue;
    const title = slug(String(signature['title'] ?? 'consent'), 'consent');
    files[`signed-consents/${title}-${signature.$id}.pdf`] = new Uint8Array(bytes);
  }
  return files;
}

/**
 * The files clients uploaded as form answers, next to form-responses.csv:
 * form-uploads/<response id>/<question>-<name>.<ext>. A file already gone is left out.
 * @param {import('node-appwrite').Storage} storage
 * @param {readonly Doc[]} responses
 */
async function formUploadFiles(storage, responses) {
  /** @type {Record<string, Uint8Array>} */
  const files = {};
  const bucketId = formUploadsBucketFromEnv(process.env);
  for (const response of responses) {
    let attachments;
    try {
      attachments = attachmentsOf(JSON.parse(String(response['response'])));
    } catch {
      continue;
    }
    for (const [linkId, attachment] of attachments) {
      const bytes = await storage.getFileDownload({ bucketId, fileId: attachment.fileId }).catch(() => null);
      if (!bytes) continue;
      const ext = /\.([a-z0-9]{1,5})$/i.exec(attachment.title)?.[1]?.toLowerCase() ?? 'bin';
      files[`form-uploads/${response.$id}/${slug(linkId, 'file')}-${slug(attachment.title.replace(/\.[^.]*$/, '').slice(0, 60), 'upload')}.${ext}`] = new Uint8Array(bytes);
    }
  }
  return files;
}

/** @param {string} isoDate */
export const exportFileName = (isoDate) => `cadence-export-${isoDate.slice(0, 10)}.zip`;

/**
 * README.txt: what each file holds.
 * @param {{ timestamp: string, files: { file: string, rows: number, describe: string }[], privateNotes: boolean, documents: { invoices: number, superbills: number, consents: number } | null, uploads: number, attachments: number }} info
 */
function readme({ timestamp, files, privateNotes, documents, uploads, attachments }) {
  return [
    'Cadence — full export of your practice',
    `Made ${timestamp} (UTC).`,
    '',
    'CSV files (UTF-8 with a byte-order mark, comma-separated, one header row). Cells that a',
    'spreadsheet would run as a formula (starting with = + - @) begin with an apostrophe.',
    ...files.map(({ file, rows, describe }) => `  ${file} (${rows} rows): ${describe}`),
    '',
    `${FHIR_FILE}: your clinical record as one HL7 FHIR R4 Bundle (type "collection"), readable by`,
    'other health-record systems: Patient (clients), Practitioner and Organization (you and your',
    'practice), Appointment (every appointment), Encounter (attended sessions), DocumentReference',
    '(each signed progress note, and each addendum as a document that appends its note: the signed',
    'text exactly as its fingerprint was taken), ChargeItem (charges), PaymentReconciliation',
    '(payments), Invoice (invoices, their charges as line items), AuditEvent (the log), Consent (the',
    "consents sent in the portal, signed or not, and each client's e-records decisions).",
    '',
    `form-uploads/ (${uploads} files): the files clients uploaded in submitted forms (an insurance card's`,
    '  photo, a letter), as uploaded: form-uploads/<response id>/<question>-<file name>; the response',
    '  in form-responses.csv names each by its file id.',
    `message-attachments/ (${attachments} files): each file sent with a secure message, as sent`,
    '  (message-attachments/<message record id>-<file name>).',
    '',
    ...(documents
      ? [
        `invoices/ (${documents.invoices} PDFs): each invoice as it prints, INV-0001.pdf and on.`,
        `superbills/ (${documents.superbills} PDFs): a superbill per client and calendar year with attended`,
        '  sessions (superbills/<year>/<last name>-<first name>-<record id>.pdf), for out-of-network claims.',
        `signed-consents/ (${documents.consents} PDFs): each consent your clients signed in the portal, as stored`,
        '  with its certificate page (signed-consents/<title>-<record id>.pdf).',
        '',
      ]
      : ['Invoice and superbill PDFs are not included.']),
    privateNotes ? 'Private psychotherapy notes are included.' : 'Private psychotherapy notes are not included.',
    'Times are UTC instants (ISO 8601); amounts in the CSVs of services and appointments are in the',
    "currency's minor unit (cents), the clients file's fee in the currency itself (120.5 = $120.50).",
    '',
  ].join('\r\n');
}

/**
 * The whole export of one therapist, as the ZIP's bytes.
 * @param {Databases} databases
 * @param {import('../../lib/collections.js').Collections} collections
 * @param {string} userId
 * @param {{ now?: Date, privateNotes?: boolean, documents?: boolean, onProgress?: ReportProgress, storage?: import('node-appwrite').Storage }} [options]
 *   `storage` reads the signed consents' PDFs into the documents, and the form uploads and the messages' attachments (always)
 */
export async function buildExport(databases, collections, userId, options = {}) {
  const timestamp = (options.now ?? new Date()).toISOString();
  const onProgress = options.onProgress ?? (() => {});
  /** @type {Map<string, Doc[] | null>} */
  const byFile = new Map();
  const kinds = EXPORT_KINDS.filter((kind) => !kind.privateNotes || options.privateNotes);
  // All kinds at once: Appwrite serves one while the function turns another's pages into objects.
  // The bar follows the documents read of all Appwrite counts (each kind's total from its first page).
  const reading = kinds.map(() => ({ read: 0, total: 0 }));
  onProgress('reading', 0);
  const read = await Promise.all(kinds.map((kind, i) => ownedDocuments(databases, collections.databaseId, kind.collection(collections), userId, (done, total) => {
    reading[i] = { read: done, total };
    const sum = reading.reduce((s, r) => ({ read: s.read + r.read, total: s.total + r.total }), { read: 0, total: 0 });
    onProgress('reading', sum.total ? sum.read / sum.total : 0);
  }, kind.functionOnly ? functionOnly : kind.sharedWithClient ? sharedWithClient : ownedBy)));
  kinds.forEach((kind, i) => byFile.set(kind.file, read[i] ?? null));
  const records = (/** @type {string} */ file) => byFile.get(file) ?? [];
  const services = new Map(records('services.csv').map((s) => [s.$id, s]));
  const lookups = { services };

  // The PDFs are drawn on worker threads while this thread writes the CSVs and the FHIR bundle
  // (issue 35: on a busy machine the export then has the cores' share of three threads, not one);
  // their progress shows once the bar reaches their stage.
  let documentsShown = false;
  let documentsDone = 0;
  const drawing = options.documents
    ? practiceDocuments({
      practice: records('practice-settings.csv')[0] ?? null, clients: records('clients.csv'), appointments: records('appointments.csv'), services,
      ledgerEntries: records('ledger-entries.csv'), invoices: records('invoices.csv'),
    }, (done, total) => {
      documentsDone = done / total;
      if (documentsShown) onProgress('documents', documentsDone);
    })
    : null;
  // A failure to write stops the export before the PDFs are awaited: theirs is then not the error.
  drawing?.catch(() => {});

  /** @type {Record<string, import('../../lib/zip.js').FileBytes>} */
  const zip = {};
  /** @type {Record<string, number>} */
  const counts = {};
  const files = [];
  for (const [i, kind] of kinds.entries()) {
    onProgress('writing', i / (kinds.length + 1));
    // A turn of the event loop between files, so a progress write goes out.
    await new Promise((resolve) => setImmediate(resolve));
    const documents = byFile.get(kind.file);
    if (!documents) continue;
    zip[kind.file] = kindCsv(kind, documents, lookups);
    counts[kind.file] = documents.length;
    files.push({ file: kind.file, rows: documents.length, describe: kind.describe });
  }
  onProgress('writing', kinds.length / (kinds.length + 1));
  await new Promise((resolve) => setImmediate(resolve));
  const signatures = byFile.get('note-signatures.csv');
  const practice = records('practice-settings.csv')[0] ?? null;
  const bundle = clinicalBundleJson({
    practice: practice ?? undefined,
    clients: records('clients.csv'),
    appointments: records('appointments.csv'),
    services,
    notes: records('progress-notes.csv'),
    addenda: records('note-addenda.csv'),
    signatures: signatures ? new Map(signatures.map((s) => [s.$id, s])) : null,
    ledgerEntries: records('ledger-entries.csv'),
    invoices: records('invoices.csv'),
    auditLog: byFile.get('audit-log.csv') ?? null,
    measureResponses: records('measure-responses.csv'),
    consents: { requests: records('consent-requests.csv'), esignRecords: records('esign-consents.csv'), signatures: records('consent-signatures.csv') },
    timestamp,
  });
  zip[FHIR_FILE] = bundle.bytes;
  counts[FHIR_FILE] = bundle.entries;

  /** @type {{ invoices: number, superbills: number, consents: number } | null} */
  let documents = null;
  if (drawing) {
    documentsShown = true;
    onProgress('documents', documentsDone);
    const drawn = await drawing;
    Object.assign(zip, drawn.files);
    const signed = options.storage ? await signedConsentFiles(options.storage, records('consent-signatures.csv')) : {};
    Object.assign(zip, signed);
    documents = { invoices: drawn.invoices, superbills: drawn.superbills, consents: Object.keys(signed).length };
    counts['invoices/'] = drawn.invoices;
    counts['superbills/'] = drawn.superbills;
    counts['signed-consents/'] = documents.consents;
  }
  const uploads = options.storage ? await formUploadFiles(options.storage, records('form-responses.csv')) : {};
  Object.assign(zip, uploads);
  counts['form-uploads/'] = Object.keys(uploads).length;
  // The messages' attachments are the record itself (what a client sent), so they come with every export.
  const attachments = options.storage ? await messageAttachmentFiles(options.storage, records('messages.csv')) : {};
  Object.assign(zip, attachments);
  counts['message-attachments/'] = Object.keys(attachments).length;
  zip['README.txt'] = Buffer.from(readme({ timestamp, files, privateNotes: Boolean(options.privateNotes), documents, uploads: counts['form-uploads/'], attachments: counts['message-attachments/'] }), 'utf8');
  onProgress('compressing', 0);
  // Level 1: the FHIR bundle is ~130 MB of JSON at 2,000 clients (the signed notes' text in base64
  // among it). PDFs and uploaded files go in as they are.
  const bytes = await zipFiles(zip, { level: 1, at: new Date(timestamp), store: (name) => name.endsWith('.pdf') || name.startsWith('form-uploads/') || name.startsWith('message-attachments/') });
  return { bytes, counts, fileName: exportFileName(timestamp) };
}
