// A pdfkit document whose standard fonts' metrics are parsed once per process (issue 35). pdfkit
// 0.20 parses a standard font's AFM metrics (widths, some 2,700 kerning pairs) into a new object for
// every document that uses the font: 2 of them for each of the export's thousand superbills. Here the
// first document's parsed font is kept and each later document gets its own copy of pdfkit's font
// object (its id in the document, its PDF object made when first used) sharing those read-only
// metrics — registered exactly where and when pdfkit's document.font would register it, so the
// document's bytes are pdfkit's own (test/pdf-document.test.ts holds them to a plain pdfkit document
// and fails should a pdfkit upgrade make pdfkit's font objects other than this code expects; it then
// falls back to pdfkit's own path).
import PDFDocument from 'pdfkit';

/** The PDF standard 14 fonts, pdfkit's StandardFont. */
const STANDARD = new Set(['Courier', 'Courier-Bold', 'Courier-BoldOblique', 'Courier-Oblique', 'Helvetica', 'Helvetica-Bold', 'Helvetica-BoldOblique', 'Helvetica-Oblique', 'Symbol', 'Times-Bold', 'Times-BoldItalic', 'Times-Italic', 'Times-Roman', 'ZapfDingbats']);

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

/** pdfkit's font object for each standard font, as it made it for a document of its own; null: not as expected. */
const parsed = new Map();

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
    font = made && Object.keys(made).join(',') === FONT_FIELDS && made.name === name && typeof made.font?.advancesForGlyphs === 'function' ? made : null;
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
  return doc;
}
