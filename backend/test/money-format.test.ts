// lib/money-format.js: minor units as every function writes them — the currency's own minor unit, as
// Stripe's (a zero-decimal currency's amount is whole units: the PDFs once printed 8000 JPY as ¥80).
import { describe, expect, it } from 'vitest';
import { inCurrency, money } from '../functions/lib/money-format.js';

describe('money-format', () => {
  it('writes minor units in the currency: cents for USD and EUR, yen for JPY, fils for KWD', () => {
    expect(money(12_050, 'USD')).toBe('$120.50');
    expect(money(-500, 'USD')).toBe('-$5.00');
    expect(money(8_000, 'JPY')).toBe('¥8,000');
    expect(money(1_234, 'EUR')).toBe('€12.34');
    expect(money(1_234, 'KWD')).toBe('KWD\u00a01.234');
    expect(money(0, '')).toBe('$0.00');
    expect(money(12_050, 'XYZ1')).toBe('120.50 XYZ1');
  });

  it('gives the amount in the currency itself, for files', () => {
    expect(inCurrency(12_050, 'USD')).toBe(120.5);
    expect(inCurrency(8_000, 'JPY')).toBe(8_000);
    expect(inCurrency(150, undefined)).toBe(1.5);
  });
});
