// Bad input gets a message, never an exception: every rule and schema of the practice is fed
// random values (a seeded generator, so a failure replays) and must answer.
import { describe, expect, it } from 'vitest';
import { clientSchemaFor } from '../clients/client-schema.ts';
import { findDuplicateClient } from '../clients/duplicates.ts';
import { guessMapping } from '../clients/import/column-mapping.ts';
import { parseImportCsv, readImportFile } from '../clients/import/import-file.ts';
import { planImport } from '../clients/import/import-rows.ts';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { serviceSchema } from '../practice/services.ts';
import { toCsv } from './csv-writer.ts';
import { formatMoney, parseMoney } from '@cadence/shared-auth/money';
import { checkTimeZone, formatInZone } from './time-zone.ts';
import { practiceZoneLabel } from './zone-label.ts';
import {
  checkDateOfBirth,
  checkDiagnosisCodes,
  checkEmail,
  checkNpi,
  checkPhone,
  checkPostalCode,
  checkState,
  checkTaxId,
  checkText,
  maskTaxId,
} from './validators.ts';

function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const alphabet = 'aZ09 ,.;:"\'\n\r\t-+=@$€¥()[]{}/\\#%&*?!~`^|<>ëß中😀\u0000\u00a0\ufeff';
  const text = (max = 40) =>
    Array.from({ length: Math.floor(next() * max) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  const value = (): unknown => {
    const pick = Math.floor(next() * 9);
    if (pick === 0) return null;
    if (pick === 1) return undefined;
    if (pick === 2) return (next() - 0.5) * 1e6;
    if (pick === 3) return next() > 0.5;
    if (pick === 4) return [text(8), text(8)];
    if (pick === 5) return { nested: text() };
    if (pick === 6) return Number.NaN;
    return text();
  };
  return { text, value, next };
}

const FIELDS = ['practiceName', 'therapistName', 'firstName', 'lastName', 'email', 'phone', 'dateOfBirth', 'npi', 'taxId', 'state', 'postalCode', 'timeZone', 'currency', 'tags', 'diagnosisCodes', 'feeOverride', 'fee', 'durationMinutes', 'status', 'color', 'archived', 'reminderConsent', 'cancellationWindowHours', 'lateCancelFeeType', 'lateCancelFeePercent', 'defaultServiceId', 'name'];

describe('no rule throws on random input', () => {
  it('validators, money and time zones answer every value', () => {
    const { value } = generator(42);
    for (let i = 0; i < 3000; i += 1) {
      const input = value();
      expect(() => {
        checkNpi(input);
        checkTaxId(input);
        checkEmail(input);
        checkPhone(input);
        checkState(input);
        checkPostalCode(input);
        checkDateOfBirth(input);
        checkDiagnosisCodes(input);
        checkText(input, { label: 'the name', max: 10 });
        maskTaxId(typeof input === 'string' ? input : null);
        parseMoney(input);
        parseMoney(input, 'JPY');
        checkTimeZone(input);
        formatInZone(input as string, 'UTC');
        formatInZone('2026-01-01T00:00:00Z', input as string);
        practiceZoneLabel(input as string, 'UTC');
        toCsv([[input as string]]);
      }, JSON.stringify(input)).not.toThrow();
    }
    expect(formatMoney(12345, 'USD')).toBe('$123.45');
  });

  it('schemas answer every object', () => {
    const { value, next } = generator(7);
    for (let i = 0; i < 1000; i += 1) {
      const input: Record<string, unknown> = {};
      for (const field of FIELDS) if (next() > 0.4) input[field] = value();
      expect(() => {
        practiceSettingsSchema.safeParse(input);
        serviceSchema.safeParse(input);
        clientSchemaFor().safeParse(input);
        findDuplicateClient(input as never, [input as never]);
      }, JSON.stringify(input)).not.toThrow();
    }
  });

  it('the import answers every file', () => {
    const { text } = generator(99);
    for (let i = 0; i < 300; i += 1) {
      const content = `First name,Last name,Email,DOB,Fee,Tags\n${text(200)}`;
      expect(() => {
        const parsed = parseImportCsv(content);
        if (parsed.ok) planImport(parsed.value, guessMapping(parsed.value.headers), { existing: [] });
        const bytes = new TextEncoder().encode(text(100));
        readImportFile({ name: 'x.csv', size: bytes.length }, bytes);
      }, JSON.stringify(content)).not.toThrow();
    }
  });
});
