// invoices (issue 16 "Documents: Invoice"): the signed-in therapist's invoices to their clients, in
// client_invoices (written only here, read("user:<id>") only; a status changes only through this
// function — or, paid ↔ issued, through the ledger's payments and voids).
//
// Body (JSON) {action, …}:
//   create: clientId, from, to (YYYY-MM-DD), dueDate? (default today + 30 days), idempotencyKey? (a
//           repeat of the key answers the invoice it made, 200) → 201 a draft with the
//           client's unbilled charges dated from–to (a charge is unbilled when it is not voided and on
//           no invoice that isn't void); 409 when there are none. Numbered per therapist INV-0001,
//           INV-0002, … never reused: the next seq after the highest, a unique (userId, seq) index
//           refusing a second writer of a number, who reads again and takes the next. The answer
//           (201, and the 409) has leftOut: the period's attended sessions with no charge to bill
//           and why (lib/left-out-sessions.js), shown by the dashboard.
//   issue:  invoiceId → issued (paid at once when its charges are already paid), issueDate today;
//           a client invited to the portal finds it in their documents and is mailed that a new
//           document is there (lib/portal-documents.js, nothing more: no number, no amount).
//   void:   invoiceId, reason → void; its charges are unbilled again; the number stays taken.
//   email:  invoiceId → issued if it was a draft, then emailed to the client over SMTP
//           (lib/smtp-mailer.js) with its PDF attached; emailedAt set. The message has amounts,
//           dates and the number — no services, codes or diagnoses.
// → {success:true, invoice}. Refusals {success:false, error, field?}: 400, 401, 404 (client or
//   invoice not the caller's), 409 (no unbilled charges; a void invoice; no email address; mail not
//   set up), 500.
import { ID, Query } from 'node-appwrite';
import { activeEntries, ledgerEntryId } from '../../lib/ledger.js';
import { readLeftOutSessions } from '../../lib/left-out-sessions.js';
import { clientName, INVOICE_NOT_FOUND, invoiceFigures, invoicePdf } from '../../lib/money-documents.js';
import { usDate } from '../../lib/money-pdf.js';
import { money } from '../../lib/money-format.js';
import { moneyFunction } from '../../lib/money-function.js';
import {
  addDays, clientEntries, currencyOf, dateIn, dateOf, idOf, ownerOnly, ownOr404, practiceOf, Refusal, textOf, writeForClient, zoneOf,
} from '../../lib/money-store.js';
import { publishPortalDocument } from '../../lib/portal-documents.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('../../lib/money-function.js').Run} Run
 */

const SUMMARY_KEYS = ['$id', '$createdAt', '$updatedAt', 'userId', 'clientId', 'seq', 'number', 'status', 'issueDate', 'dueDate', 'periodStart', 'periodEnd', 'entryIds', 'total', 'currency', 'emailedAt', 'voidReason'];

/** @param {Record<string, unknown>} invoice */
const summary = (invoice) => Object.fromEntries(SUMMARY_KEYS.filter((k) => k in invoice).map((k) => [k, invoice[k]]));

/**
 * The attended sessions of the period an invoice leaves out (no charge to bill) and why.
 * @param {Run} run
 * @param {string} clientId
 * @param {string} from
 * @param {string} to
 */
async function leftOutOf(run, clientId, from, to) {
  const entries = await clientEntries(run.databases, run.c, run.userId, clientId);
  return readLeftOutSessions(run.databases, run.c, run.userId, clientId, entries, from, to);
}

/** 409, nothing to bill — with the attended sessions left out, so the therapist sees why. */
class NothingToBill extends Refusal {
  /** @param {import('../../lib/left-out-sessions.js').LeftOutSession[]} leftOut */
  constructor(leftOut) {
    super(409, 'There are no unbilled charges for this client in these dates.');
    this.leftOut = leftOut;
  }

  /** @override */
  get body() {
    return { ...super.body, leftOut: this.leftOut };
  }
}

/** @param {number} seq */
export const invoiceNumber = (seq) => `INV-${String(seq).padStart(4, '0')}`;

/**
 * The highest invoice number the therapist has used (void ones included).
 * @param {Run} run
 */
async function highestSeq(run) {
  const list = await run.databases.listDocuments({
    databaseId: run.c.databaseId, collectionId: run.c.clientInvoices, queries: [Query.equal('userId', run.userId), Query.orderDesc('seq'), Query.limit(1)],
  });
  const seq = list.documents[0]?.['seq'];
  return typeof seq === 'number' ? seq : 0;
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function create(run, body) {
  const clientId = idOf(body, 'clientId', 'Choose a client.');
  const from = dateOf(body, 'from', 'Enter the first date as YYYY-MM-DD.');
  const to = dateOf(body, 'to', 'Enter the last date as YYYY-MM-DD.');
  if (to < from) throw new Refusal(400, 'The last date must not be before the first.', 'to');
  const dueDate = body['dueDate'] ? dateOf(body, 'dueDate', 'Enter the due date as YYYY-MM-DD.') : null;
  await ownOr404(run.databases, run.c.databaseId, run.c.clients, clientId, run.userId, 'This client could not be found.');
  const practice = await practiceOf(run.databases, run.c, run.userId);
  const today = dateIn(new Date(), zoneOf(practice));
  // With an idempotency key (a fresh crypto.randomUUID() per form submission), a double submission
  // names the same invoice and the repeat is answered with it.
  const key = body['idempotencyKey'];
  if (key !== undefined && (typeof key !== 'string' || !/^[A-Za-z0-9:_-]{8,100}$/.test(key))) throw new Refusal(400, 'idempotencyKey must be 8–100 letters, digits, - or _.', 'idempotencyKey');
  const invoiceId = typeof key === 'string' ? ledgerEntryId(run.userId, `invoice:${key}`) : ID.unique();
  const repeat = async () => {
    const existing = await run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.clientInvoices, documentId: invoiceId }).catch(() => null);
    return existing && existing['userId'] === run.userId ? existing : null;
  };
  const before = typeof key === 'string' ? await repeat() : null;
  if (before) return { status: 200, body: { success: true, invoice: summary(before) } };
  /** @param {{ entries: import('../../lib/money-store.js').StoredEntry[], invoices: Doc[] }} state */
  const plan = async ({ entries, invoices }) => {
    const billed = new Set(invoices.filter((i) => i['status'] !== 'void').flatMap((i) => (Array.isArray(i['entryIds']) ? i['entryIds'].map(String) : [])));
    const charges = activeEntries(entries)
      .filter((e) => e.kind === 'charge' && e.amount > 0 && e.date >= from && e.date <= to && !billed.has(e.$id))
      .sort((a, b) => a.date.localeCompare(b.date) || a.$id.localeCompare(b.$id));
    if (charges.length === 0) throw new NothingToBill(await leftOutOf(run, clientId, from, to));
    const seq = (await highestSeq(run)) + 1;
    const data = {
      userId: run.userId, clientId, seq, number: invoiceNumber(seq), status: 'draft', issueDate: null, dueDate: dueDate ?? addDays(today, 30),
      periodStart: from, periodEnd: to, entryIds: charges.map((e) => e.$id), total: charges.reduce((sum, e) => sum + e.amount, 0),
      currency: String(/** @type {Record<string, unknown> | undefined} */ (charges[0])?.['currency'] ?? currencyOf(practice)),
      $permissions: ownerOnly(run.userId),
    };
    return { entries: [], operations: [{ action: /** @type {const} */ ('create'), collectionId: run.c.clientInvoices, documentId: invoiceId, data }] };
  };
  /** @type {{ written: boolean, answer: unknown }} */
  let result;
  try {
    result = await writeForClient({ ...run, clientId, currency: currencyOf(practice) }, plan, typeof key === 'string' ? repeat : undefined);
  } catch (e) {
    // The first of a double submission took the charges: answer its invoice.
    const first = e instanceof Refusal && e.status === 409 && typeof key === 'string' ? await repeat() : null;
    if (first) return { status: 200, body: { success: true, invoice: summary(first) } };
    throw e;
  }
  const { written, answer } = result;
  if (!written && answer) return { status: 200, body: { success: true, invoice: summary(/** @type {Doc} */ (answer)) } };
  const stored = await run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.clientInvoices, documentId: invoiceId });
  return { status: 201, body: { success: true, invoice: summary(stored), leftOut: await leftOutOf(run, clientId, from, to) } };
}

/**
 * Changes an invoice's status with the client's balance write (so a payment meanwhile is seen).
 * @param {Run} run
 * @param {Doc} invoice
 * @param {(current: Doc, state: { entries: import('../../lib/money-store.js').StoredEntry[] }) => Record<string, unknown> | null} change
 */
async function changeInvoice(run, invoice, change) {
  const clientId = String(invoice['clientId']);
  const practice = await practiceOf(run.databases, run.c, run.userId);
  await writeForClient({ ...run, clientId, currency: currencyOf(practice) }, ({ entries, invoices }) => {
    const current = invoices.find((i) => i.$id === invoice.$id);
    if (!current) throw new Refusal(404, INVOICE_NOT_FOUND);
    const data = change(current, { entries });
    return data ? { entries: [], operations: [{ action: 'update', collectionId: run.c.clientInvoices, documentId: invoice.$id, data }] } : null;
  });
  return run.databases.getDocument({ databaseId: run.c.databaseId, collectionId: run.c.clientInvoices, documentId: invoice.$id });
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function ownInvoice(run, body) {
  const invoiceId = idOf(body, 'invoiceId', 'Say which invoice.');
  return ownOr404(run.databases, run.c.databaseId, run.c.clientInvoices, invoiceId, run.userId, INVOICE_NOT_FOUND);
}

/**
 * Issues a draft (paid at once when its charges are paid already); an issued or paid one stays.
 * @param {Run} run
 * @param {Doc} invoice
 */
async function issueInvoice(run, invoice) {
  const practice = await practiceOf(run.databases, run.c, run.userId);
  const today = dateIn(new Date(), zoneOf(practice));
  return changeInvoice(run, invoice, (current, { entries }) => {
    if (current['status'] === 'void') throw new Refusal(409, 'This invoice is void.');
    if (current['status'] !== 'draft') return null;
    const { due } = invoiceFigures({ ...current, status: 'issued' }, entries);
    const dueDate = typeof current['dueDate'] === 'string' && current['dueDate'] >= today ? current['dueDate'] : addDays(today, 30);
    return { status: due === 0 ? 'paid' : 'issued', issueDate: today, dueDate };
  });
}

/**
 * An issued invoice joins the client's portal documents when the client is invited (one entry per
 * invoice, mailed once: lib/portal-documents.js). Its failure is logged: the invoice stands.
 * @param {Run} run
 * @param {Doc} invoice
 */
async function listInPortal(run, invoice) {
  if (invoice['status'] !== 'issued' && invoice['status'] !== 'paid') return;
  await publishPortalDocument(run, { userId: run.userId, clientId: String(invoice['clientId']), kind: 'invoice', refId: invoice.$id, title: `Invoice ${String(invoice['number'])}` })
    .catch((/** @type {unknown} */ e) => run.log(`invoice ${invoice.$id} not listed in the portal: ${e instanceof Error ? e.message : String(e)}`));
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function voidInvoice(run, body) {
  const invoice = await ownInvoice(run, body);
  const reason = textOf(body, 'reason', 200, 'Enter a reason.');
  const stored = await changeInvoice(run, invoice, (current) => (current['status'] === 'void' ? null : { status: 'void', voidReason: reason }));
  return { status: 200, body: { success: true, invoice: summary(stored) } };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 */
async function emailInvoice(run, body) {
  let invoice = await ownInvoice(run, body);
  if (invoice['status'] === 'void') throw new Refusal(409, 'This invoice is void.');
  const client = await ownOr404(run.databases, run.c.databaseId, run.c.clients, String(invoice['clientId']), run.userId, 'This client could not be found.');
  const email = typeof client['email'] === 'string' ? client['email'].trim() : '';
  if (!email) throw new Refusal(409, 'This client has no email address.');
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp) throw new Refusal(409, 'Email is not set up on this server.');
  if (invoice['status'] === 'draft') invoice = await issueInvoice(run, invoice);
  await listInPortal(run, invoice);
  const pdf = await invoicePdf(run.databases, run.c, run.userId, invoice.$id);
  const practiceName = String(pdf.practice?.['practiceName'] ?? '').trim() || 'your therapist';
  const currency = String(invoice['currency'] ?? 'USD');
  const number = String(invoice['number']);
  const greeting = String(client['preferredName'] ?? '').trim() || String(client['firstName'] ?? '').trim() || clientName(client);
  const phone = String(pdf.practice?.['phone'] ?? '').trim();
  const text = [
    `Hello ${greeting},`,
    '',
    `Please find attached invoice ${number} from ${practiceName}.`,
    '',
    `Issued: ${usDate(invoice['issueDate'])}`,
    `Due: ${usDate(invoice['dueDate'])}`,
    `Total: ${money(pdf.figures.total, currency)}`,
    `Payments applied: ${money(pdf.figures.paid, currency)}`,
    `Balance due: ${money(pdf.figures.due, currency)}`,
    '',
    `If you have any questions, please contact ${practiceName}${phone ? ` at ${phone}` : ''}.`,
  ].join('\n');
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({
      from: { name: String(pdf.practice?.['practiceName'] ?? '').trim() || 'Cadence', address: smtp.fromAddress },
      to: email,
      subject: `Invoice ${number} from ${practiceName}`,
      text,
      attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: 'application/pdf' }],
    });
  } catch (e) {
    run.log(`invoice ${invoice.$id} mail failed: ${smtpFailure(e)}`);
    throw new Refusal(502, 'The invoice could not be emailed. Please try again.');
  } finally {
    mailer.close();
  }
  const stored = await run.databases.updateDocument({
    databaseId: run.c.databaseId, collectionId: run.c.clientInvoices, documentId: invoice.$id, data: { emailedAt: new Date().toISOString() },
  });
  return { status: 200, body: { success: true, invoice: summary(stored) } };
}

/**
 * @param {Run} run
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ status: number, body: Record<string, unknown> }>}
 */
async function dispatch(run, body) {
  switch (body['action']) {
    case 'create': return create(run, body);
    case 'issue': {
      const stored = await issueInvoice(run, await ownInvoice(run, body));
      await listInPortal(run, stored);
      return { status: 200, body: { success: true, invoice: summary(stored) } };
    }
    case 'void': return voidInvoice(run, body);
    case 'email': return emailInvoice(run, body);
    default: throw new Refusal(400, 'Say what to do: create, issue, void or email.', 'action');
  }
}

export default moneyFunction({
  name: 'invoices', field: 'action', signedOut: 'Sign in to manage invoices.', failed: 'The invoice could not be saved. Please try again.', handle: dispatch,
});
