import { describe, expect, it } from 'vitest';
import { classifySession, type AuthUser } from '@cadence/shared-auth';
import { isProfileComplete } from './profile.ts';

const REGISTERED = '2026-01-01T10:00:00.000+00:00';
const at = (ms: number): string => new Date(Date.parse(REGISTERED) + ms).toISOString();

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    $id: 'u1', $createdAt: REGISTERED, $updatedAt: REGISTERED, name: 'Ada Lovelace', registration: REGISTERED,
    status: true, labels: [], passwordUpdate: at(60_000), email: 'ada@example.com', phone: '',
    emailVerification: true, phoneVerification: false, mfa: false, prefs: {}, targets: [], accessedAt: REGISTERED,
    ...overrides,
  } as AuthUser;
}

describe('isProfileComplete (spec §4: non-empty name, password updated > 5000 ms after registration)', () => {
  it('is complete with a name and a password set later', () => {
    expect(isProfileComplete(user())).toBe(true);
  });
  it('needs a non-empty name', () => {
    expect(isProfileComplete(user({ name: '' }))).toBe(false);
    expect(isProfileComplete(user({ name: '   ' }))).toBe(false);
  });
  it('needs a password (OTP users have passwordUpdate "")', () => {
    expect(isProfileComplete(user({ passwordUpdate: '' }))).toBe(false);
  });
  it('needs the password updated strictly more than 5000 ms after registration', () => {
    expect(isProfileComplete(user({ passwordUpdate: REGISTERED }))).toBe(false);
    expect(isProfileComplete(user({ passwordUpdate: at(5000) }))).toBe(false);
    expect(isProfileComplete(user({ passwordUpdate: at(5001) }))).toBe(true);
  });
  it('falls back to $createdAt when registration is missing', () => {
    expect(isProfileComplete(user({ registration: '', passwordUpdate: at(6000) }))).toBe(true);
  });
});

describe('classifySession (spec §7 validate session and profile)', () => {
  it('no user → needsLogin', () => {
    expect(classifySession(null)).toEqual({
      needsLogin: true, needsSignup: false, needsVerification: false, needsProfileCompletion: false, isValid: false, email: null, user: null,
    });
  });
  it('unverified email, incomplete profile → needsSignup (sign-up step 2 abandoned)', () => {
    const outcome = classifySession(user({ emailVerification: false, name: '', passwordUpdate: '' }));
    expect(outcome).toMatchObject({ needsSignup: true, needsVerification: false, needsLogin: false, needsProfileCompletion: false, isValid: false });
    expect(outcome.email).toBe('ada@example.com');
  });
  it('unverified email, complete profile (e.g. after an email change) → needsVerification', () => {
    expect(classifySession(user({ emailVerification: false }))).toMatchObject({ needsVerification: true, needsSignup: false, isValid: false });
  });
  it('exactly one flag is set', () => {
    const flags = ['needsLogin', 'needsSignup', 'needsVerification', 'needsProfileCompletion', 'isValid'] as const;
    for (const u of [null, user(), user({ emailVerification: false }), user({ emailVerification: false, name: '' }), user({ name: '' })]) {
      const outcome = classifySession(u);
      expect(flags.filter((f) => outcome[f])).toHaveLength(1);
    }
  });
  it('verified, incomplete profile → needsProfileCompletion (sign-up step 3)', () => {
    expect(classifySession(user({ name: '', passwordUpdate: '' }))).toMatchObject({ needsProfileCompletion: true, isValid: false });
  });
  it('complete → isValid with the user', () => {
    const u = user();
    expect(classifySession(u)).toMatchObject({ isValid: true, needsLogin: false, email: 'ada@example.com', user: u });
  });
});
