import type { CancellationWindowHours, FeeType, PracticeSettings } from './practice-settings.ts';

// What a late cancellation or a no-show costs under the practice's settings. Free of zod (the
// settings' schema is practice-settings.ts), so what reads appointments does not load it.

export interface FeePolicy {
  type: FeeType;
  amount: number | null;
  percent: number | null;
}

/**
 * What a late cancellation or no-show costs under a fee policy, in minor units of the session's
 * currency: nothing, the fixed amount, or the percentage of the session fee rounded to the nearest
 * minor unit (half up).
 */
export function policyFee(policy: FeePolicy, sessionFee: number): number {
  if (policy.type === 'fixed') return policy.amount ?? 0;
  if (policy.type === 'percent') return Math.round((Math.max(0, sessionFee) * (policy.percent ?? 0)) / 100);
  return 0;
}

export const lateCancelPolicy = (settings: PracticeSettings): FeePolicy => ({
  type: settings.lateCancelFeeType,
  amount: settings.lateCancelFeeAmount,
  percent: settings.lateCancelFeePercent,
});

export const noShowPolicy = (settings: PracticeSettings): FeePolicy => ({
  type: settings.noShowFeeType,
  amount: settings.noShowFeeAmount,
  percent: settings.noShowFeePercent,
});

/**
 * Whether cancelling at `cancelledAt` counts as late for a session starting at `startsAt` (both
 * UTC instants): inside the window, and never when the practice has none.
 */
export function isLateCancellation(windowHours: CancellationWindowHours, startsAt: Date, cancelledAt: Date): boolean {
  if (windowHours === 0) return false;
  const hoursBefore = (startsAt.getTime() - cancelledAt.getTime()) / 3_600_000;
  return hoursBefore < windowHours;
}
