// send-forms (issue 31 "Paperwork — Packets, Review"): the therapist's side of forms. Only a
// therapist (not a portal client) calls it, about a client record of their own invited to the portal.
//
// Body (JSON):
//   {action:'templates'} → 200 {success, forms: [{id, title, description, version}], consents: [{id, title, version}]}
//   {action:'send', clientId, items: [{kind:'form', templateId} | {kind:'form', formId} | {kind:'consent', templateId}]}
//     → 201 {success, packet, forms, consents}: a packet in the order given (1–12 items). Each form is
//     copied, exactly as it is now, into its form_requests document (so submit-form validates
//     against the very version sent, whatever the template or the therapist's copy becomes); each
//     consent is a consent_requests document as send-consent writes it. Everything is readable by the
//     therapist and the client's login and written by the functions only.
//   {action:'review', requestId, accepted: [client-record fields]} → 200 {success, request}: the
//     therapist reviewed a submitted form (the fields they copied into the record, which their
//     browser wrote, are recorded with it).
//   {action:'correction', requestId, message} → 200 {success, request}: the form goes back to the
//     client with the therapist's message; the client's next submission is a new round.
//   {action:'pdf', responseId} → 200 {success, filename, contentType:'application/pdf', base64}: a
//     submitted form of the caller's as a PDF, the very one the client downloads from their portal
//     documents (lib/form-pdf.js); 404 for anyone else's.
// Refusals {success:false, error, field?}: 400, 401, 403 (a client), 404 (not the caller's client
// or request), 409 (not invited; a form not in the state the action needs), 500.
import { CONSENT_TEMPLATES } from '../../lib/consent-templates.js';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { submittedFormFor } from '../../lib/form-pdf.js';
import { formRequestSummary } from '../../lib/form-requests.js';
import { FORM_TEMPLATES } from '../../lib/form-templates.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { packetItems, PACKET_MESSAGES, writePacket } from '../../lib/packets.js';
import { CLIENT_LABEL } from '../../lib/portal.js';
import { recipientsOf } from '../../lib/portal-people.js';
import { clientFieldOf, flattenItems } from '../../lib/questionnaire.js';
import { ID_RE } from '../../lib/ids.js';

const MAX_MESSAGE = 2000;

export const SEND_FORMS_MESSAGES = {
  signIn: 'Sign in to send forms.',
  notTherapist: 'Only a practice can send forms.',
  client: 'Choose a client.',
  ...PACKET_MESSAGES,
  notFound: 'This client is not in your practice.',
  notInvited: 'Invite the client to the portal first.',
  requestNotFound: 'This form could not be found.',
  notSubmitted: 'This form has not been submitted.',
  message: `Write a message to the client (at most ${MAX_MESSAGE} characters).`,
  fields: 'Only fields of the client record this form maps to can be accepted.',
  failed: 'The forms could not be sent. Please try again.',
};

/** @typedef {import('../../lib/consent-store.js').Run} Run */

/**
 * The caller's own form request (404 for anyone else).
 * @param {Run} run
 * @param {unknown} requestId
 */
async function ownRequest({ databases, c, userId }, requestId) {
  const id = typeof requestId === 'string' && ID_RE.test(requestId) ? requestId : '';
  const request = id ? await documentOrNull(databases, c.databaseId, c.formRequests, id) : null;
  if (!request || request.userId !== userId) throw new Refusal(404, SEND_FORMS_MESSAGES.requestNotFound, 'requestId');
  return request;
}

export default consentFunction({
  name: 'send-forms', signedOut: SEND_FORMS_MESSAGES.signIn, failed: SEND_FORMS_MESSAGES.failed,
  handle: async (run, body) => {
    const { databases, users, c, userId } = run;
    const caller = await users.get({ userId });
    if (caller.labels.includes(CLIENT_LABEL)) throw new Refusal(403, SEND_FORMS_MESSAGES.notTherapist);
    const action = body['action'] ?? 'send';

    if (action === 'templates') {
      return {
        status: 200,
        body: {
          success: true, error: null,
          forms: FORM_TEMPLATES.map((t) => ({ id: t.id, title: t.title, description: t.description ?? '', version: t.version })),
          consents: CONSENT_TEMPLATES.map((t) => ({ id: t.id, title: t.title, version: t.version })),
        },
      };
    }

    if (action === 'pdf') {
      const responseId = typeof body['responseId'] === 'string' && ID_RE.test(body['responseId']) ? body['responseId'] : '';
      const made = responseId ? await submittedFormFor(databases, c, userId, responseId) : null;
      if (!made) throw new Refusal(404, SEND_FORMS_MESSAGES.requestNotFound, 'responseId');
      return { status: 200, body: { success: true, error: null, filename: made.filename, contentType: 'application/pdf', base64: made.bytes.toString('base64') } };
    }

    if (action === 'review' || action === 'correction') {
      const request = await ownRequest(run, body['requestId']);
      if (request.status !== 'submitted') throw new Refusal(409, SEND_FORMS_MESSAGES.notSubmitted, 'requestId');
      const now = appwriteDate(new Date());
      /** @type {Record<string, unknown>} */
      let data;
      if (action === 'review') {
        const mapped = new Set(flattenItems(JSON.parse(String(request.questionnaire))).map(clientFieldOf).filter(Boolean));
        const accepted = Array.isArray(body['accepted']) ? body['accepted'] : [];
        if (accepted.some((f) => typeof f !== 'string' || !mapped.has(f))) throw new Refusal(400, SEND_FORMS_MESSAGES.fields, 'accepted');
        data = { status: 'reviewed', reviewedAt: now, acceptedFields: [...new Set(/** @type {string[]} */ (accepted))] };
      } else {
        const message = typeof body['message'] === 'string' ? body['message'].trim() : '';
        if (!message || message.length > MAX_MESSAGE) throw new Refusal(400, SEND_FORMS_MESSAGES.message, 'message');
        data = { status: 'correction', correctionMessage: message, round: Number(request.round) + 1, reviewedAt: now };
      }
      const updated = await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.formRequests, documentId: request.$id, data });
      return { status: 200, body: { success: true, error: null, request: formRequestSummary(updated) } };
    }

    if (action !== 'send') throw new Refusal(400, SEND_FORMS_MESSAGES.items, 'action');
    const clientId = typeof body['clientId'] === 'string' && ID_RE.test(body['clientId']) ? body['clientId'] : '';
    if (!clientId) throw new Refusal(400, SEND_FORMS_MESSAGES.client, 'clientId');
    const record = await documentOrNull(databases, c.databaseId, c.clients, clientId);
    if (!record || !ownedBy(record, userId)) throw new Refusal(404, SEND_FORMS_MESSAGES.notFound, 'clientId');
    const to = await recipientsOf(databases, c, userId, record, body['audience']);
    if (!to) throw new Refusal(409, SEND_FORMS_MESSAGES.notInvited, 'clientId');
    const items = await packetItems(run, body['items']);

    const sent = await writePacket(run, { clientId, to, items });
    return {
      status: 201,
      body: { success: true, error: null, ...sent },
    };
  },
});
