// issue 17 automatic sign-out, the data layer over the local Appwrite with Cadence's own appwrite.json:
// the inactivity choice kept in the account's prefs (merged), and the server session extended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appwrite, AUTO_SIGN_OUT_MINUTES, AUTO_SIGN_OUT_PREF, autoSignOutMinutes, extendCurrentSession, getCurrentUser, saveAutoSignOutMinutes,
  SESSION_EXTEND_INTERVAL_MS, type AutoSignOutMinutes,
} from '@cadence/shared-auth';
import { getCurrentSession } from '../src/auth/sessions.ts';
import { actAs, login, passwordUser, startEmulator, type Emulator } from './support/emulator.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

describe('the inactivity choice', () => {
  it('is 15 minutes by default and for anything that is not one of the choices', () => {
    expect(AUTO_SIGN_OUT_MINUTES).toEqual([5, 10, 15, 30, 60]);
    expect(autoSignOutMinutes(undefined)).toBe(15);
    expect(autoSignOutMinutes({})).toBe(15);
    expect(autoSignOutMinutes({ [AUTO_SIGN_OUT_PREF]: 7 })).toBe(15);
    expect(autoSignOutMinutes({ [AUTO_SIGN_OUT_PREF]: '5' })).toBe(15);
    expect(autoSignOutMinutes({ [AUTO_SIGN_OUT_PREF]: 30 })).toBe(30);
  });

  it('is stored in the account prefs, merged with the prefs already there, and read back by account.get', async () => {
    const user = await passwordUser(emulator, 'idle-pref');
    actAs(emulator, await login(emulator, user.email));
    await appwrite().account.updatePrefs({ prefs: { billingStartDay: 12 } });

    const saved = await saveAutoSignOutMinutes(5);
    expect(saved.prefs).toEqual({ billingStartDay: 12, [AUTO_SIGN_OUT_PREF]: 5 });
    await saveAutoSignOutMinutes(60);
    const reread = await getCurrentUser();
    expect(reread?.prefs).toEqual({ billingStartDay: 12, [AUTO_SIGN_OUT_PREF]: 60 });
    expect(autoSignOutMinutes(reread?.prefs)).toBe(60);
    // A new sign-in (another tab, another device) finds it too.
    actAs(emulator, await login(emulator, user.email));
    expect(autoSignOutMinutes((await getCurrentUser())?.prefs)).toBe(60);

    await expect(saveAutoSignOutMinutes(7 as AutoSignOutMinutes)).rejects.toThrow(RangeError);
    expect((await getCurrentUser())?.prefs).toEqual({ billingStartDay: 12, [AUTO_SIGN_OUT_PREF]: 60 });
  });
});

describe('extending the session', () => {
  it("moves the session's expiry to now + the project's session length, which outlasts the longest choice plus the extension interval", async () => {
    const user = await passwordUser(emulator, 'idle-extend');
    actAs(emulator, await login(emulator, user.email));
    const before = await getCurrentSession();
    const length = Date.parse(before.expire) - Date.parse(before.$createdAt);
    expect(length).toBeGreaterThanOrEqual(Math.max(...AUTO_SIGN_OUT_MINUTES) * 60_000 + SESSION_EXTEND_INTERVAL_MS);
    expect(length).toBeLessThan(24 * 3_600_000);

    emulator.advance(SESSION_EXTEND_INTERVAL_MS);
    const extended = await extendCurrentSession();
    expect(Date.parse(extended.expire) - Date.parse(before.expire)).toBeGreaterThanOrEqual(SESSION_EXTEND_INTERVAL_MS);
    // Past the first expiry the session still works; `length` after the extension it does not.
    emulator.advance(length - SESSION_EXTEND_INTERVAL_MS + 60_000);
    expect((await getCurrentUser())?.$id).toBe(user.id);
    emulator.advance(SESSION_EXTEND_INTERVAL_MS);
    expect(await getCurrentUser()).toBeNull();
  });
});
