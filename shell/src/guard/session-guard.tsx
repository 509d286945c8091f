import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { decideAccess, useAuthStore } from '@cadence/shared-auth';
import { Spinner } from '../layout/spinner.tsx';
import { RemoteRoute } from '../remotes/remote-route.tsx';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { remotePages } from '../remotes/remote-pages.ts';
import { accessOutcome, guardDecision, type AccessOutcome } from './guard-outcome.ts';

/**
 * Renders a guarded route's page only after the session and profile check passes (spec §2), and
 * then only when the access decision allows it: otherwise the paywall renders in its place (spec
 * §4); a let-through user with a canceled or expired subscription gets mf-billing's banner above the
 * page. The decision is taken again whenever the store's user changes (the 15 s watcher, the
 * paywall's polling after checkout), so a subscription that becomes active opens the page.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const validateSession = useAuthStore((state) => state.validateSession);
  const user = useAuthStore((state) => state.user);
  const [validated, setValidated] = useState(false);
  const [access, setAccess] = useState<Exclude<AccessOutcome, { kind: 'redirect' }> | null>(null);

  useEffect(() => {
    let current = true;
    validateSession()
      .then(guardDecision, (error: unknown) => {
        console.warn('Session validation failed', error);
        return guardDecision(null);
      })
      .then((decision) => {
        if (!current) return;
        if (decision.kind === 'render') setValidated(true);
        else navigate(decision.to, { replace: true, state: decision.state });
      });
    return () => {
      current = false;
    };
  }, [navigate, validateSession]);

  useEffect(() => {
    // Signed out under a guarded page: whoever signed out (Log Out, Sign Out) leads the way, so
    // the page stays as it is rather than racing them to /login.
    if (!validated || !user) return;
    let current = true;
    void decideAccess(user).then((decision) => {
      if (!current) return;
      const outcome = accessOutcome(decision, user.labels);
      if (outcome.kind === 'redirect') navigate(outcome.to, { replace: true });
      else setAccess(outcome);
    });
    return () => {
      current = false;
    };
  }, [validated, user, navigate]);

  if (!validated || !access) return <Spinner label="Checking your session…" />;
  if (access.kind === 'paywall') return <RemoteRoute page={remotePages.paywall} />;
  return (
    <>
      {access.banner && <RemoteSlot part={remotePages.accessBanner} />}
      {children}
    </>
  );
}
