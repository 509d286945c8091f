import { Client, ExecutionStatus, type Models } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureAppwrite } from './appwrite-client.ts';
import { createBillingPortalSession, createCheckoutSession } from '../billing/billing-sessions.ts';
import { localRuntimeConfig, setConfig } from '../config/config.ts';
import { executeFunction, FunctionError, FunctionRefusedError } from './functions.ts';

// The SDK call is spied on: these are the execution states a live function rarely produces on
// demand (test/functions.test.ts runs real ones through the emulator).
const { functions } = configureAppwrite(new Client());
const createExecution = vi.spyOn(functions, 'createExecution');

function answers(fields: Partial<Models.Execution>): void {
  createExecution.mockResolvedValue({ status: ExecutionStatus.Completed, responseStatusCode: 200, responseBody: '', errors: '', ...fields } as Models.Execution);
}

describe('executeFunction (spec §7 calls, §8 "Function errors")', () => {
  beforeEach(() => {
    setConfig(localRuntimeConfig());
    createExecution.mockReset();
  });

  it('sends the body as JSON to the configured id, synchronously, and returns the answer', async () => {
    answers({ responseBody: '{"success":true,"userId":"u1"}' });
    await expect(executeFunction('handleSignupConflict', { email: 'a@b.test' })).resolves.toEqual({ success: true, userId: 'u1' });
    expect(createExecution).toHaveBeenCalledWith({ functionId: 'handle-signup-conflict', body: '{"email":"a@b.test"}', async: false });
  });

  it('passes request headers to the function when asked (a consent record’s user agent)', async () => {
    answers({ responseBody: '{"success":true}' });
    await executeFunction('recordAgreements', {}, { headers: { 'user-agent': 'Test/1.0' } });
    expect(createExecution).toHaveBeenCalledWith({ functionId: 'record-agreements', body: '{}', async: false, headers: { 'user-agent': 'Test/1.0' } });
  });

  it('a failed execution throws its errors text; without one, "Function execution failed"', async () => {
    answers({ status: ExecutionStatus.Failed, errors: 'Error: boom' });
    await expect(executeFunction('checkout')).rejects.toEqual(new FunctionError('Error: boom'));
    answers({ status: ExecutionStatus.Failed });
    await expect(executeFunction('checkout')).rejects.toEqual(new FunctionError('Function execution failed'));
  });

  it('an empty body throws "Function returned empty response"; a body that is not a JSON object throws too', async () => {
    answers({ responseBody: '' });
    await expect(executeFunction('checkout')).rejects.toEqual(new FunctionError('Function returned empty response'));
    for (const responseBody of ['<html>', '[1]', '"x"']) {
      answers({ responseBody });
      await expect(executeFunction('checkout')).rejects.toBeInstanceOf(FunctionError);
    }
  });

  it('a refusal (success false or a 4xx) throws FunctionRefusedError with the function’s own text, unless accepted', async () => {
    answers({ responseStatusCode: 409, responseBody: '{"success":false,"error":"Already subscribed."}' });
    const refused = await executeFunction('checkout').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FunctionRefusedError);
    expect(refused).toMatchObject({ message: 'Already subscribed.', reason: 'Already subscribed.', status: 409 });
    await expect(executeFunction('checkout', {}, { acceptRefusal: true })).resolves.toEqual({ success: false, error: 'Already subscribed.' });
    answers({ responseStatusCode: 500, responseBody: '{}' });
    await expect(executeFunction('checkout')).rejects.toMatchObject({ reason: null, message: 'Function failed', status: 500 });
  });
});

describe('checkout and billing-portal sessions (spec §7)', () => {
  beforeEach(() => createExecution.mockReset());

  it('checkout sends absolute /payment-success and /payment-cancelled URLs and resolves to the hosted page', async () => {
    answers({ responseBody: '{"success":true,"url":"http://stripe.test/c/pay/cs_1","error":null}' });
    await expect(createCheckoutSession('http://localhost:3000')).resolves.toBe('http://stripe.test/c/pay/cs_1');
    expect(createExecution).toHaveBeenCalledWith({
      functionId: 'checkout',
      body: JSON.stringify({ successUrl: 'http://localhost:3000/payment-success', cancelUrl: 'http://localhost:3000/payment-cancelled' }),
      async: false,
    });
  });

  it('the portal sends the return URL; an answer without a url is a refusal', async () => {
    answers({ responseBody: '{"success":true,"url":"http://stripe.test/p/session/bps_1"}' });
    await expect(createBillingPortalSession('http://localhost:3000/account')).resolves.toBe('http://stripe.test/p/session/bps_1');
    expect(createExecution).toHaveBeenCalledWith({ functionId: 'billing-portal', body: '{"returnUrl":"http://localhost:3000/account"}', async: false });
    answers({ responseBody: '{"success":true,"url":null}' });
    await expect(createBillingPortalSession('http://localhost:3000/account')).rejects.toBeInstanceOf(FunctionRefusedError);
  });
});
