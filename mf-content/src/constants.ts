// Spec constants and user-facing strings owned by mf-content (spec §2, §5, §8, §9).

/** spec §7 Static file: same-origin GET, read as text. */
export const CHANGELOG_URL = '/CHANGELOG.md';

/** spec §9: the sticky bar appears once the first `##` heading is this close to the viewport top. */
export const STICKY_BAR_THRESHOLD_PX = 105;

/** spec §5: the only protocols a changelog link may keep (relative links are kept too). */
export const CHANGELOG_LINK_PROTOCOLS: readonly string[] = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'];

export const CHANGELOG_MESSAGES = {
  loading: 'Loading changelog...',
  /** spec §8 Changelog fetch failure */
  failed: 'Failed to load changelog. Please try again later.',
} as const;

/** spec §2 Legal and contact pages */
export const LEGAL_LAST_UPDATED = 'June 30, 2025';

// spec §1 and §9: plan
export const PRICE_USD_PER_MONTH = 10;
export const TRIAL_DAYS = 7;

// spec §9 Legal text
export const CHANGE_NOTICE_DAYS = 30;
export const NON_PAYMENT_TERMINATION_DAYS = 30;
export const DATA_DELETION_DAYS_AFTER_TERMINATION = 30;
export const BREACH_NOTICE_DAYS = 60;
export const AUDIT_LOG_RETENTION_YEARS = 6;
export const FINANCIAL_RECORD_RETENTION_YEARS = 7;
export const MINIMUM_USER_AGE = 13;
export const ENCRYPTION_AT_REST = 'AES-256';
export const MINIMUM_TLS_VERSION = 'TLS 1.2';
export const LIABILITY_CAP_MONTHS = 12;
