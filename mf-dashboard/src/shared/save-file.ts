// A CSV the dashboard hands the browser to save (shared-auth's saveFile: a Blob behind an object URL).
import { saveFile } from '@cadence/shared-auth';
import { toCsv, type CsvCell } from './csv-writer.ts';

/** Rows as a CSV file (a byte-order mark, so spreadsheets read it as UTF-8). */
export function saveCsv(rows: readonly (readonly CsvCell[])[], filename: string): void {
  saveFile(new Blob([toCsv(rows, { bom: true })], { type: 'text/csv;charset=utf-8' }), filename);
}
