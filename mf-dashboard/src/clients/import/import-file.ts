import Papa from 'papaparse';
import { accept, refuse, type Checked } from '@cadence/shared-auth/money';

// The first step of a client import (issue #13): is this a CSV file we can read at all? A bad file
// gets one clear message and imports nothing. Pure: the page hands over the File's name, size and
// bytes (file.arrayBuffer()), so the same code runs in tests and in a worker.

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = {
  empty: 'This file is empty. Choose a CSV file with a header row and one client per row.',
  tooLarge: 'This file is larger than 10 MB. Split it into smaller files and import each one.',
  notCsv: 'This is not a CSV file. Export your client list as CSV (comma-separated values) and choose that file.',
  spreadsheet: 'This is a spreadsheet workbook, not CSV. Open it and save it as "CSV UTF-8 (comma delimited)", then choose that file.',
  unreadableText: 'Parts of this file cannot be read as text. Save it again as "CSV UTF-8" and choose that file.',
  headerOnly: 'This file has a header row but no clients.',
  brokenQuotes: (line: number) => `The file's quoting is broken near line ${line}: a quoted cell is never closed. Fix it in a spreadsheet and save it as CSV again.`,
} as const;

export interface ImportFileInfo {
  name: string;
  size: number;
  /** The browser's MIME type guess; often empty or application/vnd.ms-excel for CSV. */
  type?: string;
}

export interface ParsedCsv {
  /** The header row, each cell trimmed; blank headers are named by position ("Column 3"). */
  headers: string[];
  /** Data rows as cells, blank rows left out. */
  rows: string[][];
  /**
   * Each row's number as a spreadsheet shows it: the header is row 1, blank lines count, and a row
   * whose quoted cell spans lines is one row, numbered where it starts.
   */
  rowNumbers: number[];
  /** The delimiter found: comma, or semicolon or tab as some spreadsheets save. */
  delimiter: string;
}

const SPREADSHEET_EXTENSIONS = /\.(xlsx|xlsm|xls|ods|numbers)$/i;
const OTHER_DOCUMENTS = /\.(pdf|docx?|pages|rtf|json|xml|html?|zip|vcf|png|jpe?g|gif|heic)$/i;

/** Checks what is known before reading: the name and size. */
export function checkImportFileInfo(file: ImportFileInfo): Checked<void> {
  if (SPREADSHEET_EXTENSIONS.test(file.name)) return refuse(IMPORT_FILE_MESSAGES.spreadsheet);
  if (OTHER_DOCUMENTS.test(file.name)) return refuse(IMPORT_FILE_MESSAGES.notCsv);
  if (file.size === 0) return refuse(IMPORT_FILE_MESSAGES.empty);
  if (file.size > MAX_IMPORT_BYTES) return refuse(IMPORT_FILE_MESSAGES.tooLarge);
  return accept(undefined);
}

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * The single-byte encodings Excel's plain "CSV" is saved in: "CSV (Comma delimited)" on Windows,
 * "CSV" on a Mac, both read with TextDecoder (the Encoding Standard's labels; see decodeLegacy).
 */
export const LEGACY_ENCODINGS = ['windows-1252', 'macintosh'] as const;
export type LegacyEncoding = (typeof LEGACY_ENCODINGS)[number];
export const LEGACY_ENCODING_LABELS: Record<LegacyEncoding, string> = {
  'windows-1252': 'Windows (Western European)',
  macintosh: 'Mac (Western European)',
};

// Windows-1252's bytes 0x80–0x9F as the Encoding Standard reads them (the five it leaves unused stay
// as they are). Node since 20.18.3 decodes 'windows-1252' as Latin-1, these bytes as control
// characters (nodejs/node#60888); browsers decode them right, and then nothing is left to map.
const WINDOWS_1252_80_9F = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Bytes read with a single-byte encoding: every byte is one character, so nothing is refused. */
function decodeLegacy(bytes: Uint8Array, encoding: LegacyEncoding): string {
  const text = new TextDecoder(encoding).decode(bytes);
  return encoding === 'windows-1252' ? text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_80_9F.charAt(c.charCodeAt(0) - 0x80)) : text;
}

/** How a file's bytes were read as text. */
export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | LegacyEncoding;

export const isLegacyEncoding = (encoding: ImportEncoding): encoding is LegacyEncoding => (LEGACY_ENCODINGS as readonly string[]).includes(encoding);

/** The legacy encoding a file's bytes suggest; `evidence` is false when both read alike (Windows, the commoner, then). */
export interface LegacyGuess {
  encoding: LegacyEncoding;
  evidence: boolean;
}

export interface ImportText {
  text: string;
  encoding: ImportEncoding;
  /** Set for bytes that are not Unicode text: the guess, shown with a way to read them the other way. */
  legacyGuess: LegacyGuess | null;
}

const UPPER = /[\p{Lu}\p{Lt}]/u;
const LOWER = /\p{Ll}/u;
// Modifier letters (ˆ ˜) are accents standing alone, read as symbols here.
const LETTER = /[\p{Lu}\p{Lt}\p{Ll}\p{Lo}]/u;
// The accented letters of Western European languages (Latin-1's, without × and ÷).
const LATIN1_LETTER = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]/;
const CONTROL = /\p{Cc}/u;
const RIGHT_QUOTE = '\u2019';
// Enough evidence for any file; a 10 MB file of accents is not scored to its end.
const SCORED_CHARACTERS = 10_000;

/** The run of letters around text[index] (at most 40 characters each way). */
function wordAround(text: string, index: number): string {
  let start = index;
  let end = index + 1;
  while (start > 0 && index - start < 40 && LETTER.test(text.charAt(start - 1))) start -= 1;
  while (end < text.length && end - index < 40 && LETTER.test(text.charAt(end))) end += 1;
  return text.slice(start, end);
}

/**
 * How much the non-ASCII character text[index], between its neighbours, looks like what a person
 * wrote: +1 a Western European accented letter in a word, in its word's case (Zoë, MÜLLER, Érica),
 * or the typographic apostrophe between letters (O’Brien); −1 a letter against its word's case (an
 * uppercase letter after a letter in a word that has lowercase ones, a lowercase letter before an
 * uppercase one: ZoÎ, OÕBrien, OíBrien) or a symbol between letters (M¸ller, Zo‘); −2 a control
 * character (Windows-1252's five unused bytes); 0 anything else (a € after a digit, a letter standing
 * alone, a letter outside Latin-1 such as š).
 */
function characterScore(text: string, index: number): number {
  const [previous, character, next] = [text.charAt(index - 1), text.charAt(index), text.charAt(index + 1)];
  if (CONTROL.test(character)) return -2;
  const betweenLetters = LETTER.test(previous) && LETTER.test(next);
  if (!LETTER.test(character)) return betweenLetters ? (character === RIGHT_QUOTE ? 1 : -1) : 0;
  if (!LETTER.test(previous) && !LETTER.test(next)) return 0;
  const fits = UPPER.test(character) ? !LETTER.test(previous) || !LOWER.test(wordAround(text, index)) : !UPPER.test(next);
  if (!fits) return -1;
  return LATIN1_LETTER.test(character) ? 1 : 0;
}

/** The sum of characterScore over a reading's non-ASCII characters (the first 10,000). */
function readingScore(text: string): number {
  let score = 0;
  let scored = 0;
  for (let i = 0; i < text.length && scored < SCORED_CHARACTERS; i += 1) {
    if (text.charCodeAt(i) < 0x80) continue;
    score += characterScore(text, i);
    scored += 1;
  }
  return score;
}

/**
 * Windows-1252 or Mac Roman, for bytes that are not UTF-8: the reading whose non-ASCII characters
 * look more like accented letters in words than like symbols (readingScore); Windows-1252 when they
 * score alike, as most such files come from Excel on Windows. A guess: the page shows it.
 */
export function guessLegacyEncoding(bytes: Uint8Array): LegacyGuess {
  const [windows = 0, mac = 0] = LEGACY_ENCODINGS.map((encoding) => readingScore(decodeLegacy(bytes, encoding)));
  return { encoding: mac > windows ? 'macintosh' : 'windows-1252', evidence: mac !== windows };
}

/**
 * UTF-16 by its byte-order mark or, without one, by its shape: no NUL byte at one parity and NULs at
 * nine in ten or more of the other (text in the first 256 characters, as a CSV's mostly are, has a
 * NUL high byte; binary data has NULs at both). Anything else with a NUL byte is not text.
 */
function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (startsWith(bytes, 0xff, 0xfe)) return 'utf-16le';
  if (startsWith(bytes, 0xfe, 0xff)) return 'utf-16be';
  if (bytes.length % 2 !== 0 || bytes.length < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < bytes.length; i += 2) {
    if (bytes[i] === 0) even += 1;
    if (bytes[i + 1] === 0) odd += 1;
  }
  const units = bytes.length / 2;
  if (even === 0 && odd >= units * 0.9) return 'utf-16le';
  if (odd === 0 && even >= units * 0.9) return 'utf-16be';
  return null;
}

function decodeStrictly(bytes: Uint8Array, encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Turns the file's bytes into text. Workbooks and other binary files are refused (by their
 * signatures, or a NUL byte). UTF-16 (a byte-order mark, or its shape) and UTF-8 are read as they
 * are, their byte-order mark dropped; a file marked UTF-8 that is not is refused. Other bytes are a
 * single-byte legacy encoding: read as `legacy` when the person chose one, else as guessed.
 */
export function decodeImportBytes(bytes: Uint8Array, legacy?: LegacyEncoding | null): Checked<ImportText> {
  if (bytes.length === 0) return refuse(IMPORT_FILE_MESSAGES.empty);
  if (bytes.length > MAX_IMPORT_BYTES) return refuse(IMPORT_FILE_MESSAGES.tooLarge);
  // ZIP (xlsx, ods, numbers) and OLE2 (xls) containers.
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return refuse(IMPORT_FILE_MESSAGES.spreadsheet);
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return refuse(IMPORT_FILE_MESSAGES.notCsv); // %PDF
  const utf16 = utf16Encoding(bytes);
  if (utf16) {
    const text = decodeStrictly(bytes, utf16);
    if (text === null) return refuse(IMPORT_FILE_MESSAGES.unreadableText);
    // UTF-32's mark starts as UTF-16's; its NULs stay NULs.
    if (text.includes('\u0000')) return refuse(IMPORT_FILE_MESSAGES.notCsv);
    return accept({ text, encoding: utf16, legacyGuess: null });
  }
  if (bytes.includes(0)) return refuse(IMPORT_FILE_MESSAGES.notCsv);
  const text = decodeStrictly(bytes, 'utf-8');
  if (text !== null) return accept({ text, encoding: 'utf-8', legacyGuess: null });
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return refuse(IMPORT_FILE_MESSAGES.unreadableText);
  const legacyGuess = guessLegacyEncoding(bytes);
  const encoding = legacy ?? legacyGuess.encoding;
  return accept({ text: decodeLegacy(bytes, encoding), encoding, legacyGuess });
}

const NON_ASCII = /\P{ASCII}/u;
const SAMPLE_LENGTH = 40;

/**
 * Up to `limit` different cells (the header's first) holding non-ASCII characters, as read: what the
 * person checks a guessed encoding by. A long cell is cut to 40 characters around its first one.
 */
export function accentedValues(parsed: ParsedCsv, limit = 5): string[] {
  const values = new Set<string>();
  for (const cells of [parsed.headers, ...parsed.rows]) {
    for (const cell of cells) {
      const value = cell.replace(/\s+/g, ' ').trim();
      const at = value.search(NON_ASCII);
      if (at < 0) continue;
      const start = Math.max(0, Math.min(at - SAMPLE_LENGTH / 2, value.length - SAMPLE_LENGTH));
      values.add(`${start > 0 ? '…' : ''}${value.slice(start, start + SAMPLE_LENGTH)}${start + SAMPLE_LENGTH < value.length ? '…' : ''}`);
      if (values.size >= limit) return [...values];
    }
  }
  return [...values];
}

function lineAt(text: string, index: number | undefined, fallbackRow: number | undefined): number {
  if (index === undefined) return (fallbackRow ?? 0) + 1;
  let line = 1;
  for (let i = 0; i < index && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter the header row is split by, with rows that fit it (as many cells as the header, or
 * more) as the tie-break. Headers rarely hold a delimiter, while cells often hold the others (a
 * tab-separated file with commas in its notes and a row with extra cells fooled papaparse's own
 * guess, which wants every row the same length).
 */
function guessDelimiter(content: string): string {
  let best: { delimiter: string; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(content, { delimiter, preview: 50, skipEmptyLines: 'greedy' }).data;
    const header = rows[0]?.length ?? 0;
    if (header < 2) continue;
    const score = (rows.filter((row) => row.length >= header).length / rows.length) * 10_000 + header;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * Parses CSV text with papaparse (comma, semicolon or tab), refusing an empty file, a file that
 * is something else written as text (HTML, JSON), broken quoting, and a header without rows.
 */
export function parseImportCsv(text: string): Checked<ParsedCsv> {
  let content = text.replace(/^\ufeff/, '');
  // Excel may write its delimiter on a first line of its own ("sep=;"); it is not the header.
  const separatorLine = /^sep=(.)\r?\n/i.exec(content);
  if (separatorLine) content = content.slice(separatorLine[0].length);
  if (content.trim() === '') return refuse(IMPORT_FILE_MESSAGES.empty);
  if (/^\s*[<{[]/.test(content)) return refuse(IMPORT_FILE_MESSAGES.notCsv);
  // Blank lines are kept while parsing, so every record keeps its place: the spreadsheet's row.
  const delimiter = separatorLine?.[1] ?? guessDelimiter(content);
  const result = Papa.parse<string[]>(content, { skipEmptyLines: false, delimiter });
  const quoteError = result.errors.find((error) => error.type === 'Quotes');
  if (quoteError) return refuse(IMPORT_FILE_MESSAGES.brokenQuotes(lineAt(content, quoteError.index, quoteError.row)));
  const records = result.data.map((cells, index) => ({ cells, rowNumber: index + 1 })).filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...rows] = records;
  if (!header) return refuse(IMPORT_FILE_MESSAGES.empty);
  if (rows.length === 0) return refuse(IMPORT_FILE_MESSAGES.headerOnly);
  const headers = header.cells.map((cell, i) => cell.replace(/\s+/g, ' ').trim() || `Column ${i + 1}`);
  return accept({ headers, rows: rows.map((row) => row.cells), rowNumbers: rows.map((row) => row.rowNumber), delimiter: result.meta.delimiter });
}

/** A file read: its CSV, and how its bytes were read as text. */
export interface ImportFileReading extends ParsedCsv {
  encoding: ImportEncoding;
  legacyGuess: LegacyGuess | null;
}

/**
 * All three checks in order, for a chosen file: the name and size, the bytes, the CSV. `legacy` is
 * the person's choice of reading for bytes that are not Unicode text (otherwise the guess).
 */
export function readImportFile(file: ImportFileInfo, bytes: Uint8Array, legacy?: LegacyEncoding | null): Checked<ImportFileReading> {
  const info = checkImportFileInfo(file);
  if (!info.ok) return info;
  const decoded = decodeImportBytes(bytes, legacy);
  if (!decoded.ok) return decoded;
  const parsed = parseImportCsv(decoded.value.text);
  if (!parsed.ok) return parsed;
  return accept({ ...parsed.value, encoding: decoded.value.encoding, legacyGuess: decoded.value.legacyGuess });
}
