// Spec §2 route table: every path the app answers, who owns its screen, and whether it is guarded.
// Pure data, shared by the router (src/app.tsx) and the app server (server/), which answers 404
// for any path not listed here.
import type { RemotePageName } from './remotes/remote-pages.ts';

export interface AppRoute {
  path: string;
  /** The remote page that renders it; "landing" is the shell's own first paint. */
  screen: RemotePageName | 'landing';
  guarded: boolean;
  /** The remote owns every path below this one too (its own nested routes), e.g. /dashboard/clients/42. */
  nested?: boolean;
  /**
   * Issue 31: the client portal's own guard instead of the therapist's (`guarded`): a therapist
   * is sent to /dashboard; signed-out visitors and clients reach the portal, which guards itself.
   */
  portal?: boolean;
}

export const ACCOUNT_CLEANUP_PATH = '/account-cleanup';
export const PORTAL_PATH = '/portal';
/** Issue 32: a practice's public booking page for new clients, /book/<slug> (mf-portal's, no sign-in). */
export const PUBLIC_BOOKING_PATH = '/book';
/** The portal's one page for signed-out clients. */
export const PORTAL_SIGN_IN_PATH = '/portal/sign-in';

export const routeTable: readonly AppRoute[] = [
  { path: '/', screen: 'landing', guarded: false },
  { path: '/signup', screen: 'signup', guarded: false },
  { path: '/login', screen: 'login', guarded: false },
  { path: '/dashboard', screen: 'dashboard', guarded: true, nested: true },
  { path: '/account', screen: 'account', guarded: true },
  { path: '/success', screen: 'subscriptionCheck', guarded: false },
  { path: '/cancel', screen: 'paymentCancelled', guarded: false },
  { path: '/payment-cancelled', screen: 'paymentCancelled', guarded: false },
  { path: '/payment-success', screen: 'paymentSuccess', guarded: false },
  { path: '/changelog', screen: 'changelog', guarded: false },
  { path: '/terms', screen: 'terms', guarded: false },
  { path: '/privacy', screen: 'privacy', guarded: false },
  { path: '/faq', screen: 'faq', guarded: false },
  { path: '/contact', screen: 'contact', guarded: false },
  { path: '/verify-email', screen: 'verifyEmail', guarded: false },
  { path: '/reset-password', screen: 'resetPassword', guarded: false },
  { path: ACCOUNT_CLEANUP_PATH, screen: 'accountCleanup', guarded: false },
  { path: PORTAL_PATH, screen: 'portal', guarded: false, nested: true, portal: true },
  // Public: no guard at all, so anyone — signed out, a client, the therapist checking their own page — sees it.
  { path: PUBLIC_BOOKING_PATH, screen: 'publicBooking', guarded: false, nested: true },
];

const normalized = (pathname: string): string => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
const covers = (route: AppRoute, path: string): boolean => route.path === path || (route.nested === true && path.startsWith(`${route.path}/`));

export function isAppRoute(pathname: string): boolean {
  const path = normalized(pathname);
  return routeTable.some((route) => covers(route, path));
}

/** A signed-in app page (issue 17: where the automatic sign-out runs): a guarded route or a path below a nested one. */
export function isGuardedPath(pathname: string): boolean {
  const path = normalized(pathname);
  return routeTable.some((route) => route.guarded && covers(route, path));
}

/** Issue 31: a path of the client portal (its nav, footer and guard are mf-portal's). */
export function isPortalPath(pathname: string): boolean {
  const path = normalized(pathname);
  return path === PORTAL_PATH || path.startsWith(`${PORTAL_PATH}/`);
}

/** A page that brings its own header and footer instead of the shell's: the portal's and the public booking page. */
export function ownsItsChrome(pathname: string): boolean {
  const path = normalized(pathname);
  return isPortalPath(path) || path === PUBLIC_BOOKING_PATH || path.startsWith(`${PUBLIC_BOOKING_PATH}/`);
}

/** A signed-in portal page (where the portal's automatic sign-out runs): any but the sign-in page. */
export function isPortalSignedInPath(pathname: string): boolean {
  const path = normalized(pathname);
  return isPortalPath(path) && path !== PORTAL_SIGN_IN_PATH && !path.startsWith(`${PORTAL_SIGN_IN_PATH}/`);
}

/** The remote page that renders this path (so it needs the federation runtime), or null: the landing page, a 404. */
export function remoteScreenOf(pathname: string): RemotePageName | null {
  const path = normalized(pathname);
  const screen = routeTable.find((route) => covers(route, path))?.screen;
  return screen === undefined || screen === 'landing' ? null : screen;
}

/** Spec §2: "#account?view=billing" and "#dashboard" are fallbacks for the real routes. */
export function hashFallbackTarget(hash: string): string | null {
  if (hash === '#account?view=billing') return '/account?view=billing';
  if (hash === '#dashboard') return '/dashboard';
  return null;
}
