// Compressed answers, as Appwrite sends them (its docs, "Network: Compression": Brotli, Gzip as the
// fallback, for text responses of at least `_APP_COMPRESSION_MIN_SIZE_BYTES`, 1 KB by default):
// the encoding the client's Accept-Encoding prefers among those two, and the compression itself, on
// libuv's thread pool rather than the main thread. Used for document reads (routes/databases.ts),
// whose answers read-cache.ts keeps compressed: writing out the calendar's week (224 KB of JSON) was
// most of what answering it again cost.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Appwrite's `_APP_COMPRESSION_MIN_SIZE_BYTES` default: smaller answers go as they are. */
export const COMPRESSION_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding to answer with: Brotli when the client takes it, else gzip, else none (`identity`).
 * A coding listed with `q=0` is refused; `*` stands for any coding not listed.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const accepts = (coding: Encoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * `text` compressed at the fast end of each coding: on 2 MB of documents, Brotli's quality 1 takes
 * ~2 ms for 113 KB where quality 4 (@fastify/compress's default) takes 20 ms for 103 KB, and gzip's
 * level 1 ~4 ms for 133 KB where 6 takes 11 for 114. An answer is compressed again after every
 * write, and on two cores that CPU is worth more than the last tenth of the bytes.
 */
export function compress(text: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const input = typeof text === 'string' ? Buffer.from(text) : text;
  return encoding === 'br'
    ? brotli(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length } })
    : gzip(input, { level: 1 });
}
