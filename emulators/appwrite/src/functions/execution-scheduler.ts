// Executions that run later — async ones, `scheduledAt` ones and cron schedules — kept in SQLite
// rather than only in timers, so they survive a restart (Appwrite keeps them in its queue and its
// schedules collection). On start, executions a stopped server was running are failed with an error
// log (their outcome is unknown, and Appwrite does not run an execution twice); ones still waiting
// for a runtime resume; a cron run that fell due while the server was down runs once, then the next
// run is computed from the cron expression.
import { Cron } from 'croner';
import { isoDate, type Clock } from '../clock.ts';
import type { ExecutionRecord, ExecutionRepository, ScheduleState } from './execution-repository.ts';
import type { ExecutionInput, ExecutionService, Invoker } from './execution-service.ts';
import type { FunctionDef } from './registry.ts';

/** The invoker as stored: the user's JWT is signed when the execution runs, not when it was asked. */
export interface StoredInvoker {
  roles: string[];
  userId: string | null;
  sessionId: string;
  clientIp: string;
  /** false: no user JWT (event executions, as Appwrite's worker runs them) */
  jwt?: false;
  /** the triggering request's user agent (event executions; this server's addition) */
  clientUserAgent?: string;
}

interface JobPayload {
  input: Omit<ExecutionInput, 'body'> & { body: string };
  invoker: StoredInvoker;
}

export interface SchedulerDeps {
  service: ExecutionService;
  repo: ExecutionRepository;
  clock: Clock;
  /** runs a task in the background, tracked for shutdown */
  background(task: () => Promise<unknown>): void;
  /** the invoker with a fresh user JWT for this function */
  invoker(stored: StoredInvoker, def: FunctionDef): Invoker;
  warn(message: string, detail: Record<string, unknown>): void;
  /** run cron schedules (APPWRITE_SCHEDULES ≠ off) */
  cron: boolean;
  /** the server's own host and port, the request a scheduled run sees */
  host: string;
  port: number;
}

const TICK_MS = 1000;
export const INTERRUPTED = 'Execution interrupted: the server stopped while it was running.';

export class ExecutionScheduler {
  private readonly launched = new Set<string>();
  private readonly crons = new Map<string, { def: FunctionDef; cron: Cron; state: ScheduleState }>();
  /** croner's `protect`: a cron run is skipped while the previous one of the function still runs */
  private readonly cronBusy = new Set<string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: SchedulerDeps) {}

  /** Settles what a previous run of the server left behind, loads the schedules and starts ticking. */
  start(): void {
    const { repo, clock } = this.deps;
    const jobs = new Set(repo.jobs().map((j) => j.id));
    for (const e of repo.withStatus(['processing', 'waiting', 'scheduled'])) {
      if (e.status !== 'processing' && jobs.has(e.id)) continue;
      repo.deleteJob(e.id);
      this.fail(e, INTERRUPTED);
    }
    const stored = new Map(repo.schedules().map((s) => [s.functionId, s]));
    for (const def of this.deps.service.all()) {
      if (!this.deps.cron || !def.enabled || !def.schedule) continue;
      let cron: Cron;
      try {
        cron = new Cron(def.schedule, { paused: true, timezone: 'Etc/UTC' });
      } catch (err) {
        this.deps.warn('invalid schedule', { functionId: def.id, schedule: def.schedule, err });
        continue;
      }
      const previous = stored.get(def.id);
      const state = previous && previous.schedule === def.schedule
        ? previous
        : { functionId: def.id, schedule: def.schedule, lastRunAt: null, nextRunAt: this.next(cron, clock.now()) };
      repo.saveSchedule(state);
      stored.delete(def.id);
      this.crons.set(def.id, { def, cron, state });
    }
    // A schedule removed from appwrite.json (or switched off) starts afresh when it comes back.
    for (const functionId of stored.keys()) repo.deleteSchedule(functionId);
    this.timer = setInterval(() => { this.tick(); }, TICK_MS);
    this.timer.unref();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stores what the execution needs and runs it at `dueAt` (now when omitted). */
  enqueue(def: FunctionDef, execution: ExecutionRecord, input: ExecutionInput, invoker: StoredInvoker, dueAt = this.deps.clock.now()): void {
    const payload: JobPayload = { input: { ...input, body: input.body.toString('base64') }, invoker };
    this.deps.repo.saveJob({ id: execution.id, functionId: def.id, dueAt, payload: JSON.stringify(payload) });
    if (dueAt <= this.deps.clock.now()) this.launch(execution.id, def.id, payload);
  }

  private tick(): void {
    const now = this.deps.clock.now();
    for (const job of this.deps.repo.jobs()) {
      if (job.dueAt > now) break;
      if (!this.launched.has(job.id)) this.launch(job.id, job.functionId, JSON.parse(job.payload) as JobPayload);
    }
    for (const entry of this.crons.values()) {
      if (entry.state.nextRunAt > now) continue;
      entry.state = { ...entry.state, lastRunAt: now, nextRunAt: this.next(entry.cron, now) };
      this.deps.repo.saveSchedule(entry.state);
      if (this.cronBusy.has(entry.def.id)) continue;
      this.runCron(entry.def);
    }
  }

  private runCron(def: FunctionDef): void {
    const { clock } = this.deps;
    const input: ExecutionInput = {
      trigger: 'schedule', method: 'POST', path: '/', headers: {}, body: Buffer.alloc(0), event: '',
      host: this.deps.host, port: this.deps.port, scheme: 'http',
    };
    const invoker: StoredInvoker = { roles: ['any'], userId: null, sessionId: '', clientIp: '' };
    let execution: ExecutionRecord;
    try {
      execution = this.deps.service.create(def, input, { ...invoker, userJwt: '' }, 'async');
    } catch (err) {
      this.deps.warn('scheduled execution skipped', { functionId: def.id, err });
      return;
    }
    this.cronBusy.add(def.id);
    this.enqueue(def, execution, input, invoker, clock.now());
  }

  private launch(id: string, functionId: string, payload: JobPayload): void {
    const { service, repo } = this.deps;
    const execution = repo.get(functionId, id);
    let def: FunctionDef;
    try {
      def = service.find(functionId);
    } catch {
      repo.deleteJob(id);
      if (execution) this.fail(execution, 'Function not found.');
      return;
    }
    if (!execution) {
      repo.deleteJob(id);
      return;
    }
    this.launched.add(id);
    const input: ExecutionInput = { ...payload.input, body: Buffer.from(payload.input.body, 'base64') };
    this.deps.background(async () => {
      try {
        // Taken by a runtime: from here a restart fails it instead of running it twice.
        const { stopped } = await service.run(def, execution, input, this.deps.invoker(payload.invoker, def), Infinity, () => { repo.deleteJob(id); });
        if (!stopped) repo.deleteJob(id);
      } finally {
        this.launched.delete(id);
        if (execution.trigger === 'schedule' && execution.scheduledAt === null) this.cronBusy.delete(def.id);
      }
    });
  }

  private fail(e: ExecutionRecord, message: string): void {
    this.deps.repo.save({
      ...e,
      status: 'failed',
      updatedAt: isoDate(this.deps.clock.now()),
      responseStatusCode: 500,
      errors: e.errors ? `${e.errors}\n${message}` : message,
    });
  }

  private next(cron: Cron, after: number): number {
    return cron.nextRun(new Date(after))?.getTime() ?? Number.MAX_SAFE_INTEGER;
  }
}
