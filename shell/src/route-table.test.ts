import { describe, expect, it } from 'vitest';
import { hashFallbackTarget, isAppRoute, isGuardedPath, isPortalPath, isPortalSignedInPath, ownsItsChrome, routeTable } from './route-table.ts';

describe('route table (spec §2)', () => {
  it('lists every route of the spec exactly once', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/', '/signup', '/login', '/dashboard', '/account', '/success', '/cancel', '/payment-cancelled',
      '/payment-success', '/changelog', '/terms', '/privacy', '/faq', '/contact', '/verify-email', '/reset-password',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('guards only /dashboard and /account', () => {
    expect(routeTable.filter((route) => route.guarded).map((route) => route.path)).toEqual(['/dashboard', '/account']);
  });

  it('renders /cancel and /payment-cancelled with the same screen', () => {
    const screenOf = (path: string) => routeTable.find((route) => route.path === path)?.screen;
    expect(screenOf('/cancel')).toBe(screenOf('/payment-cancelled'));
  });

  it('knows app routes, with or without a trailing slash, and nothing else', () => {
    expect(isAppRoute('/changelog')).toBe(true);
    expect(isAppRoute('/changelog/')).toBe(true);
    expect(isAppRoute('/')).toBe(true);
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/account/extra')).toBe(false);
  });

  it('hands every path under /dashboard to the dashboard remote (deep links survive a reload), and only there', () => {
    expect(routeTable.filter((route) => route.nested && route.guarded).map((route) => route.path)).toEqual(['/dashboard']);
    for (const path of ['/dashboard/clients', '/dashboard/clients/6b0f3a/', '/dashboard/practice', '/dashboard/anything']) {
      expect(isAppRoute(path)).toBe(true);
    }
    expect(isAppRoute('/dashboards')).toBe(false);
    expect(isAppRoute('/dashboard-x/clients')).toBe(false);
  });

  it('issue 31: one prefix entry hands /portal/** to mf-portal under its own guard, not the therapist\'s', () => {
    expect(routeTable.filter((route) => route.portal)).toEqual([{ path: '/portal', screen: 'portal', guarded: false, nested: true, portal: true }]);
    for (const path of ['/portal', '/portal/', '/portal/sign-in', '/portal/forms/1']) {
      expect(isAppRoute(path)).toBe(true);
      expect(isPortalPath(path)).toBe(true);
      expect(isGuardedPath(path)).toBe(false);
    }
    expect(isPortalPath('/portals')).toBe(false);
    expect(isPortalPath('/dashboard')).toBe(false);
    // The portal's idle sign-out runs on its signed-in pages, not on its sign-in page.
    expect(isPortalSignedInPath('/portal')).toBe(true);
    expect(isPortalSignedInPath('/portal/forms/1')).toBe(true);
    expect(isPortalSignedInPath('/portal/sign-in')).toBe(false);
    expect(isPortalSignedInPath('/portal/sign-in/')).toBe(false);
  });

  it('issue 32: /book/<practice> is mf-portal\'s public booking page — no guard, no sign-out timer, its own header and footer', () => {
    expect(routeTable.filter((route) => route.screen === 'publicBooking')).toEqual([{ path: '/book', screen: 'publicBooking', guarded: false, nested: true }]);
    for (const path of ['/book/calm-waters', '/book/calm-waters/']) {
      expect(isAppRoute(path)).toBe(true);
      expect(isGuardedPath(path)).toBe(false);
      expect(isPortalSignedInPath(path)).toBe(false);
      expect(ownsItsChrome(path)).toBe(true);
    }
    expect(ownsItsChrome('/portal/book')).toBe(true);
    expect(ownsItsChrome('/books')).toBe(false);
    expect(ownsItsChrome('/dashboard')).toBe(false);
    expect(isAppRoute('/books')).toBe(false);
  });

  it('maps the hash fallbacks', () => {
    expect(hashFallbackTarget('#account?view=billing')).toBe('/account?view=billing');
    expect(hashFallbackTarget('#dashboard')).toBe('/dashboard');
    expect(hashFallbackTarget('#other')).toBeNull();
  });
});
