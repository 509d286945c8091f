// send-measure (issue 31 "Measures"): the therapist asks one of their portal clients to answer an
// outcome measure (PHQ-9, GAD-7, PHQ-2, GAD-2: lib/measures.js). A measure_requests document records
// it, readable by the therapist and the client's login and written by no one but the functions (no
// collection permissions, no update/delete grants): only submit-measure marks it submitted.
//
// Body (JSON), the caller a therapist (not a portal client):
//   {clientId, instrument: 'phq-9'|'gad-7'|'phq-2'|'gad-2'} → 201 {success, request}
// The client record must be the caller's own and linked to the portal (invite-client), as for
// send-consent. Refusals {success:false, error, field?}: 400, 401, 403 (a client), 404 (not the
// caller's client), 409 (not invited to the portal), 500.
import { ID, Permission, Role } from 'node-appwrite';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { instrumentOf } from '../../lib/measures.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { CLIENT_LABEL } from '../../lib/portal.js';

const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

export const SEND_MEASURE_MESSAGES = {
  signIn: 'Sign in to send a questionnaire.',
  notTherapist: 'Only a practice can send questionnaires.',
  client: 'Choose a client.',
  instrument: 'Choose a questionnaire to send.',
  notFound: 'This client is not in your practice.',
  notInvited: 'Invite the client to the portal first.',
  failed: 'The questionnaire could not be sent. Please try again.',
};

/** @param {import('node-appwrite').Models.DefaultDocument} request */
export const measureRequestSummary = (request) => Object.fromEntries(
  ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'instrument', 'status', 'sentAt', 'submittedAt', 'responseId'].map((k) => [k, request[k]]),
);

export default consentFunction({
  name: 'send-measure', signedOut: SEND_MEASURE_MESSAGES.signIn, failed: SEND_MEASURE_MESSAGES.failed,
  handle: async ({ databases, users, c, userId }, body) => {
    const caller = await users.get({ userId });
    if (caller.labels.includes(CLIENT_LABEL)) throw new Refusal(403, SEND_MEASURE_MESSAGES.notTherapist);
    const clientId = typeof body['clientId'] === 'string' && ID_RE.test(body['clientId']) ? body['clientId'] : '';
    if (!clientId) throw new Refusal(400, SEND_MEASURE_MESSAGES.client, 'clientId');
    const instrument = instrumentOf(body['instrument']);
    if (!instrument) throw new Refusal(400, SEND_MEASURE_MESSAGES.instrument, 'instrument');

    const record = await documentOrNull(databases, c.databaseId, c.clients, clientId);
    if (!record || !ownedBy(record, userId)) throw new Refusal(404, SEND_MEASURE_MESSAGES.notFound, 'clientId');
    const link = await documentOrNull(databases, c.databaseId, c.portalAccess, clientId);
    if (!link || link.userId !== userId) throw new Refusal(409, SEND_MEASURE_MESSAGES.notInvited, 'clientId');
    const clientUserId = String(link.clientUserId);

    const request = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.measureRequests, documentId: ID.unique(),
      data: { userId, clientId, clientUserId, instrument: instrument.id, status: 'sent', sentAt: appwriteDate(new Date()) },
      // Read-only for both: only submit-measure marks it submitted.
      permissions: [Permission.read(Role.user(userId)), Permission.read(Role.user(clientUserId))],
    });
    return { status: 201, body: { success: true, error: null, request: measureRequestSummary(request) } };
  },
});
