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
// Mobile: spec §9 names both a 6 s "mobile fallback redirect" and the deep link's "fallback 1.5 s,
// with a 0.5 s check after return"; the deep link's rule wins (issue 20: a phone without the app
// waited 6 s on "Opening the Cadence app…"), so /payment-success uses shared-auth's openDeepLink.

export const ACCOUNT_PATH = '/account';
/** Where a signed-out visitor is sent to log in. */
export const LOGIN_PATH = '/login';
