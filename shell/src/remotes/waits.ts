import { useSyncExternalStore } from 'react';

// Issue 20 "No flash between pages": nothing stands in for a page that is about to appear. What the
// shell waits for (a session check, a remote page's files) is registered here; only a wait still
// running after SPINNER_DELAY_MS is shown, by WaitIndicator, with its own label.

/** A wait shorter than this shows nothing (the old page, or an empty main on a cold load, stays). */
export const SPINNER_DELAY_MS = 300;

interface Wait {
  label: string;
  shown: boolean;
}

const waits = new Set<Wait>();
const listeners = new Set<() => void>();
let shownLabel: string | null = null;

function update(): void {
  // The oldest wait that is overdue speaks: it is the one the page is held up by the longest.
  let next: string | null = null;
  for (const wait of waits) {
    if (wait.shown) {
      next = wait.label;
      break;
    }
  }
  if (next === shownLabel) return;
  shownLabel = next;
  for (const listener of listeners) listener();
}

/**
 * Starts a wait; returns its end (idempotent). Safe to call while rendering: it only arms a timer,
 * listeners hear about it no sooner than SPINNER_DELAY_MS later.
 */
export function beginWait(label: string): () => void {
  const wait: Wait = { label, shown: false };
  waits.add(wait);
  const timer = setTimeout(() => {
    wait.shown = true;
    update();
  }, SPINNER_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (waits.delete(wait)) update();
  };
}

/** Registers `promise` as a wait until it settles; returns the same promise. */
export function trackWait<T>(label: string, promise: Promise<T>): Promise<T> {
  const end = beginWait(label);
  promise.then(end, end);
  return promise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The label of the wait to show now, or null when nothing has waited for SPINNER_DELAY_MS. */
export function useShownWait(): string | null {
  return useSyncExternalStore(subscribe, () => shownLabel, () => null);
}
