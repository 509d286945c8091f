import { isLateCancellation as sharedIsLateCancellation, policyFee as sharedPolicyFee } from '../../../backend/functions/lib/fee-policy.js';
import type { CancellationWindowHours, FeeType, PracticeSettings } from './practice-settings.ts';

// What a late cancellation or a no-show costs under the practice's settings. Free of zod (the
// settings' schema is practice-settings.ts), so what reads appointments does not load it. The rules
// themselves are backend/functions/lib/fee-policy.js, which book-slot applies to a client's own
// cancellation from the portal: one policy, whoever records the late cancel.

export interface FeePolicy {
  type: FeeType;
  amount: number | null;
  percent: number | null;
}

/**
 * What a late cancellation or no-show costs under a fee policy, in minor units of the session's
 * currency: nothing, the fixed amount, or the percentage of the session fee rounded to the nearest
 * minor unit (half up). The functions' implementation (book-slot charges a client's late cancel with it).
 */
export const policyFee: (policy: FeePolicy, sessionFee: number) => number = sharedPolicyFee;

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
export const isLateCancellation: (windowHours: CancellationWindowHours, startsAt: Date, cancelledAt: Date) => boolean = sharedIsLateCancellation;
