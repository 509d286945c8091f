import { useAuthStore } from '@cadence/shared-auth';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CLEANUP_RETURN_HOME_MS } from '../constants.ts';
import { cleanUpAccount } from './account-cleanup.ts';

type State = 'deleting' | 'deleted' | 'error';

export default function AccountCleanupPage() {
  const [state, setState] = useState<State>('deleting');
  const [showHome, setShowHome] = useState(false);

  useEffect(() => {
    let active = true;
    cleanUpAccount().then(
      () => {
        useAuthStore.setState({ user: null, status: 'signedOut' });
        if (active) setState('deleted');
      },
      (error: unknown) => {
        console.error('Account cleanup failed', error);
        if (active) setState('error');
      },
    );
    return () => {
      active = false;
    };
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
