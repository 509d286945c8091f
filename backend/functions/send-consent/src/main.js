// send-consent (issue 31 "Paperwork"): the therapist sends one of their clients a consent to sign in
// the portal. The exact text — a version of a Cadence template (lib/consent-templates.js) or the
// therapist's own title and body — is copied into a consent_requests document with the SHA-256 of
// that text (lib/consent-signing.js consentText), readable by the therapist and the client's login
// and written by no one but the functions (no collection permissions, no update/delete grants).
//
// Body (JSON), the caller a therapist (not a portal client):
//   {action:'templates'}                             → 200 {success, templates:[{id, version, title, body}]}
//   {clientId, templateId, version?}                 → 201 {success, request} (version: the newest if absent)
//   {clientId, templateId:'custom', title, body}     → 201 the therapist's own text (title ≤ 200, body ≤ 50,000)
// The client record must be the caller's own and linked to the portal (invite-client).
// Refusals {success:false, error, field?}: 400, 401, 403 (a client), 404 (not the caller's client,
// or no such template), 409 (not invited to the portal), 500.
import { ID } from 'node-appwrite';
import { CONSENT_TEMPLATES, CUSTOM_TEMPLATE_ID, consentTemplate } from '../../lib/consent-templates.js';
import { consentContentHash, customConsentOf } from '../../lib/consent-signing.js';
import { auditConsent, consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { CLIENT_LABEL } from '../../lib/portal.js';
import { recipientsOf } from '../../lib/portal-people.js';
import { ID_RE } from '../../lib/ids.js';


export const SEND_MESSAGES = {
  signIn: 'Sign in to send documents.',
  notTherapist: 'Only a practice can send documents to sign.',
  client: 'Choose a client.',
  notFound: 'This client is not in your practice.',
  template: 'Choose a document to send.',
  notInvited: 'Invite the client to the portal first.',
  failed: 'The document could not be sent. Please try again.',
};

/** @param {import('node-appwrite').Models.DefaultDocument} request */
export const requestSummary = (request) => Object.fromEntries(
  ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'audience', 'templateId', 'templateVersion', 'title', 'contentHash', 'status', 'sentAt'].map((k) => [k, request[k]]),
);

export default consentFunction({
  name: 'send-consent', signedOut: SEND_MESSAGES.signIn, failed: SEND_MESSAGES.failed,
  handle: async (run, body) => {
    const { databases, users, c, userId } = run;
    const caller = await users.get({ userId });
    if (caller.labels.includes(CLIENT_LABEL)) throw new Refusal(403, SEND_MESSAGES.notTherapist);
    if (body['action'] === 'templates') return { status: 200, body: { success: true, templates: CONSENT_TEMPLATES } };

    const clientId = typeof body['clientId'] === 'string' && ID_RE.test(body['clientId']) ? body['clientId'] : '';
    if (!clientId) throw new Refusal(400, SEND_MESSAGES.client, 'clientId');
    const templateId = typeof body['templateId'] === 'string' ? body['templateId'] : '';
    const now = appwriteDate(new Date());
    /** @type {{ title: string, body: string, version: string }} */
    let consent;
    if (templateId === CUSTOM_TEMPLATE_ID) {
      // A therapist's own text has no version of Cadence's: the time it was sent names it.
      consent = { ...customConsentOf(body), version: now.slice(0, 19).replace('T', ' ') };
    } else {
      const version = typeof body['version'] === 'string' ? body['version'] : undefined;
      const template = templateId ? consentTemplate(templateId, version) : null;
      if (!template) throw new Refusal(templateId ? 404 : 400, SEND_MESSAGES.template, 'templateId');
      consent = { title: template.title, body: template.body, version: template.version };
    }

    const record = await documentOrNull(databases, c.databaseId, c.clients, clientId);
    if (!record || !ownedBy(record, userId)) throw new Refusal(404, SEND_MESSAGES.notFound, 'clientId');
    const to = await recipientsOf(databases, c, userId, record, body['audience']);
    if (!to) throw new Refusal(409, SEND_MESSAGES.notInvited, 'clientId');

    const request = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.consentRequests, documentId: ID.unique(),
      data: {
        userId, clientId, clientUserId: to.clientUserId, audience: to.audience, templateId: templateId || CUSTOM_TEMPLATE_ID, templateVersion: consent.version,
        title: consent.title, body: consent.body, contentHash: consentContentHash(consent), status: 'sent', sentAt: now,
      },
      // Read-only for all: only sign-consent marks it signed.
      permissions: to.permissions,
    });
    await auditConsent(run, userId, { action: 'consent.send', entityType: 'consent_request', entityId: request.$id });
    return { status: 201, body: { success: true, error: null, request: requestSummary(request) } };
  },
});
