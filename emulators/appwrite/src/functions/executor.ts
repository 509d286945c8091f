// Runs function executions on warm runtimes (see runtime/runner.mjs), as Appwrite's executor keeps
// a runtime per deployment warm instead of starting one per request: one long-lived child process
// per function (its own env and cwd), serving up to `perFunction` executions at once. Executions
// beyond the caps wait in a bounded queue; a full queue refuses new HTTP executions with 429, so a
// flood of requests to one `execute: any` function costs the server a bounded amount of work.
// Function code still can neither crash nor block the server: a runtime that exits fails its
// executions and is replaced on the next one; a timed-out execution retires its runtime (killed once
// its other executions settle), so a function stuck in a loop never keeps its process.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { AppwriteError } from '../errors.ts';

const RUNNER = fileURLToPath(new URL('./runtime/runner.mjs', import.meta.url));
/** Bytes of a runtime's own stderr kept to explain a crash. */
const STDERR_TAIL = 4000;
/**
 * Runtimes run at a lower CPU priority than the server (Appwrite gives each runtime a CPU share,
 * APPWRITE_FUNCTION_CPUS): a busy function slows down itself, not everyone's API calls.
 */
const RUNTIME_NICE = 10;

export interface PoolLimits {
  /** executions of one function running at once (in its runtime) */
  perFunction: number;
  /** executions running at once over all functions */
  total: number;
  /** executions of one function waiting for a slot; beyond it HTTP executions get 429 */
  queue: number;
  /** a runtime with nothing to do exits after this long (Appwrite: _APP_COMPUTE_INACTIVE_THRESHOLD, 60 s) */
  idleMs: number;
}

/**
 * Sized for a 2-core machine: the server keeps one core, the runtimes share the other. Functions
 * mostly wait on HTTP (Appwrite, Stripe), so several executions share one runtime.
 * Settings: EmulatorConfig.executionLimits.
 */
export const DEFAULT_POOL_LIMITS: PoolLimits = { perFunction: 4, total: 8, queue: 32, idleMs: 60_000 };


export interface RunRequest {
  functionId: string;
  entry: string;
  cwd: string;
  env: Record<string, string>;
  /** from the moment the execution is queued */
  timeoutMs: number;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array;
  path: string;
  queryString: string;
  scheme: string;
  host: string;
  port: number;
  /** called when a runtime takes the execution (Appwrite's `processing`) */
  onStart?: () => void;
}

export interface RunResult {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
  logs: string;
  errors: string;
  durationSeconds: number;
  timedOut: boolean;
  /** the server shut down before the execution finished: nothing is known about its outcome */
  stopped: boolean;
}

interface ChildReply {
  id: number;
  response: { statusCode: number; headers: Record<string, string>; body: Uint8Array };
  logs: string;
  errors: string;
}

function isReply(m: unknown): m is ChildReply {
  return typeof m === 'object' && m !== null && 'id' in m && 'response' in m && 'logs' in m && 'errors' in m;
}

type Outcome = Omit<RunResult, 'durationSeconds' | 'stopped'> & { stopped?: boolean };

class Job {
  readonly id: number;
  startedAt = 0;
  runtime: Runtime | null = null;
  private settled = false;
  private readonly timer: NodeJS.Timeout;

  constructor(id: number, readonly request: RunRequest, private readonly done: (job: Job, result: RunResult) => void, onTimeout: (job: Job) => void) {
    this.id = id;
    this.timer = setTimeout(() => onTimeout(this), request.timeoutMs);
  }

  get isSettled(): boolean {
    return this.settled;
  }

  finish(outcome: Outcome): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const ms = this.startedAt ? performance.now() - this.startedAt : 0;
    this.done(this, { ...outcome, stopped: outcome.stopped ?? false, durationSeconds: Math.round(ms / 10) / 100 });
  }
}

const empty = (): Buffer => Buffer.alloc(0);

/** One warm runtime: a child process for one function with one env. */
class Runtime {
  readonly jobs = new Map<number, Job>();
  retired = false;
  private stderr = '';
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly child: ChildProcess;

  constructor(readonly key: string, request: RunRequest, private readonly idleMs: number, private readonly onGone: (runtime: Runtime) => void) {
    this.child = fork(RUNNER, [], {
      cwd: request.cwd,
      env: request.env,
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    if (this.child.pid !== undefined) {
      try {
        os.setPriority(this.child.pid, Math.min(19, os.getPriority() + RUNTIME_NICE));
      } catch {
        // Not permitted here: the runtime keeps the server's priority.
      }
    }
    this.child.stderr?.on('data', (d: Buffer) => { this.stderr = (this.stderr + d.toString('utf8')).slice(-STDERR_TAIL); });
    this.child.on('message', (m: unknown) => {
      if (!isReply(m)) return;
      const job = this.jobs.get(m.id);
      if (!job) return;
      this.jobs.delete(m.id);
      job.finish({
        statusCode: m.response.statusCode,
        headers: m.response.headers,
        body: Buffer.from(m.response.body),
        logs: m.logs,
        errors: m.errors,
        timedOut: false,
      });
      this.afterJob();
    });
    this.child.on('error', (err) => { this.fail(503, err.message); });
    this.child.on('exit', (code, signal) => {
      // A function that calls process.exit() or crashes the runtime before answering.
      this.fail(500, `Runtime exited (${signal ?? code}) before responding.`);
    });
  }

  start(job: Job): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    job.runtime = this;
    job.startedAt = performance.now();
    this.jobs.set(job.id, job);
    const r = job.request;
    this.child.send({
      id: job.id,
      request: {
        entry: r.entry, method: r.method, headers: r.headers, body: r.body, path: r.path,
        queryString: r.queryString, scheme: r.scheme, host: r.host, port: r.port,
      },
    });
  }

  /** No new executions; the process ends once the ones it holds have settled. */
  retire(): void {
    this.retired = true;
    this.afterJob();
  }

  /** A job settled elsewhere (timed out): it no longer holds this runtime. */
  forget(job: Job): void {
    this.jobs.delete(job.id);
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private afterJob(): void {
    if (this.jobs.size > 0) return;
    if (this.retired) {
      this.kill();
      return;
    }
    this.idleTimer ??= setTimeout(() => { this.retire(); }, this.idleMs);
    this.idleTimer.unref();
  }

  private fail(statusCode: number, message: string): void {
    this.retired = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const errors = [this.stderr.trim(), message].filter((s) => s !== '').join('\n');
    for (const job of this.jobs.values()) job.finish({ statusCode, headers: {}, body: empty(), logs: '', errors, timedOut: false });
    this.jobs.clear();
    this.onGone(this);
  }
}

/** The runtimes of one server: caps, queue and warm processes. Never rejects a run it accepted. */
export class FunctionPool {
  private readonly runtimes = new Map<string, Runtime>();
  private readonly queues = new Map<string, Job[]>();
  private readonly running = new Map<string, number>();
  private readonly retiring = new Set<Runtime>();
  private total = 0;
  private nextId = 1;
  private closed = false;

  constructor(readonly limits: PoolLimits = DEFAULT_POOL_LIMITS) {}

  /** Whether an HTTP execution of the function may be accepted now (Appwrite answers 429 otherwise). */
  hasRoom(functionId: string): boolean {
    if (this.closed) return false;
    if ((this.running.get(functionId) ?? 0) < this.limits.perFunction && this.total < this.limits.total) return true;
    return (this.queues.get(functionId)?.length ?? 0) < this.limits.queue;
  }

  assertRoom(functionId: string): void {
    if (!this.hasRoom(functionId)) throw new AppwriteError('general_rate_limit_exceeded');
  }

  /** Queues the execution (past the queue bound too: callers that must be refused ask `hasRoom` first). */
  run(request: RunRequest): Promise<RunResult> {
    return new Promise((resolve) => {
      if (this.closed) {
        resolve({ statusCode: 503, headers: {}, body: empty(), logs: '', errors: 'The server is shutting down.', durationSeconds: 0, timedOut: false, stopped: true });
        return;
      }
      const job = new Job(this.nextId++, request, (settled, result) => {
        if (settled.startedAt) {
          this.running.set(request.functionId, (this.running.get(request.functionId) ?? 1) - 1);
          this.total -= 1;
        }
        resolve(result);
        this.dispatch();
      }, (timedOut) => { this.timeout(timedOut); });
      const queue = this.queues.get(request.functionId) ?? [];
      queue.push(job);
      this.queues.set(request.functionId, queue);
      this.dispatch();
    });
  }

  /** Kills every runtime; executions still queued or running end `stopped`. */
  close(): void {
    this.closed = true;
    const stopped: Outcome = { statusCode: 503, headers: {}, body: empty(), logs: '', errors: 'The server stopped before the execution finished.', timedOut: false, stopped: true };
    for (const queue of this.queues.values()) for (const job of queue.splice(0)) job.finish(stopped);
    for (const runtime of [...this.runtimes.values(), ...this.retiring]) {
      for (const job of runtime.jobs.values()) job.finish(stopped);
      runtime.jobs.clear();
      runtime.kill();
    }
    this.runtimes.clear();
    this.retiring.clear();
  }

  private dispatch(): void {
    if (this.closed) return;
    for (const [functionId, queue] of this.queues) {
      while (queue.length > 0 && this.total < this.limits.total && (this.running.get(functionId) ?? 0) < this.limits.perFunction) {
        const job = queue.shift() as Job;
        this.running.set(functionId, (this.running.get(functionId) ?? 0) + 1);
        this.total += 1;
        job.request.onStart?.();
        try {
          this.runtimeFor(job.request).start(job);
        } catch (err) {
          // fork() itself failed (no processes or memory left): this execution fails, the server goes on.
          job.startedAt ||= performance.now();
          job.finish({ statusCode: 503, headers: {}, body: empty(), logs: '', errors: err instanceof Error ? err.message : String(err), timedOut: false });
        }
      }
      if (queue.length === 0) this.queues.delete(functionId);
    }
  }

  /** The function's warm runtime, replaced when its code or variables changed. */
  private runtimeFor(r: RunRequest): Runtime {
    let mtime = 0;
    try {
      mtime = fs.statSync(r.entry).mtimeMs;
    } catch {
      // The runner reports a missing entrypoint as the execution's error.
    }
    const key = JSON.stringify([r.entry, r.cwd, mtime, r.env]);
    const existing = this.runtimes.get(r.functionId);
    if (existing && existing.key === key && !existing.retired) return existing;
    if (existing) this.retireRuntime(existing);
    const runtime = new Runtime(key, r, this.limits.idleMs, (gone) => {
      if (this.runtimes.get(r.functionId) === gone) this.runtimes.delete(r.functionId);
      this.retiring.delete(gone);
    });
    this.runtimes.set(r.functionId, runtime);
    return runtime;
  }

  private retireRuntime(runtime: Runtime): void {
    for (const [id, r] of this.runtimes) if (r === runtime) this.runtimes.delete(id);
    this.retiring.add(runtime);
    runtime.retire();
  }

  private timeout(job: Job): void {
    if (job.isSettled) return;
    const runtime = job.runtime;
    if (!runtime) {
      const queue = this.queues.get(job.request.functionId);
      const at = queue?.indexOf(job) ?? -1;
      if (queue && at >= 0) queue.splice(at, 1);
    }
    if (runtime) {
      // The function may still be running (or stuck): its runtime takes no more work.
      runtime.forget(job);
      this.retireRuntime(runtime);
    }
    job.finish({ statusCode: 500, headers: {}, body: empty(), logs: '', errors: 'Execution timed out.', timedOut: true });
  }
}
