import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { accept, refuse, type Checked } from '@cadence/shared-auth/money';
import { phoneCountry } from './country.ts';
import { DEFAULT_PRACTICE_COUNTRY, type CountryCode } from './practice-country.ts';
import { isCalendarDay } from './time-zone.ts';
import { EXTENSION } from './search-keys.ts';

// Field rules of the practice (issue #13): each takes what a person typed or a CSV cell held and
// answers the cleaned value or the message shown beside the field. Reasonable, not pedantic: a
// real phone number or address written the usual ways passes.

export const VALIDATION_MESSAGES = {
  npiFormat: 'Enter the 10-digit NPI.',
  npiCheckDigit: 'This NPI fails its check digit. Check it for a typo.',
  taxIdFormat: 'Enter an EIN as 12-3456789 or an SSN as 123-45-6789.',
  einPrefix: 'This EIN starts with a prefix the IRS does not issue.',
  ssnInvalid: 'This is not a valid SSN.',
  diagnosisFormat: (code: string) => `"${code}" is not an ICD-10-CM code (such as F41.1).`,
  diagnosisTooMany: (max: number) => `Enter at most ${max} diagnosis codes.`,
  diagnosisDuplicate: (code: string) => `${code} is listed more than once.`,
  phone: 'Enter a phone number with its area code, such as (555) 123-4567, or an international number starting with + or 00.',
  email: 'Enter an email address such as name@example.com.',
  state: 'Enter a US state as its two-letter code, such as NY.',
  postalCode: 'Enter a ZIP code such as 12345 or 12345-6789.',
  required: (label: string) => `Enter ${label}.`,
  tooLong: (label: string, max: number) => `${capitalise(label)} can be at most ${max} characters.`,
  controlCharacters: (label: string) => `${capitalise(label)} contains characters that can't be used.`,
  dateOfBirthFormat: 'Enter the date of birth as a date, such as 1985-03-14.',
  dateOfBirthFuture: "The date of birth can't be in the future.",
  dateOfBirthTooEarly: "The date of birth can't be before 1900.",
} as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// NPI

/** Luhn check over a digit string (the rightmost digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A National Provider Identifier: 10 digits whose last is a Luhn check digit computed with the
 * card-issuer prefix 80840 in front (CMS, "NPI check digit"). Spaces and dashes are ignored.
 */
export function checkNpi(input: unknown): Checked<string> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.npiFormat);
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return refuse(VALIDATION_MESSAGES.npiFormat);
  return luhnValid(`80840${digits}`) ? accept(digits) : refuse(VALIDATION_MESSAGES.npiCheckDigit);
}

// ---------------------------------------------------------------------------------------------
// Tax ID

export type TaxIdKind = 'ein' | 'ssn';
export interface TaxId {
  kind: TaxIdKind;
  /** Written the usual way: "12-3456789" or "123-45-6789". */
  value: string;
}

// The IRS's list of valid EIN prefixes (campus and online assignment), as two-digit numbers.
const EIN_PREFIXES = new Set(
  [
    '01-06',
    '10-16',
    '20-27',
    '30-39',
    '40-48',
    '50-68',
    '71-77',
    '80-88',
    '90-95',
    '98-99',
  ].flatMap((range) => {
    const [from, to] = range.split('-').map(Number) as [number, number];
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i).padStart(2, '0'));
  }),
);

/**
 * An EIN ("NN-NNNNNNN") or an SSN ("NNN-NN-NNNN"). The dashes tell which it is, so nine bare
 * digits are refused rather than guessed. SSNs follow the SSA's rules (no area 000, 666 or 9xx, no
 * group 00, no serial 0000).
 */
export function checkTaxId(input: unknown): Checked<TaxId> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.taxIdFormat);
  const text = input.trim().replace(/\s*-\s*/g, '-');
  const ein = /^(\d{2})-(\d{7})$/.exec(text);
  if (ein) {
    return EIN_PREFIXES.has(ein[1]!) ? accept({ kind: 'ein', value: text }) : refuse(VALIDATION_MESSAGES.einPrefix);
  }
  const ssn = /^(\d{3})-(\d{2})-(\d{4})$/.exec(text);
  if (ssn) {
    const [, area, group, serial] = ssn as unknown as [string, string, string, string];
    if (area === '000' || area === '666' || area.startsWith('9') || group === '00' || serial === '0000') {
      return refuse(VALIDATION_MESSAGES.ssnInvalid);
    }
    return accept({ kind: 'ssn', value: text });
  }
  return refuse(VALIDATION_MESSAGES.taxIdFormat);
}

const MASK = '•';

/** A tax ID with everything but its last four digits hidden: "••-•••6789", "•••-••-6789". */
export function maskTaxId(taxId: string | null | undefined): string {
  if (!taxId) return '';
  const digits = taxId.replace(/\D/g, '');
  if (digits.length <= 4) return MASK.repeat(digits.length);
  const last4 = digits.slice(-4);
  if (/^\d{2}-\d{7}$/.test(taxId.trim())) return `${MASK.repeat(2)}-${MASK.repeat(3)}${last4}`;
  if (/^\d{3}-\d{2}-\d{4}$/.test(taxId.trim())) return `${MASK.repeat(3)}-${MASK.repeat(2)}-${last4}`;
  return MASK.repeat(digits.length - 4) + last4;
}

// ---------------------------------------------------------------------------------------------
// ICD-10-CM diagnosis codes

/** CMS-1500 box 21 holds 12 diagnoses (A–L). */
export const MAX_DIAGNOSIS_CODES = 12;

// A letter, a digit, a digit or letter (F32, C4A), then optionally a dot and up to four more
// characters (F41.1, F32.A, S72.001A with its 7th character).
const ICD10_CM = /^[A-Z]\d[\dA-Z](?:\.[\dA-Z]{1,4})?$/;

/** One ICD-10-CM code in its usual form: upper case, with the dot after the third character. */
export function checkDiagnosisCode(input: unknown): Checked<string> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.diagnosisFormat(String(input)));
  let code = input.trim().toUpperCase();
  if (!code.includes('.') && code.length > 3) code = `${code.slice(0, 3)}.${code.slice(3)}`;
  return ICD10_CM.test(code) ? accept(code) : refuse(VALIDATION_MESSAGES.diagnosisFormat(input.trim()));
}

/**
 * An ordered list of diagnosis codes: the first is the primary diagnosis. At most 12, each a valid
 * ICD-10-CM code, none twice (F41.1 and f411 are the same code).
 */
export function checkDiagnosisCodes(input: unknown): Checked<string[]> {
  const list = typeof input === 'string' ? splitDiagnosisCodes(input) : input;
  if (!Array.isArray(list)) return refuse(VALIDATION_MESSAGES.diagnosisFormat(String(input)));
  const codes: string[] = [];
  for (const item of list) {
    const code = checkDiagnosisCode(item);
    if (!code.ok) return code;
    if (codes.includes(code.value)) return refuse(VALIDATION_MESSAGES.diagnosisDuplicate(code.value));
    codes.push(code.value);
  }
  if (codes.length > MAX_DIAGNOSIS_CODES) return refuse(VALIDATION_MESSAGES.diagnosisTooMany(MAX_DIAGNOSIS_CODES));
  return accept(codes);
}

/** "F41.1, F32.A; Z63.0" → ["F41.1", "F32.A", "Z63.0"] (commas, semicolons, pipes or spaces). */
export function splitDiagnosisCodes(text: string): string[] {
  return text
    .split(/[,;|\s]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Phone and email


/**
 * A phone number as people write it: a national number of `country`, the practice's ("(312)
 * 555-0100" in the US, "06 12 34 56 78" in France, "020 7946 0958" in the UK), or an international
 * one starting with + or 00 ("+34 612 345 678", "0032 470 12 34 56"), either with an extension
 * ("x12", "ext. 12"). A complete number is answered in E.164 ("+13125550100", with " ext. 12" after
 * it); one libphonenumber cannot place but shaped like a phone number (8–15 digits after +, or ten
 * digits of a US practice: its fictional 555 numbers) is kept as typed, spacing tidied. A national
 * number that is not one of the country's is refused, never read as another country's. Answering
 * its own output unchanged, it can run on stored values again.
 */
export function checkPhone(input: unknown, country: CountryCode = DEFAULT_PRACTICE_COUNTRY): Checked<string> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.phone);
  const text = normaliseText(input, { multiline: false });
  if (text.length > 40) return refuse(VALIDATION_MESSAGES.phone);
  const extension = EXTENSION.exec(text)?.[1];
  const typed = text.replace(EXTENSION, '');
  if (!/^\+?[\d\s().\-/]+$/.test(typed)) return refuse(VALIDATION_MESSAGES.phone);
  // 00 is the international prefix in most of the world; the number after it is as after a +.
  const international = typed.startsWith('+') ? typed : /^00[1-9]/.test(typed) ? `+${typed.slice(2)}` : null;
  const parsed = parsePhoneNumberFromString(international ?? typed, phoneCountry(country));
  if (parsed?.isValid()) return accept(extension ? `${parsed.number} ext. ${extension}` : parsed.number);
  const digits = typed.replace(/\D/g, '');
  const shaped = international
    ? /^\+[1-9]\d{7,14}$/.test(`+${international.replace(/\D/g, '')}`)
    : phoneCountry(country) === 'US' && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')));
  return shaped ? accept(text) : refuse(VALIDATION_MESSAGES.phone);
}

/**
 * A stored phone number as people read it: the practice's country's own numbers in their national
 * form ("(312) 555-0100"), others in international form ("+34 612 34 56 78"), an extension after
 * ("ext. 12"); a number kept as typed is shown as typed. checkPhone reads every one of these back to
 * the stored form.
 */
export function formatPhone(stored: string | null | undefined, country: CountryCode = DEFAULT_PRACTICE_COUNTRY): string {
  if (typeof stored !== 'string' || !/^\+\d+(?: ext\. \d+)?$/.test(stored)) return stored ?? '';
  const [number = '', extension] = stored.split(' ext. ');
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed?.isValid()) return stored;
  const shown = parsed.country === phoneCountry(country) ? parsed.formatNational() : parsed.formatInternational();
  return extension ? `${shown} ext. ${extension}` : shown;
}

const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * An email address as mail services accept it: one @, a dot-separated local part without spaces or
 * quotes, a domain with at least one dot and a top-level part of two or more letters. The domain is
 * answered in lower case (it is case-insensitive; the local part is kept as typed).
 */
export function checkEmail(input: unknown): Checked<string> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.email);
  const text = input.normalize('NFC').trim();
  const at = text.lastIndexOf('@');
  if (text.length > 254 || at < 1) return refuse(VALIDATION_MESSAGES.email);
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).toLowerCase();
  const labels = domain.split('.');
  const topLevel = labels[labels.length - 1] ?? '';
  const valid =
    local.length <= 64 &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    /^\p{L}{2,}$/u.test(topLevel);
  return valid ? accept(`${local}@${domain}`) : refuse(VALIDATION_MESSAGES.email);
}

// ---------------------------------------------------------------------------------------------
// Text fields, address

/** Limits of the free-text fields (also the sizes of their Appwrite string attributes). */
export const TEXT_LIMITS = {
  name: 50,
  preferredName: 50,
  pronouns: 30,
  credentials: 50,
  licenseNumber: 50,
  practiceName: 100,
  addressLine: 100,
  city: 60,
  relationship: 50,
  referralSource: 100,
  adminNotes: 2000,
  serviceName: 80,
  serviceCode: 20,
  tag: 30,
} as const;

/** Control characters other than tab, newline and CR: invisible in a form, trouble in a CSV or a PDF. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

export interface TextRule {
  /** How the message names the field: "the first name". */
  label: string;
  max: number;
  required?: boolean;
  /** Whether line breaks are allowed (notes); other fields are one line. */
  multiline?: boolean;
}

/**
 * The one normaliser of typed text (forms, the import, every client write): Unicode NFC (a decomposed
 * "José" is stored as the composed one, so two spellings that look the same compare and export the
 * same), line breaks as \n, runs of spaces kept as one, trimmed. A one-line field also turns line
 * breaks and tabs into a space.
 */
export function normaliseText(input: string, options: { multiline: boolean }): string {
  const text = input.normalize('NFC');
  if (!options.multiline) return text.replace(/\s+/g, ' ').trim();
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/**
 * A free-text field: normalised (normaliseText), one line unless `multiline`, at most `max`
 * characters. An empty optional field answers null ("not given").
 */
export function checkText(input: unknown, rule: TextRule): Checked<string | null> {
  if (input === null || input === undefined) input = '';
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.required(rule.label));
  const text = normaliseText(input, { multiline: rule.multiline ?? false });
  if (text === '') return rule.required ? refuse(VALIDATION_MESSAGES.required(rule.label)) : accept(null);
  if (hasControlCharacter(text)) return refuse(VALIDATION_MESSAGES.controlCharacters(rule.label));
  if ([...text].length > rule.max) return refuse(VALIDATION_MESSAGES.tooLong(rule.label, rule.max));
  return accept(text);
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', AS: 'American Samoa', GU: 'Guam',
  MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas', AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
};
const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** The USPS codes (states, DC, territories, military), for a state picker. */
export const US_STATE_CODES = Object.keys(US_STATES);

/** A US state as its USPS code; "ny", "NY" and "New York" all answer "NY". Empty is null. */
export function checkState(input: unknown): Checked<string | null> {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return accept(null);
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.state);
  const text = input.trim().replace(/\s+/g, ' ');
  const code = text.toUpperCase();
  if (code in US_STATES) return accept(code);
  const byName = STATE_BY_NAME.get(text.toLowerCase().replace(/^us /, 'u.s. '));
  return byName ? accept(byName) : refuse(VALIDATION_MESSAGES.state);
}

/** A ZIP or ZIP+4 code ("12345", "12345-6789"; nine bare digits get their dash). Empty is null. */
export function checkPostalCode(input: unknown): Checked<string | null> {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) return accept(null);
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.postalCode);
  const text = input.trim();
  if (/^\d{5}(?:-\d{4})?$/.test(text)) return accept(text);
  if (/^\d{9}$/.test(text)) return accept(`${text.slice(0, 5)}-${text.slice(5)}`);
  return refuse(VALIDATION_MESSAGES.postalCode);
}

// ---------------------------------------------------------------------------------------------
// Date of birth

export const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * The latest calendar date anywhere on Earth right now (UTC+14, Kiribati): a child born "today"
 * in any zone is not refused as born in the future.
 */
export function latestDateOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A date of birth as YYYY-MM-DD: a real day, from 1900 on, not in the future. */
export function checkDateOfBirth(input: unknown, now: Date = new Date()): Checked<string> {
  if (typeof input !== 'string') return refuse(VALIDATION_MESSAGES.dateOfBirthFormat);
  const text = input.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) {
    return refuse(VALIDATION_MESSAGES.dateOfBirthFormat);
  }
  if (text < EARLIEST_BIRTH_DATE) return refuse(VALIDATION_MESSAGES.dateOfBirthTooEarly);
  if (text > latestDateOnEarth(now)) return refuse(VALIDATION_MESSAGES.dateOfBirthFuture);
  return accept(text);
}
