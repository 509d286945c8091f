import { useEffect, useId, useState } from 'react';
import { useAuthStore } from '@cadence/shared-auth';
import { Link } from '@cadence/shared-router';
import { Alert, buttonClassName, Card, PageHeader, Skeleton } from '@cadence/shared-ui';
import { CLEANUP_RETURN_HOME_MS } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import type { AccountDeletion } from '../account/account-api.ts';
import { DeleteAccountForm } from '../settings/delete-account.tsx';
import '../account/account.css';

/**
 * spec §2 account-cleanup page. A visit deletes nothing (issue 11: any link or redirect could
 * land here): it asks Settings → Delete Account's confirmation first, phrase and password.
 */
export default function AccountCleanupPage() {
  const status = useAuthStore((s) => s.status);
  const [deleted, setDeleted] = useState<AccountDeletion | null>(null);
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
      <div className="page account-cleanup" aria-live="polite">
        {deleted.pending
          ? <PageHeader title="Account Closed" description={MESSAGES.deletePending(deleted.remaining)} />
          : <PageHeader title="Account Deleted" description="All of your data has been removed." />}
        {showHome && <div><Link className={buttonClassName('primary')} to="/">Return Home</Link></div>}
      </div>
    );
  }
  if (status === 'signedOut') {
    return (
      <div className="page account-cleanup">
        <PageHeader title="Error Deleting Account" />
        <Alert tone="error" action={<Link className={buttonClassName('primary')} to="/login">Try Again</Link>}>
          We could not delete all of your data.
        </Alert>
      </div>
    );
  }
  if (status === 'unknown') {
    return (
      <div className="page account-cleanup">
        <PageHeader title="Delete Account" />
        <Skeleton label="Checking your session..." lines={3} />
      </div>
    );
  }
  return (
    <div className="page account-cleanup">
      <PageHeader title="Delete Account" />
      {failure && <Alert tone="error">{MESSAGES.deleteFailed(failure)}</Alert>}
      <Card>
        <DeleteAccountForm
          id={id}
          onDeleted={setDeleted}
          onFailed={(reason) => setFailure(reason)}
        />
      </Card>
    </div>
  );
}
