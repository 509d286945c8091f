import { answerProblems, flattenItems, isQuestion, type AnswerValues, type Questionnaire, type QuestionnaireItem } from '@cadence/shared-auth/forms';

// What the form's inputs hold (strings, as typed) and the answers they stand for. Every input keeps
// exactly what was typed, so a half-typed number or date is never lost; it becomes an answer only
// when it is one of its kind. Field names are `q<index>`, not linkIds: react-hook-form reads a dot
// in a name as nesting, and a therapist's linkId may have one.

export type FieldValues = Record<string, string>;

export interface FieldMap {
  /** linkId → field name */
  nameOf: Map<string, string>;
  /** field name → item */
  itemOf: Map<string, QuestionnaireItem>;
}

export function fieldMap(q: Questionnaire): FieldMap {
  const nameOf = new Map<string, string>();
  const itemOf = new Map<string, QuestionnaireItem>();
  flattenItems(q).filter(isQuestion).forEach((item, i) => {
    nameOf.set(item.linkId, `q${i}`);
    itemOf.set(`q${i}`, item);
  });
  return { nameOf, itemOf };
}

/** An open-choice's typed text: an offered option's label (any case) is that option. */
function openChoiceValue(item: QuestionnaireItem, typed: string): string {
  const option = item.answerOption?.find((o) => o.valueCoding.display.toLowerCase() === typed.trim().toLowerCase());
  return option ? option.valueCoding.code : typed;
}

/** The answers the inputs stand for (blank inputs are no answer). */
export function answersFrom(map: FieldMap, fields: FieldValues): AnswerValues {
  const answers: AnswerValues = {};
  for (const [name, item] of map.itemOf) {
    const raw = fields[name] ?? '';
    if (raw.trim() === '') continue;
    if (item.type === 'boolean') answers[item.linkId] = raw === 'true' ? true : raw === 'false' ? false : raw;
    else if (item.type === 'integer') answers[item.linkId] = /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : raw;
    else if (item.type === 'open-choice') answers[item.linkId] = openChoiceValue(item, raw);
    else answers[item.linkId] = raw;
  }
  return answers;
}

/** The inputs that show these answers. */
export function fieldsFrom(map: FieldMap, answers: AnswerValues): FieldValues {
  const fields: FieldValues = {};
  for (const [name, item] of map.itemOf) {
    const value = answers[item.linkId];
    if (value === undefined) fields[name] = '';
    else if (item.type === 'open-choice') fields[name] = item.answerOption?.find((o) => o.valueCoding.code === value)?.valueCoding.display ?? String(value);
    else fields[name] = String(value);
  }
  return fields;
}

/** The answers a draft may store on the server: those of their kind (the rest stay on this device until they are). */
export function savableAnswers(q: Questionnaire, answers: AnswerValues): AnswerValues {
  const wrong = new Set(answerProblems(q, answers, { partial: true }).map((p) => p.linkId));
  return Object.fromEntries(Object.entries(answers).filter(([linkId]) => !wrong.has(linkId)));
}
