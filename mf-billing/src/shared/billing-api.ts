import type { Models } from 'appwrite';
import { appwrite, getConfig } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';

/** spec §7: answer of the checkout and billing-portal functions. */
export interface FunctionUrlAnswer {
  success: boolean;
  url: string | null;
  error: string | null;
}

/** spec §8 "Function errors": the execution's errors, an empty body, or the function's own answer. */
export function parseUrlAnswer(execution: Pick<Models.Execution, 'status' | 'responseBody' | 'errors'>): FunctionUrlAnswer {
  if (execution.status === 'failed') throw new Error(execution.errors || 'Function execution failed');
  if (!execution.responseBody) throw new Error(MESSAGES.emptyResponse);
  const body = JSON.parse(execution.responseBody) as Partial<FunctionUrlAnswer>;
  return {
    success: body.success === true,
    url: typeof body.url === 'string' && body.url ? body.url : null,
    error: typeof body.error === 'string' ? body.error : null,
  };
}

/**
 * The function ran and refused (a 4xx answer such as 409 "You already have a subscription…"), as
 * opposed to a transport or execution failure. `reason` is the function's own text, if it gave one.
 */
export class FunctionAnswerError extends Error {
  override name = 'FunctionAnswerError';
  constructor(
    message: string,
    readonly reason: string | null,
  ) {
    super(reason ? `${message}: ${reason}` : message);
  }
}

async function executeForUrl(functionId: string, body: Record<string, string>, failure: string): Promise<string> {
  const execution = await appwrite().functions.createExecution({ functionId, body: JSON.stringify(body), async: false });
  const answer = parseUrlAnswer(execution);
  if (!answer.success || !answer.url) throw new FunctionAnswerError(failure, answer.error);
  return answer.url;
}

const origin = (): string => globalThis.location.origin;

/** spec §2: checkout with absolute successUrl /payment-success and cancelUrl /payment-cancelled. */
export function createCheckoutSession(): Promise<string> {
  return executeForUrl(
    getConfig().functions.checkout,
    { successUrl: `${origin()}/payment-success`, cancelUrl: `${origin()}/payment-cancelled` },
    MESSAGES.checkoutFailed,
  );
}

/** spec §7 billing-portal {returnUrl}: back to where the user was. */
export function createBillingPortalSession(returnUrl: string = globalThis.location.href): Promise<string> {
  return executeForUrl(getConfig().functions.billingPortal, { returnUrl }, MESSAGES.portalFailed);
}

/** The one place the billing screens leave the app (a seam for tests). */
export function leaveTo(url: string): void {
  globalThis.location.assign(url);
}
