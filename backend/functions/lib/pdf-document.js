// A pdfkit document whose standard fonts' metrics are parsed once per process (issue 35). pdfkit
// 0.20 parses a standard font's AFM metrics (widths, some 2,700 kerning pairs) into a new object for
// every document that uses the font: 2 of them for each of the export's thousand superbills. Here the
// first document's parsed font is kept and each later document gets its own copy of pdfkit's font
// object (its id in the document, its PDF object made when first used) sharing those read-only
// metrics — registered exactly where and when pdfkit's document.font would register it, so the
// document's bytes are pdfkit's own (test/pdf-document.test.ts holds them to a plain pdfkit document
// and fails should a pdfkit upgrade make pdfkit's font objects other than this code expects; it then
// falls back to pdfkit's own path). The fonts also remember, per process, what pdfkit works out for
// each text drawn or measured — its glyphs' codes and kerned advances, its width — as the money
// documents draw the same dates, codes and amounts again and again; pdfkit's answer is computed once,
// and frozen (pdfkit reads it, and must never change it). And a page's content operators are handed
// to pdfkit's content stream together when the page ends, the bytes pdfkit would have made of each
// (an array of bytes an operator, joined when the page ends): the same bytes, in one piece.
import PDFDocument from 'pdfkit';
import { STANDARD_FONTS as STANDARD } from './pdf-line.js';

/** The fields pdfkit 0.20's StandardFont has when made; `font` holds the parsed metrics. */
const FONT_FIELDS = 'document,name,id,font,ascender,descender,bbox,lineGap,xHeight,capHeight';

/**
 * @typedef {{ document: unknown, name: string, id: string, font: { advancesForGlyphs: Function } }} StandardFont
 * @typedef {object} FontState pdfkit's document fields the font registry uses
 * @property {Record<string, StandardFont>} _fontFamilies
 * @property {number} _fontCount
 * @property {Record<string, unknown>} _registeredFonts
 * @property {StandardFont | null} _font
 */

/** Texts remembered per font before its memory is emptied. */
const REMEMBERED = 20_000;

/**
 * pdfkit's font object for each standard font, as it made it for a document of its own, with its
 * remembering encode and widthOfString; null: not as expected.
 * @type {Map<string, StandardFont | null>}
 */
const parsed = new Map();

/** @template T @param {T} value @returns {T} */
function frozen(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * pdfkit's font object for `name`, made once per process, or null if pdfkit makes it other than
 * this module expects.
 * @param {string} name
 * @returns {StandardFont | null}
 */
function parsedFont(name) {
  let font = parsed.get(name);
  if (font === undefined) {
    const made = /** @type {FontState} */ (/** @type {unknown} */ (new PDFDocument({ autoFirstPage: false, font: name })))._font;
    const proto = made && Object.getPrototypeOf(made);
    font = made && Object.keys(made).join(',') === FONT_FIELDS && made.name === name && typeof made.font?.advancesForGlyphs === 'function'
      && typeof proto.encode === 'function' && typeof proto.widthOfString === 'function' ? made : null;
    if (font) {
      /** @type {Map<string, unknown>} */
      const encoded = new Map();
      /** @type {Map<string, number>} */
      const widths = new Map();
      Object.assign(font, {
        /** @param {unknown} text @param {unknown} features (not used by a standard font) */
        encode(text, features) {
          if (typeof text !== 'string') return proto.encode.call(this, text, features);
          let answer = encoded.get(text);
          if (answer === undefined) {
            if (encoded.size >= REMEMBERED) encoded.clear();
            encoded.set(text, (answer = frozen(proto.encode.call(this, text, features))));
          }
          return answer;
        },
        /** @param {unknown} text @param {number} size */
        widthOfString(text, size) {
          if (typeof text !== 'string') return proto.widthOfString.call(this, text, size);
          // pdfkit's width at 1000 pt is the sum of the advances, which it scales by size / 1000.
          let width = widths.get(text);
          if (width === undefined) {
            if (widths.size >= REMEMBERED) widths.clear();
            widths.set(text, (width = /** @type {number} */ (proto.widthOfString.call(this, text, 1000))));
          }
          return width * (size / 1000);
        },
      });
    }
    parsed.set(name, font);
  }
  return font;
}

/** Whether documents share the parsed metrics of `name` (false: pdfkit's own path). @param {string} name */
export const sharesFontMetrics = (name) => parsedFont(name) !== null;

/**
 * `new PDFDocument(options)` (its default font, Helvetica) with the standard fonts' metrics parsed
 * once per process.
 * @param {Omit<PDFKit.PDFDocumentOptions, 'font'>} options
 * @returns {PDFKit.PDFDocument}
 */
export function pdfDocument(options) {
  // Made without a font; Helvetica is set below as pdfkit's constructor would (nothing between
  // reads the font: its first page is added without text).
  const doc = new PDFDocument({ ...options, font: /** @type {string} */ (/** @type {unknown} */ (null)) });
  const state = /** @type {FontState} */ (/** @type {unknown} */ (doc));
  const open = doc.font;
  /** @param {PDFKit.Mixins.PDFFontSource} src @param {string | number} [family] @param {number} [size] */
  const font = (src, family, size) => {
    // pdfkit looks a font up by `family || src` and, missing, makes it with the next id and keeps it
    // under that name (a standard font's own): the same, with the metrics already parsed.
    if (typeof src === 'string' && STANDARD.has(src) && (family == null || typeof family === 'number') && !state._registeredFonts[src] && !state._fontFamilies[src]) {
      const made = parsedFont(src);
      if (made) state._fontFamilies[src] = Object.assign(Object.create(Object.getPrototypeOf(made)), made, { document: doc, id: `F${++state._fontCount}` });
    }
    return open.call(doc, src, /** @type {string} */ (family), size);
  };
  doc.font = /** @type {typeof doc.font} */ (font);
  doc.font('Helvetica', /** @type {string} */ (/** @type {unknown} */ (null)));
  if (doc.page) writeTogether(doc.page);
  doc.on('pageAdded', () => writeTogether(doc.page));
  return doc;
}

/**
 * The page's content operators kept until the page ends, then written as one piece of bytes: what
 * pdfkit writes for each — the operator and a line feed, each character's low byte (Latin-1). Bytes
 * written to the page go in their place, after what is kept.
 * @param {PDFKit.PDFPage} page
 */
function writeTogether(page) {
  const state = /** @type {{ write: (chunk: unknown) => unknown, end: () => unknown, content: { write: (chunk: unknown) => unknown } }} */ (/** @type {unknown} */ (page));
  let kept = '';
  const flush = () => {
    if (kept) state.content.write(Buffer.from(kept, 'latin1'));
    kept = '';
  };
  const end = state.end;
  state.write = (chunk) => {
    if (typeof chunk === 'string') {
      kept += `${chunk}\n`;
      return;
    }
    flush();
    return state.content.write(chunk);
  };
  state.end = () => {
    flush();
    return end.call(page);
  };
}
