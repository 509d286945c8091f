import type { Models } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard-outcome.ts';
import { isProfileComplete, validateUser } from './session-validation.ts';

type User = Models.User<Models.Preferences>;
const REGISTERED = '2026-01-01T10:00:00.000+00:00';
const user = (over: Partial<User>): User =>
  ({ email: 't@cadence.test', name: 'Ada Lovelace', emailVerification: true, registration: REGISTERED, passwordUpdate: '2026-01-01T10:05:00.000+00:00', ...over }) as User;

describe('profile completeness (spec §4, §9)', () => {
  it('needs a name and a password updated more than 5000 ms after registration', () => {
    expect(isProfileComplete(user({}))).toBe(true);
    expect(isProfileComplete(user({ name: '  ' }))).toBe(false);
    expect(isProfileComplete(user({ passwordUpdate: '' }))).toBe(false);
    expect(isProfileComplete(user({ passwordUpdate: '2026-01-01T10:00:05.000+00:00' }))).toBe(false);
    expect(isProfileComplete(user({ passwordUpdate: '2026-01-01T10:00:05.001+00:00' }))).toBe(true);
  });
});

describe('guard outcomes (spec §2)', () => {
  it('no session → /login', () => {
    expect(guardDecision(validateUser(null))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('an error → /login', () => {
    expect(guardDecision(null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('unverified → /verify-email', () => {
    expect(guardDecision(validateUser(user({ emailVerification: false })))).toEqual({ kind: 'redirect', to: '/verify-email' });
  });

  it('profile missing → /signup with the email and the incomplete message', () => {
    expect(guardDecision(validateUser(user({ name: '', passwordUpdate: '' })))).toEqual({
      kind: 'redirect',
      to: '/signup',
      state: { email: 't@cadence.test', message: 'Your profile was incomplete. Please complete the signup process.' },
    });
  });

  it('profile incomplete → /signup step 3', () => {
    expect(guardDecision(validateUser(user({ passwordUpdate: REGISTERED })))).toEqual({
      kind: 'redirect',
      to: '/signup',
      state: { email: 't@cadence.test', message: 'Please complete your profile to continue.', skipToStep: 3 },
    });
  });

  it('valid → the page; anything else → /login', () => {
    expect(guardDecision(validateUser(user({})))).toEqual({ kind: 'render' });
    const nothing = { ...validateUser(user({})), isValid: false };
    expect(guardDecision(nothing)).toEqual({ kind: 'redirect', to: '/login' });
  });
});
