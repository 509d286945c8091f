import { describe, expect, it } from 'vitest';
import { formatBillingDate, subscriptionNextPayment } from '@cadence/shared-auth';

const trialEnd = '2026-12-01T09:00:00.000+00:00';
const periodEnd = '2027-01-01T09:00:00.000+00:00';

describe('subscriptionNextPayment (the real billing wins over spec §9 one-month rule)', () => {
  it('while trialing: the trial end, the first charge', () => {
    expect(subscriptionNextPayment({ status: 'trialing', trialEnd, currentPeriodEnd: trialEnd })).toEqual(new Date(trialEnd));
    expect(subscriptionNextPayment({ status: 'trialing', trialEnd: null, currentPeriodEnd: trialEnd })).toEqual(new Date(trialEnd));
  });
  it('after the trial: the current period end (Stripe anchors the cycle to the trial end)', () => {
    expect(subscriptionNextPayment({ status: 'active', trialEnd, currentPeriodEnd: periodEnd })).toEqual(new Date(periodEnd));
    expect(subscriptionNextPayment({ status: 'past_due', trialEnd, currentPeriodEnd: periodEnd })).toEqual(new Date(periodEnd));
  });
  it('null without a subscription period yet: the caller falls back to the spec rule', () => {
    expect(subscriptionNextPayment(null)).toBeNull();
    expect(subscriptionNextPayment({ status: 'active', trialEnd: null, currentPeriodEnd: null })).toBeNull();
    expect(subscriptionNextPayment({ status: 'trialing', trialEnd: 'not a date', currentPeriodEnd: undefined })).toBeNull();
  });
  it('null once the subscription has ended (no period in force)', () => {
    expect(subscriptionNextPayment({ status: 'canceled', trialEnd, currentPeriodEnd: periodEnd })).toBeNull();
    expect(subscriptionNextPayment({ status: 'incomplete_expired', trialEnd: null, currentPeriodEnd: periodEnd })).toBeNull();
  });
});

describe('formatBillingDate', () => {
  it('month, day and year in words', () => {
    expect(formatBillingDate(new Date(2026, 11, 1, 12))).toBe('December 1, 2026');
    expect(formatBillingDate(new Date(2027, 0, 31, 12).toISOString())).toBe('January 31, 2027');
  });
});
