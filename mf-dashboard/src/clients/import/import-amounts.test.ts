import { describe, expect, it } from 'vitest';
import { countryDecimalSeparator, detectDecimalSeparator } from './import-amounts.ts';

const cells = (...texts: string[]) => texts.map((text, index) => ({ rowNumber: index + 2, text }));

describe("the file's decimal separator, from its own amounts (issue 29)", () => {
  it.each([
    [['1.234,56'], ','],
    [['80,5'], ','],
    [['80,50', '80,500'], ','],
    [['80', '1.234.567'], ','],
    [['1,234.56'], '.'],
    [['80.50'], '.'],
    [['80,500', '$80.50'], '.'],
    [['1,234,567'], '.'],
  ] as const)('%j → %s', (texts, separator) => {
    const evidence = detectDecimalSeparator(cells(...texts));
    expect(evidence).toMatchObject({ separator, conflict: false, written: true });
    expect(evidence.reason).toMatch(/^Row \d+ has .+, which can only have a decimal (point|comma)\.$/);
  });

  it('names the row that decided', () => {
    expect(detectDecimalSeparator(cells('80', '120', '80,50')).reason).toBe('Row 4 has 80,50, which can only have a decimal comma.');
  });

  it('a file whose every amount could be either is ambiguous: nothing decided, the person asked', () => {
    expect(detectDecimalSeparator(cells('80,500', '1.500', '120'))).toEqual({ separator: null, reason: null, ambiguous: true, written: true, conflict: false });
    expect(detectDecimalSeparator(cells('80,500')).separator).toBeNull();
  });

  it('rows that disagree are a conflict, named', () => {
    expect(detectDecimalSeparator(cells('80,50', '90.25'))).toEqual({
      separator: null,
      ambiguous: false,
      written: true,
      conflict: true,
      reason: 'Row 2 has 80,50 (decimal comma) but row 3 has 90.25 (decimal point).',
    });
  });

  it('whole amounts, or none, say nothing', () => {
    expect(detectDecimalSeparator(cells('80', '$120', '1 200'))).toEqual({ separator: null, reason: null, ambiguous: false, written: false, conflict: false });
    expect(detectDecimalSeparator([])).toMatchObject({ separator: null, written: false });
  });

  it("the guess shown while asking is the practice country's own way", () => {
    expect(['US', 'GB', 'ES', 'FR', 'BE', 'DE'].map((country) => countryDecimalSeparator(country as never))).toEqual(['.', '.', ',', ',', ',', ',']);
  });
});
