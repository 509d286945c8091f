import { toCsv } from '../../shared/csv-writer.ts';
import { DEFAULT_CURRENCY, parseMoney } from '../../shared/money.ts';
import { fieldMessages } from '../../shared/schema-fields.ts';
import { isCalendarDay } from '../../shared/time-zone.ts';
import { clientDisplayName, clientSchema, type Client, type ClientStatus } from '../client-schema.ts';
import { DUPLICATE_MESSAGES, DuplicateIndex, type DuplicateKeyFields, type DuplicateReason } from '../duplicates.ts';
import { IMPORT_FIELD_LABELS, type ColumnMapping, type ImportField } from './column-mapping.ts';
import type { ParsedCsv } from './import-file.ts';

// Rows of an import file checked one by one (issue #13): each becomes a client ready to create, a
// duplicate to skip (of a stored client or of an earlier row), or a rejected row with its reasons.
// Re-importing the same file therefore creates nothing new.

export const PREVIEW_ROWS = 10;

export const IMPORT_ROW_MESSAGES = {
  tooManyCells: (cells: number, headers: number) =>
    `This row has ${cells} cells but the header has ${headers}: a cell with a comma may be missing its quotes.`,
  twoDigitYear: 'Write the year with four digits, such as 03/14/1985 or 1985-03-14.',
  unknownService: (name: string) => `No service is named "${name}". Add the service first, or leave this column unmatched.`,
  duplicateOfRow: (row: number) => `Same client as row ${row}.`,
  skippedDuplicate: (message: string) => `Skipped: ${message}`,
} as const;

/** A service the default-service column can name, by code or by name. */
export interface ImportService {
  $id: string;
  name: string;
  serviceCode: string | null;
  archived?: boolean;
}

export interface ImportContext<T extends DuplicateKeyFields> {
  /** The practice's clients, to skip those already there. */
  existing: readonly T[];
  services?: readonly ImportService[];
  /** The practice's currency, for fee overrides. */
  currency?: string;
}

export type ImportRowStatus = 'ready' | 'duplicate' | 'rejected';

export type DuplicateOf<T> =
  | { kind: 'existing'; client: T; reason: DuplicateReason }
  | { kind: 'file'; rowNumber: number; reason: DuplicateReason };

export interface ImportRow<T> {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: string[];
  status: ImportRowStatus;
  /** The client to create (also set for a duplicate, to show what was read). */
  client: Client | null;
  /** Why a row is rejected or skipped, each naming the column as the file does. */
  problems: string[];
  duplicateOf: DuplicateOf<T> | null;
}

export interface ImportPlan<T> {
  headers: string[];
  rows: ImportRow<T>[];
  /** The clients to create, in file order. */
  ready: Client[];
  counts: { total: number; ready: number; duplicates: number; rejected: number };
}

const STATUS_WORDS: Record<string, ClientStatus> = {
  active: 'active',
  current: 'active',
  inactive: 'inactive',
  prospective: 'prospective',
  prospect: 'prospective',
  potential: 'prospective',
  lead: 'prospective',
  new: 'prospective',
  discharged: 'discharged',
  archived: 'discharged',
  closed: 'discharged',
  terminated: 'discharged',
};

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ok', 'emailok', 'consented', 'on', '✓', '✔']);
const NO = new Set(['no', 'n', 'false', '0', 'off', 'none', 'declined']);

/**
 * A date cell as spreadsheets write it: 1985-03-14 (a time after it is ignored), 1985/03/14,
 * 3/14/1985, 03-14-1985 or 3.14.1985 (US order). Answers YYYY-MM-DD, or null with the cell left for
 * the schema to refuse; a two-digit year is its own problem, never guessed.
 */
export function dateCell(text: string): { value: string } | { problem: string } {
  const trimmed = text.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/.exec(trimmed);
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s.*)?$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (year && month && day && isCalendarDay(Number(year), Number(month), Number(day))) {
    return { value: `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` };
  }
  if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/.test(trimmed)) return { problem: IMPORT_ROW_MESSAGES.twoDigitYear };
  return { value: trimmed };
}

/** "Doe, Jane" or "Jane Q. Doe" → first and last name (the last word is the last name). */
export function splitFullName(text: string): { firstName: string; lastName: string } {
  const name = text.replace(/\s+/g, ' ').trim();
  const comma = name.indexOf(',');
  if (comma >= 0) return { lastName: name.slice(0, comma).trim(), firstName: name.slice(comma + 1).trim() };
  const space = name.lastIndexOf(' ');
  if (space < 0) return { firstName: name, lastName: '' };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

function serviceFinder(services: readonly ImportService[]) {
  const byKey = new Map<string, ImportService>();
  const key = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
  for (const service of services) {
    if (service.archived) continue;
    if (service.serviceCode && !byKey.has(key(service.serviceCode))) byKey.set(key(service.serviceCode), service);
    if (!byKey.has(key(service.name))) byKey.set(key(service.name), service);
  }
  return (text: string) => byKey.get(key(text));
}

interface RowReading {
  input: Record<string, unknown>;
  problems: string[];
  /** Which column each schema field came from, to name it in messages. */
  columnOf: Map<string, number>;
}

function readRow(cells: readonly string[], mapping: ColumnMapping, headers: readonly string[], context: { currency: string; findService: (text: string) => ImportService | undefined }): RowReading {
  const input: Record<string, unknown> = { currency: context.currency };
  const problems: string[] = [];
  const columnOf = new Map<string, number>();
  const mapped = new Set(mapping);
  const problem = (column: number, message: string) => problems.push(`${headers[column]}: ${message}`);
  // Every mapped column names its field in messages, empty or not ("First name: Enter the first name.").
  mapping.forEach((field, column) => {
    if (field === 'fullName') {
      for (const part of ['firstName', 'lastName'] as const) if (!mapped.has(part)) columnOf.set(part, column);
    } else if (field === 'defaultService') columnOf.set('defaultServiceId', column);
    else if (field) columnOf.set(field, column);
  });

  mapping.forEach((field: ImportField | null, column) => {
    const cell = (cells[column] ?? '').trim();
    if (!field || cell === '') return;
    switch (field) {
      case 'fullName': {
        const { firstName, lastName } = splitFullName(cell);
        for (const [part, value] of [['firstName', firstName], ['lastName', lastName]] as const) {
          if (!mapped.has(part)) input[part] = value;
        }
        return;
      }
      case 'dateOfBirth': {
        const date = dateCell(cell);
        if ('problem' in date) problem(column, date.problem);
        else input.dateOfBirth = date.value;
        break;
      }
      case 'status':
        input.status = STATUS_WORDS[cell.toLowerCase()] ?? cell;
        break;
      case 'reminderConsent': {
        const word = cell.toLowerCase().replace(/[\s_-]/g, '');
        input.reminderConsent = YES.has(word) ? true : NO.has(word) ? false : cell;
        break;
      }
      case 'feeOverride': {
        const fee = parseMoney(cell, context.currency);
        if (fee.ok) input.feeOverride = fee.value;
        else problem(column, fee.message);
        break;
      }
      case 'defaultService': {
        const service = context.findService(cell);
        if (service) input.defaultServiceId = service.$id;
        else problem(column, IMPORT_ROW_MESSAGES.unknownService(cell));
        break;
      }
      default:
        input[field] = cell;
    }
  });
  return { input, problems, columnOf };
}

/**
 * Checks every row of a parsed file under a mapping: reads each cell into its field, validates the
 * client with the same schema as the form, and classifies duplicates against the stored clients and
 * the rows above it. Never throws on what a file holds.
 */
export function planImport<T extends DuplicateKeyFields>(parsed: ParsedCsv, mapping: ColumnMapping, context: ImportContext<T>): ImportPlan<T> {
  const currency = context.currency ?? DEFAULT_CURRENCY;
  const findService = serviceFinder(context.services ?? []);
  const stored = new DuplicateIndex<T>(context.existing, () => undefined);
  const inFile = new DuplicateIndex<Client & { rowNumber: number }>([], () => undefined);
  const rows: ImportRow<T>[] = [];
  const ready: Client[] = [];

  parsed.rows.forEach((cells, index) => {
    const rowNumber = index + 2;
    const row: ImportRow<T> = { rowNumber, cells, status: 'rejected', client: null, problems: [], duplicateOf: null };
    rows.push(row);
    if (cells.length > parsed.headers.length && cells.slice(parsed.headers.length).some((cell) => cell.trim() !== '')) {
      row.problems.push(IMPORT_ROW_MESSAGES.tooManyCells(cells.length, parsed.headers.length));
      return;
    }
    const reading = readRow(cells, mapping, parsed.headers, { currency, findService });
    const result = clientSchema.safeParse(reading.input);
    if (!result.success) {
      for (const [field, message] of Object.entries(fieldMessages(result.error))) {
        const column = reading.columnOf.get(field);
        const label = column !== undefined ? parsed.headers[column] : (IMPORT_FIELD_LABELS[field as ImportField] ?? field);
        row.problems.push(`${label}: ${message}`);
      }
    }
    row.problems.unshift(...reading.problems);
    if (!result.success || row.problems.length > 0) return;

    const client = result.data;
    row.client = client;
    const existing = stored.find(client);
    if (existing) {
      row.status = 'duplicate';
      row.duplicateOf = { kind: 'existing', client: existing.client, reason: existing.reason };
      const name = clientDisplayName({ firstName: existing.client.firstName, lastName: existing.client.lastName, preferredName: null });
      row.problems.push(IMPORT_ROW_MESSAGES.skippedDuplicate(DUPLICATE_MESSAGES[existing.reason](name)));
      return;
    }
    const earlier = inFile.find(client);
    if (earlier) {
      row.status = 'duplicate';
      row.duplicateOf = { kind: 'file', rowNumber: earlier.client.rowNumber, reason: earlier.reason };
      row.problems.push(IMPORT_ROW_MESSAGES.skippedDuplicate(IMPORT_ROW_MESSAGES.duplicateOfRow(earlier.client.rowNumber)));
      return;
    }
    inFile.add({ ...client, rowNumber });
    row.status = 'ready';
    ready.push(client);
  });

  const count = (status: ImportRowStatus) => rows.filter((row) => row.status === status).length;
  return {
    headers: parsed.headers,
    rows,
    ready,
    counts: { total: rows.length, ready: ready.length, duplicates: count('duplicate'), rejected: count('rejected') },
  };
}

/** The first rows of the file with their problems, for the preview step. */
export function previewRows<T>(plan: ImportPlan<T>, count: number = PREVIEW_ROWS): ImportRow<T>[] {
  return plan.rows.slice(0, count);
}

/**
 * The rejected rows as a CSV to download, fix and import again: the row number and the reasons
 * first (columns the import ignores), then every cell of the row as the file had it. Written
 * through the formula-escaping writer, with a BOM for Excel.
 */
export function rejectedRowsCsv<T>(plan: ImportPlan<T>): string {
  const rejected = plan.rows.filter((row) => row.status === 'rejected');
  return toCsv(
    [
      ['Row', 'Problems', ...plan.headers],
      ...rejected.map((row) => [row.rowNumber, row.problems.join(' '), ...row.cells]),
    ],
    { bom: true },
  );
}
