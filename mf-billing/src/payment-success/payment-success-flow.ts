import { PAYMENT_SUCCESS_COUNTDOWN_S, PAYMENT_SUCCESS_RETRY_MS, PAYMENT_SUCCESS_WAIT_MS } from '../constants.ts';

/** What /payment-success shows (spec §2 /payment-success, §8 billing rows). */
export type PaymentSuccessPhase =
  | { kind: 'checking' }
  /** Desktop: seconds left before /account. */
  | { kind: 'active'; secondsLeft: number }
  /** Mobile: the app deep link was opened. */
  | { kind: 'openingApp' }
  /** Not active yet; `retryScheduled` while the one automatic retry is pending. */
  | { kind: 'notActive'; retryScheduled: boolean }
  | { kind: 'slow' }
  /** Nobody is signed in: nothing to check until they log in (no retry). */
  | { kind: 'signedOut' }
  | { kind: 'error' };

/** What refreshing the user found. */
export type SubscriptionCheck = 'subscribed' | 'notSubscribed' | 'signedOut';

export interface FlowTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PaymentSuccessFlowOptions {
  /** Refreshes the user: 'subscribed' when the subscribed label is present; throws when the check fails. */
  checkSubscription: () => Promise<SubscriptionCheck>;
  isMobile: boolean;
  onPhase: (phase: PaymentSuccessPhase) => void;
  /** Desktop, after the countdown. */
  goToAccount: () => void;
  /** Mobile: open the app (the deep link owns its fallback, spec §9). */
  openApp: () => void;
  timers?: FlowTimers;
}

export interface PaymentSuccessFlow {
  /** The Check Again button. */
  checkAgain: () => void;
  stop: () => void;
}

const globalTimers: FlowTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/**
 * spec §2/§9: wait 3 s, refresh the user, check the subscribed label. Active → 5 s countdown to
 * /account (desktop) or the app (mobile). Not active → the not-yet-active message and one automatic
 * retry after 10 s; from then on Check Again, and a still-inactive answer is "taking longer". A
 * signed-out visitor is asked to log in: their payment is not "not yet active", just not theirs to see.
 */
export function startPaymentSuccessFlow(options: PaymentSuccessFlowOptions): PaymentSuccessFlow {
  const { checkSubscription, isMobile, onPhase, goToAccount, openApp, timers = globalTimers } = options;
  let stopped = false;
  let pending: unknown = null;
  let attempts = 0;
  let checking = false;

  const schedule = (callback: () => void, ms: number) => {
    pending = timers.setTimeout(() => {
      pending = null;
      if (!stopped) callback();
    }, ms);
  };
  const phase = (next: PaymentSuccessPhase) => {
    if (!stopped) onPhase(next);
  };

  const countdown = (secondsLeft: number) => {
    phase({ kind: 'active', secondsLeft });
    if (secondsLeft <= 0) {
      goToAccount();
      return;
    }
    schedule(() => countdown(secondsLeft - 1), 1_000);
  };

  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    attempts += 1;
    phase({ kind: 'checking' });
    let found: SubscriptionCheck;
    try {
      found = await checkSubscription();
    } catch {
      checking = false;
      phase({ kind: 'error' });
      return;
    }
    checking = false;
    if (stopped) return;
    if (found === 'signedOut') {
      phase({ kind: 'signedOut' });
      return;
    }
    if (found === 'subscribed') {
      if (isMobile) {
        phase({ kind: 'openingApp' });
        openApp();
      } else {
        countdown(PAYMENT_SUCCESS_COUNTDOWN_S);
      }
      return;
    }
    if (attempts === 1) {
      phase({ kind: 'notActive', retryScheduled: true });
      schedule(() => void check(), PAYMENT_SUCCESS_RETRY_MS);
    } else {
      phase({ kind: 'slow' });
    }
  };

  phase({ kind: 'checking' });
  schedule(() => void check(), PAYMENT_SUCCESS_WAIT_MS);

  return {
    checkAgain: () => {
      if (pending !== null) timers.clearTimeout(pending);
      pending = null;
      void check();
    },
    stop: () => {
      stopped = true;
      if (pending !== null) timers.clearTimeout(pending);
    },
  };
}
