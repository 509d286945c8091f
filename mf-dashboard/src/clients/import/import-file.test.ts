import { describe, expect, it } from 'vitest';
import { accentedValues, checkImportFileInfo, decodeImportBytes, guessLegacyEncoding, IMPORT_FILE_MESSAGES as M, MAX_IMPORT_BYTES, parseImportCsv, readImportFile } from './import-file.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const no = (message: string) => ({ ok: false, message });
const csvFile = (bytes: Uint8Array, name = 'clients.csv') => ({ name, size: bytes.length, type: 'text/csv' });

function read(text: string | Uint8Array, name = 'clients.csv') {
  const bytes = typeof text === 'string' ? utf8(text) : text;
  return readImportFile(csvFile(bytes, name), bytes);
}

describe('a good CSV file', () => {
  it('gives trimmed headers and the rows, blank lines left out but counted in the row numbers', () => {
    const result = read('First name , Last name,Email\r\nJane,Doe,jane@example.com\r\n\r\n,,\r\nSam,Lee,\r\n');
    expect(result).toEqual({
      ok: true,
      value: {
        headers: ['First name', 'Last name', 'Email'],
        rows: [['Jane', 'Doe', 'jane@example.com'], ['Sam', 'Lee', '']],
        rowNumbers: [2, 5],
        delimiter: ',',
        encoding: 'utf-8',
        legacyGuess: null,
      },
    });
  });

  it('numbers rows as a spreadsheet does: header 1, blank lines counted, a cell spanning lines one row where it starts', () => {
    const file = (d: string, eol: string) => ['', `First${d}Notes`, `Amy${d}"one${eol}two${eol}three"`, '', `${d}${d}`, `Ben${d}x`, `"Cy"${d}"a${eol}b"`, `Dee${d}`, ''].join(eol);
    for (const [delimiter, eol] of [[',', '\r\n'], [';', '\n'], ['\t', '\r\n'], [',', '\n']] as const) {
      const result = read(file(delimiter, eol));
      expect(result.ok && result.value, JSON.stringify(delimiter)).toMatchObject({ delimiter, rowNumbers: [3, 6, 7, 8] });
      expect(result.ok && result.value.rows.map((row) => row[0])).toEqual(['Amy', 'Ben', 'Cy', 'Dee']);
    }
  });

  it('tells the delimiter by the header, even when cells hold the others and rows have extra cells', () => {
    const tabs = read('First name\tLast name\tNotes\nAmy\tAsh\ta, b; c\nBen\tBirch\tx\ty\tz\nCy\tCole\t1,2,3,4,5\n');
    expect(tabs.ok && tabs.value).toMatchObject({ delimiter: '\t', rowNumbers: [2, 3, 4] });
    const semicolons = read('First name;Last name;Fee\nAmy;Ash;80,50\nBen;Birch;1,200\n');
    expect(semicolons.ok && semicolons.value).toMatchObject({ delimiter: ';', rows: [['Amy', 'Ash', '80,50'], ['Ben', 'Birch', '1,200']] });
  });

  it('reads quoted cells with commas, quotes and line breaks', () => {
    const result = read('Name,Notes\n"Doe, Jane","Said ""hi""\nand left"\n');
    expect(result.ok && result.value.rows).toEqual([['Doe, Jane', 'Said "hi"\nand left']]);
  });

  it("drops Excel's UTF-8 byte-order mark and keeps accents", () => {
    const result = read(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('First name,Last name\nZoë,Müller\n')]));
    expect(result.ok && result.value.headers[0]).toBe('First name');
    expect(result.ok && result.value.rows).toEqual([['Zoë', 'Müller']]);
  });

  it('reads semicolon- and tab-separated files as some spreadsheets save them', () => {
    const semicolons = read('First name;Last name\nJane;Doe\n');
    expect(semicolons.ok && semicolons.value).toMatchObject({ delimiter: ';', rows: [['Jane', 'Doe']] });
    const tabs = read('First name\tLast name\nJane\tDoe\n', 'clients.txt');
    expect(tabs.ok && tabs.value).toMatchObject({ delimiter: '\t', rows: [['Jane', 'Doe']] });
  });

  it('honours the "sep=" line Excel may write first', () => {
    const result = read('\ufeffsep=;\r\nFirst name;Notes\r\nJane;"a, b"\r\n');
    expect(result.ok && result.value).toEqual({ headers: ['First name', 'Notes'], rows: [['Jane', 'a, b']], rowNumbers: [2], delimiter: ';', encoding: 'utf-8', legacyGuess: null });
    expect(read('sep=,\nFirst name,Last name\n')).toEqual(no(M.headerOnly));
  });

  it('reads a one-column file', () => {
    expect(read('Email\njane@example.com\n')).toMatchObject({ ok: true, value: { headers: ['Email'], rows: [['jane@example.com']] } });
  });

  it('names blank header cells by position', () => {
    const result = read('First name,,Last name\nJane,x,Doe\n');
    expect(result.ok && result.value.headers).toEqual(['First name', 'Column 2', 'Last name']);
  });
});

describe('bad files get one clear message', () => {
  it('empty', () => {
    expect(read('')).toEqual(no(M.empty));
    expect(read('   \r\n\r\n')).toEqual(no(M.empty));
    expect(read(new Uint8Array([0xef, 0xbb, 0xbf]))).toEqual(no(M.empty));
    expect(checkImportFileInfo({ name: 'clients.csv', size: 0 })).toEqual(no(M.empty));
  });

  it('a header only', () => {
    expect(read('First name,Last name\n')).toEqual(no(M.headerOnly));
    expect(read('First name,Last name\r\n,\r\n\r\n')).toEqual(no(M.headerOnly));
  });

  it('over 10 MB, before reading it and after', () => {
    expect(checkImportFileInfo({ name: 'clients.csv', size: MAX_IMPORT_BYTES + 1 })).toEqual(no(M.tooLarge));
    expect(checkImportFileInfo({ name: 'clients.csv', size: MAX_IMPORT_BYTES }).ok).toBe(true);
    expect(decodeImportBytes(new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61))).toEqual(no(M.tooLarge));
  });

  it('not CSV: workbooks, PDFs, other documents and binary data', () => {
    expect(checkImportFileInfo({ name: 'Clients.XLSX', size: 100 })).toEqual(no(M.spreadsheet));
    expect(checkImportFileInfo({ name: 'clients.numbers', size: 100 })).toEqual(no(M.spreadsheet));
    expect(checkImportFileInfo({ name: 'clients.pdf', size: 100 })).toEqual(no(M.notCsv));
    // A workbook renamed to .csv is still found by its bytes.
    expect(read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toEqual(no(M.spreadsheet));
    expect(read(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))).toEqual(no(M.spreadsheet));
    expect(read(utf8('%PDF-1.7\n...'))).toEqual(no(M.notCsv));
    expect(read(new Uint8Array([0x61, 0x2c, 0x62, 0x0a, 0x00, 0x01]))).toEqual(no(M.notCsv));
    expect(read('<!DOCTYPE html><html><body>Clients</body></html>')).toEqual(no(M.notCsv));
    expect(read('[{"firstName":"Jane"}]')).toEqual(no(M.notCsv));
  });

  it('broken quoting, with the line it starts on', () => {
    expect(read('First name,Last name\nJane,Doe\nSam,"Lee\nAmy,Chen\n')).toEqual(no(M.brokenQuotes(3)));
    expect(read('First name,Last name\n"Jane"x,Doe\n')).toEqual(no(M.brokenQuotes(2)));
  });

  it('text that cannot be read: UTF-8 marked but broken, UTF-16 with a lone surrogate, UTF-32', () => {
    expect(read(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('First name,Last name\nZo'), 0xeb, ...utf8(',Doe\n')]))).toEqual(no(M.unreadableText));
    expect(read(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8, 0x2c, 0x00]))).toEqual(no(M.unreadableText));
    expect(read(new Uint8Array([0xff, 0xfe, 0x00, 0x00, 0x61, 0x00, 0x00, 0x00]))).toEqual(no(M.notCsv));
  });

  it('never throws, whatever the text', () => {
    for (const text of ['"', '""', ',', '\n\n"', 'a,"b', '\u0000']) expect(() => parseImportCsv(text)).not.toThrow();
  });
});

/** Text as bytes of a single-byte encoding: ASCII as it is, the listed characters as their bytes. */
function singleByte(text: string, bytes: Record<string, number>): Uint8Array {
  return new Uint8Array([...text].map((character) => bytes[character] ?? (character.charCodeAt(0) < 0x80 ? character.charCodeAt(0) : Number.NaN)));
}
const WINDOWS: Record<string, number> = { ë: 0xeb, ü: 0xfc, é: 0xe9, ú: 0xfa, ñ: 0xf1, '’': 0x92, ß: 0xdf, Ü: 0xdc, É: 0xc9, '€': 0x80, Ÿ: 0x9f };
const MAC: Record<string, number> = { ä: 0x8a, ü: 0x9f, ë: 0x91, ö: 0x9a, ç: 0x8d, é: 0x8e, ú: 0x9c, ñ: 0x96, '’': 0xd5, Ä: 0x80 };
const utf16 = (text: string, order: 'le' | 'be') =>
  new Uint8Array([...text].flatMap((character) => {
    const unit = character.charCodeAt(0);
    return order === 'le' ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff];
  }));

describe('text in the encodings other products and spreadsheets save', () => {
  it("UTF-16 with a byte-order mark, little- or big-endian: Excel's tab-separated Unicode Text and other exports", () => {
    const text = 'Vorname\tNachname\tNotes\r\nZoë\tMüller\tsaid “hi”, left\r\n';
    const little = read(new Uint8Array([0xff, 0xfe, ...utf16(text, 'le')]), 'clients.txt');
    expect(little).toEqual({
      ok: true,
      value: { headers: ['Vorname', 'Nachname', 'Notes'], rows: [['Zoë', 'Müller', 'said “hi”, left']], rowNumbers: [2], delimiter: '\t', encoding: 'utf-16le', legacyGuess: null },
    });
    const big = read(new Uint8Array([0xfe, 0xff, ...utf16('First name;Last name\nJosé;Núñez\n', 'be')]));
    expect(big.ok && big.value).toMatchObject({ rows: [['José', 'Núñez']], delimiter: ';', encoding: 'utf-16be' });
  });

  it('UTF-16 without a byte-order mark when its shape tells (a NUL in nine units in ten, none in the other half); other NULs are binary', () => {
    const text = 'First name,Last name\nZoë,O’Brien\n';
    expect(read(utf16(text, 'le'))).toMatchObject({ ok: true, value: { rows: [['Zoë', 'O’Brien']], encoding: 'utf-16le' } });
    expect(read(utf16(text, 'be'))).toMatchObject({ ok: true, value: { rows: [['Zoë', 'O’Brien']], encoding: 'utf-16be' } });
    // Mostly characters beyond the first 256 (two ’ in five units): not told apart from binary, refused.
    expect(read(utf16('a’’b,\n', 'le'))).toEqual(no(M.notCsv));
    expect(read(new Uint8Array([0x61, 0x00, 0x00, 0x62, 0x2c, 0x00, 0x0a, 0x00]))).toEqual(no(M.notCsv));
  });

  it('Windows-1252 (Excel\'s "CSV (Comma delimited)" on Windows): read so, with the guess and its evidence', () => {
    const bytes = singleByte('First name,Last name,Notes\r\nZoë,Müller,José said it’s fine\r\n', WINDOWS);
    expect(read(bytes)).toEqual({
      ok: true,
      value: {
        headers: ['First name', 'Last name', 'Notes'],
        rows: [['Zoë', 'Müller', 'José said it’s fine']],
        rowNumbers: [2],
        delimiter: ',',
        encoding: 'windows-1252',
        legacyGuess: { encoding: 'windows-1252', evidence: true },
      },
    });
  });

  it('Windows-1252 bytes 0x80–0x9F as the Encoding Standard has them, in Node as in browsers', () => {
    const decoded = decodeImportBytes(new Uint8Array([...utf8('a,b\n'), 0x80, 0x92, 0x9f, 0x81, ...utf8(',x\n')]), 'windows-1252');
    expect(decoded.ok && decoded.value.text).toBe('a,b\n€’Ÿ\u0081,x\n');
  });

  it('Mac Roman (Excel\'s "CSV" on a Mac): read so, with the guess and its evidence', () => {
    const result = read(singleByte('Vorname;Nachname\nJörg;Jäger\nZoë;Müller\n', MAC));
    expect(result.ok && result.value).toMatchObject({
      rows: [['Jörg', 'Jäger'], ['Zoë', 'Müller']],
      delimiter: ';',
      encoding: 'macintosh',
      legacyGuess: { encoding: 'macintosh', evidence: true },
    });
  });

  it.each([
    ['Zoë', WINDOWS, 'windows-1252'],
    ['Müller', WINDOWS, 'windows-1252'],
    ['MÜLLER', WINDOWS, 'windows-1252'],
    ['José Núñez', WINDOWS, 'windows-1252'],
    ['Érica', WINDOWS, 'windows-1252'],
    ['O’Brien', WINDOWS, 'windows-1252'],
    ['Straße', WINDOWS, 'windows-1252'],
    ['Jäger', MAC, 'macintosh'],
    ['Müller', MAC, 'macintosh'],
    ['Zoë', MAC, 'macintosh'],
    ['Björn', MAC, 'macintosh'],
    ['Françoise', MAC, 'macintosh'],
    ['José Núñez', MAC, 'macintosh'],
    ['O’Brien', MAC, 'macintosh'],
  ] as const)('guesses %s in %s by which reading makes letters in words', (text, bytes, encoding) => {
    expect(guessLegacyEncoding(singleByte(`Name\n${text}\n`, bytes))).toEqual({ encoding, evidence: true });
  });

  it('guesses Windows-1252, the commoner, when both readings look alike', () => {
    // don’t reads as donít on a Mac: a letter in a word either way.
    expect(guessLegacyEncoding(singleByte('Notes\ndon’t\n', WINDOWS))).toEqual({ encoding: 'windows-1252', evidence: false });
    expect(guessLegacyEncoding(singleByte('Fee\n80 €\n', WINDOWS))).toEqual({ encoding: 'windows-1252', evidence: false });
  });

  it("reads the person's choice instead of the guess, keeping the guess", () => {
    const result = read(singleByte('Name\nZoë\n', WINDOWS));
    expect(result.ok && result.value.rows).toEqual([['Zoë']]);
    const asMac = readImportFile(csvFile(singleByte('Name\nZoë\n', WINDOWS)), singleByte('Name\nZoë\n', WINDOWS), 'macintosh');
    expect(asMac.ok && asMac.value).toMatchObject({ rows: [['ZoÎ']], encoding: 'macintosh', legacyGuess: { encoding: 'windows-1252', evidence: true } });
    // A choice of legacy reading does not apply to a Unicode file.
    expect(readImportFile(csvFile(utf8('Name\nZoë\n')), utf8('Name\nZoë\n'), 'macintosh')).toMatchObject({ ok: true, value: { rows: [['Zoë']], encoding: 'utf-8' } });
  });

  it('names up to five different values with non-ASCII letters, the header first, a long one cut around its first', () => {
    const parsed = { headers: ['Prénom', 'Name'], rows: [['Zoë', 'a'], ['Zoë', 'b'], ['x', `${'a'.repeat(50)}é${'b'.repeat(50)}`], ['Ü1', 'Ü2'], ['Ü3', 'Ü4']], rowNumbers: [], delimiter: ',' };
    expect(accentedValues(parsed)).toEqual(['Prénom', 'Zoë', `…${'a'.repeat(20)}é${'b'.repeat(19)}…`, 'Ü1', 'Ü2']);
    expect(accentedValues({ ...parsed, headers: ['a'], rows: [['b']] })).toEqual([]);
  });
});
