import { removeFormulaGuard, toCsv } from '../../shared/csv-writer.ts';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from '../../shared/practice-country.ts';
import { DEFAULT_CURRENCY, decimalEvidence, parseMoney, type DecimalSeparator } from '@cadence/shared-auth/money';
import { fieldMessages } from '../../shared/schema-fields.ts';
import { checkDateOfBirth, checkEmail, checkText, TEXT_LIMITS } from '../../shared/validators.ts';
import { clientDisplayName, clientSchemaFor, type Client, type ClientStatus } from '../client-schema.ts';
import { DUPLICATE_MESSAGES, DuplicateIndex, type DuplicateKeyFields, type DuplicateReason } from '../duplicates.ts';
import { IMPORT_FIELD_LABELS, type ColumnMapping, type ImportField } from './column-mapping.ts';
import { AMOUNT_MESSAGES, countryDecimalSeparator, detectDecimalSeparator, type DecimalSeparatorEvidence } from './import-amounts.ts';
import type { ParsedCsv } from './import-file.ts';
import { detectDateOrder, readDate, twoDigitYearPivot, type DateOrder, type DateOrderEvidence } from './import-dates.ts';

// Rows of an import file checked one by one (issue #13): each becomes a client ready to create, a
// duplicate to skip (of a stored client or of an earlier row), or a rejected row with its reasons.
// Re-importing the same file therefore creates nothing new.

export const PREVIEW_ROWS = 10;

export const IMPORT_ROW_MESSAGES = {
  extraCells: (cells: number, headers: number) =>
    `This row has ${cells} cells but the header has ${headers}: the ${cells - headers === 1 ? 'cell' : `${cells - headers} cells`} after the last column ${cells - headers === 1 ? 'was' : 'were'} ignored.`,
  unknownService: (name: string) => `No service is named "${name}". Add the service first, or leave this column unmatched.`,
  duplicateOfRow: (row: number) => `Same client as row ${row}.`,
  duplicateOfRefusedRow: (row: number) => `Same client as row ${row}, which is not imported until its problems are fixed.`,
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
  /** The practice's country: phone numbers without + or 00 are read as its national numbers. */
  country?: CountryCode;
  /** How the file writes dates, as the person chose it; otherwise the file's own evidence decides. */
  dateOrder?: DateOrder | null;
  /** Two-digit years up to this one are 20xx (twoDigitYearPivot). */
  pivot?: number;
  /** How the file writes amounts, as the person chose it; otherwise the file's own evidence decides. */
  decimalSeparator?: DecimalSeparator | null;
}

export type ImportRowStatus = 'ready' | 'duplicate' | 'rejected';

export type DuplicateOf<T> =
  | { kind: 'existing'; client: T; reason: DuplicateReason }
  | { kind: 'file'; rowNumber: number; reason: DuplicateReason; refused: boolean };

export interface ImportRow<T> {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  rowNumber: number;
  cells: string[];
  status: ImportRowStatus;
  /** The client to create (also set for a duplicate, to show what was read). */
  client: Client | null;
  /** Why a row is rejected or skipped, each naming the column as the file does. */
  problems: string[];
  /** What was read differently from the file without refusing the row (extra cells ignored). */
  notes: string[];
  duplicateOf: DuplicateOf<T> | null;
}

export interface ImportDates extends DateOrderEvidence {
  /** The order the rows were read in: the person's choice, else the file's. */
  used: DateOrder | null;
  /** Some date could be either and no order is chosen: nothing imports until the person chooses. */
  needsChoice: boolean;
  pivot: number;
}

export interface ImportAmounts extends DecimalSeparatorEvidence {
  /** The separator the fee column was read with: the person's choice, else the file's. */
  used: DecimalSeparator | null;
  /** Some amount could be either and none is chosen: nothing imports until the person chooses. */
  needsChoice: boolean;
  /** Shown while the person chooses: the practice country's way of writing amounts. */
  guess: DecimalSeparator;
}

export interface ImportPlan<T> {
  headers: string[];
  /** The country national phone numbers were read as (the practice's, shown in the preview). */
  country: CountryCode;
  dates: ImportDates;
  amounts: ImportAmounts;
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
  waitlist: 'prospective',
  waitlisted: 'prospective',
  'waiting list': 'prospective',
  'on hold': 'inactive',
  paused: 'inactive',
  discharged: 'discharged',
  archived: 'discharged',
  closed: 'discharged',
  terminated: 'discharged',
};

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'ok', 'emailok', 'consented', 'on', '✓', '✔']);
const NO = new Set(['no', 'n', 'false', '0', 'off', 'none', 'declined']);

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

interface ReadContext {
  currency: string;
  findService: (text: string) => ImportService | undefined;
  dateOrder: DateOrder | null;
  pivot: number;
  decimalSeparator: DecimalSeparator | null;
}

function readRow(cells: readonly string[], mapping: ColumnMapping, headers: readonly string[], context: ReadContext): RowReading {
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
    // The apostrophe a spreadsheet-safe writer (Cadence's export) put before a formula-like cell.
    const cell = removeFormulaGuard(cells[column] ?? '').trim();
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
        const date = readDate(cell, context.dateOrder, context.pivot);
        if (date.ok) input.dateOfBirth = date.value;
        else problem(column, date.message);
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
        const fee = readAmount(cell, context.currency, context.decimalSeparator);
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
 * One fee cell read with the file's decimal separator. While none is decided, an amount that could be
 * read either way ("80,500") waits for the person's choice; one that fits only the other separator
 * is refused with that reason.
 */
function readAmount(cell: string, currency: string, separator: DecimalSeparator | null) {
  const evidence = decimalEvidence(cell);
  if (separator === null && evidence === 'ambiguous') return { ok: false as const, message: AMOUNT_MESSAGES.needsSeparator(cell) };
  if (separator !== null && evidence !== null && evidence !== 'ambiguous' && evidence !== separator) {
    return { ok: false as const, message: AMOUNT_MESSAGES.notInSeparator(cell, separator) };
  }
  return parseMoney(cell, currency, separator);
}

/** The name, email and date of birth a row gives, where they read, to find the same client twice. */
function identityOf(input: Record<string, unknown>): DuplicateKeyFields | null {
  const text = (value: unknown) => checkText(value, { label: '', max: TEXT_LIMITS.name });
  const firstName = text(input.firstName);
  const lastName = text(input.lastName);
  const email = typeof input.email === 'string' ? checkEmail(input.email) : null;
  const dateOfBirth = typeof input.dateOfBirth === 'string' ? checkDateOfBirth(input.dateOfBirth) : null;
  const identity: DuplicateKeyFields = {
    firstName: firstName.ok ? (firstName.value ?? '') : '',
    lastName: lastName.ok ? (lastName.value ?? '') : '',
    email: email?.ok ? email.value : null,
    dateOfBirth: dateOfBirth?.ok ? dateOfBirth.value : null,
  };
  return identity.email || (identity.firstName && identity.lastName && identity.dateOfBirth) ? identity : null;
}

/** How the file's dates read: the file's evidence from the date-of-birth column, and the order used. */
export function importDates(parsed: ParsedCsv, mapping: ColumnMapping, chosen: DateOrder | null = null, pivot: number = twoDigitYearPivot()): ImportDates {
  const column = mapping.indexOf('dateOfBirth');
  const cells = column < 0 ? [] : parsed.rows.map((cells, index) => ({ rowNumber: parsed.rowNumbers[index] ?? index + 2, text: removeFormulaGuard(cells[column] ?? '') })).filter((cell) => cell.text.trim() !== '');
  const evidence = detectDateOrder(cells, column < 0 ? '' : parsed.headers[column], pivot);
  const used = chosen ?? evidence.order;
  return { ...evidence, used, needsChoice: used === null && (evidence.ambiguous || evidence.conflict), pivot };
}

/** How the file's fee column writes amounts: the file's evidence, and the separator used. */
export function importAmounts(parsed: ParsedCsv, mapping: ColumnMapping, chosen: DecimalSeparator | null = null, country: CountryCode = DEFAULT_PRACTICE_COUNTRY): ImportAmounts {
  const column = mapping.indexOf('feeOverride');
  const cells = column < 0 ? [] : parsed.rows.map((cells, index) => ({ rowNumber: parsed.rowNumbers[index] ?? index + 2, text: removeFormulaGuard(cells[column] ?? '') })).filter((cell) => cell.text.trim() !== '');
  const evidence = detectDecimalSeparator(cells);
  const used = chosen ?? evidence.separator;
  return { ...evidence, used, needsChoice: used === null && (evidence.ambiguous || evidence.conflict), guess: countryDecimalSeparator(country) };
}

/**
 * Checks every row of a parsed file under a mapping: reads each cell into its field, validates the
 * client with the same schema as the form, and classifies duplicates against the stored clients and
 * the rows above it (the first of two rows naming one client is the one that counts, imported or
 * not). Never throws on what a file holds.
 */
export function planImport<T extends DuplicateKeyFields>(parsed: ParsedCsv, mapping: ColumnMapping, context: ImportContext<T>): ImportPlan<T> {
  const currency = context.currency ?? DEFAULT_CURRENCY;
  const country = context.country ?? DEFAULT_PRACTICE_COUNTRY;
  const schema = clientSchemaFor(country);
  const findService = serviceFinder(context.services ?? []);
  const dates = importDates(parsed, mapping, context.dateOrder ?? null, context.pivot);
  const amounts = importAmounts(parsed, mapping, context.decimalSeparator ?? null, country);
  const readContext: ReadContext = { currency, findService, dateOrder: dates.used, pivot: dates.pivot, decimalSeparator: amounts.used };
  const stored = new DuplicateIndex<T>(context.existing, () => undefined);
  const inFile = new DuplicateIndex<DuplicateKeyFields & { rowNumber: number; refused: boolean }>([], () => undefined);
  const rows: ImportRow<T>[] = [];
  const ready: Client[] = [];

  parsed.rows.forEach((cells, index) => {
    const rowNumber = parsed.rowNumbers[index] ?? index + 2;
    const row: ImportRow<T> = { rowNumber, cells, status: 'rejected', client: null, problems: [], notes: [], duplicateOf: null };
    rows.push(row);
    const extra = cells.slice(parsed.headers.length);
    if (extra.some((cell) => cell.trim() !== '')) row.notes.push(IMPORT_ROW_MESSAGES.extraCells(cells.length, parsed.headers.length));
    const reading = readRow(cells.slice(0, parsed.headers.length), mapping, parsed.headers, readContext);
    const result = schema.safeParse(reading.input);
    if (!result.success) {
      for (const [field, message] of Object.entries(fieldMessages(result.error))) {
        const column = reading.columnOf.get(field);
        const label = column !== undefined ? parsed.headers[column] : (IMPORT_FIELD_LABELS[field as ImportField] ?? field);
        row.problems.push(`${label}: ${message}`);
      }
    }
    row.problems.unshift(...reading.problems);
    const refused = !result.success || row.problems.length > 0;
    const client = result.success && !refused ? result.data : null;
    // A refused row still names a client when its name, email or date of birth read: a stored client
    // or an earlier row with them makes it a duplicate, whatever else is wrong with it.
    const identity = client ?? identityOf(reading.input);
    row.client = client;

    const existing = identity ? stored.find(identity) : null;
    const earlier = identity && !existing ? inFile.find(identity) : null;
    if (existing) {
      row.status = 'duplicate';
      row.duplicateOf = { kind: 'existing', client: existing.client, reason: existing.reason };
      const name = clientDisplayName({ firstName: existing.client.firstName, lastName: existing.client.lastName, preferredName: null });
      row.problems = [IMPORT_ROW_MESSAGES.skippedDuplicate(DUPLICATE_MESSAGES[existing.reason](name))];
      return;
    }
    if (earlier) {
      const { rowNumber: earlierRow, refused: earlierRefused } = earlier.client;
      row.status = 'duplicate';
      row.duplicateOf = { kind: 'file', rowNumber: earlierRow, reason: earlier.reason, refused: earlierRefused };
      row.problems = [IMPORT_ROW_MESSAGES.skippedDuplicate(earlierRefused ? IMPORT_ROW_MESSAGES.duplicateOfRefusedRow(earlierRow) : IMPORT_ROW_MESSAGES.duplicateOfRow(earlierRow))];
      return;
    }
    if (identity) inFile.add({ ...identity, rowNumber, refused });
    if (!client) return;
    row.status = 'ready';
    ready.push(client);
  });

  const count = (status: ImportRowStatus) => rows.filter((row) => row.status === status).length;
  return {
    headers: parsed.headers,
    country,
    dates,
    amounts,
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
