// The money documents' tables (invoices, superbills, statements, Good Faith Estimates): a header row
// in bold on grey, then the rows, every cell boxed with a 0.5 pt line and 4 pt of padding, columns
// of equal width, some right-aligned; a row that does not fit goes to the next page.
//
// It draws exactly what pdfkit's own doc.table draws for that table — the same operators in the same
// order, byte for byte (test/pdf-table.test.ts holds it to pdfkit's output) — without its per-cell
// generality: pdfkit merges five style objects for every cell and measures each cell's text four
// times (each a line-breaking pass) before drawing it; here the style is fixed and a text is
// measured once per font, size and column width in a process, and a text set on one line (most
// cells: dates, codes, amounts) is drawn from that once-found line, as pdfkit's doc.text draws it,
// without breaking it into lines again. Issue 35: the 960 superbills of a 2,000-client practice's
// export took 23 s of CPU, 10 s of it in the table's bookkeeping.

import { drawRecordedLine, recordLine } from './pdf-line.js';

/**
 * @typedef {{ x: number, y: number, width: number, height: number }} Bounds
 * @typedef {{ align: 'left' | 'right', ellipsis: true, stroke: false, fill: true, width: number, height: number, rotation: 0 }} CellTextOptions
 */

const PADDING = 4;
const BORDER = 0.5;
const HEADER_FONT = 'Helvetica-Bold';
const HEADER_BACKGROUND = '#eeeeee';

/**
 * A cell's text measured as pdfkit measures it (measureCell), and `line`: the one line pdfkit's line
 * wrapper sets it on when drawn in that box (the text, and the options pdfkit draws that line with),
 * null when it sets it on more or none, undefined until first drawn (oneLine).
 * @typedef {{ textOptions: Readonly<CellTextOptions>, textBounds: Readonly<Bounds>, line?: OneLine | null }} Measured
 * @typedef {import('./pdf-line.js').OneLine} OneLine
 */

/** Measured texts, by font, size, line gap, alignment and box (one key a column and row), then by text. */
const MEASURED = new Map();
const MEASURED_KEPT = 20_000;
let measuredCount = 0;

/**
 * @typedef {object} Internals pdfkit's document fields and methods the table uses, as its own does
 * @property {{ name: string }} _font
 * @property {unknown} _fontSource
 * @property {number} _fontSize
 * @property {unknown} _fontFamily
 * @property {number} _lineGap
 * @property {unknown} _textOptions
 * @property {number} _tableIndex
 */

/** @param {PDFKit.PDFDocument} doc */
const internals = (doc) => /** @type {Internals} */ (/** @type {unknown} */ (doc));

/**
 * pdfkit's measureCell: the text's box in a cell of `width` × `height`, measured as pdfkit does (once
 * unbounded to find its size, then within that size), in the cell's font.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {boolean} header
 * @param {'left' | 'right'} align
 * @param {number} width
 * @param {number} height
 * @returns {Measured}
 */
function measureCell(doc, text, header, align, width, height) {
  /** @type {CellTextOptions} */
  const textOptions = { align, ellipsis: true, stroke: false, fill: true, width: Math.abs(width - PADDING - PADDING), height: Math.abs(height - PADDING - PADDING), rotation: 0 };
  /** @type {Bounds} */
  let textBounds = { x: 0, y: 0, width: 0, height: 0 };
  if (text) {
    const state = internals(doc);
    const { _fontSource: font, _fontSize: size, _fontFamily: family } = state;
    if (header) doc.font(HEADER_FONT, /** @type {string} */ (/** @type {unknown} */ (undefined)));
    /** @type {CellTextOptions} */
    const unbounded = { ...textOptions, rotation: 0 };
    const unrotated = doc.boundsOfString(text, 0, 0, unbounded);
    textOptions.width = unrotated.width;
    textOptions.height = unrotated.height;
    textBounds = doc.boundsOfString(text, 0, 0, textOptions);
    doc.font(/** @type {string} */ (font), /** @type {string} */ (family), size);
  }
  return { textOptions: Object.freeze(textOptions), textBounds: Object.freeze(textBounds) };
}

/**
 * The texts measured in a column's cells of a row: a text's measure depends only on it, the font,
 * size and line gap, the alignment and the box, so it is remembered in a process (pdfkit measures
 * each cell four times, each a line-breaking pass). A text in a continued text's options is measured
 * each time.
 * @param {PDFKit.PDFDocument} doc
 * @param {boolean} header
 * @param {'left' | 'right'} align
 * @param {number} width
 * @param {number} height
 * @returns {(text: string) => Measured}
 */
function measures(doc, header, align, width, height) {
  const state = internals(doc);
  if (state._textOptions) return (text) => measureCell(doc, text, header, align, width, height);
  const key = `${header ? HEADER_FONT : state._font.name}\u0000${state._fontSize}\u0000${state._lineGap}\u0000${align}\u0000${width}\u0000${height}`;
  return (text) => {
    let texts = MEASURED.get(key);
    let measured = texts?.get(text);
    if (!measured) {
      if (++measuredCount > MEASURED_KEPT) {
        MEASURED.clear();
        measuredCount = 1;
        texts = undefined;
      }
      if (!texts) MEASURED.set(key, (texts = new Map()));
      measured = measureCell(doc, text, header, align, width, height);
      texts.set(text, measured);
    }
    return measured;
  };
}

/**
 * What doc.text does with the text in its cell's box (recordLine): the one line it draws, or null.
 * One line in a box one line tall is wrapped the same wherever on the page it is drawn (its checks
 * of the box's bottom are a line apart), so it can be drawn from the record.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {Readonly<CellTextOptions>} options
 * @returns {OneLine | null}
 */
function oneLine(doc, text, options) {
  const state = internals(doc);
  if (state._textOptions || typeof options.height !== 'number' || options.height >= 2 * (doc.currentLineHeight(true) + state._lineGap)) return null;
  return recordLine(doc, text, options);
}

/**
 * doc.text(text, x, y, options) for a cell's text: one line drawn from its record, more by doc.text.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {Measured} measured
 * @param {number} x
 * @param {number} y
 */
function cellText(doc, text, measured, x, y) {
  if (measured.line === undefined) measured.line = oneLine(doc, text, measured.textOptions);
  if (measured.line) drawRecordedLine(doc, measured.line, x, y);
  else doc.text(text, x, y, measured.textOptions);
}

/**
 * The table at the document's position, across pages as it needs; leaves doc.y below it and doc.x
 * where it began.
 * @param {PDFKit.PDFDocument} doc
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {number[]} right the columns aligned right (amounts)
 */
export function drawTable(doc, headers, rows, right) {
  const state = internals(doc);
  state._tableIndex += 1;
  const left = doc.x;
  const maxWidth = doc.page.width - doc.page.margins.right - left;
  // pdfkit sets each header cell's font while reading the table, before drawing anything.
  const all = [headers, ...rows];
  {
    const { _fontSource: font, _fontSize: size, _fontFamily: family } = state;
    for (let i = 0; i < headers.length; i += 1) {
      doc.font(HEADER_FONT, /** @type {string} */ (/** @type {unknown} */ (undefined)));
      doc.font(/** @type {string} */ (font), /** @type {string} */ (family), size);
    }
  }
  // Columns of equal share, computed as pdfkit does (one at a time from what is left).
  /** @type {number[]} */
  const widths = [];
  let unclaimed = maxWidth;
  let starCount = headers.length;
  for (let i = 0; i < headers.length; i += 1) {
    const share = unclaimed / starCount;
    widths[i] = Math.max(share, 0);
    unclaimed -= /** @type {number} */ (widths[i]);
    starCount -= 1;
  }
  /** @type {number[]} */
  const xs = [];
  let at = left;
  for (const width of widths) {
    xs.push(at);
    at += width;
  }
  /** @type {('left' | 'right')[]} */
  const aligns = widths.map((_, col) => (right.includes(col) ? 'right' : 'left'));
  /** The measures of each column's cells in a row of `height` (as tall as the page's content first). */
  const columns = (/** @type {boolean} */ header, /** @type {number} */ height) => widths.map((width, col) => measures(doc, header, /** @type {'left' | 'right'} */ (aligns[col]), width, height));
  // pdfkit's page height inside the margins (its typings leave it out).
  const contentHeight = () => /** @type {{ contentHeight: number }} */ (/** @type {unknown} */ (doc.page)).contentHeight;
  let y = doc.y;
  for (const [rowIndex, row] of all.entries()) {
    const header = rowIndex === 0;
    const texts = row.map((cell) => (cell == null ? cell : `${cell}`));
    // The row's height: its tallest text, measured in a cell as tall as the page's content.
    const unbounded = columns(header, contentHeight());
    let height = 0;
    for (const [col, text] of texts.entries()) {
      const { textBounds } = /** @type {(text: string) => Measured} */ (unbounded[col])(text ?? '');
      height = Math.max(height, textBounds.height + PADDING + PADDING);
    }
    height = Math.max(height, 0);
    // What the next row starts below: the row's height, or what is left of the page for a row taller
    // than a page (pdfkit draws its cells at their full height all the same).
    let advance = height;
    let newPage = false;
    if (height > contentHeight()) {
      console.warn(new Error(`Row ${rowIndex} requested more than the safe page height, row has been clamped`).stack?.slice(7));
      advance = doc.page.maxY() - y;
    } else if (y + height >= doc.page.maxY()) {
      y = doc.page.margins.top;
      newPage = true;
    }
    const bounded = columns(header, height);
    const cells = texts.map((text, col) => /** @type {(text: string) => Measured} */ (bounded[col])(text ?? ''));
    if (newPage) doc.continueOnNewPage();
    for (const [col, cell] of cells.entries()) {
      const x = /** @type {number} */ (xs[col]);
      const width = /** @type {number} */ (widths[col]);
      const text = texts[col];
      if (header) doc.save().fillColor(HEADER_BACKGROUND).rect(x, y, width, height).fill().restore();
      doc.save().lineWidth(BORDER).strokeColor('black').rect(x, y, width, height).stroke().restore();
      if (!text) continue;
      const { _fontSource: font, _fontSize: size, _fontFamily: family } = state;
      if (header) doc.font(HEADER_FONT, /** @type {string} */ (/** @type {unknown} */ (undefined)));
      const [allocatedWidth, allocatedHeight] = [width - PADDING - PADDING, height - PADDING - PADDING];
      const textX = x + PADDING;
      const textY = y + PADDING;
      const dx = (allocatedWidth - cell.textBounds.width) * (aligns[col] === 'right' ? 1 : 0) + -cell.textBounds.x;
      const dy = (allocatedHeight - cell.textBounds.height) * 0 + -cell.textBounds.y;
      doc.save().rect(textX, textY, allocatedWidth, allocatedHeight).clip();
      doc.fillColor('black').strokeColor('black');
      cellText(doc, text, cell, textX + dx, textY + dy);
      doc.restore();
      doc.font(/** @type {string} */ (font), /** @type {string} */ (family), size);
    }
    y += advance;
    doc.x = left;
    doc.y = y;
  }
}
