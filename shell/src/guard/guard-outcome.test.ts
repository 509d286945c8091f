import type { Models } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { accessDecision, classifySession } from '@cadence/shared-auth';
import { accessOutcome, guardDecision } from './guard-outcome.ts';

type User = Models.User<Models.Preferences>;
const REGISTERED = '2026-01-01T10:00:00.000+00:00';
const user = (over: Partial<User>): User =>
  ({ email: 't@cadence.test', name: 'Ada Lovelace', emailVerification: true, registration: REGISTERED, passwordUpdate: '2026-01-01T10:05:00.000+00:00', ...over }) as User;
const decide = (u: User | null) => guardDecision(classifySession(u));

describe('guard outcomes (spec §2)', () => {
  it('no session → /login; an error → /login', () => {
    expect(decide(null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(guardDecision(null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('needs signup (email never verified, profile incomplete) → /signup with the email and the incomplete message', () => {
    expect(decide(user({ emailVerification: false, name: '', passwordUpdate: '' }))).toEqual({
      kind: 'redirect',
      to: '/signup',
      state: { email: 't@cadence.test', message: 'Your profile was incomplete. Please complete the signup process.' },
    });
  });

  it('needs profile completion (verified, incomplete) → /signup step 3', () => {
    for (const incomplete of [user({ passwordUpdate: REGISTERED }), user({ name: '', passwordUpdate: '' })]) {
      expect(decide(incomplete)).toEqual({
        kind: 'redirect',
        to: '/signup',
        state: { email: 't@cadence.test', message: 'Please complete your profile to continue.', skipToStep: 3 },
      });
    }
  });

  it('complete but unverified → /verify-email (session-based protection)', () => {
    expect(decide(user({ emailVerification: false }))).toEqual({ kind: 'redirect', to: '/verify-email' });
  });

  it('valid → the page; anything else → /login', () => {
    expect(decide(user({}))).toEqual({ kind: 'render' });
    expect(guardDecision({ ...classifySession(user({})), isValid: false })).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('access outcome (spec §4: the paywall renders in place of the page)', () => {
  it.each([
    [{ kind: 'allowed' }, { kind: 'render', banner: null }],
    [{ kind: 'paymentRequired', reason: 'new' }, { kind: 'paywall' }],
    [{ kind: 'paymentRequired', reason: 'canceled' }, { kind: 'paywall' }],
    [{ kind: 'requiresVerification' }, { kind: 'redirect', to: '/verify-email' }],
    [{ kind: 'notAuthenticated' }, { kind: 'redirect', to: '/login' }],
  ] as const)('%j → %j', (decision, outcome) => {
    expect(accessOutcome(decision)).toEqual(outcome);
  });

  it('a complete user without subscription labels meets the paywall', () => {
    expect(accessOutcome(accessDecision(user({ labels: [] })))).toEqual({ kind: 'paywall' });
    expect(accessOutcome(accessDecision(user({ labels: ['subscribed', 'trialActive'] })))).toEqual({ kind: 'render', banner: null });
  });
});

describe('canceled and expired banners above the page (spec §4)', () => {
  const NOW = Date.parse('2026-06-01T00:00:00Z');
  const outcomeFor = (labels: string[], periodEnd?: string) =>
    accessOutcome(accessDecision(user({ labels }), periodEnd === undefined ? undefined : { currentPeriodEnd: periodEnd }, NOW), labels);

  it.each([
    [['subscribed', 'trialActive'], undefined, null],
    [['subscribed', 'paymentFailed'], undefined, null],
    [['subscribed', 'paymentCurrent', 'subscriptionCanceled'], '2026-06-20T00:00:00Z', 'canceled'],
    [['subscriptionExpired'], undefined, 'expired'],
    [['subscriptionExpired', 'subscriptionCanceled'], undefined, 'expired'],
  ] as const)('%j (period end %s) → the page with banner %s', (labels, periodEnd, banner) => {
    expect(outcomeFor([...labels], periodEnd)).toEqual({ kind: 'render', banner });
  });

  it('a canceled subscription past its period end gets the paywall, not a banner', () => {
    expect(outcomeFor(['subscribed', 'subscriptionCanceled'], '2026-05-01T00:00:00Z')).toEqual({ kind: 'paywall' });
  });
});
