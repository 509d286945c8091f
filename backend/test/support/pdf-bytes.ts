// The bytes of a pdfkit document the money documents' tests draw (pdfkit's types: backend only; the
// e2e specs read PDFs through pdf-text.ts alone).
/** The bytes of a pdfkit document once `draw` has drawn it (ended here). */
export function drawnPdf(doc: PDFKit.PDFDocument, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
