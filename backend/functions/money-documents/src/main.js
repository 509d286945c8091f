// money-documents (issue 16 "Documents"): the signed-in therapist's invoice, superbill or statement
// as a PDF (pdfkit, text selectable; lib/money-documents.js), for one of their own clients.
//
// Body (JSON) {document, …}:
//   invoice:   invoiceId                → 'INV-0001.pdf'
//   superbill: clientId, from, to       → 'superbill-<from>-<to>.pdf' (attended sessions only);
//              with sign:true and password, signed electronically by the provider first (a
//              document_signatures record over its content, lib/document-signing.js; the answer
//              carries its signatureId): 401 'The password is incorrect.', 409 without a therapist name
//   verify-superbill: signatureId      → 200 {success:true, verified, signature} (no PDF): whether the
//              superbill for its client and period still has the content it signed; 404 not the caller's
//   statement: clientId, from, to       → 'statement-<from>-<to>.pdf'
//   statement and superbill take share:true: the document is also listed in the client's portal
//              (lib/portal-documents.js; the client is mailed that a new document is there) and the
//              answer carries shared: {documentId, created, mailed}; 409 'Invite the client to the
//              portal first.' (field share) for a client never invited, before anything is signed
// → 200 {success:true, filename, contentType:'application/pdf', base64}; a superbill also answers
// leftOut: [{appointmentId, date, start, reason, why}], the period's attended sessions it does not
// list (no fee, "No charge", charge voided), for the dashboard to show. No client name in a file
// name. Refusals {success:false, error, field?}: 400, 401, 404 (not the caller's), 500.
import { collectionsFromEnv } from '../../lib/collections.js';
import { signSuperbill, verifySuperbill } from '../../lib/document-signing.js';
import { invoicePdf, statementPdf, superbillFor, superbillParts } from '../../lib/money-documents.js';
import { moneyFunction } from '../../lib/money-function.js';
import { dateOf, idOf, Refusal } from '../../lib/money-store.js';
import { passwordOf, signatureOf } from '../../lib/note-signing.js';
import { periodTitle, portalLinkOf, publishPortalDocument } from '../../lib/portal-documents.js';


/** @param {Record<string, unknown>} body */
function period(body) {
  const from = dateOf(body, 'from', 'Enter the first date as YYYY-MM-DD.');
  const to = dateOf(body, 'to', 'Enter the last date as YYYY-MM-DD.');
  if (to < from) throw new Refusal(400, 'The last date must not be before the first.', 'to');
  return { from, to };
}

const SIGNATURE_KEYS = ['userId', 'documentType', 'clientId', 'periodStart', 'periodEnd', 'contentHash', 'signedAt', 'signerName', 'signerCredentials', 'signerLicense'];

/**
 * @param {import('../../lib/money-function.js').Run} run
 * @param {Record<string, unknown>} body
 * @returns {Promise<{ filename: string, bytes: Buffer, signatureId?: string, leftOut?: import('../../lib/left-out-sessions.js').LeftOutSession[] }>}
 */
async function build(run, body) {
  const { databases, userId } = run;
  const c = collectionsFromEnv(process.env);
  switch (body['document']) {
    case 'invoice': return invoicePdf(databases, c, userId, idOf(body, 'invoiceId', 'Say which invoice.'));
    case 'superbill': {
      const clientId = idOf(body, 'clientId', 'Choose a client.');
      const { from, to } = period(body);
      const sign = body['sign'] === true;
      const password = sign ? passwordOf(body) : '';
      const parts = await superbillParts(databases, c, userId, clientId, from, to);
      const signature = sign ? await signSuperbill({ ...run, c, password }, parts) : null;
      const { filename, bytes, leftOut } = await superbillFor(databases, c, userId, parts, signature);
      return { filename, bytes, leftOut, ...(signature ? { signatureId: signature.$id } : {}) };
    }
    case 'statement': {
      const clientId = idOf(body, 'clientId', 'Choose a client.');
      const { from, to } = period(body);
      return statementPdf(databases, c, userId, clientId, from, to);
    }
    default: throw new Refusal(400, 'Say which document: invoice, superbill or statement.', 'document');
  }
}

/**
 * The statement or superbill just made, in the client's portal documents: the client downloads the
 * same generation for the same period (and the same provider signature).
 * @param {import('../../lib/money-function.js').Run} run
 * @param {Record<string, unknown>} body
 * @param {string | null} signatureId
 */
async function shareInPortal(run, body, signatureId) {
  const kind = body['document'] === 'statement' ? 'statement' : 'superbill';
  const clientId = idOf(body, 'clientId', 'Choose a client.');
  const { from, to } = period(body);
  const shared = await publishPortalDocument(run, { userId: run.userId, clientId, kind, title: periodTitle(kind, from, to), periodStart: from, periodEnd: to, signatureId });
  if (!shared) throw new Refusal(409, 'Invite the client to the portal first.', 'share');
  return shared;
}

export default moneyFunction({
  name: 'money-documents', field: 'document', signedOut: 'Sign in to download documents.', failed: 'The document could not be made. Please try again.',
  handle: async (run, body) => {
    if (body['document'] === 'verify-superbill') {
      const c = collectionsFromEnv(process.env);
      const { signature, verified } = await verifySuperbill({ ...run, c }, idOf(body, 'signatureId', 'Say which signature.'), (clientId, from, to) => superbillParts(run.databases, c, run.userId, clientId, from, to));
      return { status: 200, body: { success: true, verified, signature: signatureOf(signature, SIGNATURE_KEYS) } };
    }
    const share = body['share'] === true && (body['document'] === 'statement' || body['document'] === 'superbill');
    // Refused before anything is made or signed: sharing needs the client in the portal.
    if (share && !(await portalLinkOf(run.databases, run.c, run.userId, idOf(body, 'clientId', 'Choose a client.')))) {
      throw new Refusal(409, 'Invite the client to the portal first.', 'share');
    }
    const { filename, bytes, signatureId, leftOut } = await build(run, body);
    const shared = share ? await shareInPortal(run, body, signatureId ?? null) : null;
    return {
      status: 200,
      body: {
        success: true, filename, contentType: 'application/pdf', base64: bytes.toString('base64'), ...(leftOut ? { leftOut } : {}), ...(signatureId ? { signatureId } : {}),
        ...(shared ? { shared: { documentId: shared.document.$id, created: shared.created, mailed: shared.mailed } } : {}),
      },
    };
  },
});
