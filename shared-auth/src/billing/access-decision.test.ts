import { describe, expect, it } from 'vitest';
import { accessBanner, accessDecision, decideAccess, type AccessDecision } from '@cadence/shared-auth';
import { needsSubscriptionLookup, type LatestSubscriptionLookup } from './access-decision.ts';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const FUTURE = { currentPeriodEnd: '2026-03-15T00:00:00.000Z' };
const PAST = { currentPeriodEnd: '2026-02-15T00:00:00.000Z' };
const allowed: AccessDecision = { kind: 'allowed' };
const pay = (reason: 'new' | 'paused' | 'canceled' | 'unknown'): AccessDecision => ({ kind: 'paymentRequired', reason });
const verified = (...labels: string[]) => ({ labels, emailVerification: true });

// spec §4 "Access decision after login (checked in this order)", one row per rule and its edges.
const rows: Array<[string, ReturnType<typeof verified> | null, LatestSubscriptionLookup, AccessDecision]> = [
  ['1. no user → not authenticated', null, undefined, { kind: 'notAuthenticated' }],
  ['2. email unverified → requires verification (before any label)', { labels: ['subscribed', 'trialActive'], emailVerification: false }, undefined, { kind: 'requiresVerification' }],
  ['3. subscriptionExpired → allowed through', verified('subscriptionExpired'), undefined, allowed],
  ['3. subscriptionExpired wins over paused and canceled', verified('subscriptionExpired', 'subscriptionPaused', 'subscriptionCanceled'), PAST, allowed],
  ['4. subscriptionPaused → paused', verified('subscriptionPaused'), undefined, pay('paused')],
  ['4. paused wins over canceled and subscribed', verified('subscriptionPaused', 'subscriptionCanceled', 'subscribed', 'trialActive'), FUTURE, pay('paused')],
  ['5. canceled, period end in the future → allowed', verified('subscriptionCanceled', 'subscribed'), FUTURE, allowed],
  ['5. canceled, period end passed → canceled', verified('subscriptionCanceled', 'subscribed', 'paymentCurrent'), PAST, pay('canceled')],
  ['5. canceled, lookup error → canceled', verified('subscriptionCanceled'), 'error', pay('canceled')],
  ['5. canceled, no subscription → canceled', verified('subscriptionCanceled'), null, pay('canceled')],
  ['5. canceled, no currentPeriodEnd → canceled', verified('subscriptionCanceled'), { currentPeriodEnd: null }, pay('canceled')],
  ['6. subscribed + paymentFailed → allowed', verified('subscribed', 'paymentFailed'), undefined, allowed],
  ['6. subscribed + trialActive → allowed', verified('subscribed', 'trialActive'), undefined, allowed],
  ['6. subscribed + paymentCurrent → allowed', verified('subscribed', 'paymentCurrent'), undefined, allowed],
  ['6. subscribed alone → unknown', verified('subscribed'), undefined, pay('unknown')],
  ['6. subscribed + checkoutCompleted only → unknown', verified('subscribed', 'checkoutCompleted'), undefined, pay('unknown')],
  ['7. no labels → new', verified(), undefined, pay('new')],
  ['7. trialActive without subscribed → new', verified('trialActive', 'paymentCurrent'), undefined, pay('new')],
  ['7. checkoutCompleted without subscribed → new', verified('checkoutCompleted'), undefined, pay('new')],
];

describe('accessDecision (spec §4)', () => {
  it.each(rows)('%s', (_name, user, latest, expected) => {
    expect(accessDecision(user, latest, NOW)).toEqual(expected);
  });

  it('period end exactly now is over', () => {
    expect(accessDecision(verified('subscriptionCanceled'), { currentPeriodEnd: new Date(NOW).toISOString() }, NOW)).toEqual(pay('canceled'));
  });

  it('looks the subscription up only when rule 5 is reached', () => {
    expect(needsSubscriptionLookup(verified('subscriptionCanceled', 'subscribed'))).toBe(true);
    expect(needsSubscriptionLookup(verified('subscriptionCanceled', 'subscriptionPaused'))).toBe(false);
    expect(needsSubscriptionLookup(verified('subscriptionCanceled', 'subscriptionExpired'))).toBe(false);
    expect(needsSubscriptionLookup({ labels: ['subscriptionCanceled'], emailVerification: false })).toBe(false);
    expect(needsSubscriptionLookup(verified('subscribed', 'trialActive'))).toBe(false);
    expect(needsSubscriptionLookup(null)).toBe(false);
  });
});

describe('decideAccess', () => {
  const user = (...labels: string[]) => ({ $id: 'u1', ...verified(...labels) });
  const now = () => NOW;

  it('passes the latest subscription to the decision', async () => {
    const calls: string[] = [];
    const lookup = async (id: string) => (calls.push(id), FUTURE);
    expect(await decideAccess(user('subscriptionCanceled'), lookup, now)).toEqual(allowed);
    expect(calls).toEqual(['u1']);
  });

  it('a failed lookup is canceled', async () => {
    const lookup = async () => {
      throw new Error('offline');
    };
    expect(await decideAccess(user('subscriptionCanceled'), lookup, now)).toEqual(pay('canceled'));
  });

  it('no lookup when not needed', async () => {
    const lookup = async () => {
      throw new Error('should not be called');
    };
    expect(await decideAccess(user(), lookup, now)).toEqual(pay('new'));
    expect(await decideAccess(null, lookup, now)).toEqual({ kind: 'notAuthenticated' });
  });
});

describe('accessBanner (spec §4 canceled and expired banners)', () => {
  it.each([
    [['subscriptionCanceled', 'subscribed'], 'canceled'],
    [['subscriptionExpired'], 'expired'],
    [['subscriptionExpired', 'subscriptionCanceled'], 'expired'],
    [['subscribed', 'trialActive'], null],
    [[], null],
  ] as const)('%j → %s', (labels, banner) => {
    expect(accessBanner(labels)).toBe(banner);
  });
});
