// send-measure (issue 31 "Measures"): the therapist asks one of their portal clients to answer an
// outcome measure (PHQ-9, GAD-7, PHQ-2, GAD-2: lib/measures.js). A measure_requests document records
// it, readable by the therapist and the client's login and written by no one but the functions (no
// collection permissions, no update/delete grants): only submit-measure marks it submitted.
//
// Body (JSON), the caller a therapist (not a portal client):
//   {clientId, instrument: 'phq-9'|'gad-7'|'phq-2'|'gad-2'} → 201 {success, request}: sent once;
//   {action:'schedule', clientId, instrument, cadence: 'every'|'every_other'|'none'} → 200
//     {success, schedule}: before every / every other appointment (lib/measure-schedule.js; the
//     send-reminders schedule sends them), 'none' stops it (schedule null);
//   {action:'acknowledge', requestId} → 200 {success}: the therapist has seen a PHQ-9 item-9 alert
//     (alertOpen false, acknowledgedAt), which takes it off Today and the nav's badge, and its in-app
//     notification is marked read.
// The client record must be the caller's own and linked to the portal (invite-client), as for
// send-consent. Refusals {success:false, error, field?}: 400, 401, 403 (a client), 404 (not the
// caller's client or request), 409 (not invited to the portal), 500.
import { ID, Permission, Query, Role } from 'node-appwrite';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { scheduleIdOf } from '../../lib/measure-schedule.js';
import { instrumentOf, measureAlertNotificationId } from '../../lib/measures.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ownedBy } from '../../lib/owned-by.js';
import { CLIENT_LABEL } from '../../lib/portal.js';
import { recipientsOf } from '../../lib/portal-people.js';
import { ID_RE } from '../../lib/ids.js';


export const SEND_MEASURE_MESSAGES = {
  signIn: 'Sign in to send a questionnaire.',
  notTherapist: 'Only a practice can send questionnaires.',
  client: 'Choose a client.',
  instrument: 'Choose a questionnaire to send.',
  notFound: 'This client is not in your practice.',
  notInvited: 'Invite the client to the portal first.',
  cadence: 'Choose how often to send it.',
  request: 'This questionnaire could not be found.',
  failed: 'The questionnaire could not be sent. Please try again.',
};

/** @param {import('node-appwrite').Models.DefaultDocument} request */
export const measureRequestSummary = (request) => Object.fromEntries(
  ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'audience', 'instrument', 'status', 'sentAt', 'submittedAt', 'responseId', 'dueAt', 'appointmentId', 'alertOpen', 'acknowledgedAt'].map((k) => [k, request[k]]),
);

/**
 * The therapist has seen an item-9 alert: it leaves Today and the badge. Only their own request.
 * @param {import('node-appwrite').Databases} databases
 * @param {import('../../lib/collections.js').Collections} c
 * @param {string} userId
 * @param {unknown} requestId
 */
async function acknowledge(databases, c, userId, requestId) {
  const id = typeof requestId === 'string' && ID_RE.test(requestId) ? requestId : '';
  if (!id) throw new Refusal(400, SEND_MEASURE_MESSAGES.request, 'requestId');
  const request = await documentOrNull(databases, c.databaseId, c.measureRequests, id);
  if (!request || request.userId !== userId) throw new Refusal(404, SEND_MEASURE_MESSAGES.request, 'requestId');
  if (request.alertOpen === true) {
    await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.measureRequests, documentId: id, data: { alertOpen: false, acknowledgedAt: appwriteDate(new Date()) } });
  }
  // The in-app notification submit-measure wrote for it is read now too (it is the same alert).
  const notificationId = measureAlertNotificationId(String(request.responseId ?? '') || id);
  const notifications = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.notifications, queries: [Query.equal('userId', userId), Query.equal('notificationId', notificationId), Query.limit(10)],
  });
  for (const notification of notifications.documents) {
    if (notification.read !== true && ownedBy(notification, userId)) {
      await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.notifications, documentId: notification.$id, data: { read: true } });
    }
  }
  return { status: 200, body: { success: true, error: null } };
}

export default consentFunction({
  name: 'send-measure', signedOut: SEND_MEASURE_MESSAGES.signIn, failed: SEND_MEASURE_MESSAGES.failed,
  handle: async ({ databases, users, c, userId }, body) => {
    const caller = await users.get({ userId });
    if (caller.labels.includes(CLIENT_LABEL)) throw new Refusal(403, SEND_MEASURE_MESSAGES.notTherapist);
    if (body['action'] === 'acknowledge') return acknowledge(databases, c, userId, body['requestId']);
    const clientId = typeof body['clientId'] === 'string' && ID_RE.test(body['clientId']) ? body['clientId'] : '';
    if (!clientId) throw new Refusal(400, SEND_MEASURE_MESSAGES.client, 'clientId');
    const instrument = instrumentOf(body['instrument']);
    if (!instrument) throw new Refusal(400, SEND_MEASURE_MESSAGES.instrument, 'instrument');

    const record = await documentOrNull(databases, c.databaseId, c.clients, clientId);
    if (!record || !ownedBy(record, userId)) throw new Refusal(404, SEND_MEASURE_MESSAGES.notFound, 'clientId');
    const to = await recipientsOf(databases, c, userId, record, body['audience']);
    if (!to) throw new Refusal(409, SEND_MEASURE_MESSAGES.notInvited, 'clientId');

    if (body['action'] === 'schedule') {
      const cadence = body['cadence'];
      const scheduleId = scheduleIdOf(clientId, instrument.id);
      if (cadence === 'none') {
        await databases.deleteDocument({ databaseId: c.databaseId, collectionId: c.measureSchedules, documentId: scheduleId }).catch((e) => {
          if (!(e && typeof e === 'object' && 'code' in e && e.code === 404)) throw e;
        });
        return { status: 200, body: { success: true, error: null, schedule: null } };
      }
      if (cadence !== 'every' && cadence !== 'every_other') throw new Refusal(400, SEND_MEASURE_MESSAGES.cadence, 'cadence');
      const data = { userId, clientId, instrument: instrument.id, cadence };
      const existing = await documentOrNull(databases, c.databaseId, c.measureSchedules, scheduleId);
      // The therapist's to read; only this function writes it.
      const schedule = existing
        ? await databases.updateDocument({ databaseId: c.databaseId, collectionId: c.measureSchedules, documentId: scheduleId, data })
        : await databases.createDocument({ databaseId: c.databaseId, collectionId: c.measureSchedules, documentId: scheduleId, data, permissions: [Permission.read(Role.user(userId))] });
      return { status: 200, body: { success: true, error: null, schedule: Object.fromEntries(['$id', '$createdAt', 'clientId', 'instrument', 'cadence'].map((k) => [k, schedule[k]])) } };
    }

    const request = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.measureRequests, documentId: ID.unique(),
      data: { userId, clientId, clientUserId: to.clientUserId, audience: to.audience, instrument: instrument.id, status: 'sent', sentAt: appwriteDate(new Date()) },
      // Read-only for all: only submit-measure marks it submitted.
      permissions: to.permissions,
    });
    return { status: 201, body: { success: true, error: null, request: measureRequestSummary(request) } };
  },
});
