// money-documents (issue 16 "Documents"): the signed-in therapist's invoice, superbill or statement
// as a PDF (pdfkit, text selectable; lib/money-documents.js), for one of their own clients.
//
// Body (JSON) {document, …}:
//   invoice:   invoiceId                → 'INV-0001.pdf'
//   superbill: clientId, from, to       → 'superbill-<from>-<to>.pdf' (attended sessions only)
//   statement: clientId, from, to       → 'statement-<from>-<to>.pdf'
// → 200 {success:true, filename, contentType:'application/pdf', base64}; a superbill also answers
// leftOut: [{appointmentId, date, start, reason, why}], the period's attended sessions it does not
// list (no fee, "No charge", charge voided), for the dashboard to show. No client name in a file
// name. Refusals {success:false, error, field?}: 400, 401, 404 (not the caller's), 500.
import { collectionsFromEnv } from '../../lib/collections.js';
import { invoicePdf, statementPdf, superbillPdf } from '../../lib/money-documents.js';
import { moneyFunction } from '../../lib/money-function.js';
import { dateOf, idOf, Refusal } from '../../lib/money-store.js';

/** @typedef {import('node-appwrite').Databases} Databases */

/** @param {Record<string, unknown>} body */
function period(body) {
  const from = dateOf(body, 'from', 'Enter the first date as YYYY-MM-DD.');
  const to = dateOf(body, 'to', 'Enter the last date as YYYY-MM-DD.');
  if (to < from) throw new Refusal(400, 'The last date must not be before the first.', 'to');
  return { from, to };
}

/**
 * @param {Databases} databases
 * @param {string} userId
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ filename: string, bytes: Buffer, leftOut?: import('../../lib/left-out-sessions.js').LeftOutSession[] }>}
 */
async function build(databases, userId, body) {
  const c = collectionsFromEnv(process.env);
  switch (body['document']) {
    case 'invoice': return invoicePdf(databases, c, userId, idOf(body, 'invoiceId', 'Say which invoice.'));
    case 'superbill': {
      const clientId = idOf(body, 'clientId', 'Choose a client.');
      const { from, to } = period(body);
      return superbillPdf(databases, c, userId, clientId, from, to);
    }
    case 'statement': {
      const clientId = idOf(body, 'clientId', 'Choose a client.');
      const { from, to } = period(body);
      return statementPdf(databases, c, userId, clientId, from, to);
    }
    default: throw new Refusal(400, 'Say which document: invoice, superbill or statement.', 'document');
  }
}

export default moneyFunction({
  name: 'money-documents', field: 'document', signedOut: 'Sign in to download documents.', failed: 'The document could not be made. Please try again.',
  handle: async ({ databases, userId }, body) => {
    const { filename, bytes, leftOut } = await build(databases, userId, body);
    return { status: 200, body: { success: true, filename, contentType: 'application/pdf', base64: bytes.toString('base64'), ...(leftOut ? { leftOut } : {}) } };
  },
});
