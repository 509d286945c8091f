// sign-consent (issue 31 "Paperwork"; ESIGN/UETA, ../shared/reference/client-portal.md §4.2): a portal
// client signs a consent the practice sent (consent_requests): the client's own login (relationship
// `self`) or, when the request is shared with guardians, a parent's or guardian's (relationship
// `guardian`; the certificate says "… (parent/guardian) on behalf of {client}"). Each signer
// accepts the e-records disclosure themself.
//
// Body (JSON): {requestId, signerName, method: 'typed'|'drawn', drawing?: 'data:image/png;base64,…'
// (≤ 100 KB), intent: true}. In this order:
//   - the request must be shared with the caller through a link still in force (404 otherwise) and
//     not signed (409);
//   - the client's consent to electronic records with this practice must be in force (409, field
//     `esign`: esign-consent);
//   - the SHA-256 of the request's exact text is recomputed and must equal its contentHash (409);
//   - the signed PDF (text, signature, certificate page: lib/consent-signing.js) is drawn, then the
//     consent_signatures document is created with the request's id — Appwrite's unique id makes a
//     second signing, even a concurrent one, a 409 —, then the PDF is stored as the `signed_consents`
//     file of the same id (encrypted; read for the therapist and the signer only), then the request
//     is marked signed. A PDF that cannot be stored takes the signature back (500, sign again);
//   - the signed copy is listed in the client's portal documents, which mails the client that a new
//     document is there (lib/portal-documents.js; nothing about what it is).
// → 201 {success, signature, bucketId, fileId}. Refusals {success:false, error, field?}: 400, 401,
// 404, 409, 500. The signature and the file have no update or delete grant for anyone.
import { Permission, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { CONSENT_MESSAGES, authenticationLabel, consentContentHash, signedConsentPdf, signingInputOf } from '../../lib/consent-signing.js';
import { actorFor } from '../../lib/portal-people.js';
import { auditConsent, callerSession, consentFunction, documentOrNull, isEsignConsentInForce, latestEsignRecord, requestEvidence } from '../../lib/consent-store.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { publishPortalDocument } from '../../lib/portal-documents.js';
import { signedConsentsBucketFromEnv } from '../../lib/signed-consents.js';

const SIGNATURE_KEYS = [
  '$id', '$createdAt', '$permissions', 'userId', 'clientId', 'requestId', 'signerUserId', 'signerName', 'signerEmail', 'relationship', 'method',
  'authentication', 'sessionId', 'esignConsentId', 'signedAt', 'ipAddress', 'userAgent', 'title', 'templateId', 'templateVersion', 'contentHash', 'bucketId', 'fileId',
];

export default consentFunction({
  name: 'sign-consent', signedOut: 'Sign in to the client portal to sign.', failed: 'The document could not be signed. Please try again.',
  handle: async (run, body) => {
    const { databases, storage, users, c, userId, req, log } = run;
    const input = signingInputOf(body);
    const request = await documentOrNull(databases, c.databaseId, c.consentRequests, input.requestId);
    // Only a login the request is shared with, still linked (the client or a guardian): anyone else is told nothing.
    const actor = await actorFor(databases, c, request, userId);
    if (!request || !actor) throw new Refusal(404, CONSENT_MESSAGES.requestNotFound, 'requestId');
    if (request.status === 'signed') throw new Refusal(409, CONSENT_MESSAGES.alreadySigned);
    const { link, relationship } = actor;
    const practice = String(request.userId);
    const clientId = String(request.clientId);
    const esign = await latestEsignRecord(run, { userId: practice, clientId, clientUserId: userId });
    if (!esign || !isEsignConsentInForce(esign)) throw new Refusal(409, CONSENT_MESSAGES.noEsignConsent, 'esign');

    const consent = { title: String(request.title), body: String(request.body) };
    const contentHash = consentContentHash(consent);
    if (contentHash !== request.contentHash) throw new Refusal(409, CONSENT_MESSAGES.changed);

    const [session, signer] = await Promise.all([callerSession(run), users.get({ userId })]);
    const bucketId = signedConsentsBucketFromEnv(process.env);
    const signatureId = request.$id;
    const signature = {
      userId: practice, clientId, requestId: request.$id, signerUserId: userId, signerName: input.signerName, signerEmail: signer.email || null,
      relationship, method: input.method, signatureImage: input.drawingDataUrl,
      authentication: session.provider.slice(0, 40), sessionId: session.sessionId, esignConsentId: esign.$id,
      signedAt: appwriteDate(new Date()), ...requestEvidence(req),
      title: consent.title, templateId: String(request.templateId), templateVersion: String(request.templateVersion), contentHash, bucketId, fileId: signatureId,
    };
    const pdf = await signedConsentPdf({
      signatureId, practiceName: String(link.practiceName), body: consent.body, drawing: input.drawing, clientName: String(link.personName ?? ''),
      request: { title: consent.title, templateId: signature.templateId, templateVersion: signature.templateVersion, sentAt: String(request.sentAt) },
      signature: { ...signature, signerEmail: signature.signerEmail ?? '', authentication: authenticationLabel(session.provider) },
      esignConsent: { disclosureVersion: String(esign.disclosureVersion), at: String(esign.at) },
    });

    const readers = [Permission.read(Role.user(practice)), Permission.read(Role.user(userId))];
    const markSigned = (/** @type {string} */ signedAt) => databases.updateDocument({
      databaseId: c.databaseId, collectionId: c.consentRequests, documentId: request.$id, data: { status: 'signed', signedAt, signatureId, fileId: signatureId },
    });
    const stored = await databases.createDocument({ databaseId: c.databaseId, collectionId: c.consentSignatures, documentId: signatureId, data: signature, permissions: readers })
      .catch(async (/** @type {unknown} */ e) => {
        if (!(e && typeof e === 'object' && 'code' in e && e.code === 409)) throw e;
        // Signed already. An earlier signing whose last step failed left the request unmarked: once
        // its signature and PDF are both there (a concurrent one may still be storing its PDF), the
        // request is brought in line before refusing.
        const existing = await documentOrNull(databases, c.databaseId, c.consentSignatures, signatureId);
        const file = existing ? await storage.getFile({ bucketId, fileId: signatureId }).catch(() => null) : null;
        if (existing && file) await markSigned(String(existing['signedAt'])).catch(() => undefined);
        throw new Refusal(409, CONSENT_MESSAGES.alreadySigned);
      });
    try {
      await storage.createFile({ bucketId, fileId: signatureId, file: InputFile.fromBuffer(pdf, 'signed-consent.pdf'), permissions: readers });
    } catch (e) {
      await databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.consentSignatures, documentId: signatureId }).catch(() => undefined);
      throw e;
    }
    await markSigned(signature.signedAt);
    await auditConsent(run, practice, { action: 'consent.sign', entityType: 'consent_signature', entityId: signatureId });
    // The signed copy joins the client's documents (and its email says only that there is one).
    await publishPortalDocument(run, { userId: practice, clientId, kind: 'consent', refId: request.$id, title: consent.title, audience: request.audience })
      .catch((/** @type {unknown} */ e) => log(`signed consent ${request.$id} not listed in the portal: ${e instanceof Error ? e.message : String(e)}`));
    log(`consent request ${request.$id} signed (${input.method}, ${pdf.length} bytes)`);
    return { status: 201, body: { success: true, error: null, signature: Object.fromEntries(SIGNATURE_KEYS.map((k) => [k, stored[k]])), bucketId, fileId: signatureId } };
  },
});
