import { useEffect, useId, useState } from 'react';
import { useAuthStore } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { CLEANUP_RETURN_HOME_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { DeleteAccountForm } from '../settings/delete-account.tsx';

/**
 * spec §2 account-cleanup page. A visit deletes nothing (issue 11: any link or redirect could
 * land here): it asks Settings → Delete Account's confirmation first, phrase and password.
 */
export default function AccountCleanupPage() {
  const status = useAuthStore((s) => s.status);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [showHome, setShowHome] = useState(false);
  const id = useId();

  useEffect(() => {
    if (status === 'unknown') void useAuthStore.getState().refreshUser();
  }, [status]);

  useEffect(() => {
    if (!deleted) return;
    // spec §9: Return Home shows after 2 s.
    const timer = setTimeout(() => setShowHome(true), CLEANUP_RETURN_HOME_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  if (deleted) {
    return (
      <div className="page" aria-live="polite">
        <h1>Account Deleted</h1>
        <p>All of your data has been removed.</p>
        {showHome && <Link className="button button-primary" to="/">Return Home</Link>}
      </div>
    );
  }
  if (status === 'signedOut') {
    return (
      <div className="page">
        <h1>Error Deleting Account</h1>
        <p>We could not delete all of your data.</p>
        <Link className="button button-primary" to="/login">Try Again</Link>
      </div>
    );
  }
  if (status === 'unknown') {
    return (
      <div className="page" role="status">
        <h1>Delete Account</h1>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>Delete Account</h1>
      {failure && <p role="alert" className="account-error">{MESSAGES.deleteFailed(failure)}</p>}
      <DeleteAccountForm
        id={id}
        onDeleted={() => setDeleted(true)}
        onFailed={(reason) => setFailure(reason)}
      />
    </div>
  );
}
