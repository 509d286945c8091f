// Files the dashboard hands the browser to save (CSV, PDF): a Blob behind an object URL, never the
// content in an address, and a file name without a client's name (download lists and sync folders).
import { toCsv, type CsvCell } from './csv-writer.ts';

export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Rows as a CSV file (a byte-order mark, so spreadsheets read it as UTF-8). */
export function saveCsv(rows: readonly (readonly CsvCell[])[], filename: string): void {
  saveFile(new Blob([toCsv(rows, { bom: true })], { type: 'text/csv;charset=utf-8' }), filename);
}

/** The bytes of a base64 text (a PDF from money-documents). */
export function base64Blob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}
