import { Suspense } from 'react';
import { Route, Routes } from '@cadence/shared-router';
import { AutoSignOut } from './auto-sign-out/auto-sign-out.tsx';
import { PortalGuard } from './guard/portal-guard.tsx';
import { SessionGuard } from './guard/session-guard.tsx';
import { Footer } from './layout/footer.tsx';
import { HashFallback } from './layout/hash-fallback.tsx';
import { ScrollToTop } from './layout/scroll-to-top.tsx';
import { TopNav } from './layout/top-nav.tsx';
import { LandingPage } from './landing/landing-page.tsx';
import { NotFoundPage } from './not-found/not-found-page.tsx';
import { RemoteRoute } from './remotes/remote-route.tsx';
import { remotePages } from './remotes/remote-pages.ts';
import { WaitIndicator } from './remotes/wait-indicator.tsx';
import { routeTable } from './route-table.ts';
import { useAuthBootstrap } from './layout/use-auth-bootstrap.ts';

export function App() {
  useAuthBootstrap();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <HashFallback />
      <TopNav />
      <main id="main" className="app-main" tabIndex={-1}>
        <WaitIndicator />
        {/* The one boundary a loading page suspends to: empty on a cold load (WaitIndicator speaks if
            it takes long); on a navigation, a transition, the page before stays until the next is ready. */}
        <Suspense fallback={null}>
          <Routes>
            {routeTable.map(({ path, screen, guarded, nested, portal }) => {
              const page = screen === 'landing' ? <LandingPage /> : <RemoteRoute page={remotePages[screen]} />;
              // Keyed by path: moving between guarded routes validates again (not between a remote's own nested routes).
              const guardedPage = guarded ? <SessionGuard key={path}>{page}</SessionGuard> : page;
              return <Route key={path} path={nested ? `${path}/*` : path} element={portal ? <PortalGuard>{page}</PortalGuard> : guardedPage} />;
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      </main>
      <Footer />
      <AutoSignOut />
    </div>
  );
}
