// Reads of documents (listDocuments, getDocument and their permission filtering) on a pool of
// worker threads, each with its own read-only SQLite connection (WAL): a 5,000-document page runs
// on one core while the main thread goes on parsing requests, signing callers in and writing, and
// other reads run on the other workers. Writes stay on the main thread's one connection, so they
// are serialised as before; a read sent after a write was acknowledged starts its read
// transaction after that commit, so it sees it (read-your-writes, on any connection).
//
// The main thread resolves the caller (sessions, keys) and the collection; a worker gets a compact
// message (ReadRequest: the actor's roles, ids, queries) and answers the response's JSON text, as
// UTF-8 bytes handed over without a copy (the main thread writes them out as they are), or the
// AppwriteError to throw. Each worker holds the project's schema as last sent: the project's
// `version` moves when a deploy (APPWRITE_SCHEMA=deploy) swaps a new one in, and the next read a
// worker gets is preceded by the new document (messages arrive in order).
// Long reads one at a time per worker, from one queue. A small read (getDocument, a list of at most
// 100) never waits in it: it goes to a worker holding only small reads (a few at most), or with none
// such it runs on the main thread (a millisecond or so) instead of behind a long page. The workers start with the first read; until one has, reads run on the main thread too.
import { Worker } from 'node:worker_threads';
import { AppwriteError } from '../errors.ts';
import type { Project } from '../project.ts';
import { parseQueries } from '../queries.ts';
import type { ReadRequest } from './documents-service.ts';

export interface WorkerData {
  /** the database file */
  file: string;
  /** the project document (appwrite.json) whose schema the worker starts with */
  document: unknown;
}

export type ToWorker =
  | { kind: 'read'; request: ReadRequest }
  | { kind: 'schema'; document: unknown }
  | { kind: 'close' };

export type ReadReply =
  | { ready: true }
  /** the response's JSON text as UTF-8 (its buffer transferred, not copied) */
  | { bytes: Uint8Array }
  | { error: { type?: string; message: string; code?: number } };

interface Job {
  request: ReadRequest;
  resolve: (answer: string | Buffer) => void;
  reject: (error: Error) => void;
  small: boolean;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** sent and not yet answered, oldest first (a worker answers in the order it was sent) */
  jobs: Job[];
  /** the project version whose schema the worker has */
  version: number;
}

export interface ReadPoolOptions {
  /** worker threads (0: every read on the main thread) */
  size: number;
  /** the database file ('' for an in-memory database: no pool) */
  file: string;
  project: Project;
  /** the same read on the main thread's connection */
  inline: (request: ReadRequest) => string;
}

const ENTRY = new URL('./read-worker.mjs', import.meta.url);

/** Lists of at most this many documents, and getDocument, are small: they never wait for a worker. */
const SMALL_LIMIT = 100;
/**
 * Small reads a worker may hold at once (none behind a long page). One at a time, a worker whose
 * answer waited in a busy main thread's queue counted as busy, so the next short reads ran on the
 * main thread too: at 50 connections of a 25-document list, 97% of them, and the main thread (0.59
 * ms of CPU a request, 0.32 with the read on a worker) capped the whole at ~1,700 a second while
 * the other core idled. With 8, a third to a half go to the workers.
 */
const SMALL_IN_FLIGHT = 8;

function isSmall(request: ReadRequest): boolean {
  if (request.op === 'get') return true;
  try {
    return parseQueries(request.queries).limit <= SMALL_LIMIT;
  } catch {
    return true; // answered with its error at once, wherever it runs
  }
}

export class ReadPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closing = false;
  /** Reads answered by a worker and on the main thread (while no worker was ready, or with none). */
  readonly served = { worker: 0, main: 0 };

  private started = false;

  constructor(private readonly options: ReadPoolOptions) {}

  /** The workers start with the first read, not with the server: a start-up (or a test server that reads no documents) does not wait for them. */
  private start(): void {
    if (this.started || this.closing || this.options.file === '') return;
    this.started = true;
    for (let i = 0; i < this.options.size; i += 1) this.slots.push(this.spawn());
  }

  /** Workers running (each has opened its connection). */
  get workers(): number {
    return this.slots.filter((s) => s.ready).length;
  }

  /** Resolves once every worker has started (at once without workers). */
  async ready(): Promise<void> {
    this.start();
    while (this.slots.some((s) => !s.ready)) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** The read's response: its JSON text, or that text's UTF-8 from a worker (or its AppwriteError). */
  read(request: ReadRequest): Promise<string | Buffer> {
    this.start();
    const ready = this.slots.filter((s) => s.ready);
    if (this.closing || ready.length === 0) return new Promise((resolve) => resolve(this.inline(request)));
    const small = isSmall(request);
    if (small) {
      // The least busy worker holding only small reads, else the main thread: never behind a long
      // page, and not while long ones wait for a worker to empty.
      let best: Slot | null = null;
      for (const s of this.queue.length > 0 ? [] : ready) {
        if (s.jobs.length < SMALL_IN_FLIGHT && s.jobs.every((j) => j.small) && (!best || s.jobs.length < best.jobs.length)) best = s;
      }
      if (!best) return new Promise((resolve) => resolve(this.inline(request)));
      const slot = best;
      return new Promise((resolve, reject) => this.send(slot, { request, resolve, reject, small }));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject, small });
      this.pump();
    });
  }

  /** Lets each worker finish what it was sent, then closes its connection (before the writer's, which checkpoints the WAL last). */
  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.queued()) job.reject(new AppwriteError('general_server_error'));
    await Promise.all(this.slots.map(async (slot) => {
      // One still starting holds no read and no connection worth closing: it stops at once (its start
      // can take seconds on a busy machine, which kept test servers' close past their hooks' 10 s).
      if (!slot.ready) {
        await slot.worker.terminate();
        return;
      }
      const exited = new Promise((resolve) => slot.worker.once('exit', resolve));
      slot.worker.postMessage({ kind: 'close' } satisfies ToWorker);
      const timer = setTimeout(() => void slot.worker.terminate(), 2000);
      await exited;
      clearTimeout(timer);
    }));
  }

  private inline(request: ReadRequest): string {
    this.served.main += 1;
    return this.options.inline(request);
  }

  private spawn(): Slot {
    const { project, file } = this.options;
    const slot: Slot = {
      worker: new Worker(ENTRY, { workerData: { file, document: project.read() } satisfies WorkerData, execArgv: [] }),
      ready: false,
      jobs: [],
      version: project.version,
    };
    slot.worker.unref();
    slot.worker.on('message', (reply: ReadReply) => this.answered(slot, reply));
    slot.worker.on('error', (error) => this.failed(slot, error));
    slot.worker.on('exit', () => this.failed(slot, new Error('read worker exited')));
    return slot;
  }

  private answered(slot: Slot, reply: ReadReply): void {
    if ('ready' in reply) {
      slot.ready = true;
    } else {
      const job = slot.jobs.shift();
      if (job) {
        this.served.worker += 1;
        if ('bytes' in reply) job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
        else if (reply.error.type) job.reject(new AppwriteError(reply.error.type, reply.error.message, reply.error.code));
        else job.reject(new Error(reply.error.message));
      }
    }
    this.pump();
  }

  /** A worker that died: its read fails (500), and a new worker takes its place. */
  private failed(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    for (const job of slot.jobs.splice(0)) job.reject(error);
    if (this.closing) return;
    if (slot.ready) {
      this.slots.splice(index, 1, this.spawn());
    } else {
      // One that never started (say, the database can't be opened read-only) is not tried again.
      console.warn(`read worker not started: ${error.message}`);
      this.slots.splice(index, 1);
    }
    void slot.worker.terminate();
    // Nobody left to take the queue until the new worker is ready: it runs here.
    if (!this.slots.some((s) => s.ready)) {
      for (const job of this.queued()) {
        try {
          job.resolve(this.inline(job.request));
        } catch (e) {
          job.reject(e as Error);
        }
      }
    }
  }

  /** Takes every queued job out of the queue. */
  private queued(): Job[] {
    return this.queue.splice(0);
  }

  /** Long reads wait for a worker with nothing in hand. */
  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.jobs.length > 0) continue;
      const job = this.queue.shift();
      if (!job) return;
      this.send(slot, job);
    }
  }

  private send(slot: Slot, job: Job): void {
    slot.jobs.push(job);
    const { version } = this.options.project;
    if (slot.version !== version) {
      slot.worker.postMessage({ kind: 'schema', document: this.options.project.read() } satisfies ToWorker);
      slot.version = version;
    }
    slot.worker.postMessage({ kind: 'read', request: job.request } satisfies ToWorker);
  }
}
