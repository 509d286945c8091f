// What send-forms and fill-form share (issue 31 "Paperwork — Forms, Packets, Review"): the form
// request a client fills, as both sides may see it, and the stored questionnaire read back.
import { questionnaireProblems } from './questionnaire.js';

/** @typedef {import('node-appwrite').Models.DefaultDocument} Doc */

/** The form_requests fields an answer carries (never the draft: only its reader's own read of the document shows it). */
const SUMMARY_KEYS = [
  '$id', '$createdAt', '$permissions', 'userId', 'clientId', 'clientUserId', 'packetId', 'formRef', 'formVersion', 'title', 'status',
  'sentAt', 'savedAt', 'submittedAt', 'round', 'responseId', 'reviewedAt', 'acceptedFields', 'draftRevision',
];

/** @param {Doc} request */
export const formRequestSummary = (request) => Object.fromEntries(SUMMARY_KEYS.map((k) => [k, request[k] ?? null]));

/** The response of a request's round: one per round, so a second submit (even concurrent) is Appwrite's 409. */
export const responseIdOf = (/** @type {string} */ requestId, /** @type {number} */ round) => `${requestId}-r${round}`;

/**
 * The exact questionnaire a request was sent with.
 * @param {Doc} request
 * @returns {import('./questionnaire.js').Questionnaire}
 */
export function requestQuestionnaire(request) {
  const q = JSON.parse(String(request.questionnaire));
  const problems = questionnaireProblems(q);
  if (problems.length) throw new Error(`form request ${request.$id} holds a broken form: ${problems[0]}`);
  return q;
}
