// The measures a client answered (issue 31) in the export's FHIR R4 Bundle: each response as a
// QuestionnaireResponse (the items with their LOINC codes and answers, as lib/measures.js defines
// them) and its total as an Observation (category survey, the total score's LOINC code, the
// published band as its interpretation, derived from the response). ../shared/reference/
// client-portal.md §7 calls the total-score codes unverified; GAD-2 has none (lib/measures.js):
// its Observation carries the measure's name as text only, never a borrowed code.
import { instrumentOf } from '../../lib/measures.js';

/**
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 * @typedef {import('fhir/r4').QuestionnaireResponse} QuestionnaireResponse
 * @typedef {import('fhir/r4').QuestionnaireResponseItem} QuestionnaireResponseItem
 * @typedef {import('fhir/r4').Observation} Observation
 */

const LOINC = 'http://loinc.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** @param {unknown} raw */
function answersOf(raw) {
  try {
    const parsed = typeof raw === 'string' ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? /** @type {Record<string, unknown>} */ (parsed) : {};
  } catch {
    return {};
  }
}

/**
 * @param {Doc} response a measure_responses document
 * @param {string} patientId the Patient's FHIR id
 * @param {(id: string) => string} fhirId
 * @returns {[QuestionnaireResponse, Observation] | []}
 */
export function measureResources(response, patientId, fhirId) {
  const instrument = instrumentOf(response['instrument']);
  const total = response['total'];
  const authored = typeof response['submittedAt'] === 'string' ? response['submittedAt'] : null;
  if (!instrument || typeof total !== 'number' || !authored) return [];
  const answers = answersOf(response['answers']);
  const patient = { reference: `Patient/${patientId}` };
  const responseId = `measure-response-${fhirId(response.$id)}`.slice(0, 64);
  /** @type {QuestionnaireResponseItem[]} */
  const item = instrument.items.flatMap((question) => {
    const value = answers[question.linkId];
    const answer = question.answers.find((a) => a.value === value);
    if (!answer) return [];
    return [{
      linkId: question.linkId,
      text: question.text,
      answer: [{ valueCoding: { ...(answer.code ? { system: LOINC, code: answer.code } : {}), display: answer.display } }],
    }];
  });
  /** @type {QuestionnaireResponse} */
  const questionnaireResponse = {
    resourceType: 'QuestionnaireResponse',
    id: responseId,
    // LOINC's canonical form for its panels; GAD-2 has no panel code, so Cadence's own URN.
    questionnaire: instrument.loincPanel ? `http://loinc.org/q/${instrument.loincPanel}` : `urn:cadence:measure:${instrument.id}`,
    status: 'completed',
    subject: patient,
    authored,
    author: patient,
    source: patient,
    item,
  };
  const band = instrument.bands.find((b) => b.key === response['severity']);
  /** @type {Observation} */
  const observation = {
    resourceType: 'Observation',
    id: `measure-total-${fhirId(response.$id)}`.slice(0, 64),
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'survey', display: 'Survey' }] }],
    code: instrument.loincTotal
      ? { coding: [{ system: LOINC, code: instrument.loincTotal, display: `${instrument.name} total score` }], text: `${instrument.name} total score` }
      : { text: `${instrument.name} total score` },
    subject: patient,
    effectiveDateTime: authored,
    valueInteger: total,
    ...(band ? { interpretation: [{ text: band.label }] } : {}),
    derivedFrom: [{ reference: `QuestionnaireResponse/${responseId}` }],
  };
  return [questionnaireResponse, observation];
}
