// Outcome measures (issue 31 "Measures"; ../shared/reference/client-portal.md §7): PHQ-9, GAD-7,
// PHQ-2 and GAD-2 as FHIR-Questionnaire-shaped definitions with their published wording, and their
// scoring. The wording is reproduced exactly and never altered (Pfizer's terms: free to use with the
// attribution, not public domain), so a measure has no version of Cadence's own.
//
// LOINC codes are those §7 lists; the ones §7 (or §9) calls unverified, or does not list at all, are
// marked so where they stand. Verify them before the FHIR export relies on them.

const LOINC = 'http://loinc.org';
const ORDINAL_VALUE = 'http://hl7.org/fhir/StructureDefinition/ordinalValue';

/** §7 "Licensing": printed with every measure. */
export const MEASURE_ATTRIBUTION =
  'Copyright © Pfizer Inc. Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc.';

/** The 0–3 answers every scored item shares. */
export const FREQUENCY_ANSWERS = [
  { value: 0, code: 'LA6568-5', display: 'Not at all' },
  { value: 1, code: 'LA6569-3', display: 'Several days' },
  { value: 2, code: 'LA6570-1', display: 'More than half the days' },
  // LA6571-9: unverified (§7).
  { value: 3, code: 'LA6571-9', display: 'Nearly every day' },
];

const DIFFICULTY_ANSWERS = [
  { value: 0, display: 'Not difficult at all' },
  { value: 1, display: 'Somewhat difficult' },
  { value: 2, display: 'Very difficult' },
  { value: 3, display: 'Extremely difficult' },
];

export const PHQ_STEM = 'Over the last 2 weeks, how often have you been bothered by any of the following problems?';
export const GAD_STEM = 'Over the last 2 weeks, how often have you been bothered by the following problems?';

/** PHQ-9's items in order, with their LOINC item codes. */
const PHQ_ITEMS = [
  { code: '44250-9', text: 'Little interest or pleasure in doing things' },
  { code: '44255-8', text: 'Feeling down, depressed, or hopeless' },
  { code: '44259-0', text: 'Trouble falling or staying asleep, or sleeping too much' },
  { code: '44254-1', text: 'Feeling tired or having little energy' },
  { code: '44251-7', text: 'Poor appetite or overeating' },
  { code: '44258-2', text: 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down' },
  { code: '44252-5', text: 'Trouble concentrating on things, such as reading the newspaper or watching television' },
  // 44253-3 and 44260-8: unverified (§7 lists the first seven item codes only, then "…").
  {
    code: '44253-3',
    text: 'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual',
  },
  { code: '44260-8', text: 'Thoughts that you would be better off dead or of hurting yourself in some way' },
];

const GAD_ITEMS = [
  { code: '69725-0', text: 'Feeling nervous, anxious or on edge' },
  { code: '68509-9', text: 'Not being able to stop or control worrying' },
  { code: '69733-4', text: 'Worrying too much about different things' },
  { code: '69734-2', text: 'Trouble relaxing' },
  { code: '69735-9', text: 'Being so restless that it is hard to sit still' },
  { code: '69689-8', text: 'Becoming easily annoyed or irritable' },
  { code: '69736-7', text: 'Feeling afraid as if something awful might happen' },
];

/** PHQ-9's functional-difficulty question: asked, stored, never scored (§7). */
export const DIFFICULTY_LINK_ID = 'difficulty';
const DIFFICULTY_TEXT =
  'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?';

/** The item PHQ-9 asks about self-harm: any answer above 0 alerts the therapist (§7). */
export const SAFETY_ITEM = { instrument: 'phq-9', linkId: 'q9' };

/**
 * @typedef {{ value: number, code?: string, display: string }} Answer
 * @typedef {{ linkId: string, code?: string, text: string, scored: boolean, answers: Answer[] }} Item
 * @typedef {{ key: string, min: number, max: number, label: string }} Band
 * @typedef {{ system?: string, code?: string, display?: string }} Coding
 * @typedef {{ linkId: string, type: 'display' | 'choice', text: string, code?: Coding[], required?: boolean,
 *   answerOption?: Array<{ valueCoding: Coding, extension: Array<{ url: string, valueDecimal: number }> }> }} QuestionnaireItem
 * @typedef {{
 *   id: string, title: string, name: string, stem: string, loincPanel: string | null,
 *   loincTotal: string | null, items: Item[], maxTotal: number, bands: Band[] }} Instrument
 */

/** @param {Array<{ code: string, text: string }>} items */
const frequencyItems = (items) => items.map((item, i) => ({ linkId: `q${i + 1}`, ...item, scored: true, answers: FREQUENCY_ANSWERS }));

const SCREEN_BANDS = (/** @type {number} */ max) => [
  { key: 'negative', min: 0, max: 2, label: 'Negative screen' },
  { key: 'positive', min: 3, max, label: 'Positive screen' },
];

/** @type {Record<string, Instrument>} */
export const INSTRUMENTS = {
  'phq-9': {
    id: 'phq-9', name: 'PHQ-9', title: 'Patient Health Questionnaire (PHQ-9)', stem: PHQ_STEM,
    // 44261-6 (total score): unverified (§7).
    loincPanel: '44249-1', loincTotal: '44261-6',
    items: [
      ...frequencyItems(PHQ_ITEMS),
      // 69722-7: unverified (not in §7).
      { linkId: DIFFICULTY_LINK_ID, code: '69722-7', text: DIFFICULTY_TEXT, scored: false, answers: DIFFICULTY_ANSWERS },
    ],
    maxTotal: 27,
    bands: [
      { key: 'minimal', min: 0, max: 4, label: 'Minimal' },
      { key: 'mild', min: 5, max: 9, label: 'Mild' },
      { key: 'moderate', min: 10, max: 14, label: 'Moderate' },
      { key: 'moderately_severe', min: 15, max: 19, label: 'Moderately severe' },
      { key: 'severe', min: 20, max: 27, label: 'Severe' },
    ],
  },
  'gad-7': {
    id: 'gad-7', name: 'GAD-7', title: 'Generalized Anxiety Disorder (GAD-7)', stem: GAD_STEM,
    // 69737-5 (panel) and 70274-6 (total score): unverified (§7).
    loincPanel: '69737-5', loincTotal: '70274-6',
    items: frequencyItems(GAD_ITEMS),
    maxTotal: 21,
    bands: [
      { key: 'minimal', min: 0, max: 4, label: 'Minimal' },
      { key: 'mild', min: 5, max: 9, label: 'Mild' },
      { key: 'moderate', min: 10, max: 14, label: 'Moderate' },
      { key: 'severe', min: 15, max: 21, label: 'Severe' },
    ],
  },
  // PHQ-2 = PHQ-9's items 1–2, GAD-2 = GAD-7's items 1–2, positive at ≥3 (§7).
  'phq-2': {
    id: 'phq-2', name: 'PHQ-2', title: 'Patient Health Questionnaire (PHQ-2)', stem: PHQ_STEM,
    // 55757-9 (panel) and 55758-7 (total score): unverified (not in §7).
    loincPanel: '55757-9', loincTotal: '55758-7',
    items: frequencyItems(PHQ_ITEMS.slice(0, 2)), maxTotal: 6, bands: SCREEN_BANDS(6),
  },
  'gad-2': {
    id: 'gad-2', name: 'GAD-2', title: 'Generalized Anxiety Disorder (GAD-2)', stem: GAD_STEM,
    // No code in §7 for GAD-2: none until one is verified.
    loincPanel: null, loincTotal: null,
    items: frequencyItems(GAD_ITEMS.slice(0, 2)), maxTotal: 6, bands: SCREEN_BANDS(6),
  },
};

export const INSTRUMENT_IDS = Object.keys(INSTRUMENTS);

/**
 * @param {unknown} id
 * @returns {Instrument | null}
 */
export const instrumentOf = (id) => (typeof id === 'string' && Object.hasOwn(INSTRUMENTS, id) ? INSTRUMENTS[id] ?? null : null);

/**
 * The instrument as a FHIR R4 Questionnaire: the stem a display item, every question a required
 * choice (the functional question optional), answers coded with their ordinal values.
 * @param {Instrument} instrument
 * @returns {{ resourceType: 'Questionnaire', id: string, name: string, title: string, status: 'active', copyright: string,
 *   code?: Coding[], item: QuestionnaireItem[] }}
 */
export function questionnaireOf(instrument) {
  return {
    resourceType: 'Questionnaire',
    id: instrument.id,
    name: instrument.name.replace('-', ''),
    title: instrument.title,
    status: 'active',
    copyright: MEASURE_ATTRIBUTION,
    ...(instrument.loincPanel ? { code: [{ system: LOINC, code: instrument.loincPanel, display: instrument.name }] } : {}),
    item: [
      { linkId: 'stem', type: /** @type {const} */ ('display'), text: instrument.stem },
      ...instrument.items.map((item) => ({
        linkId: item.linkId,
        ...(item.code ? { code: [{ system: LOINC, code: item.code }] } : {}),
        text: item.text,
        type: /** @type {const} */ ('choice'),
        required: item.scored,
        answerOption: item.answers.map((a) => ({
          valueCoding: { ...(a.code ? { system: LOINC, code: a.code } : {}), display: a.display },
          extension: [{ url: ORDINAL_VALUE, valueDecimal: a.value }],
        })),
      })),
    ],
  };
}

/** Why answers are refused: the item named, so the portal can take the client to it. */
export class MeasureAnswerError extends Error {
  /**
   * @param {string} message
   * @param {string} linkId
   */
  constructor(message, linkId) {
    super(message);
    this.linkId = linkId;
  }
}

/**
 * The answers as stored: every scored item an integer 0–3, the functional question 0–3 when given,
 * nothing else.
 * @param {Instrument} instrument
 * @param {unknown} input `{ [linkId]: 0..3 }`
 * @returns {Record<string, number>}
 */
export function answersOf(instrument, input) {
  const given = input && typeof input === 'object' && !Array.isArray(input) ? /** @type {Record<string, unknown>} */ (input) : {};
  for (const key of Object.keys(given)) {
    if (!instrument.items.some((item) => item.linkId === key)) throw new MeasureAnswerError(`${instrument.name} has no question ${key}.`, key);
  }
  /** @type {Record<string, number>} */
  const answers = {};
  instrument.items.forEach((item, i) => {
    const value = given[item.linkId];
    const name = item.scored ? `question ${i + 1}` : 'the last question';
    if (value === undefined || value === null) {
      if (item.scored) throw new MeasureAnswerError(`Answer ${name}.`, item.linkId);
      return;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 3) {
      throw new MeasureAnswerError(`Choose one of the answers to ${name}.`, item.linkId);
    }
    answers[item.linkId] = value;
  });
  return answers;
}

/**
 * The published scoring: the sum of the scored items, its band, and the item-9 rule (PHQ-9 item 9
 * above 0 alerts whatever the total, §7).
 * @param {Instrument} instrument
 * @param {Record<string, number>} answers as answersOf returns them
 */
export function scoreMeasure(instrument, answers) {
  const total = instrument.items.filter((item) => item.scored).reduce((sum, item) => sum + (answers[item.linkId] ?? 0), 0);
  const band = instrument.bands.find((b) => total >= b.min && total <= b.max);
  if (!band) throw new RangeError(`${instrument.name} total ${total} is outside 0–${instrument.maxTotal}`);
  const safetyAlert = instrument.id === SAFETY_ITEM.instrument && (answers[SAFETY_ITEM.linkId] ?? 0) > 0;
  return { total, severity: band.key, safetyAlert };
}

/** The in-app notification of an item-9 alert (submit-measure writes it, send-measure's acknowledge reads it). @param {string} responseId */
export const measureAlertNotificationId = (responseId) => `measure_alert:${responseId}`;
