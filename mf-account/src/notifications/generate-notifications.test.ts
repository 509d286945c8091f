import { notificationDocumentId } from '@cadence/shared-auth';
import { describe, expect, it } from 'vitest';
import { notificationsFromLabels, validatedActionUrl } from './generate-notifications.ts';

const origin = 'https://app.example';
const now = new Date('2026-05-20T12:00:00Z');
const ids = (labels: string[]) => notificationsFromLabels(labels, origin, now).map((n) => n.notificationId);

describe('notificationsFromLabels (spec §3)', () => {
  it('welcome always; get_started without subscribed', () => {
    expect(ids([])).toEqual(['welcome', 'get_started']);
  });
  it('trial, failed, canceled and paid labels', () => {
    expect(ids(['subscribed', 'trialActive'])).toEqual(['welcome', 'trial_ending']);
    expect(ids(['subscribed', 'paymentFailed', 'paymentCurrent'])).toEqual(['welcome', 'payment_failed']);
    expect(ids(['subscribed', 'paymentCurrent'])).toEqual(['welcome', 'payment_success']);
    expect(ids(['subscribed', 'subscriptionCanceled'])).toEqual(['welcome', 'subscription_canceled']);
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
