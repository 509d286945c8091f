import { Suspense, lazy, useState } from 'react';
import { Spinner } from '../layout/spinner.tsx';
import { RemoteBoundary } from './remote-boundary.tsx';
import type { RemotePage } from './remote-pages.ts';

/**
 * A remote page inside Suspense and an error boundary keyed by its remote. Keyed by the page, so a
 * route change mounts a fresh loader; Retry builds a fresh lazy component, so the remote is fetched
 * again without reloading the page.
 */
export function RemoteRoute({ page }: { page: RemotePage }) {
  return <RemotePageLoader key={page.id} page={page} />;
}

function RemotePageLoader({ page }: { page: RemotePage }) {
  // One lazy component per mount and per Retry: React keeps a failed lazy's error, so a retry needs a new one.
  const [Page, setPage] = useState(() => lazy(page.load));
  return (
    <RemoteBoundary key={page.remote} remote={page.remote} onRetry={() => setPage(() => lazy(page.load))}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
