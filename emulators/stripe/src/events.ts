import type { Ctx, EmitOptions } from './context.ts';
import { newId } from './ids.ts';
import type { StoredObject, Store } from './store.ts';
import type { Deliveries } from './webhooks/delivery.ts';
import type { Clock } from './lifecycle/clock.ts';
import { render } from './render.ts';
import { accountOf } from './store.ts';
import { currentAccount } from './account-scope.ts';

export const API_VERSION = '2026-10-28.endive';

/** Stores a snapshot event (PROTOCOL §3.1) and queues it for delivery; `flush()` sends it. */
export function createEmitter(store: Store, clock: Clock, deliveries: Deliveries): Ctx['emit'] {
  return (type: string, object: StoredObject, opts: EmitOptions = {}) => {
    const data: Record<string, unknown> = { object: render(store, object) };
    // A connected account's events (and account.updated about it) carry `account` and go to Connect endpoints.
    const account = object.object === 'account' ? object.id : accountOf(object) ?? currentAccount() ?? null;
    if (opts.previous) data.previous_attributes = opts.previous;
    const event: StoredObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: clock.now(opts.clock ?? null),
      data,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      ...(account ? { account, _account: account } : {}),
    };
    store.put(event);
    deliveries.enqueue(event);
  };
}
