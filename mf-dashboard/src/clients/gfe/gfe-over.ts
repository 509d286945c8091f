import { coversUntil, overEstimate } from '../../../../backend/functions/lib/good-faith-estimate.js';
import type { GfeVersion } from './gfe-due.ts';

/**
 * How far a self-pay client's billed charges in their delivered estimate's period (its first
 * session to the end of its months; voided charges count back out) pass its total — by $400 or
 * more, the amount a client may dispute — else null.
 */
export function chargesOverEstimate(estimate: Pick<GfeVersion, 'startOn' | 'months' | 'total'>, entries: readonly { kind: string; date: string; amount: number }[]): number | null {
  const until = coversUntil(estimate.startOn, estimate.months);
  const billed = entries.filter((e) => e.kind === 'charge' && e.date >= estimate.startOn && e.date <= until).reduce((sum, e) => sum + e.amount, 0);
  return overEstimate(billed, estimate.total);
}
