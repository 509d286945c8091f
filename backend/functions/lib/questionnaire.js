import { ATTRIBUTE_RENAMES } from './attribute-renames.js';
import { ID_RE } from './ids.js';
// Cadence's forms (issue 31 "Paperwork — Forms"): a versioned, FHIR-Questionnaire-shaped definition
// and its QuestionnaireResponse-shaped answers. One pure module for the three places that read a
// form — the portal's renderer, the therapist's review and the submit-form function's validation —
// so the browser shows exactly what the server will accept. Plain JavaScript with JSDoc types: the
// functions load it as it is, the remotes through `@cadence/shared-auth/forms`.
//
// Item types: FHIR R4's group, display, string, text, boolean, choice, open-choice, date, integer,
// attachment, plus `signature` (Cadence's own: a typed full name; FHIR has no such type). An
// attachment's answer, while the form is filled, is the id of a file the client uploaded to the
// form_uploads bucket (lib/form-uploads.js); the submitted response holds FHIR's `valueAttachment`
// (contentType, size, title) with that id in Cadence's file-id extension — never a URL. The kinds of
// file an item accepts are FHIR's mimeType extension (valueCode), none meaning every kind the bucket takes.
//
// enableWhen follows FHIR R4/R5: an item is shown when its conditions hold (enableBehavior `all`,
// the default when there is one condition, or `any`); a condition on a question that is itself
// hidden sees no answer; `exists` true/false asks whether there is an answer; with no answer every
// other operator is false except `!=`, which is true (no answer equals the value — R5's reading);
// `>`, `<`, `>=`, `<=` compare integers as numbers and dates/strings as text (ISO dates sort as text).
// A hidden item is never required and its answers are dropped, not refused: what the client typed
// before changing their mind is not an error.

/** The extension that maps an item to a field of the client record, which Review uses. */
export const CLIENT_FIELD_EXTENSION = 'https://cadence.app/fhir/StructureDefinition/client-field';

export const ITEM_TYPES = /** @type {const} */ (['group', 'display', 'string', 'text', 'boolean', 'choice', 'open-choice', 'date', 'integer', 'attachment', 'signature']);
/** FHIR's extension naming a kind of file an attachment item accepts (one per kind). */
export const MIME_TYPE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/mimeType';
/** Cadence's extension on a valueAttachment: the form_uploads file it is (read through Storage, never a URL). */
export const FILE_ID_EXTENSION = 'https://cadence.app/fhir/StructureDefinition/file-id';
/** The kinds a form upload may be (their bytes, as Storage reads them): PDFs and photos. */
export const UPLOAD_TYPES = /** @type {const} */ (['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp']);
/** 10 MB: a phone photo of a card, or a scanned letter (the form_uploads bucket's own limit too). */
export const UPLOAD_MAX_BYTES = 10_000_000;
/** How an item names its accepted kinds in the editor: a PDF, or an image of any of these types. */
export const UPLOAD_KINDS = /** @type {const} */ ({ pdf: ['application/pdf'], image: ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp'] });
export const OPERATORS = /** @type {const} */ (['exists', '=', '!=', '>', '<', '>=', '<=']);

/** Lengths the answers are held to (the stored response is one encrypted attribute). */
export const ANSWER_LIMITS = { string: 500, text: 10_000, signature: 200, integer: 1_000_000_000 };

/**
 * @typedef {(typeof ITEM_TYPES)[number]} ItemType
 * @typedef {(typeof OPERATORS)[number]} Operator
 * @typedef {{ code: string, display: string }} Coding
 * @typedef {{ valueCoding: Coding }} AnswerOption
 * @typedef {{ url: string, valueString?: string, valueCode?: string }} Extension
 * @typedef {{ contentType: string, size: number, title: string, extension: Extension[] }} Attachment
 * @typedef {{
 *   question: string, operator: Operator,
 *   answerBoolean?: boolean, answerString?: string, answerInteger?: number, answerDate?: string, answerCoding?: { code: string },
 * }} EnableWhen
 * @typedef {{
 *   linkId: string, text?: string, type: ItemType, required?: boolean, readOnly?: boolean, maxLength?: number,
 *   answerOption?: AnswerOption[], enableWhen?: EnableWhen[], enableBehavior?: 'all' | 'any',
 *   extension?: Extension[], item?: QuestionnaireItem[],
 * }} QuestionnaireItem
 * @typedef {{
 *   resourceType: 'Questionnaire', id?: string, url: string, version: string, name?: string, title: string,
 *   status: 'draft' | 'active' | 'retired', description?: string, item: QuestionnaireItem[],
 * }} Questionnaire
 * @typedef {string | number | boolean} AnswerValue
 * @typedef {Record<string, AnswerValue>} AnswerValues
 * @typedef {{
 *   valueString?: string, valueBoolean?: boolean, valueInteger?: number, valueDate?: string, valueCoding?: Coding, valueAttachment?: Attachment,
 * }} ResponseAnswer
 * @typedef {{ linkId: string, text?: string, answer?: ResponseAnswer[], item?: ResponseItem[] }} ResponseItem
 * @typedef {{
 *   resourceType: 'QuestionnaireResponse', questionnaire: string, status: 'in-progress' | 'completed', authored?: string, item: ResponseItem[],
 * }} QuestionnaireResponse
 * @typedef {{ linkId: string, message: string }} AnswerProblem
 */

/** @param {QuestionnaireItem} item */
export const isQuestion = (item) => item.type !== 'group' && item.type !== 'display';

/**
 * Every item in document order, groups before their children.
 * @param {{ item?: QuestionnaireItem[] }} parent
 * @returns {QuestionnaireItem[]}
 */
export function flattenItems(parent) {
  /** @type {QuestionnaireItem[]} */
  const out = [];
  for (const item of parent.item ?? []) {
    out.push(item);
    out.push(...flattenItems(item));
  }
  return out;
}

/** The client record's renamed fields, old key → new (a form sent before a rename names the old one). */
const RENAMED_CLIENT_FIELDS = new Map(ATTRIBUTE_RENAMES.filter((r) => r.collectionId === 'clients').map((r) => [r.from, r.to]));

/** @param {QuestionnaireItem} item @returns {string | null} the client-record field the item maps to (by its current key) */
export function clientFieldOf(item) {
  const found = item.extension?.find((e) => e.url === CLIENT_FIELD_EXTENSION)?.valueString;
  return found ? (RENAMED_CLIENT_FIELDS.get(found) ?? found) : null;
}

/**
 * The kinds of file an attachment item accepts: its mimeType extensions, or every upload type.
 * @param {QuestionnaireItem} item
 * @returns {string[]}
 */
export function acceptedTypes(item) {
  const named = (item.extension ?? []).filter((e) => e.url === MIME_TYPE_EXTENSION).map((e) => String(e.valueCode));
  return named.length ? named : [...UPLOAD_TYPES];
}

/** `url|version`, the FHIR canonical a response names its questionnaire by. */
export const canonicalOf = (/** @type {Questionnaire} */ q) => `${q.url}|${q.version}`;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const LINK_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** @param {unknown} value @returns {value is string} a real calendar day, YYYY-MM-DD */
export function isCalendarDate(value) {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
}

/** The extensions the form_uploads bucket takes, by type (a phone may label a HEIC photo by its name only). */
const UPLOAD_EXTENSIONS = /** @type {Record<string, string[]>} */ ({
  'application/pdf': ['.pdf'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/heic': ['.heic'], 'image/heif': [], 'image/webp': ['.webp'],
});

/**
 * A file input's `accept` for an attachment item: its types and their extensions (a phone offers
 * its camera when images are accepted).
 * @param {QuestionnaireItem} item
 */
export const acceptAttribute = (item) => acceptedTypes(item).flatMap((type) => [type, ...(UPLOAD_EXTENSIONS[type] ?? [])]).join(',');

/**
 * Problems with a questionnaire itself (the editor's and send-form's check): unique, well-formed
 * linkIds, known types, options on choices, conditions that point at an earlier question with a
 * value of the right kind. Empty when it is fine.
 * @param {unknown} input
 * @returns {string[]}
 */
export function questionnaireProblems(input) {
  if (!input || typeof input !== 'object') return ['A form must be an object.'];
  const q = /** @type {Partial<Questionnaire>} */ (input);
  /** @type {string[]} */
  const problems = [];
  if (q.resourceType !== 'Questionnaire') problems.push('resourceType must be Questionnaire.');
  if (typeof q.title !== 'string' || !q.title.trim()) problems.push('A form needs a title.');
  if (typeof q.url !== 'string' || !q.url) problems.push('A form needs a url.');
  if (typeof q.version !== 'string' || !q.version) problems.push('A form needs a version.');
  if (!Array.isArray(q.item) || q.item.length === 0) return [...problems, 'A form needs at least one item.'];
  /** @type {Map<string, QuestionnaireItem>} */
  const seen = new Map();
  for (const item of flattenItems(/** @type {{ item: QuestionnaireItem[] }} */ (q))) {
    if (!item || typeof item !== 'object' || typeof item.linkId !== 'string' || !LINK_ID_RE.test(item.linkId)) {
      problems.push('Every item needs a linkId of letters, digits, dots, dashes or underscores.');
      continue;
    }
    if (seen.has(item.linkId)) problems.push(`linkId ${item.linkId} is used twice.`);
    if (!ITEM_TYPES.includes(item.type)) problems.push(`${item.linkId}: unknown type ${String(item.type)}.`);
    if (item.type !== 'group' && (item.item?.length ?? 0) > 0) problems.push(`${item.linkId}: only a group has items.`);
    if ((item.type === 'choice' || item.type === 'open-choice') && !(item.answerOption?.length)) problems.push(`${item.linkId}: a choice needs options.`);
    if (isQuestion(item) && !(typeof item.text === 'string' && item.text.trim())) problems.push(`${item.linkId}: a question needs text.`);
    if (item.type === 'attachment' && acceptedTypes(item).some((t) => !(/** @type {readonly string[]} */ (UPLOAD_TYPES)).includes(t))) {
      problems.push(`${item.linkId}: a file upload takes PDFs and images only.`);
    }
    for (const condition of item.enableWhen ?? []) {
      const target = seen.get(condition.question);
      if (!target || !isQuestion(target)) problems.push(`${item.linkId}: show-if must name an earlier question.`);
      if (!OPERATORS.includes(condition.operator)) problems.push(`${item.linkId}: unknown operator ${String(condition.operator)}.`);
    }
    seen.set(item.linkId, item);
  }
  return problems;
}

/** @param {QuestionnaireItem} item @param {string} code */
const optionOf = (item, code) => item.answerOption?.find((o) => o.valueCoding.code === code) ?? null;

/** @param {EnableWhen} c @returns {AnswerValue | undefined} the condition's comparison value */
function conditionValue(c) {
  if (c.answerCoding) return c.answerCoding.code;
  if (c.answerBoolean !== undefined) return c.answerBoolean;
  if (c.answerInteger !== undefined) return c.answerInteger;
  if (c.answerDate !== undefined) return c.answerDate;
  return c.answerString;
}

/** @param {AnswerValue | undefined} v */
const hasAnswer = (v) => v !== undefined && v !== '' && v !== null;

/**
 * @param {EnableWhen} c
 * @param {AnswerValue | undefined} answer the question's answer, undefined when none (or hidden)
 */
export function conditionHolds(c, answer) {
  if (c.operator === 'exists') return hasAnswer(answer) === (c.answerBoolean !== false);
  const expected = conditionValue(c);
  if (!hasAnswer(answer)) return c.operator === '!=';
  if (c.operator === '=') return answer === expected;
  if (c.operator === '!=') return answer !== expected;
  if (expected === undefined || typeof answer === 'boolean' || typeof expected === 'boolean' || typeof answer !== typeof expected) return false;
  const a = /** @type {string | number} */ (answer);
  const b = /** @type {string | number} */ (expected);
  if (c.operator === '>') return a > b;
  if (c.operator === '<') return a < b;
  if (c.operator === '>=') return a >= b;
  return a <= b;
}

/**
 * Which items are shown for these answers: linkId → enabled. A group hides its children; a
 * condition on a hidden question sees no answer.
 * @param {Questionnaire} q
 * @param {AnswerValues} values
 * @returns {Map<string, boolean>}
 */
export function enabledItems(q, values) {
  /** @type {Map<string, boolean>} */
  const enabled = new Map();
  /** @param {QuestionnaireItem[]} items @param {boolean} parentEnabled */
  const walk = (items, parentEnabled) => {
    for (const item of items) {
      let on = parentEnabled;
      if (on && item.enableWhen?.length) {
        const results = item.enableWhen.map((c) => conditionHolds(c, enabled.get(c.question) ? values[c.question] : undefined));
        on = item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
      }
      enabled.set(item.linkId, on);
      walk(item.item ?? [], on);
    }
  };
  walk(q.item, true);
  return enabled;
}

/**
 * One answer checked against its item: the problem's message, or null.
 * @param {QuestionnaireItem} item
 * @param {unknown} value
 * @returns {string | null}
 */
function answerProblem(item, value) {
  switch (item.type) {
    case 'string': case 'text': case 'signature': {
      if (typeof value !== 'string') return 'Enter text.';
      const max = item.maxLength ?? ANSWER_LIMITS[item.type];
      return value.length > max ? `Use at most ${max} characters.` : null;
    }
    case 'boolean': return typeof value === 'boolean' ? null : 'Choose yes or no.';
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= ANSWER_LIMITS.integer ? null : 'Enter a whole number.';
    case 'date': return isCalendarDate(value) ? null : 'Enter a date as YYYY-MM-DD.';
    case 'attachment': return typeof value === 'string' && ID_RE.test(value) ? null : 'Upload a file.';
    case 'choice': return typeof value === 'string' && optionOf(item, value) ? null : 'Choose one of the options.';
    case 'open-choice':
      if (typeof value !== 'string') return 'Choose an option or type an answer.';
      return value.length > ANSWER_LIMITS.string ? `Use at most ${ANSWER_LIMITS.string} characters.` : null;
    default: return 'This item takes no answer.';
  }
}

/**
 * The answers kept for a submission: only shown questions', blanks left out, text trimmed of
 * surrounding space (not changed within).
 * @param {Questionnaire} q
 * @param {AnswerValues} values
 * @returns {AnswerValues}
 */
export function keptAnswers(q, values) {
  const enabled = enabledItems(q, values);
  /** @type {AnswerValues} */
  const kept = {};
  for (const item of flattenItems(q)) {
    if (!isQuestion(item) || !enabled.get(item.linkId) || !Object.hasOwn(values, item.linkId)) continue;
    const value = values[item.linkId];
    const cleaned = typeof value === 'string' ? value.trim() : value;
    if (hasAnswer(cleaned)) kept[item.linkId] = /** @type {AnswerValue} */ (cleaned);
  }
  return kept;
}

/**
 * Every problem with a set of answers, in the form's order: unknown questions, answers of the wrong
 * kind, choices not offered, and required questions left blank — required only while shown.
 * `partial` (a draft) skips the required check.
 * @param {Questionnaire} q
 * @param {unknown} input
 * @param {{ partial?: boolean }} [options]
 * @returns {AnswerProblem[]}
 */
export function answerProblems(q, input, { partial = false } = {}) {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [{ linkId: '', message: 'Answers must be an object.' }];
  const values = /** @type {AnswerValues} */ (input);
  const items = new Map(flattenItems(q).map((item) => [item.linkId, item]));
  /** @type {AnswerProblem[]} */
  const problems = [];
  for (const linkId of Object.keys(values)) {
    const item = items.get(linkId);
    if (!item || !isQuestion(item)) problems.push({ linkId, message: 'This is not a question of this form.' });
  }
  const enabled = enabledItems(q, values);
  for (const item of items.values()) {
    if (!isQuestion(item) || !enabled.get(item.linkId)) continue;
    const value = values[item.linkId];
    const blank = !hasAnswer(typeof value === 'string' ? value.trim() : value);
    if (blank) {
      if (item.required && !partial) problems.push({ linkId: item.linkId, message: requiredMessage(item) });
      continue;
    }
    const problem = answerProblem(item, value);
    if (problem) problems.push({ linkId: item.linkId, message: problem });
  }
  return problems;
}

/** @param {QuestionnaireItem} item */
export const requiredMessage = (item) => (item.type === 'signature' ? 'Type your full name to sign.' : item.type === 'attachment' ? 'Upload a file.' : 'Answer this question.');

/**
 * @param {QuestionnaireItem} item
 * @param {AnswerValue} value
 * @param {Map<string, Omit<Attachment, 'extension'>>} files an attachment answer's file (by file id)
 * @returns {ResponseAnswer}
 */
function responseAnswer(item, value, files) {
  switch (item.type) {
    case 'attachment': {
      const file = files.get(String(value));
      if (!file) throw new Error(`attachment ${item.linkId}: no file ${String(value)}`);
      return { valueAttachment: { contentType: file.contentType, size: file.size, title: file.title, extension: [{ url: FILE_ID_EXTENSION, valueString: String(value) }] } };
    }
    case 'boolean': return { valueBoolean: /** @type {boolean} */ (value) };
    case 'integer': return { valueInteger: /** @type {number} */ (value) };
    case 'date': return { valueDate: String(value) };
    case 'choice': case 'open-choice': {
      const option = optionOf(item, String(value));
      return option ? { valueCoding: { ...option.valueCoding } } : { valueString: String(value) };
    }
    default: return { valueString: String(value) };
  }
}

/**
 * A QuestionnaireResponse of these answers (kept ones only), nested as the questionnaire is.
 * @param {Questionnaire} q
 * @param {AnswerValues} values
 * @param {{ status: 'in-progress' | 'completed', authored?: string, files?: Map<string, Omit<Attachment, 'extension'>> }} meta
 *   `files`: each attachment answer's file (contentType, size, title), by file id — fill-form reads them from Storage.
 * @returns {QuestionnaireResponse}
 */
export function toResponse(q, values, { status, authored, files = new Map() }) {
  const kept = status === 'completed' ? keptAnswers(q, values) : values;
  /** @param {QuestionnaireItem[]} items @returns {ResponseItem[]} */
  const build = (items) => {
    /** @type {ResponseItem[]} */
    const out = [];
    for (const item of items) {
      if (item.type === 'group') {
        const children = build(item.item ?? []);
        if (children.length) out.push({ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), item: children });
      } else if (isQuestion(item) && Object.hasOwn(kept, item.linkId) && hasAnswer(kept[item.linkId])) {
        out.push({ linkId: item.linkId, ...(item.text ? { text: item.text } : {}), answer: [responseAnswer(item, /** @type {AnswerValue} */ (kept[item.linkId]), files)] });
      }
    }
    return out;
  };
  return {
    resourceType: 'QuestionnaireResponse', questionnaire: canonicalOf(q), status, ...(authored ? { authored } : {}), item: build(q.item),
  };
}

/**
 * The flat linkId → value map of a response (what the renderer's form holds).
 * @param {{ item?: ResponseItem[] } | null | undefined} response
 * @returns {AnswerValues}
 */
export function valuesOf(response) {
  /** @type {AnswerValues} */
  const values = {};
  /** @param {ResponseItem[]} items */
  const walk = (items) => {
    for (const item of items) {
      const answer = item.answer?.[0];
      if (answer) {
        const value = answer.valueCoding ? answer.valueCoding.code
          : answer.valueAttachment ? fileIdOf(answer.valueAttachment) ?? undefined
            : answer.valueBoolean ?? answer.valueInteger ?? answer.valueDate ?? answer.valueString;
        if (value !== undefined) values[item.linkId] = value;
      }
      walk(item.item ?? []);
    }
  };
  walk(response?.item ?? []);
  return values;
}

/** "1.2 MB", "340 KB": a file's size as people read it. @param {number} bytes */
export function fileSizeText(bytes) {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/** @param {Attachment} attachment @returns {string | null} the form_uploads file it is */
export const fileIdOf = (attachment) => attachment.extension?.find((e) => e.url === FILE_ID_EXTENSION)?.valueString ?? null;

/**
 * A response's files: linkId → its valueAttachment with the file's id (review, export, permissions).
 * @param {{ item?: ResponseItem[] } | null | undefined} response
 * @returns {Map<string, Attachment & { fileId: string }>}
 */
export function attachmentsOf(response) {
  /** @type {Map<string, Attachment & { fileId: string }>} */
  const found = new Map();
  /** @param {ResponseItem[]} items */
  const walk = (items) => {
    for (const item of items) {
      const attachment = item.answer?.[0]?.valueAttachment;
      const fileId = attachment ? fileIdOf(attachment) : null;
      if (attachment && fileId) found.set(item.linkId, { ...attachment, fileId });
      walk(item.item ?? []);
    }
  };
  walk(response?.item ?? []);
  return found;
}

/**
 * How an answer reads to a person (review, the printable copy): an option's display, Yes/No.
 * @param {QuestionnaireItem} item
 * @param {AnswerValue | undefined} value
 * @param {Attachment} [attachment] an attachment item's file (attachmentsOf): its title and size
 */
export function answerText(item, value, attachment) {
  if (!hasAnswer(value)) return '';
  if (item.type === 'boolean') return value ? 'Yes' : 'No';
  if (item.type === 'attachment') return attachment ? `${attachment.title} (${fileSizeText(attachment.size)})` : 'A file';
  if (item.type === 'choice' || item.type === 'open-choice') return optionOf(item, String(value))?.valueCoding.display ?? String(value);
  return String(value);
}

/**
 * How far a client is: answered / questions shown now (required or not).
 * @param {Questionnaire} q
 * @param {AnswerValues} values
 */
export function progressOf(q, values) {
  const enabled = enabledItems(q, values);
  const shown = flattenItems(q).filter((item) => isQuestion(item) && enabled.get(item.linkId));
  const answered = shown.filter((item) => hasAnswer(typeof values[item.linkId] === 'string' ? String(values[item.linkId]).trim() : values[item.linkId]));
  return { answered: answered.length, total: shown.length };
}
