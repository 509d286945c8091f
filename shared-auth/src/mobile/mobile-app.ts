// The companion mobile app (spec §1, §2): which devices are phones and tablets, and the deep link
// that opens the app's signup-complete screen. Used by the dashboard's promo banner and the
// billing pages' mobile redirects.

/** spec §2: the promo banner and mobile redirects apply to devices whose user agent names one of these. */
export const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;

/** spec §2: the app's signup-complete screen, `${mobileAppScheme}://signup-complete`. */
export const DEEP_LINK_SCREEN = 'signup-complete';

export function isMobileDevice(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** spec §2: `final_redirect_uri` when it uses the app's scheme, else `${scheme}://signup-complete`. */
export function appDeepLink(scheme: string, finalRedirectUri: string | null = null): string {
  if (finalRedirectUri && finalRedirectUri.toLowerCase().startsWith(`${scheme.toLowerCase()}://`)) return finalRedirectUri;
  return `${scheme}://${DEEP_LINK_SCREEN}`;
}
