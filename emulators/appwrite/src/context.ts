import type { Clock } from './clock.ts';
import type { EmulatorConfig } from './config.ts';
import type { Store } from './store.ts';

/** Options every route plugin receives from `buildApp`. */
export interface PluginOptions {
  config: EmulatorConfig;
  store: Store;
  clock: Clock;
}
