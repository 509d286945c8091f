import { Suspense, lazy, useMemo, useState } from 'react';
import { Spinner } from '../layout/spinner.tsx';
import { RemoteBoundary } from './remote-boundary.tsx';
import type { RemotePage } from './remote-pages.ts';

/**
 * A remote page inside Suspense and an error boundary keyed by its remote. Retry builds a fresh
 * lazy component, so the remote is fetched again without reloading the page.
 */
export function RemoteRoute({ page }: { page: RemotePage }) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(() => lazy(page.load), [page, attempt]);
  return (
    <RemoteBoundary key={page.remote} remote={page.remote} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Loading…" />}>
        <Page />
      </Suspense>
    </RemoteBoundary>
  );
}
