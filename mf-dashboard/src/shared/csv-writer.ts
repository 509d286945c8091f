// Every CSV Cadence writes (rejected import rows now, exports later) goes through here: RFC 4180
// quoting, and cells that a spreadsheet would run as a formula defused (issue #13).

export type CsvCell = string | number | boolean | null | undefined;

// A spreadsheet treats a cell starting with = + - @ as a formula, and tab or carriage return can
// smuggle one past a first-character check (OWASP "CSV injection"). Leading spaces and no-break
// spaces are skipped before looking, since some spreadsheets skip them too. Text that already starts
// with apostrophes before such a start is guarded as well, so that reading a file back can take off
// exactly the apostrophe written here (removeFormulaGuard) and nothing a person typed.
const FORMULA_START = /^'*[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/;

/** Defuses a text cell a spreadsheet would evaluate, by making it text with a leading apostrophe. */
export function escapeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * escapeFormula undone, for a file Cadence (or a spreadsheet with the same guard) wrote: the leading
 * apostrophe goes only where escapeFormula would have put it, so removeFormulaGuard(escapeFormula(t))
 * is t for every text t.
 */
export function removeFormulaGuard(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are written by Cadence itself (amounts, counts): -5 is a number, not a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = escapeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvOptions {
  /**
   * Starts the file with a UTF-8 byte-order mark, which Excel needs to read it as UTF-8 rather
   * than the machine's code page (names with accents stay readable). Off by default.
   */
  bom?: boolean;
}

/** A whole file: rows joined with CRLF (RFC 4180), ending with one. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const body = rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return (options.bom ? '\ufeff' : '') + (rows.length ? `${body}\r\n` : '');
}
