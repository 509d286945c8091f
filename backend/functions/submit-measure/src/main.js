// submit-measure (issue 31 "Measures"; ../shared/reference/client-portal.md §7): a portal client
// answers a measure the practice sent (measure_requests). The answers are checked and scored here,
// never trusted from the browser, and stored as an immutable measure_responses document (answers
// encrypted; readable by the therapist and the client, changed or deleted by no one).
//
// Body (JSON): {action:'questionnaire', requestId} → 200 {success, status, questionnaire}: the measure
// as a FHIR Questionnaire (lib/measures.js questionnaireOf: the published wording, the attribution in
// `copyright`), for the portal to show exactly; the same 404 as below for anyone but the client.
// {requestId, answers: {q1: 0..3, …, difficulty?: 0..3}}: the answers, in this order:
//   - the request must be the caller's own as its client (404 otherwise) and neither submitted nor withdrawn (409);
//   - every item answered with an integer 0–3, else 400 naming it (field `answers.<linkId>`);
//   - the response is created with the request's id — Appwrite's unique id makes a second submit,
//     even a concurrent one, a 409 —, then the request is marked submitted;
//   - PHQ-9 item 9 above 0 (lib/measures.js scoreMeasure): the request's `alertOpen` is set (Today
//     and the nav's badge show it until the therapist acknowledges it: send-measure), the therapist
//     gets an in-app notification and an email (when SMTP is set) that say no more than "A client's
//     questionnaire needs your attention" (no name, score or instrument), and the answer carries `crisis: true` so the portal shows crisis resources (988)
//     at once, with `country` (the practice's ISO code, null when it has none) so the portal shows
//     the crisis line of the practice's country (988 in the US).
// → 201 {success, response, crisis, country?}. Refusals {success:false, error, field?}: 400, 401, 404, 409, 500.
import { ID, Permission, Query, Role } from 'node-appwrite';
import { appOriginFrom } from '../../lib/app-origin.js';
import { createMailer, smtpFailure, smtpSettingsFromEnv } from '../../lib/smtp-mailer.js';
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { ownedBy } from '../../lib/owned-by.js';
import { answersOf, instrumentOf, measureAlertNotificationId, MeasureAnswerError, questionnaireOf, scoreMeasure } from '../../lib/measures.js';
import { actorFor } from '../../lib/portal-people.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { ID_RE } from '../../lib/ids.js';

/**
 * @typedef {import('../../lib/consent-store.js').Run} Run
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** appwrite.json's timeout for this function. */
const FUNCTION_TIMEOUT_MS = 30_000;

export const SUBMIT_MEASURE_MESSAGES = {
  signIn: 'Sign in to the client portal to answer.',
  request: 'Say which questionnaire you are answering.',
  notFound: 'This questionnaire could not be found.',
  submitted: 'This questionnaire has already been submitted.',
  withdrawn: 'This questionnaire is no longer needed: its appointment was cancelled.',
  failed: 'Your answers could not be saved. Please try again.',
};

/** The therapist's notification: nothing clinical, no name (the link leads to the client). */
export const MEASURE_ALERT_NOTIFICATION = {
  title: "A client's questionnaire needs your attention",
  message: 'Open the client’s page to see it.',
};

/**
 * The therapist's email: the same words and a link to their dashboard (no client id in it).
 * @param {string | null} origin
 */
export function measureAlertEmail(origin) {
  const title = MEASURE_ALERT_NOTIFICATION.title;
  return { subject: title, text: origin ? `${title}.\n\n${origin}/dashboard` : `${title}.` };
}

const RESPONSE_KEYS = ['$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'requestId', 'instrument', 'loincPanel', 'total', 'severity', 'safetyAlert', 'submittedAt', 'relationship', 'submitterName'];

/**
 * The therapist's alert for a response, once: a retry after a failure finds the one already written.
 * @param {Run} run
 * @param {Doc} response
 */
async function alertTherapist({ databases, users, c, log }, response) {
  const therapist = String(response.userId);
  const notificationId = measureAlertNotificationId(response.$id);
  const existing = await databases.listDocuments({
    databaseId: c.databaseId, collectionId: c.notifications, queries: [Query.equal('userId', therapist), Query.equal('notificationId', notificationId), Query.limit(1)],
  });
  if (existing.total > 0) return;
  const origin = appOriginFrom(process.env);
  await databases.createDocument({
    databaseId: c.databaseId, collectionId: c.notifications, documentId: ID.unique(),
    data: {
      userId: therapist, notificationId, type: 'measure_alert', priority: 'high', ...MEASURE_ALERT_NOTIFICATION,
      actionText: 'Open client', actionUrl: origin ? `${origin}/dashboard/clients/${encodeURIComponent(String(response.clientId))}?tab=portal` : null,
      timestamp: String(response.submittedAt), read: false, persistent: true, dismissed: false,
    },
    // The therapist's own roles only, so the panel trusts it (isOwnNotification) and can mark it read or delete it.
    permissions: [Permission.read(Role.user(therapist)), Permission.update(Role.user(therapist)), Permission.delete(Role.user(therapist))],
  });
  // The email goes with the first notification only; the in-app alert stands if it fails.
  await emailTherapist(users, therapist, origin).catch((e) => log(`measure alert email for ${response.$id} not sent: ${smtpFailure(e)}`));
}

/**
 * @param {import('node-appwrite').Users} users
 * @param {string} therapist
 * @param {string | null} origin
 */
async function emailTherapist(users, therapist, origin) {
  const smtp = smtpSettingsFromEnv(process.env);
  if (!smtp) return;
  const to = (await users.get({ userId: therapist })).email;
  if (!to) return;
  const mailer = createMailer(smtp);
  try {
    await mailer.sendMail({ from: { name: 'Cadence', address: smtp.fromAddress }, to, ...measureAlertEmail(origin) });
  } finally {
    mailer.close();
  }
}

/**
 * The practice's country (ISO 3166-1 alpha-2), or null when it has set none: which crisis line the
 * portal shows. Only the therapist's own settings document counts.
 * @param {Run} run
 * @param {string} practice
 */
async function practiceCountry({ databases, c }, practice) {
  const list = await databases.listDocuments({ databaseId: c.databaseId, collectionId: c.practiceSettings, queries: [Query.equal('userId', practice), Query.limit(25)] });
  const country = list.documents.find((d) => ownedBy(d, practice))?.['country'];
  return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
}

export default consentFunction({
  name: 'submit-measure', signedOut: SUBMIT_MEASURE_MESSAGES.signIn, failed: SUBMIT_MEASURE_MESSAGES.failed,
  handle: async (run, body) => {
    const { databases, c, userId, log } = run;
    const requestId = typeof body['requestId'] === 'string' && ID_RE.test(body['requestId']) ? body['requestId'] : '';
    if (!requestId) throw new Refusal(400, SUBMIT_MEASURE_MESSAGES.request, 'requestId');
    const request = await documentOrNull(databases, c.databaseId, c.measureRequests, requestId);
    // Only a login it is shared with (the client or a guardian), still linked: anyone else is told nothing.
    const actor = await actorFor(databases, c, request, userId);
    if (!request || !actor) throw new Refusal(404, SUBMIT_MEASURE_MESSAGES.notFound, 'requestId');
    const practice = String(request.userId);
    const clientId = String(request.clientId);
    const instrument = instrumentOf(request.instrument);
    if (!instrument) throw new Error(`request ${request.$id} names no known instrument`);
    if (body['action'] === 'questionnaire') {
      return { status: 200, body: { success: true, error: null, status: request.status, questionnaire: questionnaireOf(instrument) } };
    }
    if (request.status === 'submitted') throw new Refusal(409, SUBMIT_MEASURE_MESSAGES.submitted);
    if (request.status === 'withdrawn') throw new Refusal(409, SUBMIT_MEASURE_MESSAGES.withdrawn);

    /** @type {Record<string, number>} */
    let answers;
    try {
      answers = answersOf(instrument, body['answers']);
    } catch (e) {
      if (e instanceof MeasureAnswerError) throw new Refusal(400, e.message, `answers.${e.linkId}`);
      throw e;
    }
    const { total, severity, safetyAlert } = scoreMeasure(instrument, answers);
    const submittedAt = appwriteDate(new Date());
    const markSubmitted = (/** @type {string} */ at, /** @type {boolean} */ alert) => databases.updateDocument({
      databaseId: c.databaseId, collectionId: c.measureRequests, documentId: request.$id,
      data: { status: 'submitted', submittedAt: at, responseId: request.$id, ...(alert ? { alertOpen: true } : {}) },
    });
    const response = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.measureResponses, documentId: request.$id,
      data: {
        userId: practice, clientId, clientUserId: userId, requestId: request.$id, instrument: instrument.id, loincPanel: instrument.loincPanel,
        answers: JSON.stringify(answers), total, severity, safetyAlert, submittedAt,
        relationship: actor.relationship, submitterName: (await run.users.get({ userId })).name.slice(0, 128) || null,
      },
      // Read by whoever reads the request (the practice, and the client and/or guardians).
      permissions: request.$permissions.filter((p) => p.startsWith('read(')),
    }).catch(async (/** @type {unknown} */ e) => {
      if (!(e && typeof e === 'object' && 'code' in e && e.code === 409)) throw e;
      // Submitted already. An earlier submit whose last steps failed left the request unmarked or
      // the therapist unalerted: both are brought in line before refusing.
      // A response younger than the function's timeout may be a concurrent submit still at work.
      const existing = await documentOrNull(databases, c.databaseId, c.measureResponses, request.$id);
      if (existing && Date.now() - Date.parse(String(existing['submittedAt'])) > FUNCTION_TIMEOUT_MS) {
        await markSubmitted(String(existing['submittedAt']), existing['safetyAlert'] === true).catch(() => undefined);
        if (existing['safetyAlert'] === true) await alertTherapist(run, existing).catch(() => undefined);
      }
      throw new Refusal(409, SUBMIT_MEASURE_MESSAGES.submitted);
    });
    await markSubmitted(submittedAt, safetyAlert);
    if (safetyAlert) await alertTherapist(run, response);
    log(`measure request ${request.$id} submitted`);
    // The crisis line must show even if the settings cannot be read: then the portal's default.
    const country = safetyAlert ? await practiceCountry(run, practice).catch(() => null) : null;
    return {
      status: 201,
      body: {
        success: true, error: null, response: Object.fromEntries(RESPONSE_KEYS.map((k) => [k, response[k]])), crisis: safetyAlert,
        ...(safetyAlert ? { country } : {}),
      },
    };
  },
});
