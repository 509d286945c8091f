import type { StoredObject } from '../store.ts';
import { signatureHeader } from './sign.ts';

export interface WebhookSwitches {
  /** Send every delivery twice (apps must be idempotent on event.id). */
  duplicate: boolean;
  /** Send each flushed batch in reverse order. */
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

/** A failed delivery is retried this many times, this long apart (real time), in the background. */
const RETRY_DELAYS_MS = [500, 2_000, 5_000];
const LOG_LIMIT = 1_000;

export interface Deliveries {
  switches: WebhookSwitches;
  enqueue(event: StoredObject): void;
  /** Sends everything queued (first attempts, in order) and resolves when done. Delayed ones are not awaited. */
  flush(): Promise<void>;
  log(): DeliveryRecord[];
  clearLog(): void;
  /** Stops sending (timers and queued events are dropped) and waits for an in-flight flush. */
  close(): Promise<void>;
}

export function createDeliveries(opts: {
  switches: WebhookSwitches;
  targets: () => WebhookTarget[];
  /** The signing timestamp: the emulator clock, so receivers whose clock is advanced too accept it. */
  now: () => number;
}): Deliveries {
  const queue: StoredObject[] = [];
  const records: DeliveryRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let chain: Promise<void> = Promise.resolve();
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

  async function send(event: StoredObject, target: WebhookTarget, attempt: number): Promise<void> {
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
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      r.status = res.status;
      if (res.ok) return;
    } catch {
      r.status = 'error';
    }
    const delay = RETRY_DELAYS_MS[attempt - 1];
    if (closed) return;
    if (delay !== undefined) later(delay, () => void send(event, target, attempt + 1));
  }

  const applies = (s: WebhookSwitches, type: string): boolean => s.types.length === 0 || s.types.includes(type);

  async function deliverBatch(batch: StoredObject[]): Promise<void> {
    const s = opts.switches;
    const ordered = s.reorder ? [...batch].reverse() : batch;
    for (const event of ordered) {
      if (closed) return;
      const type = String(event.type);
      const on = applies(s, type);
      for (const target of opts.targets()) {
        if (!target.enabledEvents.includes('*') && !target.enabledEvents.includes(type)) continue;
        if (target.connect !== (typeof event.account === 'string')) continue;
        if (on && s.drop) {
          record({ event: event.id, type, url: target.url, attempt: 1, status: 'dropped', at: Date.now() });
          continue;
        }
        const copies = on && s.duplicate ? 2 : 1;
        for (let i = 0; i < copies; i++) {
          if (on && s.delay_ms > 0) later(s.delay_ms, () => void send(event, target, 1));
          else await send(event, target, 1);
        }
      }
    }
  }

  return {
    switches: opts.switches,
    enqueue(event) {
      queue.push(event);
    },
    flush() {
      if (closed) return chain;
      chain = chain.then(async () => {
        // Applies reorder to a whole batch, so events from one action arrive reversed.
        while (queue.length > 0) await deliverBatch(queue.splice(0));
      });
      return chain;
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
      await chain;
    },
  };
}
