// @vitest-environment node
// Issue 29's property tests for the whole class of import defects, not one file: clients with every
// field (test/client-arbitraries.ts) are written as CSV in each dialect other tools write — comma,
// semicolon or tab; CRLF or LF; with or without a BOM; every cell quoted or only where needed; dates
// ISO, day first or month first with dots, slashes or dashes, four- or two-digit years, or with the
// month's name; blank lines between rows; extra cells after the last column; formula-like cells
// guarded with an apostrophe as Cadence writes them; fees with a decimal point or a decimal comma,
// with or without their decimals; phones in the national form of the practice's country — then
// imported, and compared field by field. Each run also checks that neither the date order nor the
// decimal separator is ever guessed wrongly without asking, and that every row number is the
// spreadsheet's row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, removeFormulaGuard } from '../../shared/csv-writer.ts';
import type { CountryCode } from '../../shared/practice-country.ts';
import { formatMoney, type DecimalSeparator } from '@cadence/shared-auth/money';
import { formatPhone, normaliseText } from '../../shared/validators.ts';
import { ARBITRARY_SERVICES, distinctClients } from '../../../test/client-arbitraries.ts';
import type { Client } from '../client-schema.ts';
import { guessMapping, IMPORT_FIELD_LABELS } from './column-mapping.ts';
import type { DateOrder } from './import-dates.ts';
import { readImportFile } from './import-file.ts';
import { planImport } from './import-rows.ts';

const NOW = new Date();

interface Dialect {
  delimiter: ',' | ';' | '\t';
  eol: '\r\n' | '\n';
  bom: boolean;
  quoteAll: boolean;
  guard: boolean;
  dates: 'iso' | 'dmy' | 'mdy' | 'named-dmy' | 'named-mdy';
  dateSeparator: '.' | '/' | '-';
  twoDigitYears: boolean;
  /** "Date of birth (DD/MM/YYYY)" instead of "Date of birth". */
  orderInHeader: boolean;
  /** Blank lines after each record (0–2), cycled. */
  blankLines: readonly number[];
  /** Extra cells after the last column on every third row. */
  extraCells: boolean;
  /** Fees as "$1,234.50" or "1.234,50 $", or without trailing decimals ("1,234", "80,5"). */
  fees: 'point' | 'comma' | 'point-short' | 'comma-short';
  /** The practice's country; phones are written in its national form where they are its numbers. */
  country: CountryCode;
}

const dialect: fc.Arbitrary<Dialect> = fc.record({
  delimiter: fc.constantFrom(',', ';', '\t'),
  eol: fc.constantFrom('\r\n', '\n'),
  bom: fc.boolean(),
  quoteAll: fc.boolean(),
  guard: fc.boolean(),
  dates: fc.constantFrom('iso', 'dmy', 'mdy', 'named-dmy', 'named-mdy'),
  dateSeparator: fc.constantFrom('.', '/', '-'),
  twoDigitYears: fc.boolean(),
  orderInHeader: fc.boolean(),
  blankLines: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
  extraCells: fc.boolean(),
  fees: fc.constantFrom('point', 'comma', 'point-short', 'comma-short'),
  country: fc.constantFrom('US', 'FR', 'ES', 'GB', 'BE', 'DE'),
});

const SHORT_AMOUNTS = { 'point-short': new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }), 'comma-short': new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }) };

function writeFee(amount: number, d: Dialect): string {
  if (d.fees === 'point') return formatMoney(amount, 'USD');
  if (d.fees === 'comma') return formatMoney(amount, 'USD', 'de-DE');
  return SHORT_AMOUNTS[d.fees].format(amount / 100);
}

const trueSeparator = (d: Dialect): DecimalSeparator => (d.fees.startsWith('comma') ? ',' : '.');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The date as the dialect writes it; a two-digit year only where the pivot reads it back. */
function writeDate(iso: string, d: Dialect): string {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const pivot = NOW.getUTCFullYear() % 100;
  const yy = Number(year.slice(2));
  const twoDigitsReadBack = Number(year) === (yy <= pivot ? 2000 + yy : 1900 + yy);
  const y = d.twoDigitYears && twoDigitsReadBack ? year.slice(2) : year;
  const name = MONTHS[Number(month) - 1]!;
  switch (d.dates) {
    case 'iso':
      return iso;
    case 'dmy':
      return [day, month, y].join(d.dateSeparator);
    case 'mdy':
      return [Number(month), Number(day), y].join(d.dateSeparator);
    case 'named-dmy':
      return `${Number(day)}-${name.slice(0, 3)}-${y}`;
    case 'named-mdy':
      return `${name} ${Number(day)}, ${y}`;
  }
}

const COLUMNS: [string, (client: Client, d: Dialect) => string][] = [
  [IMPORT_FIELD_LABELS.firstName, (c) => c.firstName],
  [IMPORT_FIELD_LABELS.lastName, (c) => c.lastName],
  [IMPORT_FIELD_LABELS.preferredName, (c) => c.preferredName ?? ''],
  [IMPORT_FIELD_LABELS.pronouns, (c) => c.pronouns ?? ''],
  [IMPORT_FIELD_LABELS.dateOfBirth, (c, d) => (c.dateOfBirth ? writeDate(c.dateOfBirth, d) : '')],
  [IMPORT_FIELD_LABELS.email, (c) => c.email ?? ''],
  [IMPORT_FIELD_LABELS.phone, (c, d) => formatPhone(c.phone, d.country)],
  [IMPORT_FIELD_LABELS.addressLine1, (c) => c.addressLine1 ?? ''],
  [IMPORT_FIELD_LABELS.addressLine2, (c) => c.addressLine2 ?? ''],
  [IMPORT_FIELD_LABELS.city, (c) => c.city ?? ''],
  [IMPORT_FIELD_LABELS.state, (c) => c.state ?? ''],
  [IMPORT_FIELD_LABELS.postalCode, (c) => c.postalCode ?? ''],
  [IMPORT_FIELD_LABELS.status, (c) => c.status],
  [IMPORT_FIELD_LABELS.tags, (c) => c.tags.join(', ')],
  [IMPORT_FIELD_LABELS.emergencyContactName, (c) => c.emergencyContactName ?? ''],
  [IMPORT_FIELD_LABELS.emergencyContactRelationship, (c) => c.emergencyContactRelationship ?? ''],
  [IMPORT_FIELD_LABELS.emergencyContactPhone, (c, d) => formatPhone(c.emergencyContactPhone, d.country)],
  [IMPORT_FIELD_LABELS.defaultService, (c) => {
    const service = ARBITRARY_SERVICES.find((s) => s.$id === c.defaultServiceId);
    return service ? (service.serviceCode ?? service.name) : '';
  }],
  [IMPORT_FIELD_LABELS.feeOverride, (c, d) => (c.feeOverride === null ? '' : writeFee(c.feeOverride, d))],
  [IMPORT_FIELD_LABELS.diagnosisCodes, (c) => c.diagnosisCodes.join(', ')],
  [IMPORT_FIELD_LABELS.reminderConsent, (c) => (c.reminderConsent ? 'yes' : 'no')],
  [IMPORT_FIELD_LABELS.referralSource, (c) => c.referralSource ?? ''],
  [IMPORT_FIELD_LABELS.adminNotes, (c) => c.adminNotes ?? ''],
];

function cell(text: string, d: Dialect): string {
  const guarded = d.guard ? escapeFormula(text) : text;
  const needsQuotes = d.quoteAll || guarded.includes(d.delimiter) || /["\r\n]/.test(guarded);
  return needsQuotes ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** The file, and the spreadsheet row each client lands on (header = 1, blank lines counted). */
function writeFile(clients: readonly Client[], d: Dialect): { text: string; rows: number[] } {
  const header = COLUMNS.map(([label]) => (label === IMPORT_FIELD_LABELS.dateOfBirth && d.orderInHeader && (d.dates === 'dmy' || d.dates === 'mdy') ? `${label} (${d.dates === 'dmy' ? 'DD/MM/YYYY' : 'MM/DD/YYYY'})` : label));
  const lines = [header.map((text) => cell(text, d)).join(d.delimiter)];
  const rows: number[] = [];
  let row = 1;
  clients.forEach((client, index) => {
    row += 1;
    rows.push(row);
    const cells = COLUMNS.map(([, value]) => cell(value(client, d), d));
    if (d.extraCells && index % 3 === 1) cells.push(cell('extra', d), '');
    lines.push(cells.join(d.delimiter));
    const blanks = d.blankLines[index % d.blankLines.length]!;
    for (let i = 0; i < blanks; i += 1) lines.push(i % 2 ? d.delimiter.repeat(3) : '');
    row += blanks;
  });
  return { text: `${d.bom ? '\ufeff' : ''}${lines.join(d.eol)}${d.eol}`, rows };
}

const trueOrder = (d: Dialect): DateOrder | null => (d.dates === 'dmy' ? 'dmy' : d.dates === 'mdy' ? 'mdy' : null);

function importText(text: string, choices: { order?: DateOrder | null; separator?: DecimalSeparator | null; country?: CountryCode } = {}) {
  const bytes = new TextEncoder().encode(text);
  const parsed = readImportFile({ name: 'clients.csv', size: bytes.length, type: 'text/csv' }, bytes);
  if (!parsed.ok) throw new Error(parsed.message);
  const context = { existing: [], services: ARBITRARY_SERVICES, currency: 'USD', dateOrder: choices.order ?? null, decimalSeparator: choices.separator ?? null, country: choices.country };
  return planImport(parsed.value, guessMapping(parsed.value.headers), context);
}

const E164 = /^\+\d+(?: ext\. \d+)?$/;

/** A practice outside the US has no phones kept as typed (ten US digits it cannot place): those are refused there. */
function inCountry(client: Client, country: CountryCode): Client {
  if (country === 'US') return client;
  const phone = (value: string | null) => (value !== null && E164.test(value) ? value : null);
  return { ...client, phone: phone(client.phone), emergencyContactPhone: phone(client.emergencyContactPhone) };
}

describe('import round trip, property-based (issue 29)', () => {
  it('every client written in any supported dialect imports field for field, on its spreadsheet row, dates and amounts never silently misread', () => {
    fc.assert(
      fc.property(distinctClients(6), dialect, (generated, d) => {
        const clients = generated.map((client) => inCountry(client, d.country));
        // Without the guard, a cell starting with ' before a formula start is a guarded cell to any
        // reader: only a writer that guards can write such text (and Cadence's does).
        if (!d.guard) fc.pre(clients.every((client) => COLUMNS.every(([, value]) => removeFormulaGuard(value(client, d)) === value(client, d))));
        const { text, rows } = writeFile(clients, d);
        let plan = importText(text, { country: d.country });
        // The class property of dates and amounts: what is used is the file's truth, or the importer asks.
        if (plan.dates.used !== null && plan.dates.numeric) expect(plan.dates.used).toBe(trueOrder(d));
        if (plan.amounts.used !== null) expect(plan.amounts.used).toBe(trueSeparator(d));
        if (plan.dates.needsChoice) expect(plan.dates.used).toBeNull();
        if (plan.amounts.needsChoice) expect(plan.amounts.used).toBeNull();
        if (plan.dates.needsChoice || plan.amounts.needsChoice) {
          plan = importText(text, { order: trueOrder(d), separator: trueSeparator(d), country: d.country });
        }
        expect(plan.rows.map((row) => row.rowNumber)).toEqual(rows);
        expect(plan.rows.map((row) => [row.rowNumber, row.problems])).toEqual(rows.map((row) => [row, []]));
        expect(plan.ready).toEqual(clients);
        plan.rows.forEach((row, index) => expect(row.notes.length > 0).toBe(d.extraCells && index % 3 === 1));
      }),
      { numRuns: 120 },
    );
  });

  it('text is stored once normalised (NFC, trimmed, runs of spaces as one) however the file spells it', () => {
    const spacing = fc.constantFrom(' ', '  ', '\u00a0', '\t', ' \u00a0 ');
    const name = fc.array(fc.constantFrom('Jose\u0301', 'José', 'Zoë', 'Zoe\u0308', 'Ana', 'María', 'Mari\u0301a'), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(name, spacing, spacing, (words, inner, outer) => {
        const typed = `${outer}${words.join(inner)}${outer}`;
        const plan = importText(`First name,Last name\n"${typed}",Doe\n`);
        expect(plan.ready[0]?.firstName).toBe(normaliseText(typed, { multiline: false }));
        expect(plan.ready[0]?.firstName).toBe(words.map((word) => word.normalize('NFC')).join(' '));
      }),
      { numRuns: 60 },
    );
  });
});
