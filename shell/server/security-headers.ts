import type { ServerConfig } from './config.ts';

function originOf(url: string): string | null {
  try {
    return /^https?:/.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

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
  };
}
