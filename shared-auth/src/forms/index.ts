// Cadence's forms model for the browser (issue 31): the very module the fill-form and send-forms
// functions validate with (backend/functions/lib/questionnaire.js, plain JavaScript with JSDoc
// types, which the functions load as is) and the shipped templates, so the portal shows and
// checks exactly what the server accepts. A subpath of its own, not part of the shared-auth
// singleton: only the remotes' form chunks load it.
export {
  acceptAttribute, acceptedTypes, ANSWER_LIMITS, answerProblems, answerText, attachmentsOf, canonicalOf, fileSizeText, MIME_TYPE_EXTENSION, UPLOAD_KINDS, UPLOAD_MAX_BYTES, UPLOAD_TYPES, CLIENT_FIELD_EXTENSION, clientFieldOf, conditionHolds, enabledItems, flattenItems,
  isCalendarDate, isQuestion, ITEM_TYPES, keptAnswers, OPERATORS, progressOf, questionnaireProblems, requiredMessage, toResponse, valuesOf,
  type AnswerProblem, type Attachment, type AnswerValue, type AnswerValues, type EnableWhen, type ItemType, type Operator, type Questionnaire, type QuestionnaireItem,
  type QuestionnaireResponse, type ResponseItem,
} from '../../../backend/functions/lib/questionnaire.js';

/** The bucket clients upload form answers' files to (backend/appwrite.json `form_uploads`, 10 MB). */
export const FORM_UPLOADS_BUCKET = 'form_uploads';
