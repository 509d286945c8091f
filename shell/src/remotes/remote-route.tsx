import { useState } from 'react';
import { RemoteBoundary } from './remote-boundary.tsx';
import { LoadedPage, loadPage, useForgetFailedLoad } from './loaded-pages.tsx';
import type { RemotePage } from './remote-pages.ts';

/**
 * A remote page inside an error boundary keyed by its remote. It has no Suspense of its own: while
 * its remote loads it suspends to the shell's one boundary around the routes (app.tsx), so on a
 * navigation (a transition) the page before stays until this one is ready, and a page loaded before
 * renders at once (loaded-pages.ts). Retry loads it afresh without reloading the page.
 */
export function RemoteRoute({ page }: { page: RemotePage }) {
  return <RemotePageLoader key={page.id} page={page} />;
}

function RemotePageLoader({ page }: { page: RemotePage }) {
  const [load, setLoad] = useState(() => loadPage(page));
  useForgetFailedLoad(page, load);
  return (
    <RemoteBoundary key={page.remote} remote={page.remote} onRetry={() => setLoad(loadPage(page, { fresh: true }))}>
      <LoadedPage load={load} />
    </RemoteBoundary>
  );
}
