import { FunctionRefusedError } from '@cadence/shared-auth';
import { MESSAGES } from '../messages.ts';

/** What a failed checkout or billing-portal call shows: the spec §8 text, and the function's own reason. */
export interface FailureText {
  message: string;
  /** spec §8 "Function errors": the function's own error text (e.g. 409 "You already have a subscription…"). */
  detail: string | null;
}

const TEXTS = {
  // The function answered and refused: trying again would not help, its reason says what would.
  checkout: { answered: MESSAGES.checkoutFailed, unreachable: MESSAGES.paymentInitFailed },
  portal: { answered: MESSAGES.portalFailed, unreachable: MESSAGES.portalFailedRetry },
} as const;

/**
 * spec §8 checkout and billing-portal failures. A refusal the function answered gives the plain
 * text plus the function's own reason; a call that never got an answer (network, failed execution,
 * empty response — those details are logged, not shown) gives the "Please try again" variant.
 */
export function failureText(action: keyof typeof TEXTS, error: unknown): FailureText {
  const texts = TEXTS[action];
  if (error instanceof FunctionRefusedError) return { message: texts.answered, detail: error.reason };
  return { message: texts.unreachable, detail: null };
}
