import { isCalendarDay } from '../../shared/time-zone.ts';

// Dates as other products and spreadsheets write them (issue 29): ISO (1985-03-14), numbers with the
// day or the month first (14.03.1985, 14/03/1985, 03/14/1985, 14-03-1985, two-digit years too) and
// English month names (March 14, 1985; 14 March 1985; 14-Mar-85). Which of day and month comes first
// is decided once per file from the file's own evidence (detectDateOrder); a file that cannot tell
// is asked about, never guessed. Hand-written rather than a date library's: the libraries parse one
// known format at a time, and the work here is choosing the format.

/** Day first (31/12/1990) or month first (12/31/1990). */
export type DateOrder = 'dmy' | 'mdy';

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: 'Day first (31/12/1990)',
  mdy: 'Month first (12/31/1990)',
};

const ORDER_WORDS: Record<DateOrder, string> = { dmy: 'day first', mdy: 'month first' };

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS = new Map<string, number>();
MONTH_NAMES.forEach((name, index) => {
  MONTHS.set(name.toLowerCase(), index + 1);
  MONTHS.set(name.slice(0, 3).toLowerCase(), index + 1);
});
MONTHS.set('sept', 9);

export const DATE_MESSAGES = {
  notADate: (text: string) => `"${text}" is not a date. Write it as 1985-03-14, 14.03.1985, 03/14/1985 or March 14, 1985.`,
  noSuchDay: (text: string, day: number, month: number, year: number) =>
    `"${text}" is not a real day: ${MONTH_NAMES[month - 1] ?? `month ${month}`} ${year} has no day ${day}.`,
  notInOrder: (text: string, order: DateOrder, month: number) =>
    `"${text}" can't be read ${ORDER_WORDS[order]}: there is no month ${month}. Check how dates are written (above the preview).`,
  needsOrder: (text: string) => `"${text}" could be day first or month first. Choose how this file writes dates (above the preview).`,
} as const;

/** A two-digit year up to this year's two digits is this century's; above, the last century's. */
export function twoDigitYearPivot(now: Date = new Date()): number {
  return now.getUTCFullYear() % 100;
}

/** "Two-digit years are read as 1927–2026: 26 is 2026, 27 is 1927." */
export function pivotStatement(pivot: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const upper = pivot === 99 ? 0 : pivot + 1;
  return `Two-digit years are read as 19${two(upper)}–20${two(pivot)}: ${two(pivot)} is 20${two(pivot)}, ${two(upper)} is 19${two(upper)}.`;
}

function fullYear(text: string, pivot: number): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year <= pivot ? 2000 + year : 1900 + year;
}

// A time after the date (spreadsheets write "3/14/1985 0:00", ISO exports "…T00:00:00Z") and a
// weekday before it ("Thursday, March 14, 1985") say nothing about the day.
const TIME_AFTER = /(?:T|\s+)\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp]\.?[Mm]\.?)?\s*(?:Z|[+-]\d{2}:?\d{2})?$/;
const WEEKDAY_BEFORE = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;

function bare(text: string): string {
  return text.trim().replace(/\s+/g, ' ').replace(TIME_AFTER, '').replace(WEEKDAY_BEFORE, '').trim();
}

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const COMPACT_ISO = /^(1[89]\d{2}|20\d{2})(\d{2})(\d{2})$/;
const NUMERIC = /^(\d{1,2})([-/. ])(\d{1,2})\2(\d{4}|\d{2})\.?$/;
const NAME_FIRST = /^([a-z]+)\.?[\s\-/.]+(\d{1,2})(?:st|nd|rd|th)?,?[\s\-/.]+(\d{4}|\d{2})$/i;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+(?:of\s+)?([a-z]+)\.?,?[\s\-/.]+(\d{4}|\d{2})$/i;

/** A numeric date's first two numbers and its year, before any order is applied. */
function numericParts(text: string): [number, number, string] | null {
  const match = NUMERIC.exec(bare(text));
  return match ? [Number(match[1]), Number(match[3]), match[4]!] : null;
}

export type DateReading =
  | { ok: true; value: string; twoDigitYear: boolean }
  | { ok: false; message: string; needsOrder?: true };

function day(text: string, year: number, month: number, dayOfMonth: number, twoDigitYear: boolean): DateReading {
  if (month < 1 || month > 12 || !isCalendarDay(year, month, dayOfMonth)) {
    return month >= 1 && month <= 12 && dayOfMonth >= 1 ? { ok: false, message: DATE_MESSAGES.noSuchDay(text, dayOfMonth, month, year) } : { ok: false, message: DATE_MESSAGES.notADate(text) };
  }
  const two = (n: number) => String(n).padStart(2, '0');
  return { ok: true, value: `${String(year).padStart(4, '0')}-${two(month)}-${two(dayOfMonth)}`, twoDigitYear };
}

/**
 * One date cell read as YYYY-MM-DD. `order` is the file's (null while undecided): a numeric date
 * whose first two numbers could each be the month needs it, and says so; one that only fits the
 * other order is refused with that reason. Whether the day is a plausible date of birth is the
 * schema's to say (checkDateOfBirth).
 */
export function readDate(text: string, order: DateOrder | null, pivot: number = twoDigitYearPivot()): DateReading {
  const shown = text.trim();
  const cell = bare(text);
  const iso = ISO.exec(cell) ?? COMPACT_ISO.exec(cell);
  if (iso) return day(shown, Number(iso[1]), Number(iso[2]), Number(iso[3]), false);
  const numeric = numericParts(cell);
  if (numeric) {
    const [first, second, yearText] = numeric;
    const year = fullYear(yearText, pivot);
    const twoDigit = yearText.length === 2;
    const fits = { dmy: second >= 1 && second <= 12, mdy: first >= 1 && first <= 12 };
    if (order) {
      if (!fits[order] && fits[order === 'dmy' ? 'mdy' : 'dmy']) {
        return { ok: false, message: DATE_MESSAGES.notInOrder(shown, order, order === 'dmy' ? second : first) };
      }
      return order === 'dmy' ? day(shown, year, second, first, twoDigit) : day(shown, year, first, second, twoDigit);
    }
    if (first === second || !fits.mdy) return day(shown, year, second, first, twoDigit);
    if (!fits.dmy) return day(shown, year, first, second, twoDigit);
    return { ok: false, message: DATE_MESSAGES.needsOrder(shown), needsOrder: true };
  }
  const named = NAME_FIRST.exec(cell);
  const month = named ? MONTHS.get(named[1]!.toLowerCase()) : undefined;
  if (named && month) return day(shown, fullYear(named[3]!, pivot), month, Number(named[2]), named[3]!.length === 2);
  const dayFirst = DAY_FIRST.exec(cell);
  const monthAfter = dayFirst ? MONTHS.get(dayFirst[2]!.toLowerCase()) : undefined;
  if (dayFirst && monthAfter) return day(shown, fullYear(dayFirst[3]!, pivot), monthAfter, Number(dayFirst[1]), dayFirst[3]!.length === 2);
  return { ok: false, message: DATE_MESSAGES.notADate(shown) };
}

/** A date cell of the file, with the spreadsheet row it sits on. */
export interface DateCell {
  rowNumber: number;
  text: string;
}

export interface DateOrderEvidence {
  /** The order the file shows, or null when it cannot tell (or contradicts itself). */
  order: DateOrder | null;
  /** Why: the row or the header that decided, or the contradiction. */
  reason: string | null;
  /** Some date could be read either way, so the order changes what is stored. */
  ambiguous: boolean;
  /** Some date is numeric with day and month (so the order applies at all). */
  numeric: boolean;
  /** Rows say both orders (or the header says one and a row the other): the person decides. */
  conflict: boolean;
  twoDigitYears: boolean;
}

// Headers that name the order: "Date of birth (DD/MM/YYYY)", "DOB mm-dd-yy", French JJ/MM/AAAA,
// German TT.MM.JJJJ.
const HEADER_DMY = /\b(?:dd?|jj?|tt?)\s*[-/. ]\s*mm?\b/i;
const HEADER_MDY = /\bmm?\s*[-/. ]\s*(?:dd?|jj?|tt?)\b/i;

/**
 * How the file writes day and month, from its own evidence: a number above 12 in the first or
 * second place (that one can only be the day), and the column's header. Rows that disagree, or a
 * header that a row contradicts, leave the order to the person.
 */
export function detectDateOrder(cells: readonly DateCell[], header: string = '', pivot: number = twoDigitYearPivot()): DateOrderEvidence {
  const seen: Partial<Record<DateOrder, DateCell>> = {};
  let ambiguous = false;
  let numeric = false;
  let twoDigitYears = false;
  for (const cell of cells) {
    const parts = numericParts(cell.text);
    const reading = readDate(cell.text, null, pivot);
    if (reading.ok && reading.twoDigitYear) twoDigitYears = true;
    if (!parts) continue;
    numeric = true;
    if (parts[2].length === 2) twoDigitYears = true;
    const [first, second] = parts;
    if (first > 12 && second >= 1 && second <= 12) seen.dmy ??= cell;
    else if (second > 12 && first >= 1 && first <= 12) seen.mdy ??= cell;
    else if (first !== second && first <= 12 && second <= 12) ambiguous = true;
  }
  const fromHeader: DateOrder | null = HEADER_DMY.test(header) ? 'dmy' : HEADER_MDY.test(header) ? 'mdy' : null;
  const base = { ambiguous, numeric, twoDigitYears };
  const rowReason = (order: DateOrder, cell: DateCell) => `Row ${cell.rowNumber} has ${cell.text.trim()}, which can only be ${ORDER_WORDS[order]}.`;
  if (seen.dmy && seen.mdy) {
    return { ...base, order: null, conflict: true, reason: `Row ${seen.dmy.rowNumber} has ${seen.dmy.text.trim()} (day first) but row ${seen.mdy.rowNumber} has ${seen.mdy.text.trim()} (month first).` };
  }
  const fromRows: DateOrder | null = seen.dmy ? 'dmy' : seen.mdy ? 'mdy' : null;
  if (fromRows && fromHeader && fromRows !== fromHeader) {
    const cell = seen[fromRows]!;
    return { ...base, order: null, conflict: true, reason: `The column "${header}" says ${ORDER_WORDS[fromHeader]} but row ${cell.rowNumber} has ${cell.text.trim()} (${ORDER_WORDS[fromRows]}).` };
  }
  if (fromRows) return { ...base, order: fromRows, conflict: false, reason: rowReason(fromRows, seen[fromRows]!) };
  if (fromHeader) return { ...base, order: fromHeader, conflict: false, reason: `The column is headed "${header}".` };
  return { ...base, order: null, conflict: false, reason: null };
}
