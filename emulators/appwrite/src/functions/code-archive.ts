// A deployment's code archive (`.tar.gz`, as the Appwrite CLI and SDKs upload it) unpacked into a
// folder: regular files and folders only (links and devices are skipped), names from ustar, pax
// (`path=`) or GNU long-name headers, and nothing outside the folder (absolute or `..` names refused).
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** `path=` of a pax extended header's records (`<len> <key>=<value>\n`). */
function paxPath(data: Buffer): string | null {
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number.parseInt(data.subarray(at, space).toString('ascii'), 10);
    if (!Number.isFinite(length) || length <= 0) break;
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') return record.slice(eq + 1);
    at += length;
  }
  return null;
}

export class ArchiveError extends Error {}

/** Unpacks `archive` (gzip'd tar) into `dir`; answers the number of files written. */
export function extractTarGz(archive: string, dir: string): number {
  let tar: Buffer;
  try {
    tar = gunzipSync(fs.readFileSync(archive));
  } catch {
    throw new ArchiveError('The code archive is not a gzip file.');
  }
  const root = path.resolve(dir);
  fs.mkdirSync(root, { recursive: true });
  let files = 0;
  let longName: string | null = null;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156] ?? 0);
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'L') {
      longName = type === 'x' ? paxPath(data) : field(data, 0, data.length);
      continue;
    }
    if (type === 'g') continue;
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = null;
    if (type !== '0' && type !== '\0' && type !== '5') continue;
    const target = path.resolve(root, name);
    if (path.isAbsolute(name) || (target !== root && !target.startsWith(`${root}${path.sep}`))) {
      throw new ArchiveError(`The code archive names a file outside its folder: ${name}`);
    }
    if (type === '5') {
      fs.mkdirSync(target, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, data, { mode: 0o600 });
    files += 1;
  }
  return files;
}
