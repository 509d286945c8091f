import { notificationDocumentId } from '@cadence/shared-auth';
import { describe, expect, it } from 'vitest';
import { notificationsFromLabels, trialEndingSoon, validatedActionUrl } from './generate-notifications.ts';

const origin = 'https://app.example';
const now = new Date('2026-05-20T12:00:00Z');
const ids = (labels: string[]) => notificationsFromLabels(labels, origin, now).map((n) => n.notificationId);

describe('notificationsFromLabels (spec §3)', () => {
  it('welcome always; get_started without subscribed', () => {
    expect(ids([])).toEqual(['welcome', 'get_started']);
  });
  it('trial, failed, canceled and paid labels', () => {
    expect(ids(['subscribed', 'paymentFailed', 'paymentCurrent'])).toEqual(['welcome', 'payment_failed']);
    expect(ids(['subscribed', 'paymentCurrent'])).toEqual(['welcome', 'payment_success']);
    expect(ids(['subscribed', 'subscriptionCanceled'])).toEqual(['welcome', 'subscription_canceled']);
  });
  it('trial_ending only in the trial\'s last 3 days, dated by the subscription\'s trial end', () => {
    const trial = (trialEnd: string | null) =>
      notificationsFromLabels(['subscribed', 'trialActive'], origin, now, [], { trialEnd }).map((n) => n.notificationId);
    expect(trial('2026-05-27T12:00:00Z')).toEqual(['welcome']); // day 1 of 7
    expect(trial('2026-05-23T12:00:01Z')).toEqual(['welcome']);
    expect(trial('2026-05-23T12:00:00Z')).toEqual(['welcome', 'trial_ending']);
    expect(trial('2026-05-20T12:00:01Z')).toEqual(['welcome', 'trial_ending']);
    expect(trial('2026-05-20T12:00:00Z')).toEqual(['welcome']); // over
    expect(trial(null)).toEqual(['welcome']); // not synced yet
    expect(ids(['subscribed', 'trialActive'])).toEqual(['welcome']);
    expect(notificationsFromLabels(['subscribed'], origin, now, [], { trialEnd: '2026-05-22T12:00:00Z' }).map((n) => n.notificationId))
      .toEqual(['welcome']);
    const [, ending] = notificationsFromLabels(['subscribed', 'trialActive'], origin, now, [], { trialEnd: '2026-05-22T12:00:00Z' });
    expect(ending).toMatchObject({ title: 'Your free trial ends soon',
      message: `Your free trial ends on ${new Date('2026-05-22T12:00:00Z').toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}; your card is charged $10.00 then.` });
  });
  it('trialEndingSoon', () => {
    expect(trialEndingSoon('2026-05-22T00:00:00Z', now)).toEqual(new Date('2026-05-22T00:00:00Z'));
    expect(trialEndingSoon('bad', now)).toBeNull();
    expect(trialEndingSoon(undefined, now)).toBeNull();
  });
  it('priorities, unread, timestamp and validated action URLs', () => {
    const [welcome, failed] = notificationsFromLabels(['subscribed', 'paymentFailed'], origin, now);
    expect(welcome).toMatchObject({ priority: 'low', read: false, timestamp: now.toISOString(), actionUrl: 'https://app.example/dashboard' });
    expect(failed).toMatchObject({ type: 'payment_failed', priority: 'high', actionUrl: 'https://app.example/account?view=billing' });
  });
  it('validatedActionUrl keeps http(s) only', () => {
    expect(validatedActionUrl('javascript:alert(1)', origin)).toBeNull();
    expect(validatedActionUrl('', origin)).toBeNull();
    expect(validatedActionUrl('https://x.test/a', origin)).toBe('https://x.test/a');
  });
  it('document ids: a hash of userId + notificationId, at most 36 characters, stable', () => {
    const id = notificationDocumentId('user1', 'welcome');
    expect(id.length).toBeLessThanOrEqual(36);
    expect(notificationDocumentId('user1', 'welcome')).toBe(id);
    expect(notificationDocumentId('user2', 'welcome')).not.toBe(id);
  });
});
