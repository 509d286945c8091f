// The app's own origin, for links a function puts in a record or a mail (the consents' /terms and
// /privacy, the portal's sign-in links): configuration, never the request, so a caller can't choose
// where a link points or where a sign-in secret is sent.

/**
 * APP_ORIGIN, else the first of ALLOWED_RETURN_ORIGINS; null when neither is an http(s) URL.
 * @param {Record<string, string | undefined>} env
 * @returns {string | null}
 */
export function appOriginFrom(env) {
  const candidate = env.APP_ORIGIN?.trim() || (env.ALLOWED_RETURN_ORIGINS ?? '').split(',').map((o) => o.trim()).find(Boolean);
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
