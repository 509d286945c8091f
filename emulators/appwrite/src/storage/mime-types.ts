// A file's `mimeType`, read from its first bytes as Appwrite's finfo does (not from the name or
// the type the client claimed): the formats a practice stores, else text or octet-stream.
const SIGNATURES: Array<[bytes: number[], type: string]> = [
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
  [[0x50, 0x4b, 0x05, 0x06], 'application/zip'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x1f, 0x8b], 'application/gzip'],
];

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

export function sniffMimeType(head: Buffer, name: string): string {
  for (const [bytes, type] of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) return type;
  }
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  // ISO media with a HEIF brand (a phone camera's photo), as libmagic names them.
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (brand === 'mif1' || brand === 'msf1') return 'image/heif';
  }
  if (head.length === 0) return 'application/x-empty';
  const text = head.toString('utf8');
  const control = head.some((b) => b < 0x09 || (b > 0x0d && b < 0x20));
  // Printable UTF-8 (a cut multi-byte character at the end of the sample is allowed).
  if (!control && !text.slice(0, -3).includes('\ufffd')) {
    if (/\.csv$/i.test(name)) return 'text/csv';
    if (/^\s*[{[]/.test(text) && /\.json$/i.test(name)) return 'application/json';
    return 'text/plain';
  }
  return 'application/octet-stream';
}

/**
 * What `/view` may serve as the file's own type (Appwrite's storage-mimes list, in part);
 * anything else is sent as text/plain so the browser never renders it as a page.
 */
export const VIEWABLE_TYPES = new Set([
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv',
  'application/json', 'application/zip', 'application/gzip', 'application/x-empty', 'application/octet-stream',
]);
