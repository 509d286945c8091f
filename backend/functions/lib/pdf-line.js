// One line of text drawn as pdfkit's doc.text draws it, from a record of what doc.text's own line
// wrapping does with the text (issue 35): the money documents draw the same dates, codes, amounts
// and headings thousands of times, and breaking each into lines again — pdfkit's line wrapper, its
// Unicode line breaker — costs more than drawing it. The record is made once (recordLine: doc.text
// run with each line recorded instead of drawn) and drawn by drawRecordedLine: the operators pdfkit's
// _fragment writes for it, the text-showing one (glyphs and kerning) made once per font and text.
// The caller (pdf-table.js, for a cell) uses a record only where the wrapping cannot depend on where
// on the page it is drawn; test/pdf-table.test.ts holds the PDFs to pdfkit's own, byte for byte.
// (The documents' other lines are left to doc.text: each client's differ, so recording them costs
// what drawing them saves.)

/** The PDF standard 14 fonts, pdfkit's StandardFont. */
export const STANDARD_FONTS = new Set(['Courier', 'Courier-Bold', 'Courier-BoldOblique', 'Courier-Oblique', 'Helvetica', 'Helvetica-Bold', 'Helvetica-BoldOblique', 'Helvetica-Oblique', 'Symbol', 'Times-Bold', 'Times-BoldItalic', 'Times-Italic', 'Times-Roman', 'ZapfDingbats']);

/**
 * Whether a document's font is one of pdfkit's standard fonts (whose encoding of a text is the same
 * in every document; an embedded font's adds the text's glyphs to the document's subset).
 * @param {{ name?: unknown }} font
 */
export const isStandardFont = (font) => typeof font.name === 'string' && STANDARD_FONTS.has(font.name) && !('subset' in font);

/**
 * @typedef {object} OneLine what doc.text does with a text it sets on one line
 * @property {string} text as pdfkit draws it (its line feeds left out)
 * @property {Readonly<LineOptions>} options what pdfkit draws the line with
 * @property {number} advance how far below the line doc.text leaves doc.y
 * @property {string | null} show the line's text-showing operator (TJ; null: none, or drawn by pdfkit's _fragment)
 * @typedef {{ align?: string, width: number, lineWidth: number }} LineOptions what drawLine reads of them
 * @typedef {object} Internals pdfkit's document fields and methods used here
 * @property {{ name: string, id: string, ascender: number, encode: (text: string) => unknown, ref: () => unknown }} _font
 * @property {number} _fontSize
 * @property {number} _lineGap
 * @property {(text: string, x: number, y: number, options: object, line: (text: string, options: object) => void) => void} _text
 *   doc.text, each line handed to `line` (doc.text's draws it)
 * @property {(text: string, x: number, y: number, options: object) => void} _fragment draws one line of text
 */

/** @param {PDFKit.PDFDocument} doc */
const internals = (doc) => /** @type {Internals} */ (/** @type {unknown} */ (doc));

/**
 * What doc.text(text, x, y, options) does with the text in the document's font, size and line gap,
 * found by doc.text's own wrapping with each line recorded instead of drawn: the one line it draws,
 * or null (more lines, or none). `options` must keep the wrapping off the page's end (a height).
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {object} options
 * @returns {OneLine | null}
 */
export function recordLine(doc, text, options) {
  const state = internals(doc);
  const { x, y } = doc;
  /** @type {{ text: string, options: Readonly<LineOptions> }[]} */
  const lines = [];
  // As doc.text's line callback (_line) does, but for drawing: the next line a line height below.
  state._text(text, 0, 0, options, (line, lineOptions) => {
    lines.push({ text: line, options: Object.freeze({ .../** @type {LineOptions} */ (lineOptions) }) });
    doc.y += doc.currentLineHeight(true) + (/** @type {{ lineGap?: number }} */ (lineOptions).lineGap || state._lineGap || 0);
  });
  const advance = doc.y;
  doc.x = x;
  doc.y = y;
  const [line] = lines;
  if (lines.length !== 1 || !line) return null;
  const shown = line.text.replace(/\n/g, '');
  const simple = isStandardFont(state._font) && (line.options.align === undefined || line.options.align === 'left' || line.options.align === 'right') && line.options.width > 0;
  return { text: shown, options: line.options, advance, show: simple && shown ? textShowing(doc, shown) : null };
}

/** pdfkit's number in a content stream (PDFObject.number): rounded to 6 decimals. @param {number} n */
const number = (n) => Math.round(n * 1e6) / 1e6;

/**
 * The text-showing operator pdfkit's _fragment writes for `text` in the document's (standard) font:
 * its glyphs' codes in hex, cut where a kerning pair moves the next glyph, each cut followed by the
 * move (a standard font's glyphs have no offsets). null: it writes none (or a glyph has an offset).
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @returns {string | null}
 */
function textShowing(doc, text) {
  const [encoded, positions] = /** @type {[string[], { xAdvance: number, advanceWidth: number, xOffset: number, yOffset: number }[]]} */ (internals(doc)._font.encode(text));
  /** @type {string[]} */
  const commands = [];
  let last = 0;
  const addSegment = (/** @type {number} */ cur) => {
    const position = positions[cur - 1];
    if (last < cur && position) commands.push(`<${encoded.slice(last, cur).join('')}> ${number(-(position.xAdvance - position.advanceWidth))}`);
    last = cur;
  };
  for (const [i, position] of positions.entries()) {
    if (position.xOffset || position.yOffset) return null;
    if (position.xAdvance - position.advanceWidth !== 0) addSegment(i + 1);
  }
  addSegment(positions.length);
  return commands.length ? `[${commands.join(' ')}] TJ` : null;
}

/**
 * A recorded line at (x, y), what pdfkit's _fragment writes for it (left- or right-aligned in its
 * line, filled, in a standard font, none of _fragment's other options set), its text-showing
 * operator the recorded one.
 * @param {PDFKit.PDFDocument} doc
 * @param {OneLine} line
 * @param {number} x
 * @param {number} y
 */
function drawLine(doc, { text, options, show }, x, y) {
  const state = internals(doc);
  if (options.align === 'right') x += options.lineWidth - doc.widthOfString(text.replace(/\s+$/, ''), /** @type {PDFKit.Mixins.TextOptions} */ (options));
  const dy = state._font.ascender / 1000 * state._fontSize;
  doc.save();
  doc.transform(1, 0, 0, -1, 0, doc.page.height);
  const fonts = /** @type {Record<string, unknown>} */ (/** @type {{ fonts: unknown }} */ (/** @type {unknown} */ (doc.page)).fonts);
  if (fonts[state._font.id] == null) fonts[state._font.id] = state._font.ref();
  doc.addContent('BT');
  doc.addContent(`1 0 0 1 ${number(x)} ${number(doc.page.height - y - dy)} Tm`);
  doc.addContent(`/${state._font.id} ${number(state._fontSize)} Tf`);
  if (show) doc.addContent(show);
  doc.addContent('ET');
  doc.restore();
}

/**
 * doc.text(text, x, y, options) for a text recorded (recordLine) as set on one line: the line drawn
 * as pdfkit draws it, doc.x and doc.y left where doc.text leaves them.
 * @param {PDFKit.PDFDocument} doc
 * @param {OneLine} line
 * @param {number} x
 * @param {number} y
 */
export function drawRecordedLine(doc, line, x, y) {
  if (!line.text) {
    // pdfkit draws nothing for a line of line feeds alone.
  } else if (line.show !== null) drawLine(doc, line, x, y);
  else internals(doc)._fragment(line.text, x, y, line.options);
  doc.x = x;
  doc.y = y + line.advance;
}
