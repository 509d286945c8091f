import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../shared/csv-writer.ts';
import { VALIDATION_MESSAGES } from '../../shared/validators.ts';
import type { Client } from '../client-schema.ts';
import { guessMapping, remapColumn } from './column-mapping.ts';
import { readImportFile, type ParsedCsv } from './import-file.ts';
import { AMOUNT_MESSAGES } from './import-amounts.ts';
import { DATE_MESSAGES } from './import-dates.ts';
import { IMPORT_ROW_MESSAGES, planImport, previewRows, rejectedRowsCsv, splitFullName } from './import-rows.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function parse(text: string): ParsedCsv {
  const bytes = new TextEncoder().encode(text);
  const result = readImportFile({ name: 'clients.csv', size: bytes.length }, bytes);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

function plan(text: string, existing: Client[] = [], options: Parameters<typeof planImport>[2] extends infer C ? Partial<C> : never = {}) {
  const parsed = parse(text);
  return planImport(parsed, guessMapping(parsed.headers), { existing, ...options });
}

const services = [
  { $id: 'svc1', name: 'Intake assessment', serviceCode: '90791' },
  { $id: 'svc2', name: 'Psychotherapy 45', serviceCode: '90834' },
  { $id: 'old', name: 'Group', serviceCode: 'GRP', archived: true },
];

describe('each row read into a client', () => {
  it("reads other products' status words: waitlist as prospective, on hold as inactive, closed as discharged", () => {
    const result = plan(['First name,Last name,Status', 'Ann,Ash,Waitlist', 'Bo,Birch,On hold', 'Cy,Cedar,Closed', 'Di,Dale, Current '].join('\n'));
    expect(result.rows.map((row) => row.client?.status)).toEqual(['prospective', 'inactive', 'discharged', 'active']);
  });

  it('converts dates, statuses, yes/no, fees, services, tags and codes', () => {
    const result = plan(
      [
        'First name,Last name,DOB,Status,Email reminders,Email,Fee,Service,Tags,Diagnosis',
        'Jane,Doe,3/14/1985,Archived,Yes,jane@example.com,$80,90834,"couples; evening",F41.1 F32.A',
      ].join('\n'),
      [],
      { services },
    );
    expect(result.rows[0]).toMatchObject({ rowNumber: 2, status: 'ready', problems: [] });
    expect(result.rows[0]!.client).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      dateOfBirth: '1985-03-14',
      status: 'discharged',
      reminderConsent: true,
      feeOverride: 8000,
      defaultServiceId: 'svc2',
      tags: ['couples', 'evening'],
      diagnosisCodes: ['F41.1', 'F32.A'],
    });
  });

  it('splits a full-name column', () => {
    const result = plan('Client,Email\n"Doe, Jane",jane@example.com\nSam Q. Lee,\n');
    expect(result.ready.map((client) => [client.firstName, client.lastName])).toEqual([
      ['Jane', 'Doe'],
      ['Sam Q.', 'Lee'],
    ]);
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('rejects a row with every reason, each naming the column as the file does', () => {
    const result = plan(
      'Legal first name,Legal last name,DOB,E-mail,Phone,Fee,Service,Status\n,Doe,3/34/85,jane@,12,-5,Couples,Someday\n',
      [],
      { services },
    );
    expect(result.rows[0]).toMatchObject({ status: 'rejected', client: null });
    expect(result.rows[0]!.problems).toEqual([
      `DOB: ${DATE_MESSAGES.noSuchDay('3/34/85', 34, 3, 1985)}`,
      'Fee: Enter an amount of zero or more.',
      `Service: ${IMPORT_ROW_MESSAGES.unknownService('Couples')}`,
      'Legal first name: Enter the first name.',
      `E-mail: ${VALIDATION_MESSAGES.email}`,
      `Phone: ${VALIDATION_MESSAGES.phone}`,
      'Status: Choose a status: prospective, active, inactive or discharged.',
    ]);
  });

  it('archived services are not matched', () => {
    const result = plan('First,Last,Service\nJane,Doe,GRP\n', [], { services });
    expect(result.rows[0]!.problems).toEqual([`Service: ${IMPORT_ROW_MESSAGES.unknownService('GRP')}`]);
  });

  it('keeps a row with more cells than the header, ignoring the extra ones with a note, and one with fewer', () => {
    const result = plan('First name,Last name,Email\nJane,Doe,jane@example.com,extra,more\nSam,Lee\nAmy,Chen,,\n');
    expect(result.rows.map((row) => row.status)).toEqual(['ready', 'ready', 'ready']);
    expect(result.rows[0]!.client).toMatchObject({ firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' });
    expect(result.rows[0]!.notes).toEqual([IMPORT_ROW_MESSAGES.extraCells(5, 3)]);
    expect(result.rows[0]!.notes[0]).toBe('This row has 5 cells but the header has 3: the 2 cells after the last column were ignored.');
    expect(result.rows[1]!.notes).toEqual([]);
    expect(result.rows[2]!.notes).toEqual([]);
  });

  it('fee overrides follow the practice currency', () => {
    const result = plan('First,Last,Fee\nJane,Doe,¥8000\nSam,Lee,80.5\n', [], { currency: 'JPY' });
    expect(result.rows[0]!.client).toMatchObject({ feeOverride: 8000, currency: 'JPY' });
    expect(result.rows[1]!.problems).toEqual(['Fee: JPY amounts have no decimal places.']);
  });

  it("national phone numbers are read with the practice's country and stored in E.164; one that is not that country's is refused (issue 29)", () => {
    const file = 'First,Last,Phone,Emergency contact,Emergency contact phone\nAna,Ruiz,612 345 678,Luis Ruiz,91 123 45 67\nMarc,Roux,06 12 34 56 78,,\nEva,Gil,0612 345 678,,\nTom,Ward,+44 20 7946 0958,,\nLea,Peeters,0032 470 12 34 56,,\n';
    const spain = plan(file, [], { country: 'ES' });
    expect(spain.country).toBe('ES');
    expect(spain.rows.map((row) => [row.rowNumber, row.client?.phone ?? row.problems])).toEqual([
      [2, '+34612345678'],
      [3, [`Phone: ${VALIDATION_MESSAGES.phone}`]],
      [4, [`Phone: ${VALIDATION_MESSAGES.phone}`]],
      [5, '+442079460958'],
      [6, '+32470123456'],
    ]);
    expect(spain.rows[0]!.client?.emergencyContactPhone).toBe('+34911234567');
    const france = plan(file, [], { country: 'FR' });
    expect(france.rows[1]!.client?.phone).toBe('+33612345678');
    expect(france.rows[2]!.client?.phone).toBe('+33612345678');
    // Without a country the practice's national numbers are US numbers, as before.
    expect(plan('First,Last,Phone\nJo,Lee,(312) 555-0100\nEli,Mar,020 7946 0958\n').rows.map((row) => row.client?.phone ?? row.problems)).toEqual(['+13125550100', [`Phone: ${VALIDATION_MESSAGES.phone}`]]);
  });

  it('fees follow the file\'s decimal separator, decided from its own amounts; an ambiguous file waits for the choice (issue 29)', () => {
    const comma = plan('First,Last,Fee override\nJane,Doe,"80,50"\nSam,Lee,"1.234,56"\nAna,Ruiz,"80,500"\nEli,Mar,90\n', [], { currency: 'EUR' });
    expect(comma.amounts).toMatchObject({ separator: ',', used: ',', needsChoice: false, reason: 'Row 2 has 80,50, which can only have a decimal comma.' });
    expect(comma.rows.map((row) => row.client?.feeOverride)).toEqual([8050, 123456, 8050, 9000]);

    const point = plan('First,Last,Fee override\nJane,Doe,80.50\nAna,Ruiz,"80,500"\n', [], { currency: 'EUR' });
    expect(point.amounts.used).toBe('.');
    expect(point.rows.map((row) => row.client?.feeOverride)).toEqual([8050, 8050000]);

    const ambiguous = 'First,Last,Fee override\nAna,Ruiz,"80,500"\nEli,Mar,90\n';
    const asked = plan(ambiguous, [], { currency: 'EUR', country: 'ES' });
    expect(asked.amounts).toMatchObject({ separator: null, used: null, ambiguous: true, needsChoice: true, guess: ',' });
    expect(asked.rows[0]!.problems).toEqual([`Fee override: ${AMOUNT_MESSAGES.needsSeparator('80,500')}`]);
    expect(asked.rows[1]!.client?.feeOverride).toBe(9000);
    expect(plan(ambiguous, [], { currency: 'EUR', country: 'US' }).amounts.guess).toBe('.');
    expect(plan(ambiguous, [], { currency: 'EUR', decimalSeparator: ',' }).rows[0]!.client?.feeOverride).toBe(8050);
    expect(plan(ambiguous, [], { currency: 'EUR', decimalSeparator: '.' }).rows[0]!.client?.feeOverride).toBe(8050000);

    const mixed = plan('First,Last,Fee override\nJane,Doe,"80,50"\nSam,Lee,90.25\n', [], { currency: 'EUR' });
    expect(mixed.amounts).toMatchObject({ conflict: true, needsChoice: true, used: null });
    const chosen = plan('First,Last,Fee override\nJane,Doe,"80,50"\nSam,Lee,90.25\n', [], { currency: 'EUR', decimalSeparator: ',' });
    expect(chosen.rows.map((row) => row.client?.feeOverride ?? row.problems)).toEqual([8050, [`Fee override: ${AMOUNT_MESSAGES.notInSeparator('90.25', ',')}`]]);
  });

  it('a field re-mapped by hand is read from its new column', () => {
    const parsed = parse('First,Last,Mobile,Home phone\nJane,Doe,,555-123-4567\n');
    const mapping = remapColumn(guessMapping(parsed.headers), 3, 'phone');
    expect(planImport(parsed, mapping, { existing: [] }).ready[0]!.phone).toBe('555-123-4567');
  });
});

describe('duplicates: against stored clients and within the file', () => {
  const stored = [{ $id: 'c1', firstName: 'Jane', lastName: 'Doe', dateOfBirth: '1985-03-14', email: 'jane@example.com' }] as unknown as Client[];

  it('skips a row matching a stored client, by email or by name and date of birth', () => {
    const result = plan('First,Last,DOB,Email\nJANE,doe,,JANE@example.com\nJane,Doe,1985-03-14,\nJane,Doe,1990-01-01,\n', stored);
    expect(result.rows.map((row) => row.status)).toEqual(['duplicate', 'duplicate', 'ready']);
    expect(result.rows[0]!.duplicateOf).toEqual({ kind: 'existing', client: stored[0], reason: 'email' });
    expect(result.rows[1]!.duplicateOf).toMatchObject({ kind: 'existing', reason: 'nameAndDateOfBirth' });
    expect(result.rows[0]!.problems).toEqual(['Skipped: Jane Doe already has this email address.']);
  });

  it('skips a later row repeating an earlier one; the first is imported', () => {
    const result = plan('First,Last,DOB,Email\nAmy,Chen,,amy@example.com\nSam,Lee,2001-02-03,\nAmy,C,,Amy@Example.com\nsam,LEE,2001-02-03,sam@example.com\n');
    expect(result.rows.map((row) => row.status)).toEqual(['ready', 'ready', 'duplicate', 'duplicate']);
    expect(result.rows[2]!.duplicateOf).toEqual({ kind: 'file', rowNumber: 2, reason: 'email', refused: false });
    expect(result.rows[3]!.duplicateOf).toEqual({ kind: 'file', rowNumber: 3, reason: 'nameAndDateOfBirth', refused: false });
    expect(result.rows[2]!.problems).toEqual(['Skipped: Same client as row 2.']);
  });

  it('a duplicate of a refused row says so: the first row naming a client counts, imported or not', () => {
    const result = plan('First,Last,Email,Phone\nAmy,Chen,amy@example.com,12\nAmy,Chen,amy@example.com,\n');
    expect(result.rows.map((row) => row.status)).toEqual(['rejected', 'duplicate']);
    expect(result.rows[0]!.problems).toEqual([`Phone: ${VALIDATION_MESSAGES.phone}`]);
    expect(result.rows[1]!.duplicateOf).toEqual({ kind: 'file', rowNumber: 2, reason: 'email', refused: true });
    expect(result.rows[1]!.problems).toEqual(['Skipped: Same client as row 2, which is not imported until its problems are fixed.']);
  });

  it('a refused row naming a stored client is reported as that duplicate, not by its other problems', () => {
    const result = plan('First,Last,Email,Phone\nJane,Doe,jane@example.com,12\nJane,Doe,1985-03-14,\n', stored);
    expect(result.rows[0]).toMatchObject({ status: 'duplicate', problems: ['Skipped: Jane Doe already has this email address.'] });
  });
});

function generatedFile(count: number): string {
  const rows: string[][] = [['Legal first name', 'Legal last name', 'Date of birth', 'Email', 'Mobile phone', 'Client status', 'Tags', 'Diagnosis codes', 'Referral source']];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    rows.push([`First${i}`, `Last${i}`, `19${50 + (i % 50)}-0${(i % 9) + 1}-${day}`, `client${i}@example.com`, `(555) ${String(100 + (i % 900))}-${String(1000 + i).slice(-4)}`, i % 7 ? 'Active' : 'Inactive', 'weekly, in person', 'F41.1, F32.A', 'Website']);
  }
  return toCsv(rows);
}

describe('the e2e scenario in miniature: 200 rows, 3 bad, 2 duplicates', () => {
  const file = () => {
    const lines = generatedFile(200).trimEnd().split('\r\n');
    lines[11] = 'Bad,Row,2099-03-14,bad1@example.com,,Active,,,';
    lines[51] = ',Nameless,,bad2@example.com,,Active,,,';
    lines[101] = 'Bad,Email,,not-an-email,,Active,,,';
    lines[150] = lines[5]!.replace('First4', 'Again');
    lines[180] = lines[6]!.replace('client5@', 'CLIENT5@');
    return `${lines.join('\r\n')}\r\n`;
  };

  it('imports 195, skips 2 and rejects 3, whose download names each row and reason', () => {
    const result = plan(file());
    expect(result.counts).toEqual({ total: 200, ready: 195, duplicates: 2, rejected: 3 });
    expect(previewRows(result)).toHaveLength(10);
    expect(previewRows(result).map((row) => row.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    const download = Papa.parse<string[]>(rejectedRowsCsv(result).replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(download[0]!.slice(0, 3)).toEqual(['Row', 'Problems', 'Legal first name']);
    expect(download.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ['12', `Date of birth: ${VALIDATION_MESSAGES.dateOfBirthFuture}`],
      ['52', 'Legal first name: Enter the first name.'],
      ['102', `Email: ${VALIDATION_MESSAGES.email}`],
    ]);
  });

  it('the rejected-rows download imports again once fixed (its Row and Problems columns are ignored)', () => {
    const first = plan(file());
    const download = rejectedRowsCsv(first).replace('not-an-email', 'fixed@example.com');
    const bytes = new TextEncoder().encode(download);
    const parsed = readImportFile({ name: 'rejected.csv', size: bytes.length }, bytes);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const mapping = guessMapping(parsed.value.headers);
    expect(mapping.slice(0, 4)).toEqual([null, null, 'firstName', 'lastName']);
    const again = planImport(parsed.value, mapping, { existing: first.ready });
    expect(again.counts).toEqual({ total: 3, ready: 1, duplicates: 0, rejected: 2 });
    expect(again.ready[0]).toMatchObject({ firstName: 'Bad', lastName: 'Email', email: 'fixed@example.com' });
  });

  it('re-importing the same file after the import creates no duplicates', () => {
    const first = plan(file());
    const again = plan(file(), first.ready);
    expect(again.counts).toEqual({ total: 200, ready: 0, duplicates: 197, rejected: 3 });
  });
});

// Speed is pnpm bench's to measure, not a unit test's (a loaded machine would fail a timed test).
describe('scale', () => {
  it('checks a 2,000-row file against 2,000 stored clients', () => {
    const text = generatedFile(2000);
    const existing = plan(generatedFile(2000).replace(/client(\d+)@/g, 'stored$1@').replace(/First(\d+)/g, 'Stored$1')).ready;
    expect(existing).toHaveLength(2000);
    const parsed = parse(text);
    const result = planImport(parsed, guessMapping(parsed.headers), { existing });
    expect(result.counts).toEqual({ total: 2000, ready: 2000, duplicates: 0, rejected: 0 });
  });
});
