// A submitted form as a PDF (issue 31 "Documents": "a submitted form stays viewable and
// downloadable by the client"). One generation for both sides — portal-documents for the client,
// send-forms for the therapist — so each gets the same document: the form's title and version, when
// it was submitted, and every question with the answer as the client gave it (hidden questions and
// display text left out, as the portal shows it). Made again on each download from the immutable
// form_responses document; nothing of it is stored twice.
import PDFDocument from 'pdfkit';
import { utcTime } from './consent-signing.js';
import { documentOrNull } from './consent-store.js';
import { requestQuestionnaire } from './form-requests.js';
import { answerText, attachmentsOf, valuesOf } from './questionnaire.js';

/**
 * @typedef {import('./questionnaire.js').Questionnaire} Questionnaire
 * @typedef {import('./questionnaire.js').QuestionnaireItem} QuestionnaireItem
 * @typedef {import('./questionnaire.js').AnswerValues} AnswerValues
 * @typedef {import('node-appwrite').Databases} Databases
 * @typedef {import('./collections.js').Collections} Collections
 */

/** What a question left blank reads as (the portal's own words). */
export const NO_ANSWER = 'No answer';

/**
 * The lines of the document body in order: a group's heading, or a question and its answer.
 * @param {QuestionnaireItem[]} items
 * @param {AnswerValues} values
 * @param {ReturnType<typeof attachmentsOf>} [files] the response's files (an upload prints as its name and size)
 * @returns {Array<{ heading: string } | { question: string, answer: string }>}
 */
export function answerLines(items, values, files = new Map()) {
  /** @type {Array<{ heading: string } | { question: string, answer: string }>} */
  const out = [];
  for (const item of items) {
    if (item.type === 'display') continue;
    if (item.type === 'group') {
      const inner = answerLines(item.item ?? [], values, files);
      if (inner.some((line) => 'question' in line && line.answer !== NO_ANSWER)) out.push(...(item.text ? [{ heading: item.text }] : []), ...inner);
      continue;
    }
    const value = values[item.linkId];
    out.push({ question: item.text ?? item.linkId, answer: value === undefined ? NO_ANSWER : answerText(item, value, files.get(item.linkId)) || NO_ANSWER });
  }
  return out;
}

/**
 * @param {{ practiceName: string, questionnaire: Questionnaire, formVersion: string | number, submittedAt: string, round: number, values: AnswerValues, files?: ReturnType<typeof attachmentsOf> }} input
 * @returns {Promise<Buffer>}
 */
export function submittedFormPdf({ practiceName, questionnaire, formVersion, submittedAt, round, values, files }) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: questionnaire.title, Author: practiceName || 'Cadence' } });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica').fontSize(9).fillColor('#555555').text(practiceName);
      doc.fillColor('black').moveDown(0.5);
      doc.font('Helvetica-Bold').fontSize(16).text(questionnaire.title);
      doc.font('Helvetica').fontSize(9).fillColor('#555555');
      doc.text(`Form version ${String(formVersion)}`);
      doc.text(`Submitted ${utcTime(submittedAt)}${round > 1 ? ` (submission ${round})` : ''}`);
      doc.fillColor('black').moveDown(0.8);
      for (const line of answerLines(questionnaire.item, values, files)) {
        if ('heading' in line) {
          doc.moveDown(0.4).font('Helvetica-Bold').fontSize(12).text(line.heading).moveDown(0.2);
          continue;
        }
        // One text run for the question and one for the answer, so the text reads back as printed.
        doc.font('Helvetica-Bold').fontSize(10).text(line.question);
        doc.font(line.answer === NO_ANSWER ? 'Helvetica-Oblique' : 'Helvetica').fontSize(10.5).text(line.answer, { lineGap: 1.5 });
        doc.moveDown(0.5);
      }
      doc.end();
    } catch (e) {
      reject(e);
    }
  });
}

/** A file name from the form's title, never the client's name. @param {string} title */
export const formPdfFileName = (title) => `${String(title).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'form'}-submitted.pdf`;

/**
 * The PDF of one submitted form (form_responses id) of the practice `userId`, or null when there is
 * no such response of theirs.
 * @param {Databases} databases
 * @param {Collections} c
 * @param {string} userId the practice
 * @param {string} responseId
 * @returns {Promise<{ filename: string, bytes: Buffer, response: import('node-appwrite').Models.DefaultDocument } | null>}
 */
export async function submittedFormFor(databases, c, userId, responseId) {
  const response = await documentOrNull(databases, c.databaseId, c.formResponses, responseId);
  if (!response || response['userId'] !== userId) return null;
  const request = await documentOrNull(databases, c.databaseId, c.formRequests, String(response['requestId']));
  if (!request || request['userId'] !== userId) return null;
  const link = await documentOrNull(databases, c.databaseId, c.portalAccess, String(response['clientId']));
  const practiceName = link && link['userId'] === userId ? String(link['practiceName'] ?? '') : '';
  const questionnaire = requestQuestionnaire(request);
  const stored = JSON.parse(String(response['response']));
  const bytes = await submittedFormPdf({
    practiceName, questionnaire, formVersion: String(request['formVersion'] ?? questionnaire.version),
    submittedAt: String(response['submittedAt']), round: Number(response['round']) || 1,
    values: valuesOf(stored), files: attachmentsOf(stored),
  });
  return { filename: formPdfFileName(questionnaire.title), bytes, response };
}
