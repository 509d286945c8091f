import { Suspense, lazy, useState } from 'react';
import { RemoteBoundary } from './remote-boundary.tsx';
import type { RemotePage } from './remote-pages.ts';

const noRetry = () => {};

/**
 * A remote part inside a shell-rendered page rather than a route of its own (the billing banner).
 * While it loads, and if its remote is down, it takes no space: the page around it renders as usual
 * and the failure is only logged by the boundary. The next visit of the route tries again.
 */
export function RemoteSlot({ part }: { part: RemotePage }) {
  return <RemotePartLoader key={part.id} part={part} />;
}

function RemotePartLoader({ part }: { part: RemotePage }) {
  // One lazy component per mount: a failed load stays failed until the slot mounts again.
  const [Part] = useState(() => lazy(part.load));
  return (
    <RemoteBoundary key={part.remote} remote={part.remote} onRetry={noRetry} fallback={null}>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </RemoteBoundary>
  );
}
