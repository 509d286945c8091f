// A Good Faith Estimate's PDF (issue 32), drawn from the contents stored with its version (lib/
// good-faith-estimate.js gfeContents), never from today's records: a delivered version reads the
// same on every download, for the therapist (good-faith-estimates) and the client (portal-documents).
import { heading, render, table, usDate } from './money-pdf.js';
import { money } from './money-format.js';
import { FREQUENCY_LABELS } from './good-faith-estimate.js';

/**
 * @typedef {import('./good-faith-estimate.js').GfeContents} GfeContents
 * @typedef {import('node-appwrite').Models.DefaultDocument} Doc
 */

/** The stored contents of an estimate document. @param {Doc} estimate @returns {GfeContents} */
export const contentsOf = (estimate) => JSON.parse(String(estimate['contents']));

/** A file name from the version, never the client's name. @param {Doc} estimate */
export const gfeFileName = (estimate) => `good-faith-estimate-v${Number(estimate['version'])}.pdf`;

/** What the portal's list shows (no amounts, no names). @param {Doc} estimate */
export const gfeTitle = (estimate) => `Good Faith Estimate (version ${Number(estimate['version'])})`;

/**
 * @param {Doc} estimate a good_faith_estimates document
 * @returns {Promise<{ filename: string, bytes: Buffer }>}
 */
export async function gfePdf(estimate) {
  const c = contentsOf(estimate);
  const version = Number(estimate['version']);
  const bytes = await render('Good Faith Estimate', (doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text('Good Faith Estimate');
    doc.font('Helvetica').fontSize(10).text(`Version ${version} · Issued ${usDate(c.issuedOn)}`);
    doc.moveDown();
    heading(doc, 'Patient');
    doc.text(`Name: ${c.client.name}`);
    doc.text(`Date of birth: ${usDate(c.client.dateOfBirth) || 'not recorded'}`);
    doc.moveDown();
    heading(doc, 'Provider');
    if (c.provider.practiceName) doc.text(c.provider.practiceName);
    doc.text(`Provider: ${c.provider.name}`);
    doc.text(`NPI: ${c.provider.npi}`);
    doc.text(`Tax ID (TIN): ${c.provider.tin}`);
    doc.text(`Location: ${c.provider.location.join(', ')}`);
    doc.moveDown();
    heading(doc, 'Primary service');
    doc.text(`${c.service.description}${c.service.code ? ` (service code ${c.service.code})` : ''}`);
    doc.text(`Scheduled date: ${usDate(c.service.scheduledOn)}`);
    doc.text(`Expected frequency: ${FREQUENCY_LABELS[c.service.frequency]}, ${c.service.sessions} sessions from ${usDate(c.service.scheduledOn)} to ${usDate(c.service.until)} (${c.service.months} ${c.service.months === 1 ? 'month' : 'months'})`);
    doc.text(`Diagnosis codes: ${c.diagnosisCodes.length ? c.diagnosisCodes.join(', ') : 'none yet (a diagnosis is given after assessment)'}`);
    doc.moveDown();
    heading(doc, 'Itemised expected charges');
    table(doc, ['Period', 'Service', 'Service code', 'Sessions', 'Expected charge each', 'Expected charges'], c.lines.map((l) => [
      l.period, l.description, l.code, String(l.quantity), money(l.unitCharge, c.currency), money(l.total, c.currency),
    ]), [3, 4, 5]);
    doc.font('Helvetica-Bold').text(`Total estimated charges: ${money(c.total, c.currency)}`, { align: 'right' }).font('Helvetica');
    doc.moveDown();
    heading(doc, 'Services to be scheduled separately');
    doc.text(c.separatelyScheduled);
    doc.moveDown();
    heading(doc, 'Disclaimers');
    for (const d of c.disclaimers) doc.text(d).moveDown(0.5);
  }, `Good Faith Estimate v${version} — ${c.client.name}, date of birth ${usDate(c.client.dateOfBirth) || 'not recorded'}`);
  return { filename: gfeFileName(estimate), bytes };
}
