// A measure as the portal shows it, read from the FHIR Questionnaire submit-measure sends (the
// published wording, never Cadence's own): the stem, each question with its 0–3 answers, the
// attribution.

const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';

export interface MeasureOption {
  value: number;
  label: string;
}

export interface MeasureQuestion {
  linkId: string;
  text: string;
  required: boolean;
  options: MeasureOption[];
}

export interface MeasureModel {
  title: string;
  stem: string;
  questions: MeasureQuestion[];
  attribution: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function optionOf(option: unknown): MeasureOption | null {
  if (!isObject(option)) return null;
  const label = isObject(option['valueCoding']) ? str(option['valueCoding']['display']) : '';
  const ordinal = list(option['extension']).find((e) => isObject(e) && e['url'] === ORDINAL_VALUE);
  const value = isObject(ordinal) ? ordinal['valueDecimal'] : undefined;
  return label && typeof value === 'number' ? { value, label } : null;
}

/** The Questionnaire as the page's model; throws when it is not one the page can show whole. */
export function questionnaireModel(questionnaire: unknown): MeasureModel {
  if (!isObject(questionnaire) || questionnaire['resourceType'] !== 'Questionnaire') throw new Error('not a Questionnaire');
  const items = list(questionnaire['item']).filter(isObject);
  const stem = str(items.find((item) => item['type'] === 'display')?.['text']);
  const questions = items.filter((item) => item['type'] === 'choice').map((item) => {
    const options = list(item['answerOption']).map(optionOf);
    if (options.some((o) => o === null) || options.length === 0) throw new Error(`question ${str(item['linkId'])} has unreadable answers`);
    return { linkId: str(item['linkId']), text: str(item['text']), required: item['required'] === true, options: options.filter((o): o is MeasureOption => o !== null) };
  });
  if (!stem || questions.length === 0 || questions.some((q) => !q.linkId || !q.text)) throw new Error('incomplete Questionnaire');
  return { title: str(questionnaire['title']), stem, questions, attribution: str(questionnaire['copyright']) };
}

/** The first required question left unanswered, with the server's own words for it. */
export function firstUnanswered(measure: MeasureModel, answers: Record<string, number>): { linkId: string; message: string } | null {
  const index = measure.questions.findIndex((q) => q.required && answers[q.linkId] === undefined);
  const question = measure.questions[index];
  return question ? { linkId: question.linkId, message: `Answer question ${index + 1}.` } : null;
}
