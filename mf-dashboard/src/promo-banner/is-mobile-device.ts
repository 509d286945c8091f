import { MOBILE_USER_AGENT } from '../constants.ts';

/** spec §2: the promo banner appears only on mobile-detected devices. */
export function isMobileDevice(userAgent: string): boolean {
  return MOBILE_USER_AGENT.test(userAgent);
}
