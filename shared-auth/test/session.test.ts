// spec §7 validate session and profile, get current user, sign out — through the Web SDK against
// the real local Appwrite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Client } from 'appwrite';
import { configureAppwrite, setConfig } from '@cadence/shared-auth/testing';
import { getCurrentUser, isNetworkError, PROFILE_COMPLETE_MIN_MS, type AuthUser, updatePassword, useAuthStore } from '@cadence/shared-auth';
import { NETWORK_ERROR_TYPE } from '../src/client/errors.ts';
import { signOut, subscribeToAuthState, validateSessionAndProfile } from '../src/auth/session.ts';
import { actAs, admin, otpUser, PASSWORD, passwordUser, runtimeConfig, startEmulator, type Emulator } from './support/emulator.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

describe('validateSessionAndProfile', () => {
  it('no session → needsLogin', async () => {
    actAs(emulator);
    expect(await validateSessionAndProfile()).toEqual({
      needsLogin: true, needsSignup: false, needsVerification: false, needsProfileCompletion: false, isValid: false, email: null, user: null,
    });
    expect(await getCurrentUser()).toBeNull();
  });

  it('a fresh email-OTP user without name or password → needsProfileCompletion with the email', async () => {
    const user = await otpUser(emulator);
    actAs(emulator, user.session);
    const outcome = await validateSessionAndProfile();
    expect(outcome).toMatchObject({ needsLogin: false, needsSignup: false, needsProfileCompletion: true, isValid: false });
    expect(outcome.email).toBe(user.email);
    expect(outcome.user?.$id).toBe(user.id);
    expect(outcome.user?.emailVerification).toBe(true);
  });

  it('a user whose email is not verified and profile incomplete → needsSignup', async () => {
    const user = await passwordUser(emulator, 'unverified', { verified: false });
    actAs(emulator, user.session);
    expect(await validateSessionAndProfile()).toMatchObject({ needsSignup: true, isValid: false, email: user.email });
  });

  it('the store\'s validateSession returns the same outcome and refreshes the store', async () => {
    const user = await otpUser(emulator, 'store');
    actAs(emulator, user.session);
    expect(await useAuthStore.getState().validateSession()).toMatchObject({ needsProfileCompletion: true, email: user.email });
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: { $id: user.id } });
    actAs(emulator);
    expect(await useAuthStore.getState().validateSession()).toMatchObject({ needsLogin: true });
    expect(useAuthStore.getState().status).toBe('signedOut');
  });

  it('a password set at registration is not enough; set more than 5 s later → isValid', async () => {
    const user = await passwordUser(emulator, 'complete');
    actAs(emulator, user.session);
    expect(await validateSessionAndProfile()).toMatchObject({ needsProfileCompletion: true });

    emulator.advance(PROFILE_COMPLETE_MIN_MS + 1000);
    await updatePassword({ password: 'a brand new passphrase', oldPassword: PASSWORD });
    const outcome = await validateSessionAndProfile();
    expect(outcome).toMatchObject({ isValid: true, needsLogin: false, needsSignup: false, needsProfileCompletion: false });
    expect(outcome.user?.name).toBe('complete');
  });
});

describe('subscribeToAuthState against the server', () => {
  it('notifies when a webhook adds a label and when the session ends, not otherwise', async () => {
    const user = await passwordUser(emulator, 'watched');
    actAs(emulator, user.session);
    const initialUser = await getCurrentUser();
    const seen: Array<AuthUser | null> = [];
    const stop = subscribeToAuthState((u) => seen.push(u), { initialUser, intervalMs: 25 });
    const until = async (n: number): Promise<void> => {
      for (let i = 0; i < 200 && seen.length < n; i += 1) await new Promise((r) => setTimeout(r, 10));
    };
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([]);

    await admin(emulator).users.updateLabels({ userId: user.id, labels: ['therapist', 'subscribed', 'trialActive'] });
    await until(1);
    expect(seen[0]?.labels.sort()).toEqual(['subscribed', 'therapist', 'trialActive']);

    await signOut();
    await until(2);
    expect(seen[1]).toBeNull();
    stop();
  });
});

describe('signOut and the auth store', () => {
  it('ends the current session; signing out again is harmless', async () => {
    const user = await passwordUser(emulator, 'leaver');
    actAs(emulator, user.session);
    expect((await useAuthStore.getState().refreshUser())?.$id).toBe(user.id);
    expect(useAuthStore.getState().status).toBe('signedIn');

    await useAuthStore.getState().signOut();
    expect(useAuthStore.getState()).toMatchObject({ user: null, status: 'signedOut' });
    expect(await getCurrentUser()).toBeNull();
    await expect(signOut()).resolves.toBeUndefined();
  });
});

describe('errors (spec §8: message, status code, type, response)', () => {
  it('a backend refusal carries code, type and the JSON response', async () => {
    const user = await passwordUser(emulator, 'wrongold');
    actAs(emulator, user.session);
    const error = await updatePassword({ password: 'another passphrase', oldPassword: 'not my password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppwriteException);
    const e = error as AppwriteException;
    expect(e).toMatchObject({ code: 401, type: 'user_invalid_credentials' });
    expect(e.message).not.toBe('');
    expect(JSON.parse(e.response)).toMatchObject({ code: 401, type: 'user_invalid_credentials', message: e.message });
    expect(isNetworkError(e)).toBe(false);
  });

  it('an unreachable server is a network error, not "signed out"', async () => {
    setConfig(runtimeConfig('http://127.0.0.1:9/v1'));
    configureAppwrite(new Client().setEndpoint('http://127.0.0.1:9/v1').setProject('cadence'));
    const error = await getCurrentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppwriteException);
    expect(error).toMatchObject({ code: 0, type: NETWORK_ERROR_TYPE });
    expect(isNetworkError(error)).toBe(true);
    await expect(validateSessionAndProfile()).rejects.toMatchObject({ type: NETWORK_ERROR_TYPE });
    setConfig(runtimeConfig(emulator.endpoint));
  });
});
