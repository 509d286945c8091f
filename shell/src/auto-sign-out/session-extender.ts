// issue 17 server backstop: activity extends the Appwrite session (account.updateSession), at most
// once per interval for the whole browser. Appwrite allows that route 10 calls an hour per IP, so
// every tab reads and claims one shared "last extended" time (localStorage) before calling.

export interface SharedTime {
  get(): number | null;
  set(at: number): void;
}

export interface SessionExtenderOptions {
  intervalMs: number;
  extend: () => Promise<unknown>;
  shared: SharedTime;
  now?: () => number;
}

export interface SessionExtender {
  /** Counted activity: extends the session if no tab has done so within the interval. */
  activity(): void;
}

export function createSessionExtender({ intervalMs, extend, shared, now = Date.now }: SessionExtenderOptions): SessionExtender {
  let inFlight = false;
  return {
    activity() {
      const t = now();
      const last = shared.get();
      if (inFlight || (last !== null && t - last < intervalMs && t >= last)) return;
      // Claimed before the call, so the other tabs skip it; a failure (429, offline) is not retried
      // before the next interval: the session still has most of its length to run.
      shared.set(t);
      inFlight = true;
      void extend()
        .catch((error: unknown) => console.warn('Extending the session failed', error))
        .finally(() => {
          inFlight = false;
        });
    },
  };
}

/** The shared time in localStorage (every tab of this origin); this tab's own where storage is unavailable. */
export function localStorageTime(key: string): SharedTime {
  let own: number | null = null;
  return {
    get() {
      try {
        const value = Number(globalThis.localStorage?.getItem(key));
        if (Number.isFinite(value) && value > 0) return value;
      } catch {
        // Private mode or storage blocked: fall back to this tab's own.
      }
      return own;
    },
    set(at) {
      own = at;
      try {
        globalThis.localStorage?.setItem(key, String(at));
      } catch {
        // As above: this tab then extends on its own schedule.
      }
    },
  };
}
