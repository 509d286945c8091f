import { Suspense, useState } from 'react';
import { RemoteBoundary } from './remote-boundary.tsx';
import { LoadedPage, loadPage, useForgetFailedLoad } from './loaded-pages.tsx';
import type { RemotePage } from './remote-pages.ts';

const noRetry = () => {};

/**
 * A remote part inside a shell-rendered page rather than a route of its own (the billing banner).
 * While it loads, and if its remote is down, it takes no space: the page around it renders as usual
 * and the failure is only logged by the boundary. Once loaded it renders at once on every later
 * visit; a failed load is tried again on the next visit of the route.
 */
export function RemoteSlot({ part }: { part: RemotePage }) {
  return <RemotePartLoader key={part.id} part={part} />;
}

function RemotePartLoader({ part }: { part: RemotePage }) {
  const [load] = useState(() => loadPage(part));
  useForgetFailedLoad(part, load);
  return (
    <RemoteBoundary key={part.remote} remote={part.remote} onRetry={noRetry} fallback={null}>
      <Suspense fallback={null}>
        <LoadedPage load={load} />
      </Suspense>
    </RemoteBoundary>
  );
}
