import * as z from 'zod';
import type { Checked } from '@cadence/shared-auth/money';
import { checkCountry, COUNTRY_MESSAGES } from './country.ts';
import type { CountryCode } from './practice-country.ts';
import { DEFAULT_CURRENCY, isCurrencyCode, MAX_MINOR_UNITS, MONEY_MESSAGES, parseMoney } from '@cadence/shared-auth/money';
import { browserTimeZone, checkTimeZone, TIME_ZONE_MESSAGES } from './time-zone.ts';
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
  VALIDATION_MESSAGES,
  type TextRule,
} from './validators.ts';

// The zod field types the practice schemas are built from. Each wraps one rule of validators.ts,
// so a form, the CSV import and an Appwrite function that receives the data give the same message.
// Nothing here touches a browser API: the schemas run in Node functions unchanged.

/** Runs a rule inside a zod transform: its value, or its message as the field's issue. */
function ruled<I, O>(check: (value: I) => Checked<O>) {
  return (value: I, ctx: z.core.$RefinementCtx<I>): O => {
    const result = check(value);
    if (result.ok) return result.value;
    ctx.issues.push({ code: 'custom', message: result.message, input: value });
    return z.NEVER;
  };
}

/** Input of an optional field: what a form holds ('' when empty) or what a document holds (null). */
const optionalInput = (message: string) => z.string({ error: message }).nullish();

export function requiredText(rule: Omit<TextRule, 'required'>) {
  const required = VALIDATION_MESSAGES.required(rule.label);
  return z.string({ error: required }).transform(ruled((value: string) => checkText(value, { ...rule, required: true }) as Checked<string>));
}

export function optionalText(rule: Omit<TextRule, 'required'>) {
  return optionalInput(VALIDATION_MESSAGES.required(rule.label)).transform(ruled((value) => checkText(value, rule)));
}

/** Applies `check` to a non-empty value; empty (or null) is null, "not given". */
function optionalChecked<O>(message: string, check: (value: string) => Checked<O>) {
  return optionalInput(message).transform(
    ruled((value: string | null | undefined): Checked<O | null> => (value == null || value.trim() === '' ? { ok: true, value: null } : check(value))),
  );
}

/** A phone number; a national one is read as a number of `country` (the practice's). */
export const optionalPhone = (country?: CountryCode) => optionalChecked(VALIDATION_MESSAGES.phone, (value) => checkPhone(value, country));
export const optionalEmail = () => optionalChecked(VALIDATION_MESSAGES.email, checkEmail);
export const optionalNpi = () => optionalChecked(VALIDATION_MESSAGES.npiFormat, checkNpi);
export const optionalTaxId = () =>
  optionalChecked(VALIDATION_MESSAGES.taxIdFormat, (value) => {
    const taxId = checkTaxId(value);
    return taxId.ok ? { ok: true, value: taxId.value.value } : taxId;
  });
export const optionalDateOfBirth = () => optionalChecked(VALIDATION_MESSAGES.dateOfBirthFormat, (value) => checkDateOfBirth(value));
export const stateField = () => optionalInput(VALIDATION_MESSAGES.state).transform(ruled(checkState));
export const postalCodeField = () => optionalInput(VALIDATION_MESSAGES.postalCode).transform(ruled(checkPostalCode));
/** An ISO 3166-1 alpha-2 country, upper case; empty is null (not chosen). */
export const countryField = () => optionalInput(COUNTRY_MESSAGES.unknown).transform(ruled(checkCountry));

/** An ordered list of ICD-10-CM codes (first = primary); a form may send it as one text field. */
export const diagnosisCodesField = () =>
  z
    .union([z.array(z.string()), z.string()], { error: VALIDATION_MESSAGES.diagnosisFormat('') })
    .default([])
    .transform(ruled(checkDiagnosisCodes));

/** An IANA time zone, in its canonical spelling; the browser's own when none is given. */
export const timeZoneField = () =>
  z
    .string({ error: TIME_ZONE_MESSAGES.empty })
    .default(() => browserTimeZone())
    .transform(ruled(checkTimeZone));

export const currencyField = () =>
  z
    .string({ error: MONEY_MESSAGES.currencyUnknown })
    .default(DEFAULT_CURRENCY)
    .transform((value) => value.trim().toUpperCase())
    .refine(isCurrencyCode, { error: MONEY_MESSAGES.currencyUnknown });

/** A stored amount: whole minor units (cents), zero or more. */
export function minorUnitsField(messages: { invalid: string } = { invalid: MONEY_MESSAGES.amountInvalid }) {
  return z
    .number({ error: messages.invalid })
    .int({ error: messages.invalid })
    .min(0, { error: MONEY_MESSAGES.amountNegative })
    .max(MAX_MINOR_UNITS, { error: MONEY_MESSAGES.amountTooLarge });
}

/** A typed amount withTypedAmounts could not read, carried to its field so the message lands there. */
interface UnreadAmount {
  unreadAmount: string;
}
const isUnreadAmount = (value: unknown): value is UnreadAmount =>
  typeof value === 'object' && value !== null && typeof (value as UnreadAmount).unreadAmount === 'string';

/**
 * An optional amount. A number is minor units (what a document stores); a string is an amount as a
 * person typed it, read in the object's currency by withTypedAmounts. Empty is null.
 */
export function amountField(messages: { invalid: string }) {
  const stored = minorUnitsField(messages);
  return z.unknown().default(null).transform((value, ctx): number | null => {
    if (value === null || value === undefined) return null;
    const result = isUnreadAmount(value) ? { success: false as const, message: value.unreadAmount } : stored.safeParse(value);
    if (result.success) return result.data;
    const message = 'message' in result ? result.message : (result.error.issues[0]?.message ?? messages.invalid);
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

/**
 * Lets an object schema take its amounts as typed text: each named field holding a string
 * ("$120", "120.50") is read with parseMoney in the object's own `currency` (USD when it has none
 * or an unknown one) before the schema runs. Numbers pass as minor units, so a stored document and
 * a form's values parse alike, and "50" can never be stored as 50 cents.
 */
export function withTypedAmounts<S extends z.ZodType>(fields: readonly string[], schema: S) {
  return z.preprocess((input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const data: Record<string, unknown> = { ...input };
    const currencyText = typeof data.currency === 'string' ? data.currency.trim().toUpperCase() : DEFAULT_CURRENCY;
    const currency = isCurrencyCode(currencyText) ? currencyText : DEFAULT_CURRENCY;
    for (const field of fields) {
      const value = data[field];
      if (typeof value !== 'string') continue;
      if (value.trim() === '') {
        data[field] = null;
        continue;
      }
      const amount = parseMoney(value, currency);
      data[field] = amount.ok ? amount.value : ({ unreadAmount: amount.message } satisfies UnreadAmount);
    }
    return data;
  }, schema);
}

/** Reads a number a select or text input may hold as a string ("24"); anything else is left for the schema to refuse. */
export function numberFromText(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

/** Flattens a failed parse into one message per field (the first issue of each), for a form or an import row. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '';
    if (!(key in messages)) messages[key] = issue.message;
  }
  return messages;
}
