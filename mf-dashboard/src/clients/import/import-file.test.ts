import { describe, expect, it } from 'vitest';
import { checkImportFileInfo, decodeImportBytes, IMPORT_FILE_MESSAGES as M, MAX_IMPORT_BYTES, parseImportCsv, readImportFile } from './import-file.ts';

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
      value: { headers: ['First name', 'Last name', 'Email'], rows: [['Jane', 'Doe', 'jane@example.com'], ['Sam', 'Lee', '']], rowNumbers: [2, 5], delimiter: ',' },
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
    expect(result.ok && result.value).toEqual({ headers: ['First name', 'Notes'], rows: [['Jane', 'a, b']], rowNumbers: [2], delimiter: ';' });
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

  it('not UTF-8: Windows-1252 accents, stray bytes, UTF-16', () => {
    // "Zoë" in Windows-1252: ë is the single byte 0xEB.
    expect(read(new Uint8Array([...utf8('First name,Last name\nZo'), 0xeb, ...utf8(',Doe\n')]))).toEqual(no(M.notUtf8));
    expect(read(new Uint8Array([...utf8('a,b\n'), 0xc3, 0x28, ...utf8(',x\n')]))).toEqual(no(M.notUtf8));
    expect(read(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00]))).toEqual(no(M.utf16));
  });

  it('never throws, whatever the text', () => {
    for (const text of ['"', '""', ',', '\n\n"', 'a,"b', '\u0000']) expect(() => parseImportCsv(text)).not.toThrow();
  });
});
