import { formatBillingDate, subscriptionNextPayment } from '@cadence/shared-auth';
import { DAY_MS } from '../constants.ts';

/**
 * spec §9: prefs.billingStartDay, else the day of account creation, else 1. Only a fallback: the real
 * billing wins once the subscription has a period (profileBillingDates).
 */
export function billingCycleDay(prefs: Record<string, unknown> | null | undefined, createdAt: string | null | undefined): number {
  const fromPrefs = Number(prefs?.billingStartDay);
  if (Number.isInteger(fromPrefs) && fromPrefs >= 1 && fromPrefs <= 31) return fromPrefs;
  const created = createdAt ? new Date(createdAt) : null;
  if (created && !Number.isNaN(created.getTime())) return created.getDate();
  return 1;
}

function daysInMonth(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

function onDay(year: number, month: number, day: number): Date {
  return new Date(year, month, Math.min(day, daysInMonth(year, month)));
}

/**
 * spec §9 (fallback only, see profileBillingDates): the current cycle started on the latest cycle day not after `now`; the next payment is one
 * month after that start. A cycle day beyond the month's length falls on the month's last day.
 */
export function currentCycleStart(cycleDay: number, now: Date): Date {
  const thisMonth = onDay(now.getFullYear(), now.getMonth(), cycleDay);
  if (thisMonth.getTime() <= now.getTime()) return thisMonth;
  return onDay(now.getFullYear(), now.getMonth() - 1, cycleDay);
}

export function nextPaymentDate(cycleDay: number, now: Date): Date {
  const start = currentCycleStart(cycleDay, now);
  return onDay(start.getFullYear(), start.getMonth() + 1, cycleDay);
}

export interface ProfileBillingDates {
  /** 'Billing Cycle: {ordinal} of each month'. */
  cycleDay: number;
  nextPayment: Date;
  /** True when the dates are the subscription's (not the spec's fallback rule). */
  billed: boolean;
}

/**
 * Profile's Billing Cycle and Next Payment. The real billing wins over spec §9's rule (cycle start
 * from prefs.billingStartDay or the sign-up day, next payment one month later): Stripe charges first
 * at the trial end and anchors the monthly cycle there, which is what checkout and the billing portal
 * show. The spec's rule is only the fallback while there is no subscription period yet.
 */
export function profileBillingDates(
  prefs: Record<string, unknown> | null | undefined,
  createdAt: string | null | undefined,
  subscription: Parameters<typeof subscriptionNextPayment>[0],
  now: Date,
): ProfileBillingDates {
  const billed = subscriptionNextPayment(subscription);
  if (billed) return { cycleDay: billed.getDate(), nextPayment: billed, billed: true };
  const cycleDay = billingCycleDay(prefs, createdAt);
  return { cycleDay, nextPayment: nextPaymentDate(cycleDay, now), billed: false };
}

/**
 * Profile's Next Payment. A subscription canceled at period end charges nothing more: it says so,
 * with the last day of access (the billing portal's "Access until" and the canceled banner's date).
 */
export function nextPaymentText(dates: ProfileBillingDates, labels: readonly string[]): string {
  const date = formatBillingDate(dates.nextPayment);
  return dates.billed && labels.includes('subscriptionCanceled') ? `None (access until ${date})` : date;
}

/** spec §9: ceiling of the days until trialEnd; null without a trial end, never negative. */
export function trialDaysRemaining(trialEnd: string | null | undefined, now: Date): number | null {
  if (!trialEnd) return null;
  const end = Date.parse(trialEnd);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY_MS));
}

export const formatDate = formatBillingDate;

/** '1st', '2nd', '3rd', '4th' … for 'Billing Cycle: 15th of each month'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
  return `${day}${suffix}`;
}
