import type { Configuration, RuleSetRule } from '@rspack/core';

/** The module rules every build uses (apps and shared-ui's size test). */
export declare function moduleRules(options: { production: boolean }): RuleSetRule[];
/** One app's Rspack configuration: the shell (`host`) or a remote from tooling/remotes.mjs. */
export declare function appConfig(options: { dir: string; host?: boolean }): Configuration;
