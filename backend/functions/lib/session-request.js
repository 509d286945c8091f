// What checkout and billing-portal need to start a hosted Stripe session for the caller.

/**
 * The origins of ALLOWED_RETURN_ORIGINS (comma-separated), each normalised by the URL parser;
 * entries that are not http(s) URLs are dropped.
 * @param {string | undefined} allowedOrigins
 * @returns {string[]}
 */
export function returnOrigins(allowedOrigins) {
  /** @type {string[]} */
  const origins = [];
  for (const entry of (allowedOrigins ?? '').split(',')) {
    try {
      const url = new URL(entry.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.push(url.origin);
    } catch {
      // not a URL: no origin to allow
    }
  }
  return origins;
}

/**
 * Where Stripe may send the user back to: an http(s) URL whose parsed origin (scheme, host, port)
 * is exactly one of ALLOWED_RETURN_ORIGINS. Fails closed: with the variable unset or empty, no URL
 * is acceptable, so the function is never an open redirector. Compared as parsed origins, never as
 * string prefixes (`http://localhost:3000@evil.example/` is evil.example's origin).
 * @param {unknown} value
 * @param {string | undefined} allowedOrigins
 * @returns {string | null} the URL when acceptable
 */
export function acceptableReturnUrl(value, allowedOrigins) {
  if (typeof value !== 'string' || value.length > 2048) return null;
  /** @type {URL} */
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return returnOrigins(allowedOrigins).includes(url.origin) ? value : null;
}
