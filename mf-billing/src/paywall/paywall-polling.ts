import { PAYWALL_POLL_MAX, PAYWALL_POLL_MS } from '../constants.ts';

export interface PollTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const globalTimers: PollTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/**
 * spec §4/§9: while checkoutCompleted is present the paywall re-reads the user every 3 s, at most
 * 20 times; the guard re-decides on every refreshed user and shows the page once access is allowed.
 * Returns the stop function.
 */
export function pollAfterCheckout(refresh: () => Promise<unknown>, timers: PollTimers = globalTimers): () => void {
  let polls = 0;
  let inFlight = false;
  const handle = timers.setInterval(() => {
    if (polls >= PAYWALL_POLL_MAX) {
      timers.clearInterval(handle);
      return;
    }
    if (inFlight) return;
    polls += 1;
    inFlight = true;
    void refresh()
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
        if (polls >= PAYWALL_POLL_MAX) timers.clearInterval(handle);
      });
  }, PAYWALL_POLL_MS);
  return () => timers.clearInterval(handle);
}
