import { describe, expect, it } from 'vitest';
import { fnv1a128Hex } from './notification-id.ts';
import { NOTIFICATION_ID_MAX } from '../config/constants.ts';
import { notificationDocumentId } from '@cadence/shared-auth';

// Appwrite custom ids (PROTOCOL §1.6): ≤ 36 chars of a-z A-Z 0-9 . - _, not starting with a special char.
const APPWRITE_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;

describe('notificationDocumentId (spec §3: hash of userId + notificationId, capped at 36)', () => {
  it('is deterministic', () => {
    expect(notificationDocumentId('user-1', 'welcome')).toBe(notificationDocumentId('user-1', 'welcome'));
  });
  it('is a valid Appwrite id of at most 36 characters', () => {
    for (const [u, n] of [['u', 'n'], ['6b021984002ab7a2c10e', 'trial_ending_2026-01-08'], ['x'.repeat(36), 'é✓'.repeat(300)]] as const) {
      const id = notificationDocumentId(u, n);
      expect(id.length).toBeLessThanOrEqual(NOTIFICATION_ID_MAX);
      expect(id).toMatch(APPWRITE_ID);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
    }
  });
  it('differs per user and per notification', () => {
    const ids = new Set([
      notificationDocumentId('user-1', 'welcome'),
      notificationDocumentId('user-2', 'welcome'),
      notificationDocumentId('user-1', 'get_started'),
      notificationDocumentId('user-1w', 'elcome'),
    ]);
    expect(ids.size).toBe(4);
  });
  it('spreads many ids without collisions', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5000; i += 1) ids.add(notificationDocumentId(`user-${i % 50}`, `payment_success_${i}`));
    expect(ids.size).toBe(5000);
  });
  it('is 128-bit FNV-1a (published test vectors)', () => {
    expect(fnv1a128Hex('')).toBe('6c62272e07bb014262b821756295c58d');
    expect(fnv1a128Hex('a')).toBe('d228cb696f1a8caf78912b704e4a8964');
  });
});
