// lib/csv.js: the export's and the functions' CSV cells. escapeFormula looks at a text's first
// character before its pattern (issue 35: the export writes millions of cells); for every first
// character it must guard exactly what the pattern alone guards.
import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, escapeFormula, toCsv } from '../functions/lib/csv.js';

const FORMULA_START = /^'*[\s\u00a0\u200b\ufeff]*[=+\-@\t\r]/;
const byPattern = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

describe('csv', () => {
  it('guards exactly what the formula pattern guards, whatever the first character', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      const first = String.fromCharCode(code);
      for (const rest of ['', '=1+1', 'x', ' -2', '\u00a0@cmd', "'=x"]) expect(escapeFormula(first + rest), `U+${code.toString(16)} + ${JSON.stringify(rest)}`).toBe(byPattern(first + rest));
    }
    for (const text of ['=SUM(A1)', "''=x", '\u2003+1', '\ufeff-2', '\u200b@x', '\t1', '\r1', 'plain', '']) expect(escapeFormula(text)).toBe(byPattern(text));
  });

  it('quotes a cell with a comma, quote or line break, and writes a file with a BOM and CRLF rows', () => {
    expect(['a,b', 'say "hi"', 'two\nlines', 'cr\r', 'plain', -5, 12.5, true, null, undefined, ''].map(csvCell))
      .toEqual(['"a,b"', '"say ""hi"""', '"two\nlines"', '"cr\r"', 'plain', '-5', '12.5', 'true', '', '', '']);
    expect(toCsv([['h1', 'h2'], ['=x', 'y']], { bom: true })).toBe("\ufeffh1,h2\r\n'=x,y\r\n");
    expect(toCsv((function* rows() { yield ['a']; yield ['b', 'c']; })())).toBe('a\r\nb,c\r\n');
    expect(toCsv([])).toBe('');
  });

  it('writes the same file as UTF-8 chunks, a row at a time (the export, issue 35)', () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [`Zoë “${i}”`, i % 7 ? `=x${i}` : 'two\nlines, 🌿', -i, i % 3 === 0]);
    const chunks = csvChunks([['Name', 'Note', 'Amount', 'Flag'], ...rows], { bom: true });
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(Buffer.from(toCsv([['Name', 'Note', 'Amount', 'Flag'], ...rows], { bom: true }), 'utf8'))).toBe(true);
    expect(Buffer.concat(csvChunks([], { bom: true })).toString('utf8')).toBe('\ufeff');
    expect(csvChunks([])).toEqual([]);
  });
});
