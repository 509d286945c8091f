import { accept, refuse, type Checked } from './checked.ts';

// Money is an integer count of the currency's minor units plus its ISO 4217 code (ARCHITECTURE.md
// "The practice"): no floating-point sums, and the same numbers in the browser, the functions and
// Appwrite's integer attributes.

export const DEFAULT_CURRENCY = 'USD';

/** The app speaks US English; amounts are formatted the same way wherever the browser is. */
export const MONEY_LOCALE = 'en-US';

/**
 * The largest amount Cadence stores, in minor units: far above any fee, and well inside
 * Number.MAX_SAFE_INTEGER and Appwrite's 64-bit integer attribute.
 */
export const MAX_MINOR_UNITS = 999_999_999_999;

export interface Money {
  /** Integer count of minor units (cents for USD, yen for JPY, fils for KWD). */
  amount: number;
  /** ISO 4217 code, upper case. */
  currency: string;
}

export const MONEY_MESSAGES = {
  currencyUnknown: 'Choose a currency from the list (a three-letter ISO 4217 code such as USD).',
  amountEmpty: 'Enter an amount.',
  amountNegative: 'Enter an amount of zero or more.',
  amountInvalid: 'Enter an amount like 120 or 120.50.',
  amountTooLarge: 'That amount is too large.',
  amountDecimals: (currency: string, digits: number) =>
    digits === 0
      ? `${currency} amounts have no decimal places.`
      : `${currency} amounts have at most ${digits} decimal place${digits === 1 ? '' : 's'}.`,
} as const;

let knownCurrencies: ReadonlySet<string> | null | undefined;

function supportedCurrencies(): ReadonlySet<string> | null {
  if (knownCurrencies === undefined) {
    const supportedValuesOf = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    knownCurrencies = typeof supportedValuesOf === 'function' ? new Set(supportedValuesOf('currency')) : null;
  }
  return knownCurrencies;
}

/**
 * Whether `code` is an ISO 4217 currency this browser can format. Intl.NumberFormat alone accepts
 * any three letters ("ABC"), so the engine's list of supported currencies decides where it has one.
 */
export function isCurrencyCode(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  const supported = supportedCurrencies();
  if (supported) return supported.has(code);
  try {
    new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.NumberFormat>();

function currencyFormatter(currency: string, locale: string = MONEY_LOCALE): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many minor digits the currency has: 2 for USD, 0 for JPY, 3 for KWD (from Intl's data). */
export function minorDigits(currency: string): number {
  return currencyFormatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "$1,200.50" from 120050 USD; "¥1,200" from 1200 JPY; "KWD 1.250" from 1250 KWD. */
export function formatMoney(amount: number, currency: string = DEFAULT_CURRENCY, locale: string = MONEY_LOCALE): string {
  const digits = minorDigits(currency);
  return currencyFormatter(currency, locale).format(amount / 10 ** digits);
}

/** The plain text a form field shows for an amount: "120.50", "1200", "1.250" (no symbol, no grouping). */
export function moneyInputText(amount: number, currency: string = DEFAULT_CURRENCY): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

const symbolsByCurrency = new Map<string, string[]>();

function currencySymbols(currency: string): string[] {
  const known = symbolsByCurrency.get(currency);
  if (known) return known;
  // "US$" is how non-US price lists write dollars; en-US formatting alone only knows "$".
  const symbols = new Set<string>(currency === 'USD' ? [currency, 'US$'] : [currency]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency, currencyDisplay }).formatToParts(1);
      for (const part of parts) if (part.type === 'currency') symbols.add(part.value);
    } catch {
      // an engine without narrowSymbol: the code and the plain symbol still match
    }
  }
  // Longest first, so "US$" is removed before "$".
  const sorted = [...symbols].sort((a, b) => b.length - a.length);
  symbolsByCurrency.set(currency, sorted);
  return sorted;
}

/** The character between an amount's whole units and its decimals: 120.50 or 120,50. */
export type DecimalSeparator = '.' | ',';

export const DECIMAL_SEPARATOR_LABELS: Record<DecimalSeparator, string> = {
  '.': 'Decimal point (1,234.56)',
  ',': 'Decimal comma (1.234,56)',
};

// Spaces, thin spaces and apostrophes that group thousands ("1 234,56", "1'234.50").
const GROUP_SPACE = /(?<=\d)[\s\u00a0\u202f'\u2019](?=\d{3}(?!\d))/g;

/**
 * What one written amount says about its decimal separator (issue 29): "1.234,56", "80,5" and
 * "80,50" can only have a decimal comma, "1,234.56" and "80.50" only a point, and "1.234.567" or
 * "1,234,567" use the other one to group thousands. "80,500" and "1.500" could be either (thousands
 * or three decimals): 'ambiguous'. Null when the amount has no separator at all ("80").
 */
export function decimalEvidence(input: string): DecimalSeparator | 'ambiguous' | null {
  const number = /\d[\d.,]*/.exec(input.replace(GROUP_SPACE, ''))?.[0] ?? '';
  const last = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  if (last < 0) return null;
  const mark = number[last] as DecimalSeparator;
  const other: DecimalSeparator = mark === '.' ? ',' : '.';
  if (number.includes(other)) return mark;
  if (number.indexOf(mark) !== last) return other;
  const whole = number.slice(0, last);
  const after = number.length - last - 1;
  return after === 3 && whole.length <= 3 && !/^0\d*$/.test(whole) ? 'ambiguous' : mark;
}

/**
 * Reads an amount a person typed ("120", "120.5", "$1,200.00", "USD 45", "80,50 €") into minor units
 * of `currency`. The decimal separator is `decimal` when the file or the person has said which;
 * otherwise the amount's own (decimalEvidence: "80,50" is 80.50, never 8050), and where it could be
 * either ("1,500") a point, as the app's US English writes amounts. Refuses negative amounts, more
 * decimals than the currency has, misplaced thousands separators and anything else that is not an
 * amount, each with its own message.
 */
export function parseMoney(input: unknown, currency: string = DEFAULT_CURRENCY, decimal?: DecimalSeparator | null): Checked<number> {
  if (!isCurrencyCode(currency)) return refuse(MONEY_MESSAGES.currencyUnknown);
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refuse(MONEY_MESSAGES.amountInvalid);
    input = String(input);
  }
  if (typeof input !== 'string') return refuse(MONEY_MESSAGES.amountInvalid);
  let text = input.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (text === '') return refuse(MONEY_MESSAGES.amountEmpty);

  // A minus before the digits ("-5", "$-5", "USD -5") or after them ("5-"), or accounting
  // parentheses, means a negative amount, which fees never are.
  if (/^\D*[-\u2212]|[-\u2212]$|^\(.*\)$/.test(text)) return refuse(MONEY_MESSAGES.amountNegative);
  text = text.replace(/^\+/, '');
  for (const symbol of currencySymbols(currency)) {
    if (text.toUpperCase().startsWith(symbol.toUpperCase())) {
      text = text.slice(symbol.length).trim();
      break;
    }
    if (text.toUpperCase().endsWith(symbol.toUpperCase())) {
      text = text.slice(0, -symbol.length).trim();
      break;
    }
  }
  text = text.replace(GROUP_SPACE, '');

  const evidence = decimalEvidence(text);
  const point = decimal ?? (evidence === ',' ? ',' : '.');
  const group = point === '.' ? ',' : '.';
  const match = (point === '.' ? /^(\d[\d,]*)?(?:\.(\d*))?$/ : /^(\d[\d.]*)?(?:,(\d*))?$/).exec(text);
  if (!match || (match[1] === undefined && !match[2])) return refuse(MONEY_MESSAGES.amountInvalid);
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (whole.includes(group) && !new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(whole)) return refuse(MONEY_MESSAGES.amountInvalid);

  const digits = minorDigits(currency);
  const significantFraction = fraction.replace(/0+$/, '');
  if (significantFraction.length > digits) return refuse(MONEY_MESSAGES.amountDecimals(currency, digits));

  const wholeDigits = whole.split(group).join('').replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > 15) return refuse(MONEY_MESSAGES.amountTooLarge);
  const minor = Number(wholeDigits + significantFraction.padEnd(digits, '0'));
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR_UNITS) return refuse(MONEY_MESSAGES.amountTooLarge);
  return accept(minor);
}

/** Whether a stored amount is valid: a whole number of minor units from 0 to MAX_MINOR_UNITS. */
export function isMinorUnits(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_MINOR_UNITS;
}
