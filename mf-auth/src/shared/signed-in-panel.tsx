import { useState } from 'react';
import { useAuthStore, type AuthUser } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { Alert, Button, buttonClassName } from '@cadence/shared-ui';
import { MESSAGES } from '../messages.ts';

/**
 * The signed-in user a page met on arrival, when `applies` to them (issue 20: signed in, /login and
 * /signup say so instead of showing forms whose submit would end the session). Decided once, when
 * the store first knows: a sign-in made on the page itself (sign-up step 2, a login) changes nothing.
 */
export function useSignedInOnArrival(
  applies: (user: AuthUser) => boolean = () => true,
): [AuthUser | null, (user: AuthUser | null) => void] {
  const status = useAuthStore((state) => state.status);
  const user = useAuthStore((state) => state.user);
  const [arrival, setArrival] = useState<AuthUser | null | undefined>(undefined);
  if (arrival === undefined && status !== 'unknown') setArrival(status === 'signedIn' && user && applies(user) ? user : null);
  return [arrival ?? null, setArrival];
}

/** "You're signed in as … — Go to Dashboard · Log Out"; Log Out gives the page back its form. */
export function SignedInPanel({ user, onSignedOut }: { user: AuthUser; onSignedOut: () => void }) {
  const signOut = useAuthStore((state) => state.signOut);
  const [busy, setBusy] = useState(false);
  const handleLogOut = async () => {
    setBusy(true);
    // The store counts as signed out whatever the server answered (its signOut's finally).
    await signOut().catch((e: unknown) => console.error('Sign out failed', e));
    setBusy(false);
    onSignedOut();
  };
  return (
    <>
      <Alert tone="info">{MESSAGES.signedInAs(user.email)}</Alert>
      <div className="auth-actions">
        <Link className={buttonClassName('primary')} to="/dashboard">
          Go to Dashboard
        </Link>
        <Button icon="sign-out" onClick={() => void handleLogOut()} loading={busy}>
          Log Out
        </Button>
      </div>
    </>
  );
}
