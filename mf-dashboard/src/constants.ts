// Spec constants owned by mf-dashboard (spec §2 Dashboard, §9).

/** spec §2: where the promo banner goes when the app does not open. */
export const DEEP_LINK_FALLBACK_PATH = '/account';

/** spec §2: promo banner dismissal is remembered in local storage. */
export const PROMO_BANNER_DISMISSED_KEY = 'cadence.promoBannerDismissed';

export const PROMO_BANNER_TEXT = {
  title: 'Get the Cadence App',
  body: 'Track your practice on the go with the Cadence mobile app.',
  open: 'Open App',
  dismiss: 'Dismiss',
} as const;
