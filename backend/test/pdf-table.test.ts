// The money documents' tables (lib/pdf-table.js, issue 35) draw exactly what pdfkit's own doc.table
// draws for them: the same PDF byte for byte, whatever the cells hold — text that wraps, text cut
// short with an ellipsis, empty cells, right-aligned amounts, rows that go over to the next page
// (with the documents' running header drawn on each new page), a header font not used before, texts
// on one line drawn from their remembered line (trailing spaces, a trailing line feed, at every
// height of a page) — and drawn again once the measured texts are remembered, the same text in
// columns of other widths too, and in the money documents' own documents (lib/pdf-document.js: fonts
// parsed once, a page's operators written together).
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfDocument } from '../functions/lib/pdf-document.js';
import { drawTable } from '../functions/lib/pdf-table.js';
import { drawnPdf } from './support/pdf-bytes.ts';
import { pdfPageTexts } from './support/pdf-text.ts';

type Draw = (doc: PDFKit.PDFDocument, headers: string[], rows: string[][], right: number[]) => void;

const pdfkitTable: Draw = (doc, headers, rows, right) => {
  doc.table({
    columnStyles: (i) => (right.includes(i) ? { align: { x: 'right' } } : {}),
    rowStyles: (i) => (i === 0 ? { backgroundColor: '#eeeeee' } : {}),
    defaultStyle: { border: 0.5, padding: 4 },
    data: [headers.map((h) => ({ text: h, type: 'TH' as const, font: { src: 'Helvetica-Bold' } })), ...rows],
  });
};

/** A PDF with some text, the table, and text after it; a running line on every page after the first. */
function pdf(draw: Draw, headers: string[], rows: string[][], right: number[], { boldBefore = true, make = (options: PDFKit.PDFDocumentOptions) => new PDFDocument(options) } = {}): Promise<Buffer> {
  return drawnPdf(make({ size: 'LETTER', margin: 54, info: { Title: 'Table', CreationDate: new Date('2026-01-02T03:04:05Z') } }), (doc) => {
    doc.on('pageAdded', () => {
      const { x, y } = doc;
      doc.fontSize(8).text('Running line', 54, 28, { lineBreak: false }).fontSize(9);
      doc.x = x;
      doc.y = y;
    });
    if (boldBefore) doc.font('Helvetica-Bold').text('Heading').font('Helvetica');
    doc.text('Some text before the table.');
    doc.fontSize(9);
    draw(doc, headers, rows, right);
    doc.fontSize(10).text('After the table.');
  });
}

const LONG = 'A description long enough to wrap over several lines of its narrow column, and then some more words';
const cases: { name: string, headers: string[], rows: string[][], right: number[], boldBefore?: boolean }[] = [
  {
    name: 'a superbill-like table over four pages',
    headers: ['Date of service', 'Place of service', 'CPT code', 'Units', 'Diagnosis pointer', 'Fee', 'Amount paid'],
    rows: Array.from({ length: 120 }, (_, i) => [`0${1 + (i % 9)}/${10 + (i % 18)}/2026`, i === 7 ? LONG : i % 2 ? '10' : '11', '90834', '1', i % 3 ? 'A' : 'A, B', '$150.00', i % 4 ? '$150.00' : '$0.00']),
    right: [3, 5, 6],
  },
  {
    name: 'wrapping, long words cut short, empty cells, and no bold font before',
    headers: ['Date', 'Description', 'Amount', 'Balance'],
    rows: [
      ['01/02/2026', LONG, '$1,234.56', ''],
      ['', 'Supercalifragilisticexpialidociouslyextraordinarilylongwordwithoutspaces', '-$5.00', '$1,229.56'],
      ['01/03/2026', `${LONG}\n${LONG}`, '', '$0.00'],
      ...Array.from({ length: 30 }, (_, i) => [`02/${10 + i}/2026`, i % 5 ? 'Session' : LONG, '$90.00', `$${i}.00`]),
    ],
    right: [2, 3],
    boldBefore: false,
  },
  {
    name: 'one-line texts with trailing spaces (right-aligned too), a trailing line feed, a header that wraps, rows at every height of the page',
    headers: ['Date', 'A header long enough to wrap in its column', 'Code', 'Amount'],
    rows: Array.from({ length: 90 }, (_, i) => [
      `${String(1 + (i % 12)).padStart(2, '0')}/15/2026`, ['Session', 'Session  ', 'Session\n', 'Late cancellation fee', 'Intake assessment (voided)'][i % 5]!, i % 3 ? '90834' : '90791 ', `$${(i * 37.5).toFixed(2)}${i % 4 ? '' : ' '}`,
    ]),
    right: [3],
  },
];

describe('the money documents\' tables (issue 35)', () => {
  for (const { name, headers, rows, right, boldBefore } of cases) {
    it(`draw what pdfkit's table draws, byte for byte: ${name}`, async () => {
      const expected = await pdf(pdfkitTable, headers, rows, right, { boldBefore });
      const drawn = await pdf(drawTable, headers, rows, right, { boldBefore });
      // Again, with every text's measure remembered from the first, and in a money document's document.
      const again = await pdf(drawTable, headers, rows, right, { boldBefore });
      const moneyDocument = await pdf(drawTable, headers, rows, right, { boldBefore, make: pdfDocument });
      expect(drawn.equals(expected)).toBe(true);
      expect(again.equals(expected)).toBe(true);
      expect(moneyDocument.equals(expected)).toBe(true);
      expect(pdfPageTexts(drawn).join('\n')).toContain(headers[3]);
    });
  }

  it('go on to a new page as the rows need', async () => {
    const pages = pdfPageTexts(await pdf(drawTable, cases[0]!.headers, cases[0]!.rows, cases[0]!.right));
    expect(pages.length).toBe(4);
    expect(pages[0]).not.toContain('Running line');
    expect(pages[3]).toContain('Running line');
    expect(pages[3]).toContain('90834');
  });
});
