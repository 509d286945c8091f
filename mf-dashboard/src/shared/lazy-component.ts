import { createElement, use, type ComponentType, type ReactElement } from 'react';

// Issue 30: the one way a dashboard chunk is loaded on demand — a section's screens (section-screens.ts)
// and a dialog that opens from a screen (the booking request's Review). The component suspends only on
// its first load (its route's transition, or the Suspense around a dialog, shows nothing meanwhile); a
// component loaded before renders straight from memory. `prefetch` starts the load ahead: once the page
// is idle, or when the nav item or button that leads to it is hovered or focused.

interface Load<P> {
  promise: Promise<ComponentType<P>>;
  component?: ComponentType<P>;
}

export interface LazyComponent<P extends object = Record<string, never>> {
  Component: ComponentType<P>;
  /** Starts loading the chunk (once; a failed load is tried again next time). */
  prefetch: () => Promise<ComponentType<P>>;
}

export function lazyComponent<P extends object = Record<string, never>>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let current: Load<P> | undefined;
  const start = (): Load<P> => {
    if (current) return current;
    const entry: Load<P> = { promise: load().then((component) => (entry.component = component)) };
    entry.promise.catch(() => {
      if (current === entry) current = undefined;
    });
    current = entry;
    return entry;
  };
  function Component(props: P): ReactElement {
    const entry = start();
    return createElement(entry.component ?? use(entry.promise), props);
  }
  return { Component, prefetch: () => start().promise };
}
