import { createElement, use, useEffect, type ComponentType, type ReactElement } from 'react';
import type { RemotePage } from './remote-pages.ts';
import { trackWait } from './waits.ts';

// Issue 20 "No flash between pages": a remote page is loaded once per page life and then rendered
// straight from memory, so coming back to it never suspends (no fallback, no re-fetch). A failed
// load is kept while its route is shown (React renders a failing tree more than once: each render
// must not fetch again) and forgotten when the route is left, so Retry or the next visit loads again.

export interface PageLoad {
  promise: Promise<ComponentType>;
  /** Set once loaded: rendering it needs no wait at all. */
  component?: ComponentType;
  failed?: boolean;
}

const loads = new Map<string, PageLoad>();

/**
 * The page's load, started now unless one is running or done; `fresh` starts another (Retry).
 * Safe to call while rendering: it starts fetching, nothing more.
 */
export function loadPage(page: RemotePage, { fresh = false } = {}): PageLoad {
  const existing = fresh ? undefined : loads.get(page.id);
  if (existing) return existing;
  const loading = page.load();
  const load: PageLoad = {
    promise: (page.waitLabel ? trackWait(page.waitLabel, loading) : loading).then((module) => (load.component = module.default)),
  };
  load.promise.catch(() => {
    load.failed = true;
  });
  loads.set(page.id, load);
  return load;
}

/** Forgets `load` when the component showing it goes away (or moves to another load) and it had failed. */
export function useForgetFailedLoad(page: RemotePage, load: PageLoad): void {
  useEffect(
    () => () => {
      if (load.failed && loads.get(page.id) === load) loads.delete(page.id);
    },
    [page.id, load],
  );
}

/**
 * The loaded page, rendered; suspends (to the nearest Suspense) while it loads, throws if it failed.
 * The component comes from the remote's module, made once per load, never during a render.
 */
export function LoadedPage({ load }: { load: PageLoad }): ReactElement {
  return createElement(load.component ?? use(load.promise));
}
