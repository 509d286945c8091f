// A ZIP archive of in-memory files, deflated by Node's own zlib (issue 17's export: the FHIR bundle
// of a 2,000-client practice is ~130 MB of JSON, which a JavaScript deflate takes ~9 s to pack and
// zlib well under one) on libuv's worker threads, all files at once, so the event loop stays free
// (the export reports its progress meanwhile). Plain PKZIP 2.0: one local header and data per file
// (deflated, or stored when `store` says the file is compressed already: PDFs), the central
// directory, its end record; UTF-8 names; no ZIP64 (files and archive under 4 GB). A file may be
// given as its bytes in chunks (lib/utf8-chunks.js), which are deflated as one stream and never
// copied into one buffer first (issue 35: the FHIR bundle alone is ~130 MB).
import { promisify } from 'node:util';
import { crc32 as nativeCrc32, createDeflateRaw, deflateRaw } from 'node:zlib';

/** @typedef {Uint8Array | readonly Uint8Array[]} FileBytes a file's bytes, whole or in chunks */

const deflateWhole = promisify(deflateRaw);

/**
 * The raw deflate of the chunks, one stream (what deflating their concatenation gives).
 * @param {readonly Uint8Array[]} chunks
 * @param {number} level
 * @returns {Promise<Buffer[]>}
 */
async function deflate(chunks, level) {
  if (chunks.length <= 1) return [await deflateWhole(chunks[0] ?? new Uint8Array(0), { level })];
  return new Promise((resolve, reject) => {
    const stream = createDeflateRaw({ level, chunkSize: 1 << 20 });
    /** @type {Buffer[]} */
    const out = [];
    stream.on('data', (/** @type {Buffer} */ chunk) => out.push(chunk));
    stream.on('end', () => resolve(out));
    stream.on('error', reject);
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
}

/** @type {Uint32Array | null} */
let table = null;

/**
 * CRC-32 (IEEE) — zlib's own where this Node has it (20.15+), else a table.
 * @param {Uint8Array} bytes
 * @param {number} [value] the CRC of the bytes before these (the CRC of chunks, one after the other)
 */
export function crc32(bytes, value = 0) {
  if (typeof nativeCrc32 === 'function') return nativeCrc32(bytes, value) >>> 0;
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = (value ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i += 1) crc = /** @type {number} */ (table[(crc ^ /** @type {number} */ (bytes[i])) & 0xff]) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time of `at` (local fields as UTC: the export's timestamps are UTC). @param {Date} at */
function dosDateTime(at) {
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((Math.max(1980, at.getUTCFullYear()) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/** @param {FileBytes} bytes @returns {readonly Uint8Array[]} */
const chunksOf = (bytes) => (bytes instanceof Uint8Array ? [bytes] : bytes);

/** @param {readonly Uint8Array[]} chunks */
const lengthOf = (chunks) => chunks.reduce((sum, chunk) => sum + chunk.length, 0);

/**
 * @param {Record<string, FileBytes>} files name → bytes, in archive order
 * @param {{ level?: number, at?: Date, store?: (name: string) => boolean }} [options] zlib level
 *   (default 6), the files' time, and which files go in as they are
 * @returns {Promise<Buffer>}
 */
export async function zipFiles(files, { level = 6, at = new Date(), store = () => false } = {}) {
  const { time, date } = dosDateTime(at);
  const names = Object.keys(files);
  const packed = await Promise.all(names.map((name) => {
    const chunks = chunksOf(/** @type {FileBytes} */ (files[name]));
    return store(name) ? chunks.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : deflate(chunks, level);
  }));
  /** @type {Buffer[]} */
  const parts = [];
  /** @type {Buffer[]} */
  const central = [];
  let offset = 0;
  for (const [i, name] of names.entries()) {
    const chunks = chunksOf(/** @type {FileBytes} */ (files[name]));
    const data = /** @type {Buffer[]} */ (packed[i]);
    const method = store(name) ? 0 : 8;
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = chunks.reduce((value, chunk) => crc32(chunk, value), 0);
    const size = lengthOf(chunks);
    const packedSize = lengthOf(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 name
    local.writeUInt16LE(method, 8); // 8 deflate, 0 stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by 2.0
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packedSize, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    // extra, comment, disk, internal and external attributes: 0
    entry.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, ...data);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packedSize;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = names.length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
