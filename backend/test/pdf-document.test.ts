// The money documents' pdfkit documents parse the standard fonts' metrics once per process
// (lib/pdf-document.js, issue 35), remember each text's glyphs and width, and write a page's
// operators together: each document draws the same bytes as a plain pdfkit document — the first in
// the process (which parses and remembers) and every later one (which shares) — whatever order and
// way its fonts are set in, text justified, spaced, right-aligned, wrapped or repeated, over pages;
// and the metrics really are shared: should a pdfkit upgrade make its fonts other than the module
// expects, it falls back to parsing them per document, and the last test here fails.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfDocument, sharesFontMetrics } from '../functions/lib/pdf-document.js';
import { drawnPdf } from './support/pdf-bytes.ts';
import { pdfText } from './support/pdf-text.ts';

type Make = (options: PDFKit.PDFDocumentOptions) => PDFKit.PDFDocument;

const plain: Make = (options) => new PDFDocument(options);

/** Text in several standard fonts (kerned pairs, right-aligned and wrapped), over two pages. */
function draw(make: Make): Promise<Buffer> {
  return drawnPdf(make({ size: 'LETTER', margin: 54, info: { Title: 'Fonts', CreationDate: new Date('2026-01-02T03:04:05Z') } }), (doc) => {
    doc.text('AVAWAY Ta To Yo — in the default font');
    doc.font('Helvetica-Bold').fontSize(16).text('WAVE Tyre, bold');
    doc.font('Times-Roman', 'Serif').fontSize(11).text('A serif family, set by a family name', { align: 'right' });
    doc.font('Times-Roman').text('The same font by its own name');
    doc.font('Courier-Oblique', 9).text('Courier at 9 pt, given as a number after the name');
    doc.font('Helvetica').text('Back to Helvetica, a long line that wraps over the width of the page once or twice, kerning LT AV on the way.', { width: 200 });
    doc.text('Justified: a paragraph set flush on both sides, its spaces stretched to fill each line but the last one.', { align: 'justify', width: 180 });
    doc.text('Spaced words, WAVE AV', { wordSpacing: 4, characterSpacing: 0.5 });
    for (let i = 0; i < 60; i += 1) doc.text(`$${(i % 4) * 150}.00`, { align: 'right' });
    doc.addPage();
    doc.font('Helvetica-Bold').text('Second page, bold');
    doc.font('Times-Bold').text('Times bold, first used on the second page');
  });
}

describe('pdfkit documents with their standard fonts parsed once per process (issue 35)', () => {
  it('draw the bytes a plain pdfkit document draws, the first in the process and every later one', async () => {
    const expected = await draw(plain);
    const first = await draw(pdfDocument);
    const again = await draw(pdfDocument);
    expect(first.equals(expected)).toBe(true);
    expect(again.equals(expected)).toBe(true);
    expect(pdfText(again)).toContain('Times bold, first used on the second page');
  });

  it('share the parsed metrics between documents (an upgrade of pdfkit that breaks this fails here)', () => {
    const [a, b] = [pdfDocument({}), pdfDocument({})];
    const metrics = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: { font: object } })._font.font;
    expect(sharesFontMetrics('Helvetica')).toBe(true);
    expect(metrics(a)).toBe(metrics(b));
    expect(metrics(a.font('Helvetica-Bold'))).toBe(metrics(b.font('Helvetica-Bold')));
    // Each document has its own font objects (its ids, its PDF objects)…
    type Font = { encode: (text: string) => unknown, widthOfString: (text: string, size: number) => number };
    const font = (doc: PDFKit.PDFDocument) => (doc as unknown as { _font: Font })._font;
    expect(font(a)).not.toBe(font(b));
    // …which remember pdfkit's glyphs for a text once in the process, frozen.
    const glyphs = font(a).encode('Total: $150.00');
    expect(font(b).encode('Total: $150.00')).toBe(glyphs);
    expect(Object.isFrozen(glyphs)).toBe(true);
    expect(font(b).widthOfString('Total: $150.00', 9)).toBe(font(a).widthOfString('Total: $150.00', 9));
  });
});
