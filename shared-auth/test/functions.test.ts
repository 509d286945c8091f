// executeFunction against a real function of backend/appwrite.json, run by the emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'appwrite';
import { configureAppwrite } from '@cadence/shared-auth/testing';
import { executeFunction, FunctionRefusedError, isAppError } from '@cadence/shared-auth';
import { PROJECT_ID, startEmulator, type Emulator } from './support/emulator.ts';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startEmulator();
  configureAppwrite(new Client().setEndpoint(emulator.endpoint).setProject(PROJECT_ID));
});
afterAll(() => emulator.close());

describe('executeFunction through the emulator', () => {
  it('a function that refuses (400 with its own error text) throws FunctionRefusedError carrying that text', async () => {
    const refused = await executeFunction('deletePendingUser', {}).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FunctionRefusedError);
    expect(refused).toMatchObject({ status: 400, answer: { success: false } });
    expect((refused as FunctionRefusedError).reason).toMatch(/\w/);
  });

  it('a function the caller may not execute is the backend’s error (AppError), not a function answer', async () => {
    const denied = await executeFunction('checkout').catch((e: unknown) => e);
    expect(isAppError(denied)).toBe(true);
    expect(denied).toMatchObject({ code: 401 });
  });
});
