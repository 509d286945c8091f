// export-data (issue 17 "Full export"): "Export all my data" for the signed-in therapist — every
// practice document they own, as one ZIP: a CSV per kind of record (export-kinds.js), the clinical
// record as a FHIR R4 Bundle (fhir-bundle.js) and a README.txt explaining each file.
//  - Executed by the therapist (createExecution with their session); the user is Appwrite's
//    x-appwrite-user-id, the body {includePrivateNotes?} only chooses what goes in.
//  - Reads with the function's key, keeping only documents that name the caller in `userId` AND
//    are owner-only (lib/owned-by.js): a document someone else wrote naming this therapist is not theirs.
//  - Answers {success, fileName, zipBase64, counts}: an execution's response is text, so the ZIP
//    travels as base64; the browser turns it back into bytes and downloads it.
//  - Each export is recorded in the therapist's audit log (action `export`, lib/audit-log.js) before
//    the ZIP is answered: an export that cannot be recorded is not handed out.
// Nothing clinical is logged: only counts and timings.
import { AppwriteException, Databases, Query } from 'node-appwrite';
import { appendAuditEntry, requestOrigin } from '../../lib/audit-log.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { messageOf, readBody, serverClient } from '../../lib/execution.js';
import { ownedBy } from '../../lib/owned-by.js';
import { zipFiles } from '../../lib/zip.js';
import { EXPORT_KINDS, kindCsv } from './export-kinds.js';
import { clinicalBundle } from './fhir-bundle.js';

/**
 * @typedef {import('../../lib/execution.js').Context} Context
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** Appwrite's largest page (Query.limit up to 5,000): ~100,000 ledger entries in 20 reads. */
const PAGE = 5000;
export const FHIR_FILE = 'fhir-r4-bundle.json';

const utf8 = (/** @type {string} */ text) => Buffer.from(text, 'utf8');

/**
 * Every document of the user in a collection that is theirs alone (all pages); null when the
 * collection does not exist in this deployment.
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {string} userId
 * @returns {Promise<Doc[] | null>}
 */
export async function ownedDocuments(databases, databaseId, collectionId, userId) {
  /** @type {Doc[]} */
  const all = [];
  /** @type {string | null} */
  let cursor = null;
  for (;;) {
    /** @type {import('node-appwrite').Models.DocumentList<Doc>} */
    let page;
    try {
      page = await databases.listDocuments({
        databaseId, collectionId,
        queries: [Query.equal('userId', userId), Query.orderAsc('$id'), Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      });
    } catch (e) {
      if (e instanceof AppwriteException && e.type === 'collection_not_found') return null;
      throw e;
    }
    for (const doc of page.documents) if (ownedBy(doc, userId)) all.push(doc);
    const last = page.documents[page.documents.length - 1];
    if (page.documents.length < PAGE || !last) return all;
    cursor = last.$id;
  }
}

/** @param {string} isoDate */
export const exportFileName = (isoDate) => `cadence-export-${isoDate.slice(0, 10)}.zip`;

/**
 * README.txt: what each file holds.
 * @param {{ timestamp: string, files: { file: string, rows: number, describe: string }[], privateNotes: boolean }} info
 */
function readme({ timestamp, files, privateNotes }) {
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
    '(payments), Invoice (invoices, their charges as line items), AuditEvent (the log).',
    '',
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
 * @param {{ now?: Date, privateNotes?: boolean }} [options]
 */
export async function buildExport(databases, collections, userId, options = {}) {
  const timestamp = (options.now ?? new Date()).toISOString();
  /** @type {Map<string, Doc[] | null>} */
  const byFile = new Map();
  const kinds = EXPORT_KINDS.filter((kind) => !kind.privateNotes || options.privateNotes);
  // All kinds at once: Appwrite serves one while the function turns another's pages into objects.
  const read = await Promise.all(kinds.map((kind) => ownedDocuments(databases, collections.databaseId, kind.collection(collections), userId)));
  kinds.forEach((kind, i) => byFile.set(kind.file, read[i] ?? null));
  const records = (/** @type {string} */ file) => byFile.get(file) ?? [];
  const services = new Map(records('services.csv').map((s) => [s.$id, s]));
  const lookups = { services };

  /** @type {Record<string, Uint8Array>} */
  const zip = {};
  /** @type {Record<string, number>} */
  const counts = {};
  const files = [];
  for (const kind of kinds) {
    const documents = byFile.get(kind.file);
    if (!documents) continue;
    zip[kind.file] = utf8(kindCsv(kind, documents, lookups));
    counts[kind.file] = documents.length;
    files.push({ file: kind.file, rows: documents.length, describe: kind.describe });
  }
  const signatures = byFile.get('note-signatures.csv');
  const bundle = clinicalBundle({
    practice: records('practice-settings.csv')[0],
    clients: records('clients.csv'),
    appointments: records('appointments.csv'),
    services,
    notes: records('progress-notes.csv'),
    addenda: records('note-addenda.csv'),
    signatures: signatures ? new Map(signatures.map((s) => [s.$id, s])) : null,
    ledgerEntries: records('ledger-entries.csv'),
    invoices: records('invoices.csv'),
    auditLog: byFile.get('audit-log.csv') ?? null,
    timestamp,
  });
  zip[FHIR_FILE] = utf8(JSON.stringify(bundle));
  counts[FHIR_FILE] = bundle.entry?.length ?? 0;
  zip['README.txt'] = utf8(readme({ timestamp, files, privateNotes: Boolean(options.privateNotes) }));
  // Level 1: the FHIR bundle is ~130 MB of JSON at 2,000 clients (the signed notes' text in base64
  // among it), and a synchronous execution has 30 s.
  return { bytes: zipFiles(zip, { level: 1, at: new Date(timestamp) }), counts, fileName: exportFileName(timestamp) };
}

/** @param {Context} context */
export default async ({ req, res, log, error }) => {
  const userId = req.headers['x-appwrite-user-id'];
  if (!userId) return res.json({ success: false, error: 'Sign in to export your data.' }, 401);
  // issue 15: private psychotherapy notes are exported only when the therapist ticks the box.
  const privateNotes = readBody(req.bodyText)['includePrivateNotes'] === true;
  const started = Date.now();
  try {
    const databases = new Databases(serverClient(req));
    const collections = collectionsFromEnv(process.env);
    const { bytes, counts, fileName } = await buildExport(databases, collections, userId, { privateNotes });
    await appendAuditEntry(databases, collections, {
      actorId: userId, action: 'export', entityType: 'account', entityId: userId, ...requestOrigin(req.headers),
    }, userId);
    log(`export of ${Object.entries(counts).map(([file, n]) => `${n} ${file}`).join(', ')}: ${bytes.length} bytes in ${Date.now() - started} ms`);
    return res.json({ success: true, error: null, fileName, counts, zipBase64: Buffer.from(bytes).toString('base64') });
  } catch (e) {
    error(`export-data failed: ${messageOf(e)}`);
    return res.json({ success: false, error: 'Could not export your data. Please try again.' }, 500);
  }
};
