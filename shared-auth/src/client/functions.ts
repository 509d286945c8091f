import { appwrite } from './appwrite-client.ts';
import { getConfig, type RuntimeConfig } from '../config/config.ts';
import { attempt } from './errors.ts';

/** A backend function by its runtime-config name (the id differs per deployment). */
export type FunctionName = keyof RuntimeConfig['functions'];

/** What every function answers (spec §7): `success`, its own `error` text, and its own fields. */
export interface FunctionAnswer {
  success?: boolean;
  error?: string | null;
}

/** spec §8 "Function errors" texts for an execution that gave no usable answer. */
export const FUNCTION_FAILED_TEXT = 'Function execution failed';
export const FUNCTION_EMPTY_TEXT = 'Function returned empty response';

/**
 * The function gave no usable answer: the execution failed (its `errors` text), the body was
 * empty, or the body was not JSON. Trying again may help.
 */
export class FunctionError extends Error {
  override name = 'FunctionError';
}

/**
 * The function ran and refused (`success: false` or a 4xx/5xx answer, e.g. 409 "You already have a
 * subscription…"). `reason` is the function's own error text, if it gave one; `answer` is its body.
 */
export class FunctionRefusedError extends Error {
  override name = 'FunctionRefusedError';
  constructor(
    readonly reason: string | null,
    readonly status: number,
    readonly answer: FunctionAnswer,
  ) {
    super(reason ?? 'Function failed');
  }
}

export interface ExecuteOptions {
  /**
   * Return a refusal's body instead of throwing FunctionRefusedError — for functions whose 4xx
   * answers carry data the caller acts on (sign-up conflict: spec §7 uses 200 and 409 bodies).
   */
  acceptRefusal?: boolean;
  /** Request headers for the function (e.g. the caller's `user-agent` for a consent record). */
  headers?: Record<string, string>;
}

/**
 * spec §7: a synchronous execution with a JSON body, answered with the function's JSON. Network
 * and server failures throw an AppError (errors.ts); spec §8 "Function errors" throw FunctionError;
 * a refusal throws FunctionRefusedError unless `acceptRefusal`.
 */
export async function executeFunction<T extends FunctionAnswer>(
  name: FunctionName,
  body: Record<string, unknown> = {},
  options: ExecuteOptions = {},
): Promise<T> {
  const execution = await attempt(() =>
    appwrite().functions.createExecution({
      functionId: getConfig().functions[name],
      body: JSON.stringify(body),
      async: false,
      ...(options.headers ? { headers: options.headers } : {}),
    }),
  );
  if (execution.status === 'failed') throw new FunctionError(execution.errors || FUNCTION_FAILED_TEXT);
  if (!execution.responseBody) throw new FunctionError(FUNCTION_EMPTY_TEXT);
  let answer: unknown;
  try {
    answer = JSON.parse(execution.responseBody);
  } catch {
    throw new FunctionError('Function returned an invalid response');
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw new FunctionError('Function returned an invalid response');
  const result = answer as T;
  const refused = result.success === false || execution.responseStatusCode >= 400;
  if (refused && !options.acceptRefusal) {
    const reason = typeof result.error === 'string' && result.error ? result.error : null;
    throw new FunctionRefusedError(reason, execution.responseStatusCode, result);
  }
  return result;
}

/**
 * issue 17: starts an asynchronous execution (work longer than a synchronous call may wait, e.g. an
 * export); resolves to the execution's id, which the function reports its progress under.
 */
export async function startFunction(name: FunctionName, body: Record<string, unknown> = {}): Promise<string> {
  const execution = await attempt(() =>
    appwrite().functions.createExecution({ functionId: getConfig().functions[name], body: JSON.stringify(body), async: true }),
  );
  return execution.$id;
}

/** Whether an execution started by startFunction has ended without an answer (failed or timed out). */
export async function functionRunFailed(name: FunctionName, executionId: string): Promise<boolean> {
  const execution = await attempt(() => appwrite().functions.getExecution({ functionId: getConfig().functions[name], executionId }));
  return execution.status === 'failed';
}
