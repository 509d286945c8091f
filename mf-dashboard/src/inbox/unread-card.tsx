import { Link } from '@cadence/shared-router';
import { useUnreadMessages } from './use-inbox.ts';

/** Today's "Unread messages" (issue 32): how many wait in the Inbox; gone when none do. */
export function UnreadMessagesCard() {
  const total = useUnreadMessages();
  if (total === 0) return null;
  return (
    <section aria-labelledby="today-messages">
      <h3 id="today-messages" className="today__subtitle">Unread messages ({total})</h3>
      <p className="today__hint">
        <Link to="/dashboard/inbox">Open the Inbox</Link>
      </p>
    </section>
  );
}
