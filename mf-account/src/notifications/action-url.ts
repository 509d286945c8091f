/**
 * The href of a notification's action button, or null for no button. Notifications are written by
 * the browser (spec §7), so a stored actionUrl is never trusted as a destination (issue 11): only a
 * path of this app is followed — same origin once parsed against the page (so `//evil.example`,
 * `/\evil.example`, `https://…` elsewhere and `javascript:` give no button) — and the button links
 * to the path alone, never to an origin.
 */
export function actionHref(actionUrl: string | null | undefined, origin: string): string | null {
  if (!actionUrl) return null;
  let url: URL;
  try {
    url = new URL(actionUrl, origin);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== new URL(origin).origin) return null;
  // A path starting with two slashes would itself be read as another origin.
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
