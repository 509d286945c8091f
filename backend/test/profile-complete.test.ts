// spec §4/§9 profile completeness is written twice: in the functions (which deploy without the
// workspace) and in shared-auth for the browser. The sign-up functions and the app's guard must
// agree on who has finished sign-up, so both run over the same table here.
import { describe, expect, it } from 'vitest';
import { PROFILE_COMPLETE_MIN_MS as BROWSER_MIN_MS } from '../../shared-auth/src/config/constants.ts';
import { isProfileComplete as browserIsProfileComplete } from '../../shared-auth/src/auth/profile.ts';
import { PROFILE_COMPLETE_MIN_MS, isProfileComplete } from '../functions/lib/profile.js';

const REGISTERED = '2026-01-05T10:00:00.000+00:00';
const after = (ms: number) => new Date(Date.parse(REGISTERED) + ms).toISOString().replace('Z', '+00:00');

interface ProfileCase {
  name: string;
  registration: string;
  passwordUpdate: string;
  $createdAt?: string;
}

const names = ['Dr. Ann Lee', '', '   '];
const registrations = [REGISTERED, '', 'not a date'];
const passwordUpdates = ['', REGISTERED, after(4_999), after(5_000), after(5_001), after(86_400_000), 'not a date'];
const createdAts = [undefined, REGISTERED, after(-10_000)];

const table: ProfileCase[] = names.flatMap((name) =>
  registrations.flatMap((registration) =>
    passwordUpdates.flatMap((passwordUpdate) =>
      createdAts.map((createdAt) => ({ name, registration, passwordUpdate, ...(createdAt === undefined ? {} : { $createdAt: createdAt }) })),
    ),
  ),
);

describe('isProfileComplete: the functions and the browser agree', () => {
  it('use the same 5000 ms', () => {
    expect(PROFILE_COMPLETE_MIN_MS).toBe(5000);
    expect(BROWSER_MIN_MS).toBe(PROFILE_COMPLETE_MIN_MS);
  });

  it(`answer the same for each of ${table.length} name/registration/passwordUpdate/$createdAt combinations`, () => {
    const disagreements = table.filter((user) => isProfileComplete(user) !== browserIsProfileComplete(user));
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['a name and a password set 5001 ms after registration', { name: 'Ann', registration: REGISTERED, passwordUpdate: after(5_001) }, true],
    ['a password set exactly 5000 ms after registration', { name: 'Ann', registration: REGISTERED, passwordUpdate: after(5_000) }, false],
    ['a password set at registration (never changed in step 3)', { name: 'Ann', registration: REGISTERED, passwordUpdate: REGISTERED }, false],
    ['no password (email-code user)', { name: 'Ann', registration: REGISTERED, passwordUpdate: '' }, false],
    ['a blank name', { name: '  ', registration: REGISTERED, passwordUpdate: after(60_000) }, false],
    ['no registration: timed from $createdAt', { name: 'Ann', registration: '', passwordUpdate: after(60_000), $createdAt: REGISTERED }, true],
  ] as const)('%s → %s', (_label, user, complete) => {
    expect(isProfileComplete(user)).toBe(complete);
    expect(browserIsProfileComplete(user)).toBe(complete);
  });
});
