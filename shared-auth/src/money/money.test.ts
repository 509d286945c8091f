import { describe, expect, it } from 'vitest';
import { decimalEvidence, formatMoney, isCurrencyCode, isMinorUnits, minorDigits, MONEY_MESSAGES, moneyInputText, parseMoney } from './money.ts';

const ok = (value: number) => ({ ok: true, value });
const no = (message: string) => ({ ok: false, message });

describe('minor digits per currency, from Intl', () => {
  it('USD has 2, JPY 0, KWD 3', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('knows ISO 4217 codes and refuses made-up or lower-case ones', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('US')).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
  });
});

describe('parseMoney: typed text to minor units', () => {
  it('reads whole amounts, decimals, symbols and thousands separators', () => {
    expect(parseMoney('120')).toEqual(ok(12000));
    expect(parseMoney('120.5')).toEqual(ok(12050));
    expect(parseMoney('120.50')).toEqual(ok(12050));
    expect(parseMoney('$1,200.00')).toEqual(ok(120000));
    expect(parseMoney(' $ 1,234,567.89 ')).toEqual(ok(123456789));
    expect(parseMoney('USD 45')).toEqual(ok(4500));
    expect(parseMoney('45 usd')).toEqual(ok(4500));
    expect(parseMoney('US$10')).toEqual(ok(1000));
    expect(parseMoney('.5')).toEqual(ok(50));
    expect(parseMoney('120.')).toEqual(ok(12000));
    expect(parseMoney('007')).toEqual(ok(700));
  });

  it('accepts zero', () => {
    expect(parseMoney('0')).toEqual(ok(0));
    expect(parseMoney('$0.00')).toEqual(ok(0));
  });

  it('never rounds through floating point', () => {
    expect(parseMoney('0.29')).toEqual(ok(29));
    expect(parseMoney('1.15')).toEqual(ok(115));
    expect(parseMoney('4.35')).toEqual(ok(435));
  });

  it('refuses negative amounts in every spelling', () => {
    for (const text of ['-5', '-$5', '$-5', '(5.00)', '5-', '\u22125', 'USD -5']) {
      expect(parseMoney(text), text).toEqual(no(MONEY_MESSAGES.amountNegative));
    }
  });

  it('refuses more decimals than the currency has', () => {
    expect(parseMoney('1.234')).toEqual(no('USD amounts have at most 2 decimal places.'));
    expect(parseMoney('1.230')).toEqual(ok(123));
  });

  it('follows the currency: JPY has no decimals, KWD has three', () => {
    expect(parseMoney('¥1,200', 'JPY')).toEqual(ok(1200));
    expect(parseMoney('1200.0', 'JPY')).toEqual(ok(1200));
    expect(parseMoney('1200.5', 'JPY')).toEqual(no('JPY amounts have no decimal places.'));
    expect(parseMoney('1.25', 'KWD')).toEqual(ok(1250));
    expect(parseMoney('KWD 1.255', 'KWD')).toEqual(ok(1255));
    expect(parseMoney('1.2555', 'KWD')).toEqual(no('KWD amounts have at most 3 decimal places.'));
  });

  it('refuses what is not an amount, with a clear message and no exception', () => {
    expect(parseMoney('')).toEqual(no(MONEY_MESSAGES.amountEmpty));
    expect(parseMoney('   ')).toEqual(no(MONEY_MESSAGES.amountEmpty));
    for (const text of ['abc', '12abc', '1,2,3', '1.2.3', '1.234.5', '.', '$', '€5', '1 00', '0x10', '1e3', 'Infinity']) {
      expect(parseMoney(text), text).toEqual(no(MONEY_MESSAGES.amountInvalid));
    }
    expect(parseMoney(undefined)).toEqual(no(MONEY_MESSAGES.amountInvalid));
    expect(parseMoney({})).toEqual(no(MONEY_MESSAGES.amountInvalid));
    expect(parseMoney(Number.NaN)).toEqual(no(MONEY_MESSAGES.amountInvalid));
  });

  it('reads numbers too (a spreadsheet cell may arrive as one)', () => {
    expect(parseMoney(120.5)).toEqual(ok(12050));
    expect(parseMoney(-1)).toEqual(no(MONEY_MESSAGES.amountNegative));
  });

  it('refuses amounts beyond what is stored safely', () => {
    expect(parseMoney('9999999999.99')).toEqual(ok(999999999999));
    expect(parseMoney('10000000000')).toEqual(no(MONEY_MESSAGES.amountTooLarge));
    expect(parseMoney('99999999999999999999')).toEqual(no(MONEY_MESSAGES.amountTooLarge));
  });

  it('refuses an unknown currency instead of guessing its digits', () => {
    expect(parseMoney('5', 'ABC')).toEqual(no(MONEY_MESSAGES.currencyUnknown));
  });
});

describe('decimal comma or decimal point (issue 29)', () => {
  it('decimalEvidence: what one amount says about its separator', () => {
    const cases: [string, ReturnType<typeof decimalEvidence>][] = [
      ['1.234,56', ','],
      ['80,5', ','],
      ['80,50', ','],
      ['1 234,56 €', ','],
      ['1.234.567', ','],
      ['0,500', ','],
      ['1234,500', ','],
      ['1,234.56', '.'],
      ['$80.50', '.'],
      ['80.5', '.'],
      ['1,234,567', '.'],
      ["1'234.50", '.'],
      ['80,500', 'ambiguous'],
      ['1.500', 'ambiguous'],
      ['€ 999,000', 'ambiguous'],
      ['80', null],
      ['', null],
    ];
    for (const [text, evidence] of cases) expect(decimalEvidence(text), text).toBe(evidence);
  });

  it('parseMoney reads either separator, the other one grouping thousands', () => {
    for (const [text, decimal, amount] of [
      ['80,50', ',', 8050],
      ['80,5', ',', 8050],
      ['1.234,56', ',', 123456],
      ['1 234,56 €', ',', 123456],
      ['€1.234', ',', 123400],
      ['80,500', ',', 8050],
      ['80,500', '.', 8050000],
      ['1.500', '.', 150],
      ['1,234.56', '.', 123456],
      ['80', ',', 8000],
    ] as const) {
      expect(parseMoney(text, 'EUR', decimal), `${text} with ${decimal}`).toEqual(ok(amount));
    }
    // An amount that does not fit the separator given is refused, never read another way.
    expect(parseMoney('80.50', 'EUR', ',')).toEqual(no(MONEY_MESSAGES.amountInvalid));
    expect(parseMoney('1.234,56', 'EUR', '.')).toEqual(no(MONEY_MESSAGES.amountInvalid));
    expect(parseMoney('80,123', 'EUR', ',')).toEqual(no(MONEY_MESSAGES.amountDecimals('EUR', 2)));
  });

  it('a typed amount with no separator given reads by its own evidence: "80,50" is 80.50, never 8050', () => {
    expect(parseMoney('80,50')).toEqual(ok(8050));
    expect(parseMoney('80,5')).toEqual(ok(8050));
    expect(parseMoney('1.234,56')).toEqual(ok(123456));
    expect(parseMoney('1,2345')).toEqual(no(MONEY_MESSAGES.amountDecimals('USD', 2)));
    // "1,500" could be either: the app's US English reads a point.
    expect(parseMoney('1,500')).toEqual(ok(150000));
    expect(parseMoney('1 000')).toEqual(ok(100000));
    expect(parseMoney('1,250', 'KWD')).toEqual(ok(1250000));
  });
});

describe('formatMoney with Intl.NumberFormat', () => {
  it('formats each currency with its own digits and symbol', () => {
    expect(formatMoney(120050)).toBe('$1,200.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(1200, 'JPY')).toBe('¥1,200');
    expect(formatMoney(1250, 'KWD')).toMatch(/^KWD\s1\.250$/);
    expect(formatMoney(999, 'EUR')).toBe('€9.99');
  });

  it('round-trips through the input text of a form field', () => {
    for (const [amount, currency, text] of [
      [12050, 'USD', '120.50'],
      [5, 'USD', '0.05'],
      [0, 'USD', '0.00'],
      [1200, 'JPY', '1200'],
      [1250, 'KWD', '1.250'],
    ] as const) {
      expect(moneyInputText(amount, currency)).toBe(text);
      expect(parseMoney(text, currency)).toEqual(ok(amount));
    }
  });

  it('checks stored amounts', () => {
    expect(isMinorUnits(0)).toBe(true);
    expect(isMinorUnits(12050)).toBe(true);
    expect(isMinorUnits(1.5)).toBe(false);
    expect(isMinorUnits(-1)).toBe(false);
    expect(isMinorUnits('100')).toBe(false);
  });
});
