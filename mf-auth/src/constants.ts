// Spec constants owned by mf-auth (spec §9, §3).

/** spec §9: the email code has 6 digits. */
export const CODE_LENGTH = 6;
/** spec §4/§9: 60 s between code sends. */
export const RESEND_COOLDOWN_S = 60;
/** spec §2/§9: the last typed password character stays visible for 1.5 s. */
export const PASSWORD_REVEAL_MS = 1500;
/**
 * Beyond spec §4's PROFILE_COMPLETE_MIN_MS, before the password is set: the rule is "more than"
 * 5 s, and the server's clock ticks on while the request travels.
 */
export const PROFILE_WAIT_MARGIN_MS = 250;
/** spec §9: verify-email and reset-password redirect after 3 s. */
export const REDIRECT_DELAY_MS = 3000;
/** Appwrite's email OTP lives 15 minutes (PROTOCOL §2.2, TOKEN_EXPIRATION_OTP). */
export const OTP_LIFETIME_MS = 15 * 60 * 1000;
/** sessionStorage key of the sign-up progress (spec §2: a reload keeps the step). */
export const SIGNUP_STATE_KEY = 'cadence.signup';
