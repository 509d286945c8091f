/** Spec constants owned by shared-auth (STYLE.md "Config once": one module per owner). */

/** spec §4/§9: the auth-state watcher polls every 15 s. */
export const AUTH_STATE_POLL_MS = 15_000;

/** spec §4/§9: a profile is complete when the password was updated more than 5000 ms after registration. */
export const PROFILE_COMPLETE_MIN_MS = 5_000;

/** spec §7/§9: notifications are loaded newest first, up to 100. */
export const NOTIFICATIONS_LIMIT = 100;

/** spec §3/§9: the notification document id is capped at 36 characters (Appwrite's custom id limit). */
export const NOTIFICATION_ID_MAX = 36;

/** spec §9: maximum active sessions, shown as 'n/5 max'. */
export const MAX_SESSIONS = 5;

/** spec §5/§9: minimum password length (sign-up, reset and change alike). */
export const MIN_PASSWORD_LENGTH = 8;

/** spec §9: unique id = hex timestamp followed by 7 random hex characters. */
export const UNIQUE_ID_RANDOM_HEX = 7;

/**
 * Page size for billing reads (invoices, subscriptions, checkout sessions). Appwrite's default
 * page is 25; a therapist's billing history stays far below this for years (one invoice a month).
 */
export const BILLING_LIST_LIMIT = 100;

/** Page size when walking a whole collection slice (delete-all-user-data, clear notifications). */
export const PAGE_SIZE = 100;

/** Routes the account emails link back to (spec §7: verification → /verify-email, recovery → /reset-password). */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Subscription statuses that count as the active subscription (spec §3 status values). Stripe keeps
 * a subscription 'active' until period end even when it is set to cancel, and 'past_due' is still in
 * force while Stripe retries the payment.
 */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** spec §3 user labels. */
export const USER_LABELS = [
  'subscribed',
  'paymentCurrent',
  'trialActive',
  'paymentFailed',
  'subscriptionCanceled',
  'subscriptionPaused',
  'subscriptionExpired',
  'checkoutCompleted',
] as const;
export type UserLabel = (typeof USER_LABELS)[number];

/** spec §4/§9: a mobile deep link falls back when the app has not opened within 1.5 s… */
export const DEEP_LINK_FALLBACK_MS = 1_500;
/** …with a 0.5 s check after the user returns to the page. */
export const DEEP_LINK_RETURN_CHECK_MS = 500;

/** issue 17 automatic sign-out: the choices in Account → Settings, in minutes of inactivity. */
export const AUTO_SIGN_OUT_MINUTES = [5, 10, 15, 30, 60] as const;
/** issue 17: 15 minutes unless the therapist chooses otherwise. */
export const DEFAULT_AUTO_SIGN_OUT_MINUTES = 15;
/** issue 17: the warning comes 60 s before the sign-out. */
export const AUTO_SIGN_OUT_WARNING_MS = 60_000;
/**
 * issue 17: activity extends the server session (account.updateSession) at most this often, across
 * all tabs. Appwrite allows that route 10 calls an hour per IP; six leave room for page loads and a
 * second browser. The project's session length (appwrite.json `duration`, 4500 s) covers the
 * longest idle choice (60 min) plus this interval, so the server never ends a session the idle
 * timer would keep, and ends an idle one (a stolen cookie left alone) 75 minutes after its last use.
 */
export const SESSION_EXTEND_INTERVAL_MS = 10 * 60_000;
