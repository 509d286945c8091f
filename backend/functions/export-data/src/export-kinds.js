// What "Export all my data" puts in its ZIP as CSV (issue 17): one file per kind of record. A new
// kind of record (ledger entries, invoices…) is one line in EXPORT_KINDS; without its own columns it
// is written with every field its documents hold. A collection this deployment lacks is left out.
import { csvChunks } from '../../lib/csv.js';
import { inCurrency } from '../../lib/money-format.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('../../lib/collections.js').Collections} ExportCollections
 * @typedef {import('../../lib/csv.js').CsvCell} CsvCell
 * @typedef {{ services: Map<string, Doc> }} Lookups
 * @typedef {[header: string, cell: (doc: Doc, lookups: Lookups) => CsvCell]} Column
 * @typedef {object} ExportKind
 * @property {string} file the CSV's name in the ZIP
 * @property {(c: ExportCollections) => string} collection
 * @property {string} describe its line in README.txt
 * @property {readonly Column[]} [columns] fixed columns; otherwise every field of the documents
 * @property {boolean} [privateNotes] exported only when the therapist asks for private notes
 * @property {boolean} [functionOnly] written and read by a function alone (no permissions at all: the
 *   public booking page's bookings), kept when it names the therapist — nobody else can write one
 * @property {boolean} [sharedWithClient] written only by functions and readable by the client's login
 *   too (measures): kept when every permission is a read of the therapist or of that login
 */

/** @param {unknown} value @returns {CsvCell} */
function plain(value) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(String).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return /** @type {CsvCell} */ (value);
}

/**
 * An amount in minor units as the import and a spreadsheet read it: 12050 USD → 120.5.
 * @param {unknown} amount
 * @param {unknown} currency
 * @returns {CsvCell}
 */
export function amountCell(amount, currency) {
  return typeof amount === 'number' ? inCurrency(amount, currency) : '';
}

/** @param {string} key @returns {(doc: Doc) => CsvCell} */
const field = (key) => (doc) => plain(doc[key]);

/** @type {readonly Column[]} */
const RECORD_COLUMNS = [['Record ID', (d) => d.$id], ['Created', (d) => d.$createdAt], ['Updated', (d) => d.$updatedAt]];

// The clients file's headers are the import's own field labels (mf-dashboard/src/clients/import/
// column-mapping.ts), so the file maps itself when imported into Cadence again; the default service
// is written as its code (or name), which is how the import finds it.
/** @type {readonly Column[]} */
const CLIENT_COLUMNS = [
  ['First name', field('firstName')],
  ['Last name', field('lastName')],
  ['Preferred name', field('preferredName')],
  ['Pronouns', field('pronouns')],
  ['Date of birth', field('dateOfBirth')],
  ['Email', field('email')],
  ['Phone', field('phone')],
  ['Street address', field('addressLine1')],
  ['Address line 2', field('addressLine2')],
  ['City', field('city')],
  ['State', field('state')],
  ['ZIP code', field('postalCode')],
  ['Status', field('status')],
  ['Tags', (d) => (Array.isArray(d['tags']) ? d['tags'].join(', ') : '')],
  ['Emergency contact name', field('emergencyContactName')],
  ['Emergency contact relationship', field('emergencyContactRelationship')],
  ['Emergency contact phone', field('emergencyContactPhone')],
  ['Default service', (d, { services }) => {
    const service = services.get(String(d['defaultServiceId'] ?? ''));
    return service ? plain(service['serviceCode'] || service['name']) : '';
  }],
  ['Fee override', (d) => amountCell(d['feeOverride'], d['currency'])],
  ['Diagnosis codes', (d) => (Array.isArray(d['diagnosisCodes']) ? d['diagnosisCodes'].join(', ') : '')],
  ['Email reminder consent', (d) => (d['reminderConsent'] ? 'yes' : 'no')],
  ['Referral source', field('referralSource')],
  ['Administrative notes', field('adminNotes')],
  ['Currency', field('currency')],
  // Insurance (issue 37), as the superbill prints it.
  ['Primary insurance payer', field('insurancePayerName')],
  ['Primary insurance payer ID', field('insurancePayerId')],
  ['Primary insurance member ID', field('insuranceMemberId')],
  ['Primary insurance group number', field('insuranceGroupNumber')],
  ['Primary insurance subscriber', field('insuranceSubscriberName')],
  ['Primary insurance subscriber relationship', field('insuranceSubscriberRelation')],
  ['Primary insurance subscriber date of birth', field('insuranceSubscriberDob')],
  ['Secondary insurance payer', field('secondaryInsurancePayerName')],
  ['Secondary insurance payer ID', field('secondaryInsurancePayerId')],
  ['Secondary insurance member ID', field('secondaryInsuranceMemberId')],
  ['Secondary insurance group number', field('secondaryInsuranceGroupNumber')],
  ['Secondary insurance subscriber', field('secondaryInsuranceSubscriberName')],
  ['Secondary insurance subscriber relationship', field('secondaryInsuranceSubscriberRelation')],
  ['Secondary insurance subscriber date of birth', field('secondaryInsuranceSubscriberDob')],
  ['Responsible party', field('responsiblePartyName')],
  ['Responsible party relationship', field('responsiblePartyRelationship')],
  ['Responsible party phone', field('responsiblePartyPhone')],
  ...RECORD_COLUMNS,
];

/** @type {readonly Column[]} */
const SIGNATURE_COLUMNS = [
  ...RECORD_COLUMNS,
  ...['clientId', 'requestId', 'title', 'templateId', 'templateVersion', 'contentHash', 'signerUserId', 'signerName', 'signerEmail', 'relationship', 'method',
    'authentication', 'sessionId', 'esignConsentId', 'signedAt', 'ipAddress', 'userAgent', 'fileId'].map((key) => /** @type {Column} */ ([key, field(key)])),
];

/** A public booking as the new client gave it; the code's hash and its tries are only the lock. */
/** @type {readonly Column[]} */
const PUBLIC_BOOKING_COLUMNS = [
  ...RECORD_COLUMNS,
  ...['serviceId', 'start', 'end', 'name', 'email', 'phone', 'usesInsurance', 'status', 'requestedAt', 'heldUntil', 'clientId'].map((key) => /** @type {Column} */ ([key, field(key)])),
];

/** @type {readonly ExportKind[]} */
export const EXPORT_KINDS = [
  { file: 'clients.csv', collection: (c) => c.clients, columns: CLIENT_COLUMNS, describe: 'one row per client; re-imports through Clients → Import as it is.' },
  { file: 'services.csv', collection: (c) => c.services, describe: 'the services you offer (fee in minor units: cents for USD).' },
  { file: 'appointments.csv', collection: (c) => c.appointments, describe: 'every appointment with its status, times (UTC) and fee (minor units).' },
  { file: 'appointment-series.csv', collection: (c) => c.appointmentSeries, describe: 'recurring series: the RFC 5545 rule, its start and time zone.' },
  { file: 'practice-settings.csv', collection: (c) => c.practiceSettings, describe: 'your practice details and policies.' },
  { file: 'progress-notes.csv', collection: (c) => c.progressNotes, describe: 'progress notes, drafts and signed, with their signing details.' },
  { file: 'note-addenda.csv', collection: (c) => c.noteAddenda, describe: 'addenda to signed notes.' },
  { file: 'document-signatures.csv', collection: (c) => c.documentSignatures, describe: 'the provider’s electronic signature of each signed superbill: who signed, when, for which client and period, and the fingerprint (SHA-256) of what was signed.' },
  { file: 'note-signatures.csv', collection: (c) => c.noteSignatures, describe: 'the signature of each signed note: who signed, when, and the fingerprint (SHA-256) of what was signed.' },
  { file: 'ledger-entries.csv', collection: (c) => c.ledgerEntries, describe: "every charge, payment, adjustment, refund and void (amount in minor units, positive adds to what the client owes); a void names the entry it reverses." },
  { file: 'invoices.csv', collection: (c) => c.clientInvoices, describe: 'your invoices to clients: number, status, dates, the charges on each (entry ids) and total (minor units).' },
  // Issue 31: the clients' answered measures (answers as JSON by question, score and band).
  { file: 'measure-responses.csv', collection: (c) => c.measureResponses, sharedWithClient: true, describe: 'the questionnaires (PHQ-9, GAD-7, PHQ-2, GAD-2) your clients answered: the answers by question (0–3), the total and its band.' },
  // Issue 31: the portal's consents: what was sent (its exact text), the e-records decisions, and
  // each signature's evidence (the drawing itself is in the signed PDF, not in a spreadsheet cell).
  { file: 'consent-requests.csv', collection: (c) => c.consentRequests, sharedWithClient: true, describe: 'the consents you sent clients in the portal: title, version, the exact text, its fingerprint (SHA-256), sent and signed.' },
  { file: 'esign-consents.csv', collection: (c) => c.esignConsents, sharedWithClient: true, describe: 'each client’s consent to electronic records and each withdrawal (a request for paper), with the disclosure version, time, IP and device.' },
  { file: 'consent-signatures.csv', collection: (c) => c.consentSignatures, sharedWithClient: true, columns: SIGNATURE_COLUMNS, describe: 'each signature of a consent: signer, relationship, method, how they signed in, time, IP, device and the fingerprint of the text signed.' },
  // Issue 31: the portal's forms — the therapist's own copies, the packets sent, each form sent with
  // its draft and review, and each submitted response (answers as QuestionnaireResponse-shaped JSON).
  { file: 'forms.csv', collection: (c) => c.forms, describe: 'your own copies of the intake forms (the questionnaire as JSON, version, archived).' },
  { file: 'form-packets.csv', collection: (c) => c.formPackets, sharedWithClient: true, describe: 'the packets you sent clients in the portal: which forms and consents, in your order, and when.' },
  { file: 'form-requests.csv', collection: (c) => c.formRequests, sharedWithClient: true, describe: 'each form you sent: the exact questionnaire, its status, the client’s saved draft, your correction message and which answers you accepted into the record.' },
  { file: 'form-responses.csv', collection: (c) => c.formResponses, sharedWithClient: true, describe: 'each submitted form: the answers (a FHIR QuestionnaireResponse as JSON), the questionnaire answered and when.' },
  // Issue 32: every version of each self-pay client's Good Faith Estimate, with what it said (contents as JSON).
  { file: 'good-faith-estimates.csv', collection: (c) => c.goodFaithEstimates, describe: 'the Good Faith Estimates you prepared for self-pay clients: each version, its fee, frequency, months, total, due date, when it was delivered and its full contents (JSON).' },
  // Issue 32: online booking — working hours, each service's booking rules, and every booking or
  // request clients made online with its answer (slot claims are only locks, not records).
  { file: 'availability.csv', collection: (c) => c.availability, describe: 'your working hours for online booking (by weekday, as JSON) and date overrides (days off, different hours).' },
  { file: 'booking-rules.csv', collection: (c) => c.bookingRules, describe: 'each service’s online booking rules: who may book, instant or approval, notice, horizon, buffers, start times and caps.' },
  { file: 'booking-requests.csv', collection: (c) => c.bookingRequests, sharedWithClient: true, describe: 'appointments clients booked or asked for online: service, time, status (booked, requested, approved, declined), your message and the appointment made.' },
  { file: 'public-bookings.csv', collection: (c) => c.publicBookings, functionOnly: true, columns: PUBLIC_BOOKING_COLUMNS, describe: 'bookings new clients started on your public booking page: name, email, phone, the insurance answer, service, time, status (pending, held, confirmed, expired) and the client record it made.' },
  // Issue 32: secure messages — each conversation (one per portal login) and every message as sent.
  { file: 'conversations.csv', collection: (c) => c.conversations, sharedWithClient: true, describe: 'your secure-message conversations with clients and guardians: the client, whose login, the last message and when each side last read it.' },
  { file: 'messages.csv', collection: (c) => c.messages, sharedWithClient: true, describe: 'every secure message as sent: conversation, who sent it (therapist, client or guardian), the text, when, and the attachment’s name, type and size (the file itself is in message-attachments/).' },
  { file: 'audit-log.csv', collection: (c) => c.auditLog, describe: 'the activity log of your account (who did what, when, from where).' },
  // Private psychotherapy notes (issue 15) only when "Include private notes" is ticked.
  { file: 'private-notes.csv', collection: (c) => c.privateNotes, privateNotes: true, describe: 'private psychotherapy notes (kept apart from the clinical record).' },
];

/**
 * Fields of a kind without fixed columns: $id, $createdAt, $updatedAt, then every other field the
 * documents hold, in first-seen order (userId is the caller and $permissions are Appwrite's own).
 * @param {readonly Doc[]} documents
 * @returns {Column[]}
 */
function columnsOf(documents) {
  /** @type {Set<string>} */
  const keys = new Set();
  for (const doc of documents) for (const key in doc) if (!key.startsWith('$') && key !== 'userId') keys.add(key);
  return [...RECORD_COLUMNS, ...[...keys].map((key) => /** @type {Column} */ ([key, field(key)]))];
}

/**
 * @param {ExportKind} kind
 * @param {readonly Doc[]} documents
 * @param {Lookups} lookups
 */
export function kindCsv(kind, documents, lookups) {
  const columns = kind.columns ?? columnsOf(documents);
  // A row at a time: the file's rows are never all held, as cells or as text (issue 35).
  function* rows() {
    yield columns.map(([header]) => header);
    for (const doc of documents) yield columns.map(([, cell]) => cell(doc, lookups));
  }
  return csvChunks(rows(), { bom: true });
}
