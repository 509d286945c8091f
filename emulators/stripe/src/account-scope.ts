import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which Stripe account an API request acts as (the `Stripe-Account` header; null = the platform). The store reads
 * it so every object a request creates belongs to that account and every lookup sees only that account's objects,
 * as Stripe scopes a connected account's data. Outside a request (jobs, hosted pages) nothing is filtered.
 */
const scope = new AsyncLocalStorage<{ account: string | null }>();

export function withAccount<T>(account: string | null, fn: () => T): T {
  return scope.run({ account }, fn);
}

/** undefined: unscoped (sees every account); null: the platform; else a connected account id. */
export function currentAccount(): string | null | undefined {
  return scope.getStore()?.account;
}

/** Runs `fn` seeing every account (platform-level objects such as the accounts themselves). */
export function unscoped<T>(fn: () => T): T {
  return scope.exit(fn);
}
