import {
  addNotification, deleteNotification, loadNotifications, updateNotification, type NotificationDocument,
} from '@cadence/shared-auth';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../messages.ts';
import { NOTIFICATION_ICONS, notificationsFromLabels } from './generate-notifications.ts';
import { relativeTime } from './relative-time.ts';

type Filter = 'all' | 'unread' | 'high';
const FILTERS: Array<{ id: Filter; label: string }> = [
  { id: 'all', label: 'All' }, { id: 'unread', label: 'Unread' }, { id: 'high', label: 'Urgent' },
];

async function initNotifications(userId: string, labels: readonly string[]): Promise<NotificationDocument[]> {
  for (const input of notificationsFromLabels(labels, window.location.origin, new Date())) {
    // Regenerating must not mark a read notification unread again.
    const { read: _read, timestamp: _timestamp, ...rest } = input;
    try {
      await addNotification(userId, rest);
    } catch (error) {
      console.error('Adding a notification failed', error);
    }
  }
  return loadNotifications(userId);
}

export function NotificationsSection({ userId, labels }: { userId: string; labels: readonly string[] }) {
  const [items, setItems] = useState<NotificationDocument[] | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const labelKey = labels.join(',');

  useEffect(() => {
    let active = true;
    initNotifications(userId, labelKey.split(',').filter(Boolean)).then(
      (list) => active && setItems(list),
      (error: unknown) => {
        // spec §8: notification init errors are only logged.
        console.error('Notification init failed', error);
        if (active) setItems([]);
      },
    );
    return () => {
      active = false;
    };
  }, [userId, labelKey]);

  function patch(id: string, read: boolean) {
    setItems((list) => list?.map((n) => (n.notificationId === id ? { ...n, read } : n)) ?? null);
    updateNotification(userId, id, { read }).catch((e: unknown) => console.error('Updating a notification failed', e));
  }
  function remove(id: string) {
    setItems((list) => list?.filter((n) => n.notificationId !== id) ?? null);
    deleteNotification(userId, id).catch((e: unknown) => console.error('Deleting a notification failed', e));
  }

  if (items === null) return <p role="status">Loading notifications...</p>;
  const shown = items.filter((n) => filter === 'all' || (filter === 'unread' ? !n.read : n.priority === 'high'));
  return (
    <div>
      <div role="group" aria-label="Filter notifications" className="account-actions">
        {FILTERS.map((f) => (
          <button key={f.id} type="button" className="button" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>{f.label}</button>
        ))}
      </div>
      {shown.length === 0 ? <p>{MESSAGES.noNotifications}</p> : (
        <ul className="account-list" aria-label="Notifications">
          {shown.map((n) => (
            <li key={n.$id} className={n.read ? 'account-card' : 'account-card account-card--unread'}>
              <button
                type="button"
                className="account-notification-toggle"
                aria-expanded={expanded === n.notificationId}
                onClick={() => {
                  setExpanded(expanded === n.notificationId ? null : n.notificationId);
                  if (!n.read) patch(n.notificationId, true);
                }}
              >
                <span aria-hidden="true">{NOTIFICATION_ICONS[n.type] ?? '🔔'}</span> {n.title}
                {!n.read && <span className="account-badge"> Unread</span>}
              </button>
              <p>{n.message}</p>
              {expanded === n.notificationId && (
                <div className="account-actions">
                  {n.actionUrl && n.actionText && <a className="button button-primary" href={n.actionUrl}>{n.actionText}</a>}
                  <span>{relativeTime(n.timestamp ?? n.$createdAt, new Date())}</span>
                  <button type="button" className="button" onClick={() => patch(n.notificationId, false)}>Mark Unread</button>
                  <button type="button" className="button" onClick={() => remove(n.notificationId)}>Delete</button>
                  <button type="button" className="button" onClick={() => void navigator.clipboard?.writeText(`${n.title}\n${n.message}`)}>Copy Details</button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
