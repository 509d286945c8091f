/** Spec constants owned by mf-account (STYLE.md "Config once"). */

/** spec §9: the invoice list shows 3 rows by default. */
export const INVOICE_LIST_DEFAULT = 3;

/** spec §5: the delete-account confirm phrase (case-insensitive). */
export const DELETE_CONFIRM_PHRASE = 'delete my account';

/** spec §9: post-delete thank-you alert after 500 ms; cleanup Return Home after 2 s. */
export const DELETE_THANK_YOU_DELAY_MS = 500;
export const CLEANUP_RETURN_HOME_MS = 2_000;

/** spec §9: notification times switch to a date after 7 days. */
export const RELATIVE_TIME_MAX_DAYS = 7;

export const DAY_MS = 86_400_000;

/** trial_ending shows in the trial's last 3 days, as Stripe's customer.subscription.trial_will_end. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
