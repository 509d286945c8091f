import type { Clock } from './clock.ts';
import type { EmulatorConfig } from './config.ts';
import type { Project } from './project.ts';
import type { Store } from './store.ts';

/** Options every route plugin receives from `buildApp`. */
export interface PluginOptions {
  config: EmulatorConfig;
  store: Store;
  clock: Clock;
  /** The project served (appwrite.json, or what was deployed): parsed once, changed in place. */
  project: Project;
}
