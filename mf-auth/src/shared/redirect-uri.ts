// spec §2: /signup accepts redirect_uri for the mobile return, honoured only for the app's own
// custom scheme so the sign-up page can never be used to bounce a user to another site.
export function allowedRedirectUri(raw: string | null, mobileAppScheme: string): string | null {
  if (!raw || !mobileAppScheme) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return url.protocol === `${mobileAppScheme.toLowerCase()}:` ? url.toString() : null;
}
