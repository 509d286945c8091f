import type { StoredObject } from '../store.ts';
import { signatureHeader } from './sign.ts';

export interface WebhookSwitches {
  /** Send every delivery twice (apps must be idempotent on event.id); the copy goes once the first is answered. */
  duplicate: boolean;
  /** Send each flushed batch in reverse order, one after the other (so the reversal is exact). */
  reorder: boolean;
  /** Record but never send (lets tests prove that sync repairs missed webhooks). */
  drop: boolean;
  /** Send after this many real milliseconds, without holding up `/_dev/clock/advance`. */
  delay_ms: number;
  /** When non-empty, the switches above apply only to these event types. */
  types: string[];
}

export interface WebhookTarget {
  url: string;
  secret: string;
  enabledEvents: string[];
  /** A Connect endpoint receives connected accounts' events (those with `account`), an account endpoint the rest. */
  connect: boolean;
}

export interface DeliveryRecord {
  event: string;
  type: string;
  url: string;
  attempt: number;
  status: number | 'dropped' | 'error' | 'pending';
  at: number;
}

/** A failed delivery is retried this many times, this long apart (real time, growing), in the background. */
const RETRY_DELAYS_MS = [500, 2_000, 5_000];
/** An endpoint that has not answered by then counts as failed (and is retried). */
const TIMEOUT_MS = 10_000;
const LOG_LIMIT = 1_000;
/** Deliveries in flight to one endpoint at most, unless configured (`STRIPE_WEBHOOK_CONCURRENCY`). */
export const DEFAULT_WEBHOOK_CONCURRENCY = 8;

export interface Deliveries {
  switches: WebhookSwitches;
  enqueue(event: StoredObject): void;
  /**
   * Sends everything queued and resolves when every first attempt started so far was answered (or
   * failed). Delayed ones and retries are not awaited.
   */
  flush(): Promise<void>;
  log(): DeliveryRecord[];
  clearLog(): void;
  /** Stops sending (timers and waiting deliveries are dropped) and waits for those in flight. */
  close(): Promise<void>;
}

interface Job {
  event: StoredObject;
  target: WebhookTarget;
  attempt: number;
  /** Told when the attempt was answered, failed or dropped unsent. */
  done: () => void;
}

/** One endpoint's deliveries: at most `width` in flight, the rest waiting in arrival order. */
interface Lane {
  running: number;
  waiting: Job[];
}

/**
 * Stripe's delivery, as its docs describe it: each endpoint gets events concurrently, in no
 * guaranteed order, and a delivery that fails (non-2xx, no answer within the timeout) is retried
 * later with growing back-off. One slow or failing endpoint holds up neither another endpoint nor
 * its own other events (a bounded pool per endpoint URL).
 */
export function createDeliveries(opts: {
  switches: WebhookSwitches;
  targets: () => WebhookTarget[];
  /** The signing timestamp: the emulator clock, so receivers whose clock is advanced too accept it. */
  now: () => number;
  /** Deliveries in flight per endpoint (default DEFAULT_WEBHOOK_CONCURRENCY). */
  concurrency?: number;
}): Deliveries {
  const width = Math.max(1, opts.concurrency ?? DEFAULT_WEBHOOK_CONCURRENCY);
  const queue: StoredObject[] = [];
  const records: DeliveryRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const lanes = new Map<string, Lane>();
  /** Settles once every first attempt started so far was answered (what `flush` waits for). */
  let settled: Promise<void> = Promise.resolve();
  /** Every attempt in flight (what `close` waits for). */
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const record = (r: DeliveryRecord): DeliveryRecord => {
    records.push(r);
    if (records.length > LOG_LIMIT) records.shift();
    return r;
  };

  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /** One attempt over HTTP; true when the endpoint answered 2xx. */
  async function post(event: StoredObject, target: WebhookTarget, attempt: number): Promise<boolean> {
    const body = JSON.stringify(event, null, 2);
    const r = record({ event: event.id, type: String(event.type), url: target.url, attempt, status: 'pending', at: Date.now() });
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(body, target.secret, opts.now()),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      r.status = res.status;
      return res.ok;
    } catch {
      r.status = 'error';
      return false;
    }
  }

  function pump(url: string): void {
    const lane = lanes.get(url);
    if (!lane) return;
    while (!closed && lane.running < width && lane.waiting.length > 0) {
      const job = lane.waiting.shift() as Job;
      lane.running += 1;
      const run = (async () => {
        const ok = await post(job.event, job.target, job.attempt);
        lane.running -= 1;
        job.done();
        const delay = RETRY_DELAYS_MS[job.attempt - 1];
        if (!ok && delay !== undefined) later(delay, () => void attempt(job.event, job.target, job.attempt + 1));
        pump(url);
      })();
      inFlight.add(run);
      void run.finally(() => inFlight.delete(run));
    }
    if (lane.running === 0 && lane.waiting.length === 0) lanes.delete(url);
  }

  /** Queues one attempt on its endpoint's lane; resolves once it was answered (or dropped by close). */
  function attempt(event: StoredObject, target: WebhookTarget, n: number): Promise<void> {
    if (closed) return Promise.resolve();
    return new Promise<void>((done) => {
      const lane = lanes.get(target.url) ?? { running: 0, waiting: [] };
      lanes.set(target.url, lane);
      lane.waiting.push({ event, target, attempt: n, done });
      pump(target.url);
    });
  }

  const applies = (s: WebhookSwitches, type: string): boolean => s.types.length === 0 || s.types.includes(type);

  /** Every delivery of one batch; the first attempts it started. */
  function deliverBatch(batch: StoredObject[]): Promise<void>[] {
    const s = opts.switches;
    const started: Promise<void>[] = [];
    // Reordered: the batch reversed, each delivery after the one before was answered.
    let previous: Promise<void> | null = null;
    for (const event of s.reorder ? [...batch].reverse() : batch) {
      const type = String(event.type);
      const on = applies(s, type);
      for (const target of opts.targets()) {
        if (!target.enabledEvents.includes('*') && !target.enabledEvents.includes(type)) continue;
        if (target.connect !== (typeof event.account === 'string')) continue;
        if (on && s.drop) {
          record({ event: event.id, type, url: target.url, attempt: 1, status: 'dropped', at: Date.now() });
          continue;
        }
        if (on && s.delay_ms > 0) {
          later(s.delay_ms, () => {
            void attempt(event, target, 1).then(() => (on && s.duplicate ? attempt(event, target, 1) : undefined));
          });
          continue;
        }
        const send = (): Promise<void> => attempt(event, target, 1).then(() => (on && s.duplicate ? attempt(event, target, 1) : undefined));
        const p: Promise<void> = s.reorder ? (previous ?? Promise.resolve()).then(send) : send();
        if (s.reorder) previous = p;
        started.push(p);
      }
    }
    return started;
  }

  return {
    switches: opts.switches,
    enqueue(event) {
      queue.push(event);
    },
    flush() {
      if (closed) return Promise.resolve();
      // Every API call flushes: one promise per batch, never one per pending delivery per call.
      const started = queue.length > 0 ? deliverBatch(queue.splice(0)) : [];
      if (started.length > 0) settled = Promise.all([settled, ...started]).then(() => undefined);
      return settled;
    },
    log: () => [...records],
    clearLog() {
      records.length = 0;
    },
    async close() {
      closed = true;
      queue.length = 0;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const lane of lanes.values()) for (const job of lane.waiting.splice(0)) job.done();
      await Promise.all([...inFlight]);
    },
  };
}
