import type { ServerConfig } from './config.ts';

function originOf(url: string): string | null {
  try {
    return /^https?:/.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * Powerful features: the video room (issue 34) uses the camera, microphone and screen share on this
 * origin only; the rest no page uses. All of them are denied to every frame (Stripe.js included: it
 * is loaded for fraud signals only; payment is Stripe's hosted Checkout page, so the Payment Request
 * API is not needed here). Only names Chromium knows, so no console errors.
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'display-capture=(self)',
].join(', ');

/** Headers sent with every response: only this origin and the configured Appwrite/Stripe ones. */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  const appwriteOrigin = originOf(config.runtime.endpoint);
  const connect = ["'self'", ...(appwriteOrigin ? [appwriteOrigin] : []), ...config.connectOrigins];
  const scripts = ["'self'", ...config.scriptOrigins];
  const policy = [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // Style attributes (progress widths, countdowns) but no inline <style> elements.
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${config.scriptOrigins.length ? config.scriptOrigins.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': PERMISSIONS_POLICY,
    // Checkout and the billing portal are top-level redirects, never popups that talk back.
    'cross-origin-opener-policy': 'same-origin',
    // Sent only when the operator says the app is served over HTTPS (PUBLIC_ORIGIN): on plain http
    // it would be ignored, and a wrong one locks browsers out of the host for a year.
    ...(config.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
