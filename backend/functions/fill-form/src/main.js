// fill-form (issue 31 "Paperwork — Forms"): a portal client saves and submits a form the practice
// sent (send-forms). The client reads the request — the exact questionnaire, the draft, the
// therapist's correction message — and its responses directly (read permission); only this
// function writes them.
//
// Body (JSON), the caller a login the request is shared with — the client's, or a parent's or
// guardian's acting for them (the response records which: relationship, submitterName) — through a
// portal link still in force (anyone else: 404, told nothing):
//   {action:'save', requestId, answers: {linkId: value}, revision} → 200 {success, revision, savedAt}:
//     the draft (autosave), encrypted. `revision` is the draft revision the browser last had; an
//     older one is 409 {success:false, field:'revision', revision, draft} with the newer draft,
//     so another tab's or device's words are shown, never overwritten unseen. Answers of the wrong
//     kind are refused (400, as below); required questions may still be blank.
//   {action:'submit', requestId, answers} → 201 {success, response}: checked against the very
//     questionnaire sent (lib/questionnaire.js answerProblems: required only while shown, types,
//     choices offered); hidden questions' answers dropped; stored as an immutable
//     QuestionnaireResponse (form_responses, encrypted, id = request + round, so a second submit —
//     even a concurrent one — is 409); the request marked submitted and its draft cleared; the
//     submitted form joins the client's portal documents (kind `form`, its PDF made on download by
//     lib/form-pdf.js) with the PHI-free new-document mail. A file upload's answer is the id of a
//     file the caller uploaded to form_uploads (lib/form-uploads.js): it must still be the caller's
//     own and its bytes a PDF or an image of a kind the item accepts (else 400 at that question);
//     the response holds its valueAttachment (type, size, name, file id) and the file becomes read
//     by whoever reads the response, changed by no one.
// Bad answers: 400 {success:false, error, field: 'answers.<linkId>', problems: [{linkId, message}],
// message, code: 400, type: 'general_argument_invalid'} — the first problem as `error`/`message`
// (Appwrite's own error body has message, code and type). Only while the form is sent or sent back
// for a correction: otherwise 409.
import { consentFunction, documentOrNull } from '../../lib/consent-store.js';
import { messageOf } from '../../lib/execution.js';
import { actorFor } from '../../lib/portal-people.js';
import { formRequestSummary, requestQuestionnaire, responseIdOf } from '../../lib/form-requests.js';
import { appwriteDate, Refusal } from '../../lib/note-signing.js';
import { publishPortalDocument } from '../../lib/portal-documents.js';
import { acceptedTypes, answerProblems, canonicalOf, flattenItems, keptAnswers, toResponse, UPLOAD_MAX_BYTES } from '../../lib/questionnaire.js';
import { formUploadsBucketFromEnv } from '../../lib/form-uploads.js';
import { ownUpload } from '../../lib/uploaded-files.js';
import { ID_RE } from '../../lib/ids.js';

/** form_requests.draft and form_responses.response are 100,000 characters (backend/appwrite.json). */
const MAX_STORED = 100_000;

export const FILL_FORM_MESSAGES = {
  signIn: 'Sign in to the client portal to fill in forms.',
  request: 'Say which form you are filling in.',
  notFound: 'This form could not be found.',
  closed: 'This form has already been submitted.',
  stale: 'This form was changed in another window. Its newer answers are shown.',
  tooLong: 'These answers are too long to save.',
  upload: 'Upload this file again: it is not a PDF or an image this question takes (up to 10 MB).',
  failed: 'Your answers could not be saved. Please try again.',
};

class AnswersRefused extends Refusal {
  /** @param {import('../../lib/questionnaire.js').AnswerProblem[]} problems */
  constructor(problems) {
    const first = problems[0] ?? { linkId: '', message: FILL_FORM_MESSAGES.tooLong };
    super(400, first.message, first.linkId ? `answers.${first.linkId}` : 'answers');
    this.problems = problems;
  }

  /** @override */
  get body() {
    return { ...super.body, problems: this.problems, message: this.message, code: 400, type: 'general_argument_invalid' };
  }
}

/**
 * The submission's uploads, each checked: the caller's own unsent file, its bytes of a kind the item
 * accepts. A file that is not is refused at its question.
 * @param {import('node-appwrite').Storage} storage
 * @param {import('../../lib/questionnaire.js').Questionnaire} questionnaire
 * @param {import('../../lib/questionnaire.js').AnswerValues} values
 * @param {string} userId
 */
async function uploadsOf(storage, questionnaire, values, userId) {
  const bucketId = formUploadsBucketFromEnv(process.env);
  const kept = keptAnswers(questionnaire, values);
  /** @type {import('node-appwrite').Models.File[]} */
  const files = [];
  /** @type {import('../../lib/questionnaire.js').AnswerProblem[]} */
  const problems = [];
  for (const item of flattenItems(questionnaire).filter((i) => i.type === 'attachment' && Object.hasOwn(kept, i.linkId))) {
    const file = await ownUpload(storage, { bucketId, fileId: kept[item.linkId], userId, maxBytes: UPLOAD_MAX_BYTES, types: acceptedTypes(item) });
    if (file && !files.some((f) => f.$id === file.$id)) files.push(file);
    else problems.push({ linkId: item.linkId, message: FILL_FORM_MESSAGES.upload });
  }
  if (problems.length) throw new AnswersRefused(problems);
  const described = new Map(files.map((f) => [f.$id, { contentType: f.mimeType, size: f.sizeOriginal, title: f.name.slice(0, 255) }]));
  return { bucketId, files, described };
}

export default consentFunction({
  name: 'fill-form', signedOut: FILL_FORM_MESSAGES.signIn, failed: FILL_FORM_MESSAGES.failed,
  handle: async ({ databases, users, storage, c, userId, log }, body) => {
    const requestId = typeof body['requestId'] === 'string' && ID_RE.test(body['requestId']) ? body['requestId'] : '';
    if (!requestId) throw new Refusal(400, FILL_FORM_MESSAGES.request, 'requestId');
    const request = await documentOrNull(databases, c.databaseId, c.formRequests, requestId);
    // The client or a guardian the request is shared with, while linked; anyone else is told nothing.
    const actor = await actorFor(databases, c, request, userId);
    if (!request || !actor) throw new Refusal(404, FILL_FORM_MESSAGES.notFound, 'requestId');
    if (request.status !== 'sent' && request.status !== 'correction') throw new Refusal(409, FILL_FORM_MESSAGES.closed);

    const questionnaire = requestQuestionnaire(request);
    const answers = body['answers'];
    const action = body['action'];
    const problems = answerProblems(questionnaire, answers, { partial: action === 'save' });
    if (problems.length) throw new AnswersRefused(problems);
    const values = /** @type {import('../../lib/questionnaire.js').AnswerValues} */ (answers);
    const now = appwriteDate(new Date());

    if (action === 'save') {
      const draft = JSON.stringify(values);
      if (draft.length > MAX_STORED) throw new AnswersRefused([]);
      const stored = Number(request.draftRevision ?? 0);
      if (body['revision'] !== stored) {
        return { status: 409, body: { success: false, error: FILL_FORM_MESSAGES.stale, field: 'revision', revision: stored, draft: JSON.parse(String(request.draft ?? '{}')) } };
      }
      // Two saves at once could both pass the check above; the later write wins, and both came
      // from this client's own typing, so nothing of anyone else's is lost.
      await databases.updateDocument({
        databaseId: c.databaseId, collectionId: c.formRequests, documentId: request.$id, data: { draft, draftRevision: stored + 1, savedAt: now },
      });
      return { status: 200, body: { success: true, error: null, revision: stored + 1, savedAt: now } };
    }

    if (action !== 'submit') throw new Refusal(400, FILL_FORM_MESSAGES.request, 'action');
    const round = Number(request.round) || 1;
    const uploads = await uploadsOf(storage, questionnaire, values, userId);
    const response = toResponse(questionnaire, values, { status: 'completed', authored: now, files: uploads.described });
    const text = JSON.stringify(response);
    if (text.length > MAX_STORED) throw new AnswersRefused([]);
    const stored = await databases.createDocument({
      databaseId: c.databaseId, collectionId: c.formResponses, documentId: responseIdOf(request.$id, round),
      data: {
        userId: request.userId, clientId: request.clientId, clientUserId: userId, requestId: request.$id, round,
        questionnaire: canonicalOf(questionnaire), response: text, submittedAt: now,
        relationship: actor.relationship, submitterName: (await users.get({ userId })).name.slice(0, 128) || null,
      },
      // Immutable: read by whoever reads the request (the practice, and the client and/or guardians), changed by no one.
      permissions: request.$permissions.filter((p) => p.startsWith('read(')),
    }).catch((/** @type {unknown} */ e) => {
      if (e && typeof e === 'object' && 'code' in e && e.code === 409) throw new Refusal(409, FILL_FORM_MESSAGES.closed);
      throw e;
    });
    // The files go with the response: read by its readers, changed by no one.
    for (const file of uploads.files) await storage.updateFile({ bucketId: uploads.bucketId, fileId: file.$id, permissions: stored.$permissions });
    const updated = await databases.updateDocument({
      databaseId: c.databaseId, collectionId: c.formRequests, documentId: request.$id,
      data: { status: 'submitted', submittedAt: now, responseId: stored.$id, draft: null, savedAt: now },
    });
    log(`form request ${request.$id} submitted (round ${round})`);
    // The submitted copy joins the client's documents (its PDF made on download from this response).
    // A failure to list it is logged: the answers are stored and the submit stands.
    await publishPortalDocument({ databases, users, c, log }, {
      userId: String(request.userId), clientId: String(request.clientId), kind: 'form', refId: stored.$id,
      // The submitted copy goes to whoever the form was sent to (the client, their guardians, or both).
      audience: typeof request.audience === 'string' ? request.audience : null,
      title: round > 1 ? `${String(request.title)} (submission ${round})` : String(request.title),
    }).catch((/** @type {unknown} */ e) => log(`form response ${stored.$id} not listed in the portal documents: ${messageOf(e)}`));
    return { status: 201, body: { success: true, error: null, request: formRequestSummary(updated), response: { $id: stored.$id, round, submittedAt: now } } };
  },
});
