// issue 17 two-step verification through shared-auth's wrappers, against the real local Appwrite:
// turning on, a sign-in that needs its second factor (signed out of the app until it is given),
// recovery codes each usable once, regenerating, turning off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  confirmTotpSetup, getCurrentUser, isSecondFactorRequired, isWrongCode, listTwoStepFactors, regenerateRecoveryCodes,
  startTotpSetup, turnOffTwoStep, twoStepEnabled, useAuthStore, verifySecondFactor,
} from '@cadence/shared-auth';
import { appwrite } from '../src/client/appwrite-client.ts';
import { actAs, login, passwordUser, startEmulator, type Emulator, type TestUser } from './support/emulator.ts';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(async () => {
  await emulator.close();
});

/** A code of the server's current window (the server clock is real time here); avoids the last second of a window. */
async function currentCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  if (totp.remaining() < 1500) await new Promise((resolve) => setTimeout(resolve, totp.remaining() + 50));
  return totp.generate();
}

async function wrongCode(secret: string): Promise<string> {
  return (await currentCode(secret)) === '000000' ? '111111' : '000000';
}

async function turnedOn(label: string): Promise<TestUser & { secret: string; recoveryCodes: string[] }> {
  const user = await passwordUser(emulator, label);
  actAs(emulator, user.session);
  const { secret, uri } = await startTotpSetup();
  expect(uri).toContain(`secret=${secret}`);
  const recoveryCodes = await confirmTotpSetup(await currentCode(secret));
  return { ...user, secret, recoveryCodes };
}

describe('two-step verification', () => {
  it('turning on: a wrong first code changes nothing; the right one returns six recovery codes and turns it on', async () => {
    const user = await passwordUser(emulator, 'on');
    actAs(emulator, user.session);
    const { secret } = await startTotpSetup();
    const refused = await confirmTotpSetup(await wrongCode(secret)).catch((e: unknown) => e);
    expect(isWrongCode(refused)).toBe(true);
    expect((await appwrite().account.get()).mfa).toBe(false);

    const codes = await confirmTotpSetup(await currentCode(secret));
    expect(codes).toHaveLength(6);
    const account = await appwrite().account.get();
    expect(twoStepEnabled(account, await listTwoStepFactors())).toBe(true);
  });

  it('a password sign-in counts as signed out (getCurrentUser null, store signedOut) until the code is given', async () => {
    const user = await turnedOn('signin');
    actAs(emulator, await login(emulator, user.email));
    const error = await appwrite().account.get().catch((e: unknown) => e);
    expect(isSecondFactorRequired(error)).toBe(true);
    expect(await getCurrentUser()).toBeNull();
    expect(await useAuthStore.getState().validateSession()).toMatchObject({ needsLogin: true, isValid: false });
    expect(useAuthStore.getState().status).toBe('signedOut');

    expect(isWrongCode(await verifySecondFactor('totp', '12345').catch((e: unknown) => e))).toBe(true);
    await verifySecondFactor('totp', await currentCode(user.secret));
    expect((await getCurrentUser())?.$id).toBe(user.id);
    expect(await useAuthStore.getState().validateSession()).toMatchObject({ needsLogin: false, user: { $id: user.id } });
    expect(useAuthStore.getState().status).toBe('signedIn');
  });

  it('a recovery code signs in once; the same code a second time is refused', async () => {
    const user = await turnedOn('recovery');
    const [code] = user.recoveryCodes;
    actAs(emulator, await login(emulator, user.email));
    await verifySecondFactor('recoveryCode', ` ${code ?? ''} `);
    expect((await getCurrentUser())?.$id).toBe(user.id);
    actAs(emulator, await login(emulator, user.email));
    expect(isWrongCode(await verifySecondFactor('recoveryCode', code ?? '').catch((e: unknown) => e))).toBe(true);
    expect(await getCurrentUser()).toBeNull();
  });

  it('regenerating needs a current code and replaces every code', async () => {
    const user = await turnedOn('regen');
    const fresh = await regenerateRecoveryCodes('totp', await currentCode(user.secret));
    expect(fresh).toHaveLength(6);
    expect(fresh.filter((c) => user.recoveryCodes.includes(c))).toEqual([]);
    actAs(emulator, await login(emulator, user.email));
    expect(isWrongCode(await verifySecondFactor('recoveryCode', user.recoveryCodes[1] ?? '').catch((e: unknown) => e))).toBe(true);
    await verifySecondFactor('recoveryCode', fresh[1] ?? '');
  });

  it('turning off needs a current code; then a password alone signs in again', async () => {
    const user = await turnedOn('off');
    expect(isWrongCode(await turnOffTwoStep('totp', await wrongCode(user.secret)).catch((e: unknown) => e))).toBe(true);
    await turnOffTwoStep('totp', await currentCode(user.secret));
    const account = await appwrite().account.get();
    expect(twoStepEnabled(account, await listTwoStepFactors())).toBe(false);
    actAs(emulator, await login(emulator, user.email));
    expect((await getCurrentUser())?.$id).toBe(user.id);
  });

  it('turning on again after turning off makes new recovery codes over the old set', async () => {
    const user = await turnedOn('again');
    await turnOffTwoStep('recoveryCode', user.recoveryCodes[0] ?? '');
    const { secret } = await startTotpSetup();
    const codes = await confirmTotpSetup(await currentCode(secret));
    expect(codes).toHaveLength(6);
    expect(codes.filter((c) => user.recoveryCodes.includes(c))).toEqual([]);
    expect((await appwrite().account.get()).mfa).toBe(true);
  });
});
