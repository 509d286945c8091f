// Document reads answered again while nothing they could show was written (issue 35). Fifty
// therapists opening their week ask the same few lists again and again (every calendar view, every
// poll), and on two cores the emulator could not draw each answer again fast enough: a week's 320
// appointments cost ~3 ms of CPU, the 2,000-client list ~15. An answer (the response's text, as
// read-pool.ts gives it, and compressed as the client asks: compression.ts) is kept for its exact
// request — the caller's roles included, so nobody is ever answered with what another caller may
// read — and for the version of what the caller can read when it was asked (`version`): any write of
// a document of the collection the caller could read before or after the write, any commit by another
// connection and any deployed schema moves it, and an answer asked under an older one is never given
// again. So it is never stale: a read sent after a write was acknowledged sees it (read-your-writes),
// exactly as without the cache; and one therapist's writes leave the others' answers kept.
// (Appwrite's own list cache, the `ttl` parameter, keeps answers across writes for a fixed time;
// Cadence's calendar and money must not be read stale, so this one has no time and no parameter.)
//
// Identical reads asked while one is being drawn share it. Answers take at most `maxBytes` in all,
// the least recently used dropped first; an answer larger than an eighth of that is not kept.
import { LRUCache } from 'lru-cache';
import { compress, COMPRESSION_MIN_BYTES, type Encoding } from '../compression.ts';
import type { ReadRequest } from './documents-service.ts';

/** A read's response body: its JSON text (or that text's UTF-8), compressed when `encoding` says so. */
export interface ReadBody {
  bytes: string | Buffer;
  encoding: Encoding | null;
}

export interface ReadCacheOptions {
  /** the bytes all kept answers may take (0: nothing kept) */
  maxBytes: number;
  /** the version of what this read can show, now: moves with every write it could see and every schema change */
  version: (request: ReadRequest) => string;
}

interface Kept {
  version: string;
  body: ReadBody;
}

/** Everything the answer depends on besides the data: the read and who asks it. */
export function readKey(request: ReadRequest): string {
  const { actor } = request;
  return [
    request.op, request.flavor, request.listKey, request.total ? 'total' : '', request.databaseId, request.collectionId, request.documentId,
    actor.isKey ? 'key' : '', actor.userId ?? '', actor.roles.join('\u0001'), request.queries.join('\u0001'),
  ].join('\u0000');
}

/** The body in `encoding` (as it is when too small to be worth it, as Appwrite sends those). */
async function encoded(text: string | Buffer, encoding: Encoding | null): Promise<ReadBody> {
  if (!encoding || text.length < COMPRESSION_MIN_BYTES) return { bytes: text, encoding: null };
  return { bytes: await compress(text, encoding), encoding };
}

export class ReadCache {
  private readonly kept: LRUCache<string, Kept> | null;
  private readonly drawing = new Map<string, { version: string; body: Promise<ReadBody> }>();
  /** Reads answered from a kept answer or one being drawn (`hit`), and drawn (`miss`). */
  readonly counts = { hit: 0, miss: 0 };

  constructor(private readonly options: ReadCacheOptions) {
    this.kept = options.maxBytes > 0
      ? new LRUCache<string, Kept>({
        maxSize: options.maxBytes,
        maxEntrySize: Math.floor(options.maxBytes / 8),
        sizeCalculation: (value, key) => value.body.bytes.length + key.length,
      })
      : null;
  }

  /** The answer to `request` in `encoding`: kept, being drawn, or drawn now by `draw` (a read's JSON text). */
  answer(request: ReadRequest, encoding: Encoding | null, draw: () => Promise<string | Buffer>): Promise<ReadBody> {
    if (!this.kept) return draw().then((text) => encoded(text, encoding));
    const key = readKey(request);
    // The version before the read starts: a write committed while it is drawn makes it older, never newer.
    const version = this.options.version(request);
    const now = () => this.options.version(request);
    const text = () => this.keep(key, version, now, async () => ({ bytes: await draw(), encoding: null }));
    return encoding ? this.keep(`${key}\u0000${encoding}`, version, now, async () => encoded((await text()).bytes, encoding)) : text();
  }

  private keep(key: string, version: string, now: () => string, produce: () => Promise<ReadBody>): Promise<ReadBody> {
    const kept = this.kept?.get(key);
    if (kept?.version === version) {
      this.counts.hit += 1;
      return Promise.resolve(kept.body);
    }
    const drawing = this.drawing.get(key);
    if (drawing?.version === version) {
      this.counts.hit += 1;
      return drawing.body;
    }
    this.counts.miss += 1;
    const body = produce();
    this.drawing.set(key, { version, body });
    const done = () => {
      if (this.drawing.get(key)?.body === body) this.drawing.delete(key);
    };
    body.then((value) => {
      done();
      // Kept only if nothing was written meanwhile (it would never be given again).
      if (now() === version) this.kept?.set(key, { version, body: value });
    }, done);
    return body;
  }
}
