// lib/zip.js, the export's ZIP writer: what fflate and Info-ZIP's `unzip -t` (CRCs checked) read back.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, zipFiles } from '../functions/lib/zip.js';

const files = {
  'README.txt': new TextEncoder().encode('Cadence — full export\r\n'),
  'empty.csv': new Uint8Array(0),
  'données-ü.csv': new TextEncoder().encode('a,b\r\n1,2\r\n'.repeat(10_000)),
  'random.bin': new Uint8Array(crypto.randomBytes(300_000)),
};

describe('zipFiles', () => {
  it('writes an archive fflate unzips to the same bytes, names in UTF-8', async () => {
    const out = unzipSync(await zipFiles(files, { level: 1 }));
    expect(Object.keys(out)).toEqual(Object.keys(files));
    for (const [name, bytes] of Object.entries(files)) expect(Buffer.from(out[name] ?? []).equals(Buffer.from(bytes)), name).toBe(true);
    expect(strFromU8(out['README.txt'] ?? new Uint8Array())).toBe('Cadence — full export\r\n');
  });

  it('stores the files it is told to as they are (PDFs are compressed already)', async () => {
    const zip = await zipFiles(files, { store: (name) => name.endsWith('.bin') });
    const out = unzipSync(zip);
    expect(Buffer.from(out['random.bin'] ?? []).equals(Buffer.from(files['random.bin']))).toBe(true);
    // The stored file's bytes appear in the archive as they are; a deflated one's do not.
    expect(zip.includes(Buffer.from(files['random.bin']))).toBe(true);
    expect(zip.includes(Buffer.from(files['données-ü.csv']))).toBe(false);
  });

  it('passes Info-ZIP\'s integrity test (every CRC), stored files too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
    const file = path.join(dir, 'export.zip');
    fs.writeFileSync(file, await zipFiles(files, { store: (name) => name === 'random.bin' }));
    let unzip: string;
    try {
      unzip = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // no Info-ZIP on this machine
      throw e;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(unzip).toContain('No errors detected');
  });

  it('takes a file in chunks: deflated as one stream, or stored, as the whole file would be (issue 35)', async () => {
    const whole = Buffer.from(crypto.randomBytes(200_000).toString('hex').repeat(3), 'latin1');
    const chunks = [whole.subarray(0, 1), whole.subarray(1, 700_000), whole.subarray(700_000)];
    const zip = await zipFiles({ 'bundle.json': chunks, 'stored.bin': chunks, 'one.csv': [whole] }, { level: 1, store: (name) => name.endsWith('.bin') });
    const out = unzipSync(zip);
    for (const name of ['bundle.json', 'stored.bin', 'one.csv']) expect(Buffer.from(out[name] ?? []).equals(whole), name).toBe(true);
    expect(zip.includes(whole)).toBe(true);
    expect(zip.length).toBeLessThan(3 * whole.length);
  });

  it('computes IEEE CRC-32, over chunks too', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new TextEncoder().encode('6789'), crc32(new TextEncoder().encode('12345')))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });
});
