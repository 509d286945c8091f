// The practice's cancellation and fee policy (practice_settings: cancellationWindowHours and the
// late-cancel and no-show fees), the one implementation: the dashboard's status menu reads it
// through mf-dashboard/src/practice/fee-policy.ts, and book-slot applies it when a client cancels
// from the portal (issue 32), so a late cancellation costs the same whoever records it.

/**
 * @typedef {'none' | 'fixed' | 'percent'} FeeType
 * @typedef {{ type: FeeType, amount: number | null, percent: number | null }} FeePolicy
 */

/**
 * What a late cancellation or no-show costs under a fee policy, in minor units of the session's
 * currency: nothing, the fixed amount, or the percentage of the session fee rounded to the nearest
 * minor unit (half up).
 * @param {FeePolicy} policy
 * @param {number} sessionFee
 * @returns {number}
 */
export function policyFee(policy, sessionFee) {
  if (policy.type === 'fixed') return policy.amount ?? 0;
  if (policy.type === 'percent') return Math.round((Math.max(0, sessionFee) * (policy.percent ?? 0)) / 100);
  return 0;
}

/**
 * Whether cancelling at `cancelledAt` counts as late for a session starting at `startsAt` (both
 * UTC instants): inside the window, and never when the practice has none.
 * @param {number} windowHours
 * @param {Date} startsAt
 * @param {Date} cancelledAt
 * @returns {boolean}
 */
export function isLateCancellation(windowHours, startsAt, cancelledAt) {
  if (windowHours === 0) return false;
  const hoursBefore = (startsAt.getTime() - cancelledAt.getTime()) / 3_600_000;
  return hoursBefore < windowHours;
}

/** @param {unknown} value @returns {FeeType} */
const feeTypeOf = (value) => (value === 'fixed' || value === 'percent' ? value : 'none');
/** @param {unknown} value */
const numberOrNull = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The late-cancel policy of stored practice settings (a document as Appwrite returns it).
 * @param {Record<string, unknown>} settings
 * @returns {FeePolicy}
 */
export const storedLateCancelPolicy = (settings) => ({
  type: feeTypeOf(settings['lateCancelFeeType']), amount: numberOrNull(settings['lateCancelFeeAmount']), percent: numberOrNull(settings['lateCancelFeePercent']),
});

/**
 * The cancellation window of stored practice settings, in hours (the dashboard's default, 24, when unset).
 * @param {Record<string, unknown> | null} settings
 */
export const storedCancellationWindow = (settings) => {
  const hours = settings?.['cancellationWindowHours'];
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= 0 ? hours : 24;
};
