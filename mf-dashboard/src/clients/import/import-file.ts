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
  utf16: 'This file is saved as UTF-16 text. Save it again as "CSV UTF-8" and choose that file.',
  notUtf8: 'This file is not UTF-8 text, so names with accents would be garbled. Save it again as "CSV UTF-8" and choose that file.',
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
 * Turns the file's bytes into text, refusing what is not UTF-8 text: workbooks and other binary
 * files (by their signatures, or a NUL byte), UTF-16, and any invalid UTF-8 sequence. A UTF-8
 * byte-order mark (Excel's "CSV UTF-8") is dropped.
 */
export function decodeImportBytes(bytes: Uint8Array): Checked<string> {
  if (bytes.length === 0) return refuse(IMPORT_FILE_MESSAGES.empty);
  if (bytes.length > MAX_IMPORT_BYTES) return refuse(IMPORT_FILE_MESSAGES.tooLarge);
  // ZIP (xlsx, ods, numbers) and OLE2 (xls) containers.
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return refuse(IMPORT_FILE_MESSAGES.spreadsheet);
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return refuse(IMPORT_FILE_MESSAGES.notCsv); // %PDF
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return refuse(IMPORT_FILE_MESSAGES.utf16);
  if (bytes.includes(0)) return refuse(IMPORT_FILE_MESSAGES.notCsv);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse(IMPORT_FILE_MESSAGES.notUtf8);
  }
  return accept(text);
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

/** All three checks in order, for a chosen file: the name and size, the bytes, the CSV. */
export function readImportFile(file: ImportFileInfo, bytes: Uint8Array): Checked<ParsedCsv> {
  const info = checkImportFileInfo(file);
  if (!info.ok) return info;
  const text = decodeImportBytes(bytes);
  if (!text.ok) return text;
  return parseImportCsv(text.value);
}
