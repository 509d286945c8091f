import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPaymentSuccessFlow, type PaymentSuccessPhase, type SubscriptionCheck } from './payment-success-flow.ts';

function run(answers: Array<boolean | 'signedOut' | Error>, isMobile = false) {
  const phases: PaymentSuccessPhase[] = [];
  const goToAccount = vi.fn();
  const openApp = vi.fn();
  const isSubscribed = vi.fn(async (): Promise<SubscriptionCheck> => {
    const next = answers.shift();
    if (next instanceof Error) throw next;
    if (next === 'signedOut') return next;
    return next ? 'subscribed' : 'notSubscribed';
  });
  const flow = startPaymentSuccessFlow({ checkSubscription: isSubscribed, isMobile, onPhase: (p) => phases.push(p), goToAccount, openApp });
  return { phases, goToAccount, openApp, isSubscribed, flow, last: () => phases.at(-1) };
}

describe('/payment-success timing (spec §2, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 3 s before the first check', async () => {
    const t = run([true]);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(t.isSubscribed).not.toHaveBeenCalled();
    expect(t.last()).toEqual({ kind: 'checking' });
    await vi.advanceTimersByTimeAsync(1);
    expect(t.isSubscribed).toHaveBeenCalledTimes(1);
  });

  it('active on desktop: a 5 s countdown, then /account', async () => {
    const t = run([true]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.last()).toEqual({ kind: 'active', secondsLeft: 5 });
    await vi.advanceTimersByTimeAsync(4_000);
    expect(t.last()).toEqual({ kind: 'active', secondsLeft: 1 });
    expect(t.goToAccount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.goToAccount).toHaveBeenCalledTimes(1);
  });

  it('active on mobile: opens the app, no countdown', async () => {
    const t = run([true], true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.last()).toEqual({ kind: 'openingApp' });
    expect(t.openApp).toHaveBeenCalledTimes(1);
    expect(t.goToAccount).not.toHaveBeenCalled();
  });

  it('not active: the message, one automatic retry after 10 s, then "taking longer"', async () => {
    const t = run([false, false, false]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.last()).toEqual({ kind: 'notActive', retryScheduled: true });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(t.isSubscribed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.isSubscribed).toHaveBeenCalledTimes(2);
    expect(t.last()).toEqual({ kind: 'slow' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.isSubscribed).toHaveBeenCalledTimes(2);
    t.flow.checkAgain();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.isSubscribed).toHaveBeenCalledTimes(3);
    expect(t.last()).toEqual({ kind: 'slow' });
  });

  it('the retry finds it active: countdown', async () => {
    const t = run([false, true]);
    await vi.advanceTimersByTimeAsync(13_000);
    expect(t.last()).toEqual({ kind: 'active', secondsLeft: 5 });
  });

  it('Check Again during the wait replaces the automatic retry', async () => {
    const t = run([false, false]);
    await vi.advanceTimersByTimeAsync(3_000);
    t.flow.checkAgain();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last()).toEqual({ kind: 'slow' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(t.isSubscribed).toHaveBeenCalledTimes(2);
  });

  it('a failed check shows the error; Check Again tries again', async () => {
    const t = run([new Error('offline'), true]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.last()).toEqual({ kind: 'error' });
    t.flow.checkAgain();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.last()).toEqual({ kind: 'active', secondsLeft: 5 });
  });

  it('signed out: asks to log in, with no retry', async () => {
    const t = run(['signedOut', true]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(t.last()).toEqual({ kind: 'signedOut' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.isSubscribed).toHaveBeenCalledTimes(1);
    expect(t.goToAccount).not.toHaveBeenCalled();
  });

  it('stop cancels every timer', async () => {
    const t = run([true]);
    await vi.advanceTimersByTimeAsync(3_000);
    t.flow.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.goToAccount).not.toHaveBeenCalled();
  });
});
