import { DEEP_LINK_SCREEN, MOBILE_USER_AGENT } from '../constants.ts';

export function isMobileDevice(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}

/** spec §2: final_redirect_uri when it uses the app's scheme, else `${scheme}://signup-complete`. */
export function appDeepLink(scheme: string, finalRedirectUri: string | null): string {
  if (finalRedirectUri && finalRedirectUri.toLowerCase().startsWith(`${scheme.toLowerCase()}://`)) return finalRedirectUri;
  return `${scheme}://${DEEP_LINK_SCREEN}`;
}
