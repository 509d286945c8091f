// The money PDFs (issue 16 "Documents"): invoice, superbill and statement, with pdfkit (text
// selectable: standard fonts, real text operators). Each is gathered from the therapist's own
// documents (read with the function's key, owner-checked) and drawn (money-pdf.js draws the invoice
// and superbill from what they say); the invoices function attaches the invoice to its email,
// money-documents answers them as base64.
import { createHash } from 'node:crypto';
import { Query } from 'node-appwrite';
import { money } from './money-format.js';
import { drawInvoiceContent, drawPracticeFields, drawSuperbillContent, heading, render, table, usDate } from './money-pdf.js';
import { diagnosisDescription } from './icd10cm.js';
import { readLeftOutSessions } from './left-out-sessions.js';
import { allocationState, computeBalance, parseAllocations } from './ledger.js';
import { clientEntries, clientInvoices, isNotFound, ownOr404, practiceOf, Refusal } from './money-store.js';
import { ownedBy } from './owned-by.js';

/**
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('./collections.js').Collections} Collections
 * @typedef {import('./money-store.js').StoredEntry} StoredEntry
 */

export const CLIENT_NOT_FOUND = 'This client could not be found.';
export const INVOICE_NOT_FOUND = 'This invoice could not be found.';

const CHARGE_LABELS = /** @type {Record<string, string>} */ ({ session_fee: 'Session', late_cancel_fee: 'Late cancellation fee', no_show_fee: 'No-show fee', other: 'Charge' });
const METHOD_LABELS = /** @type {Record<string, string>} */ ({ cash: 'cash', check: 'check', card: 'card', insurance: 'insurance', other: 'other' });

/**
 * The tax ID as a payer reads it: in full, as the practice set it (issue 37: a masked TIN gets a
 * superbill rejected; the screens mask it, the documents never do).
 * @param {unknown} taxId
 */
export const documentTaxId = (taxId) => String(taxId ?? '').trim();

/** @param {Doc | null} doc @param {string} key */
const str = (doc, key) => (typeof doc?.[key] === 'string' ? String(doc[key]).trim() : '');

/** @param {Doc | null} d */
function addressLines(d) {
  const cityLine = [str(d, 'city'), [str(d, 'state'), str(d, 'postalCode')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [str(d, 'addressLine1'), str(d, 'addressLine2'), cityLine].filter(Boolean);
}

/** @param {Doc} client */
export const clientName = (client) => [str(client, 'firstName'), str(client, 'lastName')].filter(Boolean).join(' ');

/**
 * What a document's header says of the practice: name, address, phone, NPI, tax ID (in full).
 * @param {Doc | null} practice
 */
const practiceFields = (practice) => ({
  name: str(practice, 'practiceName'), address: addressLines(practice), phone: str(practice, 'phone'), npi: str(practice, 'npi'), taxId: documentTaxId(practice?.['taxId']),
});

/** @typedef {ReturnType<typeof practiceFields>} PracticeFields */

/**
 * The practice's header: name, address, phone, NPI, tax ID (in full).
 * @param {PDFKit.PDFDocument} doc
 * @param {Doc | null} practice
 */
export const practiceHeader = (doc, practice) => drawPracticeFields(doc, practiceFields(practice));

/**
 * The pieces of a client's money documents: the client, practice, entries and what they point at.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 */
export async function moneyContext(databases, c, userId, clientId) {
  const client = await ownOr404(databases, c.databaseId, c.clients, clientId, userId, CLIENT_NOT_FOUND);
  const [practice, entries] = await Promise.all([practiceOf(databases, c, userId), clientEntries(databases, c, userId, clientId)]);
  return { client, practice, entries };
}

/**
 * The caller's own documents of a collection by id (missing or foreign ones left out).
 * @param {Databases} databases
 * @param {string} databaseId
 * @param {string} collectionId
 * @param {Iterable<string>} ids
 * @param {string} userId
 */
async function ownDocuments(databases, databaseId, collectionId, ids, userId) {
  /** @type {Map<string, Doc>} */
  const found = new Map();
  await Promise.all([...new Set(ids)].filter(Boolean).map(async (documentId) => {
    try {
      const d = await databases.getDocument({ databaseId, collectionId, documentId });
      if (ownedBy(d, userId)) found.set(documentId, d);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }));
  return found;
}

/**
 * What each charge line says: its service and code (session fees, from the appointment's service).
 * @param {readonly StoredEntry[]} charges
 * @param {ReadonlyMap<string, Doc>} appointments the charges' appointments by id
 * @param {ReadonlyMap<string, Doc>} services by id
 */
export function chargeLines(charges, appointments, services) {
  return charges.map((entry) => {
    const appointment = appointments.get(String(entry.appointmentId ?? '')) ?? null;
    const service = appointment ? services.get(String(appointment['serviceId'] ?? '')) ?? null : null;
    const type = String(entry.type ?? 'other');
    const label = type === 'session_fee' ? str(service, 'name') || 'Session' : type === 'other' ? str(/** @type {Doc} */ (/** @type {unknown} */ (entry)), 'memo') || 'Charge' : CHARGE_LABELS[type] ?? 'Charge';
    return { entry, appointment, service, label, code: type === 'session_fee' ? str(service, 'serviceCode') : '' };
  });
}

/** @typedef {ReturnType<typeof chargeLines>[number]} ChargeLine */

/**
 * chargeLines, reading the charges' appointments and services (the caller's own).
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {readonly StoredEntry[]} charges
 */
async function chargeDetails(databases, c, userId, charges) {
  const appointments = await ownDocuments(databases, c.databaseId, c.appointments, charges.map((e) => String(e.appointmentId ?? '')), userId);
  const services = await ownDocuments(databases, c.databaseId, c.services, [...appointments.values()].map((a) => String(a['serviceId'] ?? '')), userId);
  return chargeLines(charges, appointments, services);
}

/**
 * An invoice's figures: its charges (active or voided), what was paid on them, what is due.
 * @param {Doc} invoice
 * @param {readonly StoredEntry[]} entries the client's entries
 */
export function invoiceFigures(invoice, entries) {
  const ids = Array.isArray(invoice['entryIds']) ? invoice['entryIds'].map(String) : [];
  const byId = new Map(entries.map((e) => [e.$id, e]));
  const charges = ids.map((id) => byId.get(id)).filter((e) => e !== undefined);
  const { charges: active } = allocationState(entries);
  const open = new Map(computeBalance(entries).openCharges.map((o) => [o.entryId, o.open]));
  const total = charges.filter((e) => active.has(e.$id)).reduce((s, e) => s + e.amount, 0);
  const due = invoice['status'] === 'void' ? 0 : charges.filter((e) => active.has(e.$id)).reduce((s, e) => s + (open.get(e.$id) ?? 0), 0);
  return { charges, active, total, paid: total - due, due };
}

/**
 * The invoice's PDF: 'INV-0001.pdf'.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} invoiceId
 */
export async function invoicePdf(databases, c, userId, invoiceId) {
  const invoice = await ownOr404(databases, c.databaseId, c.clientInvoices, invoiceId, userId, INVOICE_NOT_FOUND);
  const { client, practice, entries } = await moneyContext(databases, c, userId, String(invoice['clientId']));
  const figures = invoiceFigures(invoice, entries);
  const lines = await chargeDetails(databases, c, userId, figures.charges);
  const bytes = await drawInvoice({ invoice, client, practice, figures, lines });
  return { filename: `${String(invoice['number'])}.pdf`, bytes, invoice, client, practice, figures };
}

/**
 * Draws an invoice from what was read.
 * @param {{ invoice: Doc, client: Doc, practice: Doc | null, figures: ReturnType<typeof invoiceFigures>, lines: ChargeLine[] }} parts
 */
export const drawInvoice = (parts) => drawInvoiceContent(invoiceContent(parts));

/**
 * What an invoice's PDF says, as data: only what drawInvoiceContent draws (the export hands it to a
 * worker thread, which copies it).
 * @param {{ invoice: Doc, client: Doc, practice: Doc | null, figures: ReturnType<typeof invoiceFigures>, lines: ChargeLine[] }} parts
 */
export function invoiceContent({ invoice, client, practice, figures, lines }) {
  const currency = String(invoice['currency'] ?? 'USD');
  return {
    number: String(invoice['number']),
    status: { draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void' }[String(invoice['status'])] ?? '',
    issueDate: invoice['issueDate'] ? usDate(invoice['issueDate']) : null,
    dueDate: invoice['dueDate'] ? usDate(invoice['dueDate']) : null,
    period: `${usDate(invoice['periodStart'])} – ${usDate(invoice['periodEnd'])}`,
    voidReason: invoice['status'] === 'void' && invoice['voidReason'] ? String(invoice['voidReason']) : '',
    practice: practiceFields(practice),
    client: { name: clientName(client), address: addressLines(client) },
    rows: lines.map((l) => [
      usDate(l.entry.date), figures.active.has(l.entry.$id) ? l.label : `${l.label} (voided)`, l.code, money(figures.active.has(l.entry.$id) ? l.entry.amount : 0, currency),
    ]),
    total: money(figures.total, currency),
    paid: money(figures.paid, currency),
    due: money(figures.due, currency),
  };
}

/** @typedef {ReturnType<typeof invoiceContent>} InvoiceContent */

/**
 * Place of service: 10 (telehealth in the client's home) or 11 (office).
 * @param {Doc | null} appointment
 */
export const placeOfService = (appointment) => (appointment?.['locationType'] === 'telehealth' ? '10' : '11');

/**
 * The superbill for a period: attended sessions only (session fees; never late-cancel or no-show
 * fees), with place of service, CPT code, units, fee, amount paid and each line's diagnosis
 * pointer. `signature`, when given, is the document_signatures record (lib/document-signing.js)
 * made for this content: drawn as the provider's electronic signature.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 * @param {string} from
 * @param {string} to
 */
export async function superbillParts(databases, c, userId, clientId, from, to) {
  const { client, practice, entries } = await moneyContext(databases, c, userId, clientId);
  const lines = await chargeDetails(databases, c, userId, superbillCharges(entries, from, to));
  const notes = await noteDiagnoses(databases, c, userId, lines.map((l) => l.appointment?.$id ?? ''));
  return { client, practice, entries, lines, notes, from, to };
}

/**
 * The superbill's PDF, and `leftOut`: the attended sessions of the period it does not list and why
 * (lib/left-out-sessions.js).
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 * @param {string} from
 * @param {string} to
 * @param {Doc | null} [signature]
 */
export async function superbillPdf(databases, c, userId, clientId, from, to, signature = null) {
  const parts = await superbillParts(databases, c, userId, clientId, from, to);
  return superbillFor(databases, c, userId, parts, signature);
}

/**
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {Awaited<ReturnType<typeof superbillParts>>} parts
 * @param {Doc | null} signature
 */
export async function superbillFor(databases, c, userId, parts, signature) {
  const drawn = await drawSuperbill({ ...parts, signature });
  const leftOut = await readLeftOutSessions(databases, c, userId, parts.client.$id, parts.entries, parts.from, parts.to);
  return { filename: `superbill-${parts.from}-${parts.to}.pdf`, ...drawn, leftOut };
}

/**
 * The diagnosis codes of each appointment's progress note (the caller's own), by appointment id: a
 * session is billed with the diagnoses its note names.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string[]} appointmentIds
 */
async function noteDiagnoses(databases, c, userId, appointmentIds) {
  /** @type {Map<string, string[]>} */
  const found = new Map();
  const ids = [...new Set(appointmentIds.filter(Boolean))];
  for (let i = 0; i < ids.length; i += 100) {
    const page = await databases.listDocuments({
      databaseId: c.databaseId, collectionId: c.progressNotes,
      queries: [Query.equal('userId', userId), Query.equal('appointmentId', ids.slice(i, i + 100)), Query.select(['$id', '$permissions', 'userId', 'appointmentId', 'diagnosisCodes']), Query.limit(100)],
    });
    for (const note of page.documents) {
      const codes = Array.isArray(note['diagnosisCodes']) ? note['diagnosisCodes'].map(String).filter(Boolean) : [];
      if (ownedBy(note, userId) && codes.length) found.set(String(note['appointmentId']), codes);
    }
  }
  return found;
}

/**
 * The session fees a superbill for the period may list (still to be checked against their
 * appointments: attended only), by date.
 * @param {readonly StoredEntry[]} entries the client's entries
 * @param {string} from
 * @param {string} to
 */
export function superbillCharges(entries, from, to) {
  const { charges: active } = allocationState(entries);
  return [...active.values()].map((x) => x.entry)
    .filter((e) => e.type === 'session_fee' && e.appointmentId && e.date >= from && e.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** CMS-1500 box 21: up to 12 diagnoses, lettered A–L; each line points to up to 4 of them. */
const POINTER_LETTERS = 'ABCDEFGHIJKL';

/** The insurance fields of a client record, primary or secondary. */
const INSURANCE_FIELDS = /** @type {const} */ ([
  ['PayerName', 'Payer'], ['PayerId', 'Payer ID'], ['MemberId', 'Member ID'], ['GroupNumber', 'Group number'],
  ['SubscriberName', 'Subscriber'], ['SubscriberRelation', 'Subscriber’s relationship to the client'], ['SubscriberDob', 'Subscriber’s date of birth'],
]);

/**
 * @param {Doc} client
 * @param {'insurance' | 'secondaryInsurance'} prefix
 * @returns {Array<[string, string]>} label and value of each field set
 */
function insuranceOf(client, prefix) {
  return INSURANCE_FIELDS.map(([key, label]) => {
    const value = str(client, `${prefix}${key}`);
    return /** @type {[string, string]} */ ([label, key === 'SubscriberDob' ? usDate(value) || value : value]);
  }).filter(([, value]) => value !== '');
}

/**
 * Amount paid on each of the client's charges: the active payments' allocations to it (not the
 * adjustments'), by charge id.
 * @param {readonly StoredEntry[]} entries the client's entries
 */
export function amountsPaid(entries) {
  /** @type {Map<string, number>} */
  const paid = new Map();
  for (const [id, ch] of allocationState(entries.filter((e) => e.kind !== 'adjustment')).charges) paid.set(id, ch.paid);
  return paid;
}

/**
 * What a superbill says, as data: the lines a payer reads (attended sessions), the diagnoses
 * lettered A–L with their descriptions and each line's pointer, the provider, the client and their
 * insurance, the totals. Its canonical JSON (superbillCanonical) is what an electronic signature's
 * hash covers. `paid`: amountsPaid(entries), when the caller has it already (a client's superbills
 * of several years).
 * @param {{ client: Doc, practice: Doc | null, entries: readonly StoredEntry[], paid?: ReadonlyMap<string, number>, lines: ChargeLine[], from: string, to: string, notes?: ReadonlyMap<string, string[]> }} parts
 */
export function superbillContent({ client, practice, entries, paid = amountsPaid(entries), lines: candidates, from, to, notes = new Map() }) {
  const lines = candidates.filter((d) => d.appointment && d.appointment['status'] === 'show');
  const currency = String(lines[0]?.entry['currency'] ?? practice?.['currency'] ?? 'USD');
  const clientCodes = Array.isArray(client['diagnosisCodes']) ? client['diagnosisCodes'].map(String).filter(Boolean) : [];
  /** @type {string[]} */
  const diagnoses = [];
  const lineCodes = lines.map((l) => notes.get(l.appointment?.$id ?? '') ?? clientCodes);
  for (const code of [...lineCodes.flat(), ...clientCodes]) if (!diagnoses.includes(code) && diagnoses.length < POINTER_LETTERS.length) diagnoses.push(code);
  const letter = (/** @type {string} */ code) => POINTER_LETTERS[diagnoses.indexOf(code)] ?? '';
  return {
    period: { from, to },
    practice: practiceFields(practice),
    provider: { name: str(practice, 'therapistName'), credentials: str(practice, 'credentials'), license: str(practice, 'licenseNumber') },
    client: {
      name: clientName(client), dateOfBirth: str(client, 'dateOfBirth'), address: addressLines(client),
      insurance: insuranceOf(client, 'insurance'), secondaryInsurance: insuranceOf(client, 'secondaryInsurance'),
      responsibleParty: [str(client, 'responsiblePartyName'), str(client, 'responsiblePartyRelationship'), str(client, 'responsiblePartyPhone')].filter(Boolean),
    },
    diagnoses: diagnoses.map((code, i) => ({ pointer: POINTER_LETTERS[i] ?? '', code, description: diagnosisDescription(code) })),
    currency,
    lines: lines.map((l, i) => ({
      entryId: l.entry.$id, date: l.entry.date, placeOfService: placeOfService(l.appointment), code: l.code, units: 1, fee: l.entry.amount, paid: paid.get(l.entry.$id) ?? 0,
      pointer: (lineCodes[i] ?? []).map(letter).filter(Boolean).slice(0, 4).join(''),
    })),
    totalFee: lines.reduce((sum, l) => sum + l.entry.amount, 0),
    totalPaid: lines.reduce((sum, l) => sum + (paid.get(l.entry.$id) ?? 0), 0),
  };
}

/** @typedef {ReturnType<typeof superbillContent>} SuperbillContent */

/** The exact text a superbill's electronic signature covers. @param {SuperbillContent} content */
export const superbillCanonical = (content) => JSON.stringify(content);

/** SHA-256 hex of superbillCanonical. @param {SuperbillContent} content */
export const superbillContentHash = (content) => createHash('sha256').update(superbillCanonical(content), 'utf8').digest('hex');

/**
 * Draws a superbill from what was read: `lines` the chargeLines of superbillCharges. With a
 * `signature` (a document_signatures record over this content), the provider's electronic
 * signature; without one, a line to sign by hand.
 * @param {{ client: Doc, practice: Doc | null, entries: readonly StoredEntry[], lines: ChargeLine[], from: string, to: string, notes?: ReadonlyMap<string, string[]>, signature?: Doc | null }} parts
 */
export async function drawSuperbill(parts) {
  const content = superbillContent(parts);
  const bytes = await drawSuperbillContent(content, signatureLines(parts.signature ?? null));
  return { bytes, sessions: content.lines.length, totalFee: content.totalFee, totalPaid: content.totalPaid, content };
}

/**
 * What a superbill says of its electronic signature (a document_signatures record): who signed and
 * when, and the record and the content's fingerprint; null without one.
 * @param {Doc | null} signature
 */
function signatureLines(signature) {
  if (!signature) return null;
  return {
    by: `Electronically signed by ${[str(signature, 'signerName'), str(signature, 'signerCredentials')].filter(Boolean).join(', ')}`
      + `${str(signature, 'signerLicense') ? `, license ${str(signature, 'signerLicense')}` : ''} on ${new Date(String(signature['signedAt'])).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    record: `Signature ${signature.$id} · SHA-256 of this superbill's content: ${str(signature, 'contentHash')}`,
  };
}

/**
 * A description of an entry for a statement.
 * @param {StoredEntry} e
 */
function describe(e) {
  const voids = e.voidsEntryId ? 'Void of ' : '';
  if (e.kind === 'charge') return `${voids}${CHARGE_LABELS[String(e.type)] ?? 'Charge'}`;
  if (e.kind === 'payment') return `${voids}Payment (${METHOD_LABELS[String(e.type)] ?? 'other'})`;
  if (e.kind === 'refund') return `${voids}Refund (${METHOD_LABELS[String(e.type)] ?? 'other'})`;
  return `${voids}${e.type === 'write_off' ? 'Write-off' : 'Discount'}`;
}

/**
 * The statement for a period: opening balance, the period's entries with a running balance,
 * charges, payments, adjustments and refunds, closing balance.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId
 * @param {string} clientId
 * @param {string} from
 * @param {string} to
 */
export async function statementPdf(databases, c, userId, clientId, from, to) {
  const { client, practice, entries } = await moneyContext(databases, c, userId, clientId);
  const currency = String(entries[0]?.['currency'] ?? practice?.['currency'] ?? 'USD');
  const opening = entries.filter((e) => e.date < from).reduce((s, e) => s + e.amount, 0);
  const period = entries.filter((e) => e.date >= from && e.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date) || String(a.$createdAt ?? '').localeCompare(String(b.$createdAt ?? '')) || a.$id.localeCompare(b.$id));
  /** @param {string} kind */
  const total = (kind) => period.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);
  const totals = { charges: total('charge'), payments: total('payment'), adjustments: total('adjustment'), refunds: total('refund') };
  const closing = opening + totals.charges + totals.payments + totals.adjustments + totals.refunds;
  let running = opening;
  const rows = period.map((e) => {
    running += e.amount;
    return [usDate(e.date), describe(e), money(e.amount, currency), money(running, currency)];
  });
  const bytes = await render('Statement', (doc) => {
    practiceHeader(doc, practice);
    heading(doc, 'Statement');
    doc.text(`Period: ${usDate(from)} – ${usDate(to)}`);
    doc.text(`Client: ${clientName(client)}`);
    for (const line of addressLines(client)) doc.text(line);
    doc.moveDown();
    doc.text(`Opening balance: ${money(opening, currency)}`);
    doc.text(`Charges: ${money(totals.charges, currency)}`);
    doc.text(`Payments: ${money(-totals.payments, currency)}`);
    doc.text(`Adjustments: ${money(-totals.adjustments, currency)}`);
    if (totals.refunds) doc.text(`Refunds: ${money(totals.refunds, currency)}`);
    doc.font('Helvetica-Bold').text(`Closing balance: ${money(closing, currency)}`);
    doc.font('Helvetica').moveDown();
    table(doc, ['Date', 'Description', 'Amount', 'Balance'], rows, [2, 3]);
  }, `Statement — ${clientName(client)} — ${usDate(from)} – ${usDate(to)}`);
  return { filename: `statement-${from}-${to}.pdf`, bytes, opening, closing, totals };
}

/**
 * Payments applied to an invoice's charges (for its email): the active payments' allocations.
 * @param {Doc} invoice
 * @param {readonly StoredEntry[]} entries
 */
export function paymentsOn(invoice, entries) {
  const ids = new Set(Array.isArray(invoice['entryIds']) ? invoice['entryIds'].map(String) : []);
  return entries.filter((e) => e.kind === 'payment').reduce((s, e) => s + parseAllocations(e.allocations).filter((a) => ids.has(a.entryId)).reduce((t, a) => t + a.amount, 0), 0);
}

export { clientInvoices, Refusal };
