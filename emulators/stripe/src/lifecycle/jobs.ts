/** Kinds of scheduled work. Each targets one object id; all run in due order on their clock. */
export const JOB = {
  trialWillEnd: 'trial_will_end',
  periodEnd: 'period_end',
  finalizeInvoice: 'finalize_invoice',
  retryInvoice: 'retry_invoice',
  expireSession: 'expire_session',
} as const;

export const DAY = 86_400;
/** Stripe finalizes and charges a renewal invoice about an hour after creating it. */
export const FINALIZE_DELAY = 3_600;
