// The money documents' tables (invoices, superbills, statements, Good Faith Estimates): a header row
// in bold on grey, then the rows, every cell boxed with a 0.5 pt line and 4 pt of padding, columns
// of equal width, some right-aligned; a row that does not fit goes to the next page.
//
// It draws exactly what pdfkit's own doc.table draws for that table — the same operators in the same
// order, byte for byte (test/pdf-table.test.ts holds it to pdfkit's output) — without its per-cell
// generality: pdfkit merges five style objects for every cell and measures each cell's text four
// times (each a line-breaking pass) before drawing it; here the style is fixed and a text is
// measured once per font, size and column width in a process. Issue 35: the 960 superbills of a
// 2,000-client practice's export took 23 s of CPU, 10 s of it in the table's bookkeeping.

/**
 * @typedef {{ x: number, y: number, width: number, height: number }} Bounds
 * @typedef {{ align: 'left' | 'right', ellipsis: true, stroke: false, fill: true, width: number, height: number, rotation: 0 }} CellTextOptions
 */

const PADDING = 4;
const BORDER = 0.5;
const HEADER_FONT = 'Helvetica-Bold';
const HEADER_BACKGROUND = '#eeeeee';

/** Measured texts, by font, size, line gap, box and text (boundsOf). */
const MEASURED = new Map();
const MEASURED_KEPT = 20_000;

/**
 * @typedef {object} Internals pdfkit's document fields the table reads and puts back, as its own does
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
 * `doc.boundsOfString(text, 0, 0, options)`, remembered: its answer depends only on the text, the
 * options and the document's font, size and line gap. Like it, leaves doc.x and doc.y at 0.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {CellTextOptions} options
 * @returns {Bounds}
 */
function boundsOf(doc, text, options) {
  const state = internals(doc);
  if (state._textOptions) return doc.boundsOfString(text, 0, 0, options);
  const key = `${state._font.name}\u0000${state._fontSize}\u0000${state._lineGap}\u0000${options.align}\u0000${options.width}\u0000${options.height}\u0000${text}`;
  let bounds = MEASURED.get(key);
  if (!bounds) {
    bounds = doc.boundsOfString(text, 0, 0, options);
    if (MEASURED.size >= MEASURED_KEPT) MEASURED.clear();
    MEASURED.set(key, bounds);
  }
  doc.x = 0;
  doc.y = 0;
  return { ...bounds };
}

/**
 * pdfkit's measureCell: the text's box in a cell of `width` × `height`, measured as pdfkit does (once
 * unbounded to find its size, then within that size), in the cell's font.
 * @param {PDFKit.PDFDocument} doc
 * @param {string} text
 * @param {boolean} header
 * @param {'left' | 'right'} align
 * @param {number} width
 * @param {number} height
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
    const unrotated = boundsOf(doc, text, { ...textOptions, rotation: 0 });
    textOptions.width = unrotated.width;
    textOptions.height = unrotated.height;
    textBounds = boundsOf(doc, text, textOptions);
    doc.font(/** @type {string} */ (font), /** @type {string} */ (family), size);
  }
  return { textOptions, textBounds, allocatedWidth: width - PADDING - PADDING, allocatedHeight: height - PADDING - PADDING };
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
  // pdfkit's page height inside the margins (its typings leave it out).
  const contentHeight = () => /** @type {{ contentHeight: number }} */ (/** @type {unknown} */ (doc.page)).contentHeight;
  let y = doc.y;
  for (const [rowIndex, row] of all.entries()) {
    const header = rowIndex === 0;
    const texts = row.map((cell) => (cell == null ? cell : `${cell}`));
    // The row's height: its tallest text, measured in a cell as tall as the page's content.
    let height = 0;
    for (const [col, text] of texts.entries()) {
      const { textBounds } = measureCell(doc, text ?? '', header, right.includes(col) ? 'right' : 'left', /** @type {number} */ (widths[col]), contentHeight());
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
    const cells = texts.map((text, col) => ({ text, col, align: right.includes(col) ? /** @type {const} */ ('right') : /** @type {const} */ ('left'), ...measureCell(doc, text ?? '', header, right.includes(col) ? 'right' : 'left', /** @type {number} */ (widths[col]), height) }));
    if (newPage) doc.continueOnNewPage();
    for (const cell of cells) {
      const x = /** @type {number} */ (xs[cell.col]);
      const width = /** @type {number} */ (widths[cell.col]);
      if (header) doc.save().fillColor(HEADER_BACKGROUND).rect(x, y, width, height).fill().restore();
      doc.save().lineWidth(BORDER).strokeColor('black').rect(x, y, width, height).stroke().restore();
      if (!cell.text) continue;
      const { _fontSource: font, _fontSize: size, _fontFamily: family } = state;
      if (header) doc.font(HEADER_FONT, /** @type {string} */ (/** @type {unknown} */ (undefined)));
      const textX = x + PADDING;
      const textY = y + PADDING;
      const dx = (cell.allocatedWidth - cell.textBounds.width) * (cell.align === 'right' ? 1 : 0) + -cell.textBounds.x;
      const dy = (cell.allocatedHeight - cell.textBounds.height) * 0 + -cell.textBounds.y;
      doc.save().rect(textX, textY, cell.allocatedWidth, cell.allocatedHeight).clip();
      doc.fillColor('black').strokeColor('black');
      doc.text(cell.text, textX + dx, textY + dy, cell.textOptions);
      doc.restore();
      doc.font(/** @type {string} */ (font), /** @type {string} */ (family), size);
    }
    y += advance;
    doc.x = left;
    doc.y = y;
  }
}
