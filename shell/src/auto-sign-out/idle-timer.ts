// issue 17 automatic sign-out: when this browser's signed-in tabs have all been idle long enough.
// Pure (no React, no DOM): the clock, the timers and the channel between tabs are passed in, so the
// rules are unit-tested with fake timers and two simulated tabs.

/** What tabs tell each other. `at` is a time in ms since the epoch (the same clock in every tab). */
export type TabMessage =
  /** Someone was active in that tab at `at`: every tab's inactivity counts from there. */
  | { type: 'activity'; at: number }
  /** The therapist chose another limit (Settings) in that tab. */
  | { type: 'limit'; ms: number }
  /** That tab signed out; `idleMinutes` when it was the automatic sign-out. */
  | { type: 'signed-out'; idleMinutes?: number };

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

/** active → warning (the last `warningMs`) → expired (sign out). */
export type IdlePhase = 'active' | 'warning' | 'expired';

export interface IdleTimerOptions {
  /** Inactivity before the sign-out. */
  limitMs: number;
  /** How long before the sign-out the warning shows. */
  warningMs: number;
  channel: TabChannel;
  /** Called whenever the phase changes, with the moment of the sign-out. */
  onPhase: (phase: IdlePhase, signOutAt: number) => void;
  now?: () => number;
  /** At most one activity message a tab per this long (pointer moves come by the hundred). */
  postEveryMs?: number;
}

export interface IdleTimer {
  /**
   * Activity in this tab (pointer, keys, scroll, focus). Counts only while active: once the warning
   * shows, only `stay` (the therapist's explicit answer) keeps the session, and once the time is up,
   * nothing does (a laptop woken after an hour signs out, it does not carry on). True if it counted.
   */
  activity(): boolean;
  /** "Stay signed in": counts during the warning too (not once expired). */
  stay(): boolean;
  /** A new limit, from this tab's settings; told to the other tabs. */
  setLimit(ms: number): void;
  phase(): IdlePhase;
  signOutAt(): number;
  stop(): void;
}

export const ACTIVITY_POST_MS = 1_000;

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const { warningMs, channel, onPhase, now = Date.now, postEveryMs = ACTIVITY_POST_MS } = options;
  let limitMs = options.limitMs;
  let lastActivity = now();
  let lastPosted = Number.NEGATIVE_INFINITY;
  let phase: IdlePhase = 'active';
  let handle: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const signOutAt = () => lastActivity + limitMs;
  const phaseAt = (t: number): IdlePhase => {
    if (t >= signOutAt()) return 'expired';
    return t >= signOutAt() - warningMs ? 'warning' : 'active';
  };

  // The phase follows from the clock whenever anything happens, not only when a timer fires: a
  // background tab's timers are throttled, a sleeping laptop's stop.
  const evaluate = (): IdlePhase => {
    if (stopped || phase === 'expired') return phase;
    const next = phaseAt(now());
    if (handle !== undefined) clearTimeout(handle);
    handle = undefined;
    if (next !== 'expired') {
      const due = next === 'active' ? signOutAt() - warningMs : signOutAt();
      handle = setTimeout(evaluate, Math.max(0, due - now()));
    }
    if (next !== phase) {
      phase = next;
      onPhase(next, signOutAt());
    }
    return phase;
  };

  const record = (force: boolean): boolean => {
    const t = now();
    lastActivity = Math.max(lastActivity, t);
    if (force || t - lastPosted >= postEveryMs) {
      lastPosted = t;
      channel.post({ type: 'activity', at: t });
    }
    evaluate();
    return true;
  };

  const unsubscribe = channel.subscribe((message) => {
    if (stopped || phase === 'expired') return;
    if (message.type === 'activity') {
      // Only activity that counted there is sent; an older one changes nothing.
      if (message.at > lastActivity) lastActivity = message.at;
      evaluate();
    } else if (message.type === 'limit') {
      limitMs = message.ms;
      evaluate();
    }
  });

  // Opening a signed-in page is activity: the other tabs count from here too.
  record(true);

  return {
    activity: () => (!stopped && evaluate() === 'active' ? record(false) : false),
    stay: () => (!stopped && evaluate() !== 'expired' ? record(true) : false),
    setLimit(ms) {
      if (stopped || ms === limitMs) return;
      limitMs = ms;
      channel.post({ type: 'limit', ms });
      evaluate();
    },
    phase: () => phase,
    signOutAt,
    stop() {
      stopped = true;
      if (handle !== undefined) clearTimeout(handle);
      unsubscribe();
    },
  };
}
