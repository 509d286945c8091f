import { describe, expect, it } from 'vitest';
import { profileStatusText, settingsStatusText } from '@cadence/shared-auth';

describe('profileStatusText (spec §4, first match wins)', () => {
  it.each([
    [['subscriptionCanceled', 'paymentFailed', 'trialActive', 'subscribed'], 'Subscription Canceled'],
    [['paymentFailed', 'trialActive', 'subscribed'], 'Payment Failed'],
    [['trialActive', 'subscribed'], 'Free Trial'],
    [['subscribed', 'paymentCurrent'], 'Active Subscription'],
    [['subscribed'], 'Active Subscription'],
    [['subscriptionExpired'], 'Subscription Expired'],
    [['subscribed', 'subscriptionExpired'], 'Active Subscription'],
    [['checkoutCompleted'], 'No active subscription'],
    [[], 'No active subscription'],
  ])('%j → %s', (labels, text) => {
    expect(profileStatusText(labels)).toBe(text);
  });
});

describe('settingsStatusText (spec §4)', () => {
  it.each([
    ['active', 'Active'],
    ['trialing', 'Trial Active'],
    ['past_due', 'Past Due'],
    ['canceled', 'Canceled'],
    ['incomplete', 'Incomplete'],
    ['incomplete_expired', 'Expired'],
    ['unpaid', 'Unpaid'],
    ['paused', 'No Active Subscription'],
    ['toString', 'No Active Subscription'],
    ['', 'No Active Subscription'],
    [null, 'No Active Subscription'],
    [undefined, 'No Active Subscription'],
  ])('%s → %s', (status, text) => {
    expect(settingsStatusText(status)).toBe(text);
  });
});
