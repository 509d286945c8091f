import { Badge } from '@cadence/shared-ui';
import { useUnreadMessages } from './use-inbox.ts';

/** The dashboard nav's count of unread messages (nothing when there are none). */
export function UnreadMessagesBadge() {
  const total = useUnreadMessages();
  if (total === 0) return null;
  return (
    <Badge tone="info" className="dash-nav-badge">
      {total > 99 ? '99+' : total}
      <span className="ui-visually-hidden"> unread messages</span>
    </Badge>
  );
}
