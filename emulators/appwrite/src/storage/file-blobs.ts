// File bytes at rest: one segment file per uploaded chunk under `<dataDir>/files/<bucketId>/<fileId>/`,
// outside the database, so a chunk streams to disk as it arrives and a download reads one segment
// at a time (a 100 MB file never sits in memory whole). In a bucket with `encryption` every segment
// is sealed with AES-256-GCM under `files.key` (0600, beside the database, never in it) while it is
// written: its plaintext never touches the disk. Layout of a sealed segment: IV (12) ‖ ciphertext ‖ tag (16).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { keyFile } from '../secrets.ts';
import type { Store } from '../store.ts';

export const FILES_KEY_FILE = 'files.key';
export const FILES_DIR = 'files';

const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('cadence-file-segment-v1');

export interface ReceivedSegment {
  /** the temporary file holding it until `place` */
  temp: string;
  /** plaintext bytes received (counted up to `limit + 1`) */
  size: number;
  /** more than `limit` bytes were sent: the segment is incomplete and must be discarded */
  tooLarge: boolean;
}

export interface SegmentRef {
  index: number;
  /** plaintext bytes */
  size: number;
}

export class FileBlobs {
  private key: Buffer | null = null;

  constructor(private readonly store: Store) {}

  private get root(): string {
    return path.join(this.store.dir, FILES_DIR);
  }

  private dirOf(bucketId: string, fileId: string): string {
    return path.join(this.root, bucketId, fileId);
  }

  private segmentPath(bucketId: string, fileId: string, index: number): string {
    return path.join(this.dirOf(bucketId, fileId), `${index}.seg`);
  }

  private cipherKey(): Buffer {
    // 32 random bytes as hex in the file; SHA-256 of it is the AES-256 key.
    this.key ??= crypto.createHash('sha256').update(keyFile(this.store, FILES_KEY_FILE)).digest();
    return this.key;
  }

  private ensureDir(dir: string): void {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Half-received segments of a server that stopped mid-upload. */
  clearTemporary(): void {
    fs.rmSync(path.join(this.root, '.tmp'), { recursive: true, force: true });
  }

  /**
   * Streams `source` into a temporary segment, sealed when `encrypt`. Bytes past `limit` are read
   * and dropped (so the client gets an answer, not a reset), and the result says `tooLarge`.
   */
  async receive(source: Readable, encrypt: boolean, limit: number): Promise<ReceivedSegment> {
    const tmpDir = path.join(this.root, '.tmp');
    this.ensureDir(tmpDir);
    const temp = path.join(tmpDir, crypto.randomBytes(16).toString('hex'));
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const room = limit - size;
        size += chunk.length;
        if (room <= 0) return done();
        done(null, chunk.length > room ? chunk.subarray(0, room) : chunk);
      },
    });
    const out = fs.createWriteStream(temp, { mode: 0o600, flags: 'wx' });
    try {
      if (encrypt) await pipeline(source, counter, this.sealer(), out);
      else await pipeline(source, counter, out);
    } catch (error) {
      this.discard(temp);
      throw error;
    }
    return { temp, size, tooLarge: size > limit };
  }

  /** A stream that seals what passes through: IV, then AES-256-GCM ciphertext, then the tag. */
  private sealer(): Transform {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.cipherKey(), iv).setAAD(AAD);
    let started = false;
    const head = (): Buffer[] => (started ? [] : ((started = true), [iv]));
    return new Transform({
      transform(chunk: Buffer, _encoding, done) {
        done(null, Buffer.concat([...head(), cipher.update(chunk)]));
      },
      flush(done) {
        done(null, Buffer.concat([...head(), cipher.final(), cipher.getAuthTag()]));
      },
    });
  }

  /** Moves a received segment into place (replacing a segment sent before under that index). */
  place(temp: string, bucketId: string, fileId: string, index: number): void {
    const dir = this.dirOf(bucketId, fileId);
    this.ensureDir(dir);
    fs.renameSync(temp, this.segmentPath(bucketId, fileId, index));
  }

  discard(temp: string): void {
    fs.rmSync(temp, { force: true });
  }

  /** Every byte of a file, removed. */
  remove(bucketId: string, fileId: string): void {
    fs.rmSync(this.dirOf(bucketId, fileId), { recursive: true, force: true });
  }

  /** One segment's plaintext; a sealed one is opened (and its tag checked) before any byte is used. */
  async readSegment(bucketId: string, fileId: string, index: number, encrypted: boolean): Promise<Buffer> {
    const stored = await fs.promises.readFile(this.segmentPath(bucketId, fileId, index));
    if (!encrypted) return stored;
    const iv = stored.subarray(0, IV_BYTES);
    const tag = stored.subarray(stored.length - TAG_BYTES);
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.cipherKey(), iv).setAAD(AAD);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(stored.subarray(IV_BYTES, stored.length - TAG_BYTES)), decipher.final()]);
  }

  /** Bytes `start`..`end` (inclusive) of a file made of `segments` in order, one segment in memory at a time. */
  async *read(bucketId: string, fileId: string, segments: readonly SegmentRef[], encrypted: boolean, start: number, end: number): AsyncGenerator<Buffer> {
    let offset = 0;
    for (const segment of segments) {
      const from = offset;
      const to = offset + segment.size - 1;
      offset += segment.size;
      if (to < start || segment.size === 0) continue;
      if (from > end) break;
      const plain = await this.readSegment(bucketId, fileId, segment.index, encrypted);
      yield plain.subarray(Math.max(0, start - from), Math.min(segment.size, end - from + 1));
    }
  }
}
