import type { CountryCode } from './practice-country.ts';
import { describe, expect, it } from 'vitest';
import {
  checkDateOfBirth,
  checkDiagnosisCode,
  checkDiagnosisCodes,
  checkEmail,
  checkNpi,
  checkPhone,
  formatPhone,
  checkPostalCode,
  checkState,
  checkTaxId,
  checkText,
  latestDateOnEarth,
  luhnValid,
  maskTaxId,
  splitDiagnosisCodes,
  VALIDATION_MESSAGES as M,
} from './validators.ts';
import { emailSearchKey, phoneSearchKey } from './search-keys.ts';

const ok = <T>(value: T) => ({ ok: true, value });
const no = (message: string) => ({ ok: false, message });

describe('NPI: 10 digits, Luhn check digit over the 80840 prefix', () => {
  it("accepts CMS's example NPI and others with a correct check digit", () => {
    expect(checkNpi('1234567893')).toEqual(ok('1234567893'));
    expect(checkNpi('1245319599')).toEqual(ok('1245319599'));
    expect(checkNpi(' 123-456-7893 ')).toEqual(ok('1234567893'));
  });

  it('refuses a wrong check digit', () => {
    for (const npi of ['1234567890', '1234567894', '1245319598']) expect(checkNpi(npi), npi).toEqual(no(M.npiCheckDigit));
  });

  it('the prefix matters: plain Luhn over the 10 digits is not the rule', () => {
    expect(luhnValid('1234567893')).toBe(false);
    expect(luhnValid('808401234567893')).toBe(true);
  });

  it('refuses anything but ten digits', () => {
    for (const npi of ['', '123456789', '12345678931', '12345678a3', '1234567893.0']) expect(checkNpi(npi), npi).toEqual(no(M.npiFormat));
    expect(checkNpi(1234567893)).toEqual(no(M.npiFormat));
    expect(checkNpi(null)).toEqual(no(M.npiFormat));
  });
});

describe('tax ID: EIN or SSN, masked to its last four', () => {
  it('tells an EIN from an SSN by its dashes', () => {
    expect(checkTaxId('12-3456789')).toEqual(ok({ kind: 'ein', value: '12-3456789' }));
    expect(checkTaxId(' 12 - 3456789 ')).toEqual(ok({ kind: 'ein', value: '12-3456789' }));
    expect(checkTaxId('123-45-6789')).toEqual(ok({ kind: 'ssn', value: '123-45-6789' }));
  });

  it('refuses nine bare digits instead of guessing which it is', () => {
    expect(checkTaxId('123456789')).toEqual(no(M.taxIdFormat));
    for (const text of ['', '12-345678', '1-23456789', '123-456-789', 'ab-cdefghi', '12-3456789x']) {
      expect(checkTaxId(text), text).toEqual(no(M.taxIdFormat));
    }
    expect(checkTaxId(undefined)).toEqual(no(M.taxIdFormat));
  });

  it('refuses EIN prefixes the IRS never issues', () => {
    for (const prefix of ['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97']) {
      expect(checkTaxId(`${prefix}-1234567`), prefix).toEqual(no(M.einPrefix));
    }
    for (const prefix of ['01', '06', '10', '27', '47', '68', '71', '88', '95', '99']) {
      expect(checkTaxId(`${prefix}-1234567`).ok, prefix).toBe(true);
    }
  });

  it('refuses SSNs the SSA never issues', () => {
    for (const ssn of ['000-12-3456', '666-12-3456', '900-12-3456', '999-12-3456', '123-00-4567', '123-45-0000']) {
      expect(checkTaxId(ssn), ssn).toEqual(no(M.ssnInvalid));
    }
  });

  it('masks all but the last four digits', () => {
    expect(maskTaxId('12-3456789')).toBe('••-•••6789');
    expect(maskTaxId('123-45-6789')).toBe('•••-••-6789');
    expect(maskTaxId('123456789')).toBe('•••••6789');
    expect(maskTaxId('123')).toBe('•••');
    expect(maskTaxId('')).toBe('');
    expect(maskTaxId(null)).toBe('');
    for (const id of ['12-3456789', '123-45-6789']) expect(maskTaxId(id)).not.toMatch(/12|345/);
  });
});

describe('ICD-10-CM diagnosis codes', () => {
  it('accepts codes written the usual ways, answering the dotted upper-case form', () => {
    expect(checkDiagnosisCode('F41.1')).toEqual(ok('F41.1'));
    expect(checkDiagnosisCode('f411')).toEqual(ok('F41.1'));
    expect(checkDiagnosisCode('F32.A')).toEqual(ok('F32.A'));
    expect(checkDiagnosisCode('F32')).toEqual(ok('F32'));
    expect(checkDiagnosisCode('Z63.0')).toEqual(ok('Z63.0'));
    expect(checkDiagnosisCode('F43.10')).toEqual(ok('F43.10'));
    expect(checkDiagnosisCode('S72.001A')).toEqual(ok('S72.001A'));
    expect(checkDiagnosisCode(' c4a.0 ')).toEqual(ok('C4A.0'));
  });

  it('refuses what is not a code', () => {
    for (const code of ['', 'F4', '41.1', 'FF1.1', 'F41.', 'F41.12345', 'F4.11', 'F41-1', 'depression', '296.32']) {
      expect(checkDiagnosisCode(code), code).toEqual(no(M.diagnosisFormat(code)));
    }
    expect(checkDiagnosisCode(5).ok).toBe(false);
  });

  it('keeps the order (the first is the primary diagnosis)', () => {
    expect(checkDiagnosisCodes(['F43.10', 'F41.1', 'Z63.0'])).toEqual(ok(['F43.10', 'F41.1', 'Z63.0']));
    expect(checkDiagnosisCodes('F41.1, f32a; Z630')).toEqual(ok(['F41.1', 'F32.A', 'Z63.0']));
    expect(checkDiagnosisCodes([])).toEqual(ok([]));
    expect(checkDiagnosisCodes('')).toEqual(ok([]));
  });

  it('allows up to 12 codes', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `F4${Math.floor(i / 10)}.${i % 10}`);
    expect(checkDiagnosisCodes(twelve).ok).toBe(true);
    expect(checkDiagnosisCodes([...twelve, 'Z63.0'])).toEqual(no(M.diagnosisTooMany(12)));
  });

  it('refuses the same code twice, however it is written', () => {
    expect(checkDiagnosisCodes(['F41.1', 'f411'])).toEqual(no('F41.1 is listed more than once.'));
  });

  it('names the bad code in a list', () => {
    expect(checkDiagnosisCodes(['F41.1', 'oops'])).toEqual(no('"oops" is not an ICD-10-CM code (such as F41.1).'));
    expect(checkDiagnosisCodes(42).ok).toBe(false);
    expect(splitDiagnosisCodes(' F41.1 |F32.A  Z63.0 ')).toEqual(['F41.1', 'F32.A', 'Z63.0']);
  });
});

describe('phone numbers', () => {
  it('stores a complete number in E.164 however it was written: national, +, or 00', () => {
    const stored: [string, string][] = [
      ['(312) 555-0100', '+13125550100'],
      ['312-555-0100', '+13125550100'],
      ['312.555.0100', '+13125550100'],
      ['1-312-555-0100', '+13125550100'],
      ['+1 312 555 0100', '+13125550100'],
      ['001 312 555 0100', '+13125550100'],
      ['+44 20 7946 0958', '+442079460958'],
      ['0044 20 7946 0958', '+442079460958'],
      ['+61 2 9374 4000', '+61293744000'],
      ['+34 612 345 678', '+34612345678'],
      ['0032 470 12 34 56', '+32470123456'],
      ['+32 (0)470 12 34 56', '+32470123456'],
      ['(312) 555-0100 x12', '+13125550100 ext. 12'],
      ['312-555-0100 ext. 3', '+13125550100 ext. 3'],
    ];
    for (const [typed, e164] of stored) {
      expect(checkPhone(typed), typed).toEqual(ok(e164));
      // Its own answer reads back unchanged, so a stored number can pass through again.
      expect(checkPhone(e164), e164).toEqual(ok(e164));
    }
  });

  it('keeps a number shaped like one but not complete as typed (spacing tidied)', () => {
    for (const phone of ['(555) 123-4567', '555-123-4567', '5551234567', '+1 555 123 4567', '(555) 123-4567 x12']) {
      expect(checkPhone(phone), phone).toEqual(ok(phone));
    }
    expect(checkPhone('  (555)   123-4567 ')).toEqual(ok('(555) 123-4567'));
  });

  it('reads national numbers of the country it is given', () => {
    expect(checkPhone('020 7946 0958', 'GB')).toEqual(ok('+442079460958'));
    expect(checkPhone('0470 12 34 56', 'BE')).toEqual(ok('+32470123456'));
    expect(checkPhone('020 7946 0958')).toEqual(no(M.phone));
  });

  it('reads national numbers of the practice country in E.164, and refuses one that is not that country\'s (issue 29)', () => {
    const national: [string, CountryCode, string][] = [
      ['612 345 678', 'ES', '+34612345678'],
      ['91 123 45 67', 'ES', '+34911234567'],
      ['06 12 34 56 78', 'FR', '+33612345678'],
      ['01.23.45.67.89', 'FR', '+33123456789'],
      ['020 7946 0958', 'GB', '+442079460958'],
      ['07911 123456', 'GB', '+447911123456'],
      ['0470 12 34 56', 'BE', '+32470123456'],
      ['02 123 45 67', 'BE', '+3221234567'],
      ['030 1234567', 'DE', '+49301234567'],
    ];
    for (const [typed, country, e164] of national) {
      expect(checkPhone(typed, country), `${typed} in ${country}`).toEqual(ok(e164));
      expect(checkPhone(e164, country), e164).toEqual(ok(e164));
    }
    // Spanish numbers have no trunk 0; a US-shaped number is no French number (kept as typed only in a US practice).
    for (const [typed, country] of [['0612 345 678', 'ES'], ['(312) 555-0100', 'FR'], ['(312) 555-0100', 'GB'], ['(212) 555-0100', 'BE'], ['06 12 34 56', 'FR'], ['0470 12 34 56 78 90', 'BE']] as const) {
      expect(checkPhone(typed, country), `${typed} in ${country}`).toEqual(no(M.phone));
    }
    // International forms read the same in every country.
    for (const country of ['US', 'FR', 'ES', 'GB'] as const) {
      expect(checkPhone('+34 612 345 678', country)).toEqual(ok('+34612345678'));
      expect(checkPhone('0032 470 12 34 56', country)).toEqual(ok('+32470123456'));
    }
  });

  it('refuses short, long, lettered and empty numbers', () => {
    for (const phone of ['', '123-4567', '555-123-456', '2-555-123-4567', '+1234567', '+1234567890123456', '00 1234567', '0000 555 1234', 'call me', '555-CALL-NOW', '+0 555 123 4567', '5551234567; DROP']) {
      expect(checkPhone(phone), phone).toEqual(no(M.phone));
    }
    expect(checkPhone(5551234567)).toEqual(no(M.phone));
  });

  it('gives the same search key for the same number however written, stored or typed', () => {
    expect(phoneSearchKey('(555) 123-4567')).toBe('5551234567');
    expect(phoneSearchKey('+1 555 123 4567 x9')).toBe('5551234567');
    expect(phoneSearchKey('+44 20 7946 0958')).toBe('442079460958');
    for (const typed of ['(312) 555-0100', '+1 312 555 0100', '0032 470 12 34 56', '+44 20 7946 0958 ext. 4']) {
      const stored = checkPhone(typed);
      expect(stored.ok && phoneSearchKey(stored.value), typed).toBe(phoneSearchKey(typed));
    }
    expect(phoneSearchKey(null)).toBe('');
  });
});

describe('email addresses', () => {
  it('accepts ordinary addresses and lower-cases the domain', () => {
    expect(checkEmail('name@example.com')).toEqual(ok('name@example.com'));
    expect(checkEmail(' Jane.Doe+therapy@Example.CO.uk ')).toEqual(ok('Jane.Doe+therapy@example.co.uk'));
    expect(checkEmail("o'brien@mail.example.org")).toEqual(ok("o'brien@mail.example.org"));
    expect(checkEmail('josé@exämple.de')).toEqual(ok('josé@exämple.de'));
  });

  it('refuses what mail services would refuse', () => {
    for (const email of ['', 'plain', '@example.com', 'name@', 'name@example', 'name@example.c', 'na me@example.com', 'name@@example.com', 'name@exa mple.com', '.name@example.com', 'name.@example.com', 'na..me@example.com', 'name@-example.com', 'name@example..com', '"quoted"@example.com', `${'a'.repeat(65)}@example.com`, `a@${'b'.repeat(250)}.com`]) {
      expect(checkEmail(email), email).toEqual(no(M.email));
    }
    expect(checkEmail(undefined)).toEqual(no(M.email));
  });

  it('compares addresses case-insensitively', () => {
    expect(emailSearchKey(' Jane@Example.com ')).toBe('jane@example.com');
    expect(emailSearchKey(undefined)).toBe('');
  });
});

describe('text fields and the address', () => {
  it('trims, tidies spaces, and answers null for an empty optional field', () => {
    expect(checkText('  Sam   Lee ', { label: 'the preferred name', max: 50 })).toEqual(ok('Sam Lee'));
    expect(checkText('', { label: 'the preferred name', max: 50 })).toEqual(ok(null));
    expect(checkText(undefined, { label: 'the pronouns', max: 30 })).toEqual(ok(null));
    expect(checkText('line one\r\nline two', { label: 'the notes', max: 100, multiline: true })).toEqual(ok('line one\nline two'));
    // One spelling of a name: NFC, so "José" typed with a combining accent is the composed "José".
    expect(checkText('Jose\u0301  Mari\u0301a', { label: 'the first name', max: 50 })).toEqual(ok('Jos\u00e9 Mar\u00eda'));
    expect(checkText(' a\u00a0\u00a0b\tc ', { label: 'the city', max: 50 })).toEqual(ok('a b c'));
    expect(checkText('  one   two \r\n\r\n  three\t\tfour  ', { label: 'the notes', max: 100, multiline: true })).toEqual(ok('one two\n\nthree four'));
  });

  it('requires a required field and limits lengths, naming the field', () => {
    expect(checkText('  ', { label: 'the first name', max: 50, required: true })).toEqual(no('Enter the first name.'));
    expect(checkText('they/them/theirs/xe/xem/xyrs/any', { label: 'the pronouns', max: 30 })).toEqual(no('The pronouns can be at most 30 characters.'));
    expect(checkText('x'.repeat(30), { label: 'the pronouns', max: 30 }).ok).toBe(true);
    expect(checkText('😀'.repeat(30), { label: 'the pronouns', max: 30 }).ok).toBe(true);
    expect(checkText('bad\u0000name', { label: 'the first name', max: 50 })).toEqual(no("The first name contains characters that can't be used."));
    expect(checkText(42, { label: 'the first name', max: 50 })).toEqual(no('Enter the first name.'));
  });

  it('reads US states by code or name, and ZIP codes', () => {
    expect(checkState('ny')).toEqual(ok('NY'));
    expect(checkState('New York')).toEqual(ok('NY'));
    expect(checkState('district of columbia')).toEqual(ok('DC'));
    expect(checkState('PR')).toEqual(ok('PR'));
    expect(checkState('')).toEqual(ok(null));
    expect(checkState('XX')).toEqual(no(M.state));
    expect(checkState('Ontario')).toEqual(no(M.state));
    expect(checkPostalCode('12345')).toEqual(ok('12345'));
    expect(checkPostalCode('12345-6789')).toEqual(ok('12345-6789'));
    expect(checkPostalCode('123456789')).toEqual(ok('12345-6789'));
    expect(checkPostalCode(' ')).toEqual(ok(null));
    for (const zip of ['1234', '123456', 'ABCDE', '12345-678']) expect(checkPostalCode(zip), zip).toEqual(no(M.postalCode));
  });
});

describe('date of birth', () => {
  const now = new Date('2026-11-25T12:00:00Z');

  it('accepts real past days from 1900 on', () => {
    expect(checkDateOfBirth('1985-03-14', now)).toEqual(ok('1985-03-14'));
    expect(checkDateOfBirth('1900-01-01', now)).toEqual(ok('1900-01-01'));
    expect(checkDateOfBirth('2024-02-29', now)).toEqual(ok('2024-02-29'));
    expect(checkDateOfBirth('2026-11-25', now)).toEqual(ok('2026-11-25'));
  });

  it('refuses future dates, dates before 1900 and days that do not exist', () => {
    expect(checkDateOfBirth('2027-01-01', now)).toEqual(no(M.dateOfBirthFuture));
    expect(checkDateOfBirth('1899-12-31', now)).toEqual(no(M.dateOfBirthTooEarly));
    for (const text of ['2023-02-29', '1985-13-01', '1985-00-10', '85-03-14', '03/14/1985', '', 'yesterday']) {
      expect(checkDateOfBirth(text, now), text).toEqual(no(M.dateOfBirthFormat));
    }
    expect(checkDateOfBirth(null, now)).toEqual(no(M.dateOfBirthFormat));
  });

  it("counts today as today anywhere on Earth (a baby born today in Kiribati isn't in the future)", () => {
    const lateEvening = new Date('2026-11-25T11:00:00Z');
    expect(latestDateOnEarth(lateEvening)).toBe('2026-11-26');
    expect(checkDateOfBirth('2026-11-26', lateEvening).ok).toBe(true);
    expect(checkDateOfBirth('2026-11-27', lateEvening).ok).toBe(false);
  });
});

describe('phones shown', () => {
  it("shows the practice country's numbers nationally, others internationally, and reads both back to what is stored", () => {
    const shown: [string, string][] = [
      ['+13125550100', '(312) 555-0100'],
      ['+13125550100 ext. 12', '(312) 555-0100 ext. 12'],
      ['+34612345678', '+34 612 34 56 78'],
      ['+32470123456', '+32 470 12 34 56'],
      ['(555) 123-4567', '(555) 123-4567'],
    ];
    for (const [stored, display] of shown) {
      expect(formatPhone(stored), stored).toBe(display);
      expect(checkPhone(display), display).toEqual(ok(stored));
    }
    expect(formatPhone(null)).toBe('');
  });

  it('shows and reads back with the practice country, whichever it is', () => {
    const shown: [string, CountryCode, string][] = [
      ['+33612345678', 'FR', '06 12 34 56 78'],
      ['+442079460958', 'GB', '020 7946 0958'],
      ['+32470123456', 'BE', '0470 12 34 56'],
      ['+34612345678', 'ES', '612 34 56 78'],
      ['+13125550100', 'FR', '+1 312 555 0100'],
      ['+33612345678 ext. 4', 'FR', '06 12 34 56 78 ext. 4'],
    ];
    for (const [stored, country, display] of shown) {
      expect(formatPhone(stored, country), `${stored} in ${country}`).toBe(display);
      expect(checkPhone(display, country), display).toEqual(ok(stored));
    }
  });

  it('reads a country code libphonenumber does not know (settings are read without its list) as the default', () => {
    const unknown = 'XX' as CountryCode;
    expect(formatPhone('+13125550100', unknown)).toBe('(312) 555-0100');
    expect(checkPhone('(312) 555-0100', unknown)).toEqual(ok('+13125550100'));
    expect(checkPhone('(555) 123-4567', unknown)).toEqual(ok('(555) 123-4567'));
  });
});
