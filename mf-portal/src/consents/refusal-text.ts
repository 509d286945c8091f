import { FunctionRefusedError } from '@cadence/shared-auth';

/** A function's own refusal text (its `error`), else the screen's fallback. */
export const refusalText = (error: unknown, fallback: string): string =>
  error instanceof FunctionRefusedError && error.reason ? error.reason : fallback;
