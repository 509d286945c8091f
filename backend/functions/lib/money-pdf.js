// The money PDFs' drawing (issue 16 "Documents"), with pdfkit (text selectable: standard fonts, real
// text operators): the page, header, headings and tables every money document shares, and the
// invoice and superbill from what they say (money-documents.js gathers it from the records:
// invoiceContent, superbillContent). Apart from the records' module so that the export's PDF worker
// threads load pdfkit and nothing else (issue 35).
import { pdfDocument } from './pdf-document.js';
import { money } from './money-format.js';
import { drawTable } from './pdf-table.js';

/**
 * @typedef {import('./money-documents.js').InvoiceContent} InvoiceContent
 * @typedef {import('./money-documents.js').SuperbillContent} SuperbillContent
 * @typedef {import('./money-documents.js').PracticeFields} PracticeFields
 */

/** YYYY-MM-DD → MM/DD/YYYY, as US claim forms write dates. @param {unknown} date */
export function usDate(date) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(date ?? ''));
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/**
 * A document, its data drawn by `draw`; resolves to the PDF's bytes. `running`: a line naming the
 * document and whose it is, drawn in the top margin of every page after the first (with the page's
 * number), so a page that goes astray from a claim still says what it belongs to.
 * @param {string} title
 * @param {(doc: PDFKit.PDFDocument) => void} draw
 * @param {string} [running]
 * @returns {Promise<Buffer>}
 */
export function render(title, draw, running = '') {
  return new Promise((resolve, reject) => {
    const doc = pdfDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: 'Cadence' }, bufferPages: false });
    /** @type {Buffer[]} */
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    let page = 1;
    if (running) {
      doc.on('pageAdded', () => {
        page += 1;
        // pdfkit keeps the current font in its own fields: put back what the page break interrupted.
        const state = /** @type {{ _font: unknown, _fontSize: number }} */ (/** @type {unknown} */ (doc));
        const { x, y } = doc;
        const { _font: font, _fontSize: size } = state;
        const { left, right } = doc.page.margins;
        doc.font('Helvetica').fontSize(8).text(`${running} — page ${page}`, left, 28, { lineBreak: false, width: doc.page.width - left - right });
        state._font = font;
        doc.fontSize(size);
        doc.x = x;
        doc.y = y;
      });
    }
    try {
      draw(doc);
      doc.end();
    } catch (e) {
      reject(e);
    }
  });
}

/**
 * The practice's header: name, address, phone, NPI, tax ID (in full).
 * @param {PDFKit.PDFDocument} doc
 * @param {PracticeFields} practice
 */
export function drawPracticeFields(doc, { name, address, phone, npi, taxId }) {
  doc.font('Helvetica-Bold').fontSize(16).text(name || 'Practice');
  doc.font('Helvetica').fontSize(10);
  for (const line of address) doc.text(line);
  if (phone) doc.text(`Phone: ${phone}`);
  if (npi) doc.text(`NPI: ${npi}`);
  if (taxId) doc.text(`Tax ID (TIN): ${taxId}`);
  doc.moveDown();
}

/**
 * @param {PDFKit.PDFDocument} doc
 * @param {string} title
 */
export function heading(doc, title) {
  doc.font('Helvetica-Bold').fontSize(14).text(title);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
}

/**
 * A table with a header row; numbers right-aligned in the columns named in `right`.
 * @param {PDFKit.PDFDocument} doc
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {number[]} [right]
 */
export function table(doc, headers, rows, right = []) {
  doc.x = doc.page.margins.left;
  doc.fontSize(9);
  drawTable(doc, headers, rows, right);
  doc.fontSize(10);
  doc.x = doc.page.margins.left;
  doc.moveDown();
}

/**
 * Draws an invoice from its content.
 * @param {InvoiceContent} content
 */
export function drawInvoiceContent({ number, status, issueDate, dueDate, period, voidReason, practice, client, rows, total, paid, due }) {
  return render(`Invoice ${number}`, (doc) => {
    drawPracticeFields(doc, practice);
    heading(doc, `Invoice ${number}`);
    doc.text(`Status: ${status}`);
    if (issueDate !== null) doc.text(`Issue date: ${issueDate}`);
    if (dueDate !== null) doc.text(`Due date: ${dueDate}`);
    doc.text(`Period: ${period}`);
    if (voidReason) doc.text(`Voided: ${voidReason}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Bill to');
    doc.font('Helvetica').text(client.name);
    for (const line of client.address) doc.text(line);
    doc.moveDown();
    table(doc, ['Date', 'Service', 'Code', 'Amount'], rows, [3]);
    doc.text(`Total: ${total}`, { align: 'right' });
    doc.text(`Payments applied: ${paid}`, { align: 'right' });
    doc.font('Helvetica-Bold').text(`Balance due: ${due}`, { align: 'right' });
  }, `Invoice ${number} — ${client.name}`);
}

/**
 * Draws a superbill from its content (superbillContent). `signed`: its electronic signature's lines
 * (signatureLines); null: a line to sign by hand.
 * @param {SuperbillContent} content
 * @param {{ by: string, record: string } | null} signed
 */
export function drawSuperbillContent(content, signed) {
  const { currency, provider } = content;
  const therapist = [provider.name, provider.credentials].filter(Boolean).join(', ');
  return render('Superbill', (doc) => {
    drawPracticeFields(doc, content.practice);
    heading(doc, 'Superbill');
    doc.text(`Period: ${usDate(content.period.from)} – ${usDate(content.period.to)}`);
    doc.text(`Rendering provider: ${therapist}`);
    if (provider.license) doc.text(`License number: ${provider.license}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').text('Client');
    doc.font('Helvetica').text(`Name: ${content.client.name}`);
    doc.text(`Date of birth: ${usDate(content.client.dateOfBirth) || 'not recorded'}`);
    if (content.client.address.length) doc.text(`Address: ${content.client.address.join(', ')}`);
    if (content.client.responsibleParty.length) doc.text(`Responsible party: ${content.client.responsibleParty.join(', ')}`);
    for (const [title, fields] of /** @type {const} */ ([['Primary insurance', content.client.insurance], ['Secondary insurance', content.client.secondaryInsurance]])) {
      if (!fields.length) continue;
      doc.moveDown(0.5).font('Helvetica-Bold').text(title).font('Helvetica');
      for (const [label, value] of fields) doc.text(`${label}: ${value}`);
    }
    doc.moveDown(0.5).font('Helvetica-Bold').text('Diagnoses (ICD-10-CM)').font('Helvetica');
    if (!content.diagnoses.length) doc.text('None recorded');
    for (const d of content.diagnoses) doc.text(`${d.pointer}. ${d.code}${d.description ? ` — ${d.description}` : ''}`);
    doc.moveDown();
    table(doc, ['Date of service', 'Place of service', 'CPT code', 'Units', 'Diagnosis pointer', 'Fee', 'Amount paid'], content.lines.map((l) => [
      usDate(l.date), l.placeOfService, l.code, String(l.units), l.pointer, money(l.fee, currency), money(l.paid, currency),
    ]), [3, 5, 6]);
    doc.text(`Total fees: ${money(content.totalFee, currency)}`, { align: 'right' });
    doc.text(`Total paid: ${money(content.totalPaid, currency)}`, { align: 'right' });
    doc.moveDown(0.5);
    doc.fontSize(9).text('Place of service: 10 = telehealth in the client’s home, 11 = office. Diagnosis pointer: the letters of the diagnoses above.').fontSize(10);
    doc.moveDown(2);
    if (signed) {
      doc.font('Helvetica-Bold').text(signed.by);
      doc.font('Helvetica').fontSize(8).text(signed.record).fontSize(10);
    } else {
      doc.text('Provider signature: ________________________________   Date: ______________');
      doc.text(therapist);
    }
  }, `Superbill — ${content.client.name}, date of birth ${usDate(content.client.dateOfBirth) || 'not recorded'} — ${usDate(content.period.from)} – ${usDate(content.period.to)} — ${therapist}`);
}
