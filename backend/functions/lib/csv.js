// CSV as every Cadence CSV is written: RFC 4180 quoting and formula injection defused. The same
// rule as the dashboard's mf-dashboard/src/shared/csv-writer.ts (functions import no workspace code;
// test/export-data.test.ts keeps the two equal).

/** @typedef {string | number | boolean | null | undefined} CsvCell */

// A spreadsheet runs a cell starting with = + - @ as a formula, and tab or carriage return can
// smuggle one past a first-character check (OWASP "CSV injection"); leading spaces and no-break
// spaces are skipped before looking, since some spreadsheets skip them too. Text already starting
// with apostrophes before such a start is guarded too, so the import can take off exactly this
// apostrophe (mf-dashboard's removeFormulaGuard) and nothing a person typed.
const FORMULA_START = /^'*[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/;

/** @param {string} text */
export const escapeFormula = (text) => (FORMULA_START.test(text) ? `'${text}` : text);

/** @param {CsvCell} value */
export function csvCell(value) {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are Cadence's own (amounts, counts): -5 is a number, not a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = escapeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file, rows joined with CRLF and ending with one.
 * @param {readonly (readonly CsvCell[])[]} rows
 * @param {{ bom?: boolean }} [options] bom: a UTF-8 byte-order mark, which Excel needs to read UTF-8
 */
export function toCsv(rows, options = {}) {
  const body = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return (options.bom ? '\ufeff' : '') + (rows.length ? `${body}\r\n` : '');
}
