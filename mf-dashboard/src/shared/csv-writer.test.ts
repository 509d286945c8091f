import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, escapeFormula, toCsv } from './csv-writer.ts';

describe('formula injection: cells a spreadsheet would run are defused', () => {
  it('prefixes an apostrophe to text starting with = + - @ tab or CR', () => {
    expect(escapeFormula('=HYPERLINK("http://evil","click")')).toBe('\'=HYPERLINK("http://evil","click")');
    expect(escapeFormula('+1+1')).toBe("'+1+1");
    expect(escapeFormula('-2+3')).toBe("'-2+3");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('\t=1')).toBe("'\t=1");
    expect(escapeFormula('\r=1')).toBe("'\r=1");
  });

  it('sees through leading spaces and no-break spaces', () => {
    expect(escapeFormula(' =1+1')).toBe("' =1+1");
    expect(escapeFormula('\u00a0=1+1')).toBe("'\u00a0=1+1");
    expect(escapeFormula('\ufeff=1+1')).toBe("'\ufeff=1+1");
  });

  it('leaves ordinary text alone', () => {
    for (const text of ['Jane', 'a=b', 'F41.1', '555-123-4567', 'jane@example.com', '', "O'Brien"]) expect(escapeFormula(text)).toBe(text);
  });

  it('writes numbers as numbers (a negative amount is not a formula)', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('RFC 4180 quoting', () => {
  it('quotes cells with commas, quotes or line breaks, doubling quotes', () => {
    expect(csvCell('Doe, Jane')).toBe('"Doe, Jane"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('quotes an escaped formula that also needs quoting', () => {
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
  });

  it('joins rows with CRLF and ends the file with one', () => {
    expect(toCsv([['Name', 'Reason'], ['Jane', 'Missing email']])).toBe('Name,Reason\r\nJane,Missing email\r\n');
    expect(toCsv([])).toBe('');
    expect(toCsv([['a']], { bom: true })).toBe('\ufeffa\r\n');
  });

  it('reads back cell for cell through a standard CSV parser', () => {
    const rows = [
      ['First name', 'Notes', 'Amount'],
      ['Zoë', 'Said "fine, thanks"\nthen left', '-12.50'],
      ['=cmd|"/C calc"!A0', '', '@x'],
      ['', ' ', 'trailing,comma,'],
    ];
    const parsed = Papa.parse<string[]>(toCsv(rows), { skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      ['First name', 'Notes', 'Amount'],
      ['Zoë', 'Said "fine, thanks"\nthen left', "'-12.50"],
      ['\'=cmd|"/C calc"!A0', '', "'@x"],
      ['', ' ', 'trailing,comma,'],
    ]);
  });
});
