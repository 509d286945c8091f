import type { StripeEmulatorConfig } from './config.ts';
import type { Clock } from './lifecycle/clock.ts';
import type { StoredObject, Store } from './store.ts';
import type { Deliveries } from './webhooks/delivery.ts';

export interface EmitOptions {
  previous?: Record<string, unknown>;
  /** The test clock whose time stamps the event (null: emulator clock). */
  clock?: string | null;
}

/** Everything a route or the billing engine needs; built once in app.ts. */
export interface Ctx {
  config: StripeEmulatorConfig;
  store: Store;
  clock: Clock;
  deliveries: Deliveries;
  emit(type: string, object: StoredObject, opts?: EmitOptions): void;
}

/** Options every plugin receives from `buildApp` (Fastify adds `prefix`). */
export interface PluginOptions {
  ctx: Ctx;
}
