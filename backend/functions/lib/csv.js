// CSV as every Cadence CSV is written: RFC 4180 quoting and formula injection defused. The same
// rule as the dashboard's mf-dashboard/src/shared/csv-writer.ts (functions import no workspace code;
// test/export-data.test.ts keeps the two equal).

import { Utf8Chunks } from './utf8-chunks.js';

/** @typedef {string | number | boolean | null | undefined} CsvCell */

// A spreadsheet runs a cell starting with = + - @ as a formula, and tab or carriage return can
// smuggle one past a first-character check (OWASP "CSV injection"); leading spaces and no-break
// spaces are skipped before looking, since some spreadsheets skip them too. Text already starting
// with apostrophes before such a start is guarded too, so the import can take off exactly this
// apostrophe (mf-dashboard's removeFormulaGuard) and nothing a person typed.
const FORMULA_START = /^'*[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/;

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Whether FORMULA_START can match a text starting with this character: not when it is ASCII other
 * than an apostrophe, = + - @ or a space or control character (every ASCII \s is one), which is
 * most cells — the export writes millions (issue 35), and this spares them the pattern.
 * @param {number} code the text's first UTF-16 code unit
 */
const mayStartFormula = (code) => code >= 128 || code <= 32 || code === 39 || code === 61 || code === 43 || code === 45 || code === 64;

/** @param {string} text */
export const escapeFormula = (text) => (text && mayStartFormula(text.charCodeAt(0)) && FORMULA_START.test(text) ? `'${text}` : text);

/** @param {CsvCell} value */
export function csvCell(value) {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are Cadence's own (amounts, counts): -5 is a number, not a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = escapeFormula(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** @param {readonly CsvCell[]} row */
const csvLine = (row) => row.map(csvCell).join(',');

/**
 * A whole file, rows joined with CRLF and ending with one.
 * @param {Iterable<readonly CsvCell[]>} rows
 * @param {{ bom?: boolean }} [options] bom: a UTF-8 byte-order mark, which Excel needs to read UTF-8
 */
export function toCsv(rows, options = {}) {
  const lines = Array.from(rows, csvLine);
  return (options.bom ? '\ufeff' : '') + (lines.length ? `${lines.join('\r\n')}\r\n` : '');
}

/**
 * toCsv's file as UTF-8, written a row at a time (issue 35: the export's CSVs, ~80 MB at 2,000
 * clients, never held as strings).
 * @param {Iterable<readonly CsvCell[]>} rows
 * @param {{ bom?: boolean }} [options]
 * @returns {Buffer[]}
 */
export function csvChunks(rows, options = {}) {
  const out = new Utf8Chunks();
  if (options.bom) out.write('\ufeff');
  for (const row of rows) out.write(`${csvLine(row)}\r\n`);
  return out.chunks();
}
