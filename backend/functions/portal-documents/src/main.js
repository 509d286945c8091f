// portal-documents (issue 31 "Documents"): a portal client downloads one of their documents — the
// `portal_documents` entry names what it is (lib/portal-documents.js). Only a login the entry is
// shared with (the client's, a guardian's), through a portal link of that practice still in force,
// gets anything; everyone else (another
// client, the therapist, another practice's client) is told 404 and nothing more.
//
// Body (JSON) {documentId} → 200 {success, filename, contentType:'application/pdf', base64}: an
// invoice, statement or superbill made now by the therapist's own generation (lib/money-documents.js,
// so the client gets the same PDF the therapist downloads), the signed consent's stored PDF, or a
// submitted form made by lib/form-pdf.js (the therapist's send-forms pdf is the same), or a delivered
// Good Faith Estimate (lib/good-faith-estimate-pdf.js, the therapist's good-faith-estimates pdf), or a card
// payment's receipt (lib/card-receipts.js).
// Refusals {success:false, error, field?}: 400, 401, 404, 500.
import { receiptPdf } from '../../lib/card-receipts.js';
import { collectionsFromEnv } from '../../lib/collections.js';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { submittedFormFor } from '../../lib/form-pdf.js';
import { gfePdf } from '../../lib/good-faith-estimate-pdf.js';
import { actorFor } from '../../lib/portal-people.js';
import { invoicePdf, statementPdf, superbillPdf } from '../../lib/money-documents.js';
import { Refusal } from '../../lib/note-signing.js';
import { signedConsentsBucketFromEnv } from '../../lib/signed-consents.js';
import { ID_RE } from '../../lib/ids.js';

export const PORTAL_DOCUMENT_MESSAGES = {
  signIn: 'Sign in to the client portal to download your documents.',
  notFound: 'This document could not be found.',
  failed: 'The document could not be downloaded. Please try again.',
};


/** A file name from a title: its words, never the client's name (the titles carry none). @param {string} title */
const fileNameOf = (title) => `${String(title).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'document'}.pdf`;

/**
 * How each kind's PDF is made, for the practice (`userId`) whose entry it is. A kind without a maker
 * here is not downloadable: 404.
 * @type {Partial<Record<string, (run: import('../../lib/consent-store.js').Run, entry: import('node-appwrite').Models.DefaultDocument) => Promise<{ filename: string, bytes: Buffer }>>>}
 */
const MAKERS = {
  invoice: async ({ databases, c }, entry) => invoicePdf(databases, c, String(entry['userId']), String(entry['refId'])),
  statement: async ({ databases, c }, entry) => statementPdf(databases, c, String(entry['userId']), String(entry['clientId']), String(entry['periodStart']), String(entry['periodEnd'])),
  superbill: async ({ databases, c }, entry) => {
    const signatureId = typeof entry['signatureId'] === 'string' ? entry['signatureId'] : '';
    const signature = signatureId ? await documentOrNull(databases, c.databaseId, c.documentSignatures, signatureId) : null;
    if (signature && signature['userId'] !== entry['userId']) throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    return superbillPdf(databases, c, String(entry['userId']), String(entry['clientId']), String(entry['periodStart']), String(entry['periodEnd']), signature);
  },
  consent: async ({ databases, storage, c }, entry) => {
    const request = await documentOrNull(databases, c.databaseId, c.consentRequests, String(entry['refId']));
    const fileId = typeof request?.['fileId'] === 'string' ? request['fileId'] : '';
    if (!request || request['userId'] !== entry['userId'] || !fileId) throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    const bytes = Buffer.from(await storage.getFileDownload({ bucketId: signedConsentsBucketFromEnv(process.env), fileId }));
    return { filename: fileNameOf(`${String(entry['title'])} signed`), bytes };
  },
  // The same generation the therapist's download from the Portal tab uses (send-forms action pdf).
  form: async ({ databases, c }, entry) => {
    const made = await submittedFormFor(databases, c, String(entry['userId']), String(entry['refId']));
    if (!made || made.response['clientId'] !== entry['clientId']) throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    return made;
  },
  // Issue 32: a delivered Good Faith Estimate, drawn from the contents stored with its version.
  gfe: async ({ databases, c }, entry) => {
    const estimate = await documentOrNull(databases, c.databaseId, c.goodFaithEstimates, String(entry['refId']));
    if (!estimate || estimate['userId'] !== entry['userId'] || estimate['clientId'] !== entry['clientId'] || estimate['status'] !== 'delivered') {
      throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    }
    return gfePdf(estimate);
  },
  // Issue 33: a card payment's receipt, drawn from its ledger entry.
  receipt: async ({ databases, c }, entry) => receiptPdf(databases, c, String(entry['userId']), String(entry['clientId']), String(entry['refId'])),
};

export default consentFunction({
  name: 'portal-documents', signedOut: PORTAL_DOCUMENT_MESSAGES.signIn, failed: PORTAL_DOCUMENT_MESSAGES.failed,
  handle: async (run, body) => {
    const { databases, userId } = run;
    const c = collectionsFromEnv(process.env);
    const documentId = typeof body['documentId'] === 'string' && ID_RE.test(body['documentId']) ? body['documentId'] : '';
    if (!documentId) throw new Refusal(400, 'Say which document.', 'documentId');
    const entry = await documentOrNull(databases, c.databaseId, c.portalDocuments, documentId);
    // Shared with the caller (the client, or a guardian when the therapist shared it with guardians),
    // and the link decides too: a revoked guardian, or the old login of a client re-invited under
    // another email, gets nothing more.
    if (!entry || !(await actorFor(databases, c, entry, userId))) throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    const make = MAKERS[String(entry['kind'])];
    if (!make) throw new Refusal(404, PORTAL_DOCUMENT_MESSAGES.notFound, 'documentId');
    const { filename, bytes } = await make(run, entry);
    return { status: 200, body: { success: true, error: null, filename, contentType: 'application/pdf', base64: bytes.toString('base64') } };
  },
});
