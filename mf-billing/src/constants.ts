/** spec §9 timers of the billing screens (one module per owner, STYLE.md "Config once"). */

/** Paywall: poll every 3 s while the checkoutCompleted label is present… */
export const PAYWALL_POLL_MS = 3_000;
/** …up to 20 times. */
export const PAYWALL_POLL_MAX = 20;
/** /payment-success waits 3 s before the first check. */
export const PAYMENT_SUCCESS_WAIT_MS = 3_000;
/** /payment-success retries once after 10 s. */
export const PAYMENT_SUCCESS_RETRY_MS = 10_000;
/** Desktop countdown before /account, in seconds. */
export const PAYMENT_SUCCESS_COUNTDOWN_S = 5;
/** Mobile: fall back to /account when the app has not taken over after 6 s. */
export const MOBILE_FALLBACK_MS = 6_000;

export const ACCOUNT_PATH = '/account';
