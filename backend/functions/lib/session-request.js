// What checkout and billing-portal need to start a hosted Stripe session for the caller.

/**
 * The JSON body of an execution; anything else reads as an empty object.
 * @param {string} bodyText
 * @returns {Record<string, unknown>}
 */
export function readBody(bodyText) {
  try {
    const body = /** @type {unknown} */ (JSON.parse(bodyText || '{}'));
    return body && typeof body === 'object' ? /** @type {Record<string, unknown>} */ (body) : {};
  } catch {
    return {};
  }
}

/**
 * Where Stripe may send the user back to. Only http(s); when ALLOWED_RETURN_ORIGINS is set
 * (comma-separated origins, production), only those, so the function is no open redirector.
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
  const allowed = (allowedOrigins ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  if (allowed.length > 0 && !allowed.includes(url.origin)) return null;
  return value;
}

