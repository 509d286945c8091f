import { useEffect, useRef, useState } from 'react';
import { Link } from '@cadence/shared-router';
import { deleteAccount } from '../account/account-api.ts';
import { CLEANUP_RETURN_HOME_MS } from '../constants.ts';

type State = 'deleting' | 'deleted' | 'error';

export default function AccountCleanupPage() {
  const [state, setState] = useState<State>('deleting');
  const [showHome, setShowHome] = useState(false);

  const started = useRef(false);

  useEffect(() => {
    // Deleting is done once: StrictMode's second effect run must not start it again.
    if (started.current) return;
    started.current = true;
    // spec §2: all of the user's data goes through delete-user-selfservice, then sign-out.
    deleteAccount().then(
      () => setState('deleted'),
      (error: unknown) => {
        console.error('Account cleanup failed', error);
        setState('error');
      },
    );
  }, []);

  useEffect(() => {
    if (state !== 'deleted') return;
    // spec §9: Return Home shows after 2 s.
    const timer = setTimeout(() => setShowHome(true), CLEANUP_RETURN_HOME_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <div className="page" aria-live="polite">
      {state === 'deleting' && <h1>Deleting Account...</h1>}
      {state === 'deleted' && (
        <>
          <h1>Account Deleted</h1>
          <p>All of your data has been removed.</p>
          {showHome && <Link className="button button-primary" to="/">Return Home</Link>}
        </>
      )}
      {state === 'error' && (
        <>
          <h1>Error Deleting Account</h1>
          <p>We could not delete all of your data.</p>
          <Link className="button button-primary" to="/login">Try Again</Link>
        </>
      )}
    </div>
  );
}
