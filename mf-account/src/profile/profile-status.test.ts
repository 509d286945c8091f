import { profileStatusText, settingsStatusText } from '@cadence/shared-auth';
import { describe, expect, it } from 'vitest';
import {
  billingCycleDay, currentCycleStart, nextPaymentDate, nextPaymentText, ordinal, profileBillingDates, trialDaysRemaining,
} from './profile-status.ts';

describe('profileStatusText (spec §4, first match wins)', () => {
  it.each([
    [['subscribed', 'trialActive', 'subscriptionCanceled', 'paymentFailed'], 'Subscription Canceled'],
    [['subscribed', 'trialActive', 'paymentFailed'], 'Payment Failed'],
    [['subscribed', 'trialActive'], 'Free Trial'],
    [['subscribed', 'paymentCurrent'], 'Active Subscription'],
    [['subscribed'], 'Active Subscription'],
    [['subscriptionExpired'], 'Subscription Expired'],
    [['subscribed', 'subscriptionExpired'], 'Active Subscription'],
    [[], 'No active subscription'],
    [['checkoutCompleted'], 'No active subscription'],
  ])('%j → %s', (labels, text) => expect(profileStatusText(labels)).toBe(text));
});

describe('settingsStatusText (spec §4)', () => {
  it.each([
    ['active', 'Active'], ['trialing', 'Trial Active'], ['past_due', 'Past Due'], ['canceled', 'Canceled'],
    ['incomplete', 'Incomplete'], ['incomplete_expired', 'Expired'], ['unpaid', 'Unpaid'], ['paused', 'No Active Subscription'],
    [null, 'No Active Subscription'],
  ])('%s → %s', (status, text) => expect(settingsStatusText(status)).toBe(text));
});

describe('billing cycle (spec §9)', () => {
  it('prefers prefs.billingStartDay', () => expect(billingCycleDay({ billingStartDay: 15 }, '2026-03-03T10:00:00')).toBe(15));
  it('else the day of account creation', () => expect(billingCycleDay({}, '2026-03-03T10:00:00')).toBe(3));
  it('else 1', () => {
    expect(billingCycleDay(undefined, undefined)).toBe(1);
    expect(billingCycleDay({ billingStartDay: 'x' }, 'not a date')).toBe(1);
  });
  it('next payment is one month after the current cycle start', () => {
    expect(currentCycleStart(15, new Date(2026, 4, 20))).toEqual(new Date(2026, 4, 15));
    expect(nextPaymentDate(15, new Date(2026, 4, 20))).toEqual(new Date(2026, 5, 15));
    expect(currentCycleStart(15, new Date(2026, 4, 10))).toEqual(new Date(2026, 3, 15));
    expect(nextPaymentDate(15, new Date(2026, 4, 10))).toEqual(new Date(2026, 4, 15));
    expect(nextPaymentDate(31, new Date(2026, 0, 31, 12))).toEqual(new Date(2026, 1, 28));
    expect(nextPaymentDate(1, new Date(2026, 11, 5))).toEqual(new Date(2027, 0, 1));
  });
  it('ordinal day', () => expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinal)).toEqual(
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st'],
  ));
});

describe('trialDaysRemaining (spec §9: ceiling)', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('rounds partial days up', () => {
    expect(trialDaysRemaining('2026-05-08T12:00:00Z', now)).toBe(7);
    expect(trialDaysRemaining('2026-05-02T13:00:00Z', now)).toBe(2);
    expect(trialDaysRemaining('2026-05-01T12:00:01Z', now)).toBe(1);
  });
  it('is 0 after the end and null without one', () => {
    expect(trialDaysRemaining('2026-04-01T00:00:00Z', now)).toBe(0);
    expect(trialDaysRemaining(null, now)).toBeNull();
  });
});

describe('nextPaymentText', () => {
  const date = new Date(2026, 11, 1, 10);
  it('the date; for a subscription canceled at period end, no payment but the last day of access', () => {
    expect(nextPaymentText({ cycleDay: 1, nextPayment: date, billed: true }, ['subscribed', 'paymentCurrent'])).toBe('December 1, 2026');
    expect(nextPaymentText({ cycleDay: 1, nextPayment: date, billed: true }, ['subscribed', 'subscriptionCanceled']))
      .toBe('None (access until December 1, 2026)');
    expect(nextPaymentText({ cycleDay: 1, nextPayment: date, billed: false }, ['subscriptionCanceled'])).toBe('December 1, 2026');
  });
});

describe('profileBillingDates: the real billing wins, spec §9 rule only as the fallback', () => {
  const signedUp = '2026-11-24T10:00:00';
  const now = new Date(2026, 10, 24, 12);
  it('trialing: next payment is the trial end and the cycle is anchored there', () => {
    const trialEnd = new Date(2026, 11, 1, 10).toISOString();
    const dates = profileBillingDates({}, signedUp, { status: 'trialing', trialEnd, currentPeriodEnd: trialEnd }, now);
    expect(dates).toEqual({ cycleDay: 1, nextPayment: new Date(trialEnd), billed: true });
  });
  it('after the trial: the current period end', () => {
    const periodEnd = new Date(2027, 0, 1, 10).toISOString();
    const dates = profileBillingDates({ billingStartDay: 15 }, signedUp,
      { status: 'active', trialEnd: new Date(2026, 11, 1, 10).toISOString(), currentPeriodEnd: periodEnd }, now);
    expect(dates).toEqual({ cycleDay: 1, nextPayment: new Date(periodEnd), billed: true });
  });
  it('no subscription period yet: one month after the cycle start', () => {
    expect(profileBillingDates({}, signedUp, null, now)).toEqual({ cycleDay: 24, nextPayment: new Date(2026, 11, 24), billed: false });
    expect(profileBillingDates({}, signedUp, { status: 'incomplete', trialEnd: null, currentPeriodEnd: null }, now).nextPayment)
      .toEqual(new Date(2026, 11, 24));
    expect(profileBillingDates({}, signedUp, { status: 'canceled', trialEnd: null, currentPeriodEnd: new Date(2026, 10, 1).toISOString() }, now))
      .toEqual({ cycleDay: 24, nextPayment: new Date(2026, 11, 24), billed: false });
  });
});
