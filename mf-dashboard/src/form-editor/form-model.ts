import {
  flattenItems, isCalendarDate, isQuestion, MIME_TYPE_EXTENSION, questionnaireProblems, UPLOAD_KINDS, type EnableWhen, type ItemType, type Operator, type Questionnaire,
  type QuestionnaireItem,
} from '@cadence/shared-auth/forms';

// The form editor's pure logic (issue 31 "the therapist can edit copies of them in a simple form
// editor"): every change is a new Questionnaire built from the old one, so the screen, Undo and the
// tests share one set of rules. Validation is the model's own (questionnaireProblems), the one
// send-forms runs before it copies a form into a request.

/** What the editor calls each item type; a type the model gains shows up here before it is offered. */
export const TYPE_LABELS = {
  string: 'Short answer',
  text: 'Long answer',
  boolean: 'Yes or no',
  choice: 'One of a list',
  'open-choice': 'One of a list, or their own answer',
  date: 'Date',
  integer: 'Whole number',
  signature: 'Signature (typed full name)',
  attachment: 'File upload',
  display: 'Text to read (no answer)',
  group: 'Section (a group of questions)',
} as const satisfies Partial<Record<ItemType, string>>;

export type EditableType = keyof typeof TYPE_LABELS;
export const EDITABLE_TYPES = Object.keys(TYPE_LABELS) as EditableType[];

export const isEditableType = (type: string): type is EditableType => Object.hasOwn(TYPE_LABELS, type);

const COPY_URL = 'https://cadence.app/forms/copies/';

/**
 * The therapist's own copy of a template: its own canonical url (so a response to the copy never
 * names the template's `url|version`) and version 1; the items, their record-field mappings
 * (which Review uses) and conditions as the template has them.
 */
export function copyOfTemplate(template: Questionnaire, formId: string): Questionnaire {
  const copy = structuredClone(template);
  return { ...copy, id: formId, url: `${COPY_URL}${formId}`, name: formId, version: '1', status: 'active' };
}

/**
 * The version a save writes: a form that has been sent at its current version gets the next one, so
 * each sent request keeps naming the exact questions it was sent with; an unsent version is edited in place.
 */
export function nextVersion(current: number, sentVersions: readonly number[]): number {
  return sentVersions.includes(current) ? current + 1 : current;
}

export const withVersion = (q: Questionnaire, version: number): Questionnaire => ({ ...q, version: String(version) });

// ---- addressing items (linkIds are unique across the form) ----

interface Place { siblings: QuestionnaireItem[]; index: number; parent: QuestionnaireItem | null }

function placeOf(items: QuestionnaireItem[], linkId: string, parent: QuestionnaireItem | null = null): Place | null {
  for (const [index, item] of items.entries()) {
    if (item.linkId === linkId) return { siblings: items, index, parent };
    const inside = placeOf(item.item ?? [], linkId, item);
    if (inside) return inside;
  }
  return null;
}

/** A deep copy to change: the editor never mutates the questionnaire it was given. */
const draftOf = (q: Questionnaire): Questionnaire => structuredClone(q);

export function findItem(q: Questionnaire, linkId: string): QuestionnaireItem | null {
  const place = placeOf(q.item, linkId);
  return place ? place.siblings[place.index] ?? null : null;
}

/** A linkId no item has yet: `q1`, `q2`… (the model's linkId rule: letters, digits, dots, dashes, underscores). */
export function newLinkId(q: Questionnaire): string {
  const used = new Set(flattenItems(q).map((i) => i.linkId));
  let n = 1;
  while (used.has(`q${n}`)) n += 1;
  return `q${n}`;
}

export function newItem(type: EditableType, linkId: string): QuestionnaireItem {
  const item: QuestionnaireItem = { linkId, type, text: '' };
  if (type === 'choice' || type === 'open-choice') item.answerOption = [{ valueCoding: { code: 'option-1', display: 'Option 1' } }];
  if (type === 'group') item.item = [];
  return item;
}

/** Adds an item at the end of the form, or of a group (`parentLinkId`). */
export function addItem(q: Questionnaire, type: EditableType, parentLinkId: string | null = null): { questionnaire: Questionnaire; linkId: string } {
  const next = draftOf(q);
  const linkId = newLinkId(q);
  const parent = parentLinkId ? findItem(next, parentLinkId) : null;
  if (parent) parent.item = [...(parent.item ?? []), newItem(type, linkId)];
  else next.item = [...next.item, newItem(type, linkId)];
  return { questionnaire: next, linkId };
}

/** Changes one item's own fields (text, required, options, type…). */
export function updateItem(q: Questionnaire, linkId: string, patch: Partial<Omit<QuestionnaireItem, 'linkId' | 'item'>>): Questionnaire {
  const next = draftOf(q);
  const item = findItem(next, linkId);
  if (!item) return q;
  Object.assign(item, patch);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) delete (item as unknown as Record<string, unknown>)[key];
  }
  if (item.type !== 'choice' && item.type !== 'open-choice') delete item.answerOption;
  else if (!item.answerOption?.length) item.answerOption = [{ valueCoding: { code: 'option-1', display: 'Option 1' } }];
  if (!isQuestion(item)) delete item.required;
  if (item.type !== 'attachment' && item.extension) {
    item.extension = item.extension.filter((e) => e.url !== MIME_TYPE_EXTENSION);
    if (item.extension.length === 0) delete item.extension;
  }
  if (item.type !== 'group' && item.item) {
    if (item.item.length === 0) delete item.item;
  }
  return next;
}

/** Every linkId inside an item, the item's own included. */
const idsWithin = (item: QuestionnaireItem): Set<string> => new Set([item.linkId, ...flattenItems(item).map((i) => i.linkId)]);

/**
 * Removes an item (a group with its items). Conditions elsewhere that looked at a removed question
 * go too: they could never hold again. The caller keeps the old questionnaire for Undo.
 */
export function removeItem(q: Questionnaire, linkId: string): Questionnaire {
  const next = draftOf(q);
  const place = placeOf(next.item, linkId);
  if (!place) return q;
  const [removed] = place.siblings.splice(place.index, 1);
  const gone = removed ? idsWithin(removed) : new Set<string>();
  for (const item of flattenItems(next)) {
    if (!item.enableWhen) continue;
    const kept = item.enableWhen.filter((c) => !gone.has(c.question));
    if (kept.length) item.enableWhen = kept;
    else {
      delete item.enableWhen;
      delete item.enableBehavior;
    }
  }
  return next;
}

/** Moves an item to `toIndex` among its siblings (clamped); the form is unchanged when it cannot move. */
export function moveItem(q: Questionnaire, linkId: string, toIndex: number): Questionnaire {
  const next = draftOf(q);
  const place = placeOf(next.item, linkId);
  if (!place) return q;
  const target = Math.max(0, Math.min(place.siblings.length - 1, toIndex));
  if (target === place.index) return q;
  const [item] = place.siblings.splice(place.index, 1);
  if (item) place.siblings.splice(target, 0, item);
  return next;
}

/** Where an item is among its siblings, 1-based, for "Moved to position 2 of 5". */
export function positionOf(q: Questionnaire, linkId: string): { position: number; of: number } | null {
  const place = placeOf(q.item, linkId);
  return place ? { position: place.index + 1, of: place.siblings.length } : null;
}

// ---- show-if (enableWhen) ----

/** What the editor offers as a condition's test; `answered`/`unanswered` are FHIR's `exists` true/false. */
export type ConditionTest = 'answered' | 'unanswered' | Exclude<Operator, 'exists'>;

export const TEST_LABELS: Record<ConditionTest, string> = {
  answered: 'is answered',
  unanswered: 'is not answered',
  '=': 'is',
  '!=': 'is not',
  '>': 'is more than',
  '<': 'is less than',
  '>=': 'is at least',
  '<=': 'is at most',
};

/** The tests that mean something for a question of this type (order and comparison only for numbers and dates). */
export function testsFor(type: ItemType): ConditionTest[] {
  const base: ConditionTest[] = ['answered', 'unanswered'];
  if (type === 'integer' || type === 'date') return [...base, '=', '!=', '>', '<', '>=', '<='];
  if (type === 'signature' || type === 'attachment') return base;
  return [...base, '=', '!='];
}

export const testNeedsValue = (test: ConditionTest): boolean => test !== 'answered' && test !== 'unanswered';

/** The questions a condition on `linkId` may look at: those before it in the form, not inside it. */
export function conditionTargets(q: Questionnaire, linkId: string): QuestionnaireItem[] {
  const all = flattenItems(q);
  const at = all.findIndex((i) => i.linkId === linkId);
  return (at < 0 ? all : all.slice(0, at)).filter(isQuestion);
}

export interface ConditionDraft { question: string; test: ConditionTest; value: string }

export type ConditionResult = { ok: true; condition: EnableWhen } | { ok: false; field: 'question' | 'test' | 'value'; message: string };

/** A condition as the model stores it, from what the editor's three fields hold; or what is wrong with them. */
export function buildCondition(q: Questionnaire, linkId: string, draft: ConditionDraft): ConditionResult {
  const target = conditionTargets(q, linkId).find((i) => i.linkId === draft.question);
  if (!target) return { ok: false, field: 'question', message: 'Choose an earlier question.' };
  if (!testsFor(target.type).includes(draft.test)) return { ok: false, field: 'test', message: 'Choose how to compare.' };
  if (draft.test === 'answered' || draft.test === 'unanswered') {
    return { ok: true, condition: { question: target.linkId, operator: 'exists', answerBoolean: draft.test === 'answered' } };
  }
  const operator = draft.test;
  const value = draft.value.trim();
  switch (target.type) {
    case 'boolean':
      if (value !== 'true' && value !== 'false') return { ok: false, field: 'value', message: 'Choose yes or no.' };
      return { ok: true, condition: { question: target.linkId, operator, answerBoolean: value === 'true' } };
    case 'choice':
      if (!target.answerOption?.some((o) => o.valueCoding.code === value)) return { ok: false, field: 'value', message: 'Choose one of the options.' };
      return { ok: true, condition: { question: target.linkId, operator, answerCoding: { code: value } } };
    case 'open-choice':
      if (!value) return { ok: false, field: 'value', message: 'Choose an option or type an answer.' };
      return target.answerOption?.some((o) => o.valueCoding.code === value)
        ? { ok: true, condition: { question: target.linkId, operator, answerCoding: { code: value } } }
        : { ok: true, condition: { question: target.linkId, operator, answerString: value } };
    case 'integer': {
      const n = Number(value);
      if (!value || !Number.isSafeInteger(n)) return { ok: false, field: 'value', message: 'Enter a whole number.' };
      return { ok: true, condition: { question: target.linkId, operator, answerInteger: n } };
    }
    case 'date':
      if (!isCalendarDate(value)) return { ok: false, field: 'value', message: 'Enter a date as YYYY-MM-DD.' };
      return { ok: true, condition: { question: target.linkId, operator, answerDate: value } };
    default:
      if (!value) return { ok: false, field: 'value', message: 'Enter the answer to compare with.' };
      return { ok: true, condition: { question: target.linkId, operator, answerString: value } };
  }
}

/** The editor's fields for a stored condition (the reverse of buildCondition). */
export function draftOfCondition(c: EnableWhen): ConditionDraft {
  if (c.operator === 'exists') return { question: c.question, test: c.answerBoolean === false ? 'unanswered' : 'answered', value: '' };
  const value = c.answerCoding?.code ?? (c.answerBoolean !== undefined ? String(c.answerBoolean) : c.answerInteger !== undefined ? String(c.answerInteger) : c.answerDate ?? c.answerString ?? '');
  return { question: c.question, test: c.operator, value };
}

/** "Shown only if “Do you take medication?” is Yes", for the item's summary. */
export function describeCondition(q: Questionnaire, c: EnableWhen): string {
  const target = findItem(q, c.question);
  const name = `“${target?.text || c.question}”`;
  const draft = draftOfCondition(c);
  if (!testNeedsValue(draft.test)) return `${name} ${TEST_LABELS[draft.test]}`;
  let shown = draft.value;
  if (target?.type === 'boolean') shown = draft.value === 'true' ? 'Yes' : 'No';
  else if (c.answerCoding) shown = target?.answerOption?.find((o) => o.valueCoding.code === c.answerCoding?.code)?.valueCoding.display ?? draft.value;
  return `${name} ${TEST_LABELS[draft.test]} “${shown}”`;
}

/** Sets (or, with an empty list, clears) an item's conditions. */
export function setConditions(q: Questionnaire, linkId: string, conditions: EnableWhen[], behavior: 'all' | 'any' = 'all'): Questionnaire {
  const next = draftOf(q);
  const item = findItem(next, linkId);
  if (!item) return q;
  if (conditions.length === 0) {
    delete item.enableWhen;
    delete item.enableBehavior;
  } else {
    item.enableWhen = conditions;
    if (conditions.length > 1) item.enableBehavior = behavior;
    else delete item.enableBehavior;
  }
  return next;
}

// ---- file uploads ----

export type UploadKind = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_LIST = Object.keys(UPLOAD_KINDS) as UploadKind[];

/** The kinds of file an upload item takes (none named: every kind). */
export function acceptedKindsOf(item: QuestionnaireItem): UploadKind[] {
  const named = new Set((item.extension ?? []).filter((e) => e.url === MIME_TYPE_EXTENSION).map((e) => e.valueCode ?? ''));
  const kinds = UPLOAD_KIND_LIST.filter((kind) => UPLOAD_KINDS[kind].some((type) => named.has(type)));
  return kinds.length ? kinds : UPLOAD_KIND_LIST;
}

/** Sets the kinds an upload item takes: FHIR's mimeType extension, one per type; all kinds is no extension. */
export function setAcceptedKinds(q: Questionnaire, linkId: string, kinds: readonly UploadKind[]): Questionnaire {
  const next = draftOf(q);
  const item = findItem(next, linkId);
  if (!item || kinds.length === 0) return q;
  const others = (item.extension ?? []).filter((e) => e.url !== MIME_TYPE_EXTENSION);
  const named = kinds.length === UPLOAD_KIND_LIST.length ? [] : kinds.flatMap((kind) => UPLOAD_KINDS[kind].map((valueCode) => ({ url: MIME_TYPE_EXTENSION, valueCode })));
  const extension = [...others, ...named];
  if (extension.length) item.extension = extension;
  else delete item.extension;
  return next;
}

// ---- choices ----

/** A code for a new option that no other option of the item has. */
export function newOptionCode(item: QuestionnaireItem): string {
  const used = new Set((item.answerOption ?? []).map((o) => o.valueCoding.code));
  let n = (item.answerOption?.length ?? 0) + 1;
  while (used.has(`option-${n}`)) n += 1;
  return `option-${n}`;
}

// ---- validation, placed beside the field it is about ----

export interface FormProblems {
  /** Problems with the form as a whole (title, no items). */
  form: string[];
  /** linkId → its problems, as sentences. */
  items: Map<string, string[]>;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The model's problems, each put beside the item it names. */
export function problemsOf(q: Questionnaire): FormProblems {
  const ids = new Set(flattenItems(q).map((i) => i.linkId));
  const items = new Map<string, string[]>();
  const form: string[] = [];
  const add = (linkId: string, message: string) => items.set(linkId, [...(items.get(linkId) ?? []), message]);
  for (const problem of questionnaireProblems(q)) {
    const named = /^([A-Za-z0-9][A-Za-z0-9._-]*): (.+)$/.exec(problem);
    const twice = /^linkId (\S+) is used twice\.$/.exec(problem);
    if (named?.[1] && named[2] && ids.has(named[1])) add(named[1], sentence(named[2]));
    else if (twice?.[1]) add(twice[1], 'Two items have this id.');
    else form.push(problem);
  }
  return { form, items };
}

export const isValid = (problems: FormProblems): boolean => problems.form.length === 0 && problems.items.size === 0;
