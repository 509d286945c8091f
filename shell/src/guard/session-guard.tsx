import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from '@cadence/shared-router';
import { classifySession, decideAccess, useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { RemoteRoute } from '../remotes/remote-route.tsx';
import { RemoteSlot } from '../remotes/remote-slot.tsx';
import { remotePages } from '../remotes/remote-pages.ts';
import { useWait } from '../remotes/wait-indicator.tsx';
import { isClientUser } from './client-user.ts';
import { accessOutcome, guardDecision, type AccessOutcome } from './guard-outcome.ts';

/** What the spinner says while the guard waits (spec §2: a spinner while it validates). */
export const CHECKING_SESSION = 'Checking your session…';

type ShownAccess = Exclude<AccessOutcome, { kind: 'redirect' }>;

// Access outcomes decided in this page's life, by everything spec §4 decides on but the clock (a
// canceled subscription's period end is looked up again on every visit, below).
const decidedAccess = new Map<string, ShownAccess>();
const accessKey = (user: AuthUser): string => JSON.stringify([user.$id, user.emailVerification, user.labels]);

const sameAccess = (a: ShownAccess | null, b: ShownAccess): boolean =>
  a !== null && a.kind === b.kind && (a.kind === 'paywall' || (b.kind === 'render' && a.banner === b.banner));

/** A signed-in user this page already holds (a guard or the start-up check read the session) whose profile passes spec §2. */
function trustedUser(): AuthUser | null {
  const { status, user } = useAuthStore.getState();
  return status === 'signedIn' && user && !isClientUser(user) && guardDecision(classifySession(user)).kind === 'render' ? user : null;
}

/**
 * Renders a guarded route's page only after the session and profile check passes (spec §2), and
 * then only when the access decision allows it: otherwise the paywall renders in its place (spec
 * §4); a let-through user with a canceled or expired subscription gets mf-billing's banner above the
 * page. The decision is taken again whenever the store's user changes (the 15 s watcher, the
 * paywall's polling after checkout), so a subscription that becomes active opens the page.
 *
 * Issue 20 "No flash between pages": a session this page already holds, and the access decided for
 * it before, are trusted at once, so moving between guarded pages shows the page, never a spinner;
 * the session is validated again behind it, and if that finds it gone (or the profile no longer
 * valid) it leads away exactly as a first check does. Only a first check waits, and its spinner
 * appears only if it takes long (WaitIndicator).
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const validateSession = useAuthStore((state) => state.validateSession);
  const user = useAuthStore((state) => state.user);
  const [validated, setValidated] = useState(() => trustedUser() !== null);
  const [access, setAccess] = useState<ShownAccess | null>(() => {
    const trusted = trustedUser();
    return trusted ? (decidedAccess.get(accessKey(trusted)) ?? null) : null;
  });
  useWait(CHECKING_SESSION, !validated || !access);

  useEffect(() => {
    let current = true;
    validateSession()
      // Issue 31: a portal client has no place on the therapist's pages (nor a profile to complete).
      .then((result) => (isClientUser(useAuthStore.getState().user) ? { kind: 'redirect' as const, to: '/portal' } : guardDecision(result)), (error: unknown) => {
        console.warn('Session validation failed', error);
        return guardDecision(null);
      })
      .then((decision) => {
        if (!current) return;
        // A transition: a page that still has to load keeps what is shown until it is ready.
        if (decision.kind === 'render') startTransition(() => setValidated(true));
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
      if (outcome.kind === 'redirect') {
        navigate(outcome.to, { replace: true });
        return;
      }
      decidedAccess.set(accessKey(user), outcome);
      startTransition(() => setAccess((shown) => (sameAccess(shown, outcome) ? shown : outcome)));
    });
    return () => {
      current = false;
    };
  }, [validated, user, navigate]);

  if (!validated || !access) return null;
  if (access.kind === 'paywall') return <RemoteRoute page={remotePages.paywall} />;
  return (
    <>
      {access.banner && <RemoteSlot part={remotePages.accessBanner} />}
      {children}
    </>
  );
}
