import {
  addNotification, dismissNotification, getInvoices, getLatestSubscription, loadNotifications, updateNotification, type NotificationDocument, type SubscriptionDocument,
} from '@cadence/shared-auth';
import { useQuery, useQueryClient } from '@cadence/shared-auth/query';
import { Badge, Button, buttonClassName, Card, EmptyState, Icon, Skeleton } from '@cadence/shared-ui';
import { Fragment, useState } from 'react';
import { MESSAGES } from '../messages.ts';
import { toInvoice, type Invoice } from '../payments/invoice-rules.ts';
import { actionHref } from './action-url.ts';
import { NOTIFICATION_ICONS, notificationsFromLabels } from './generate-notifications.ts';
import { invoiceDetails, invoiceOfNotification, notificationDetailsText } from './payment-invoice.ts';
import { relativeTime } from './relative-time.ts';

type Filter = 'all' | 'unread' | 'high';
const FILTERS: Array<{ id: Filter; label: string }> = [
  { id: 'all', label: 'All' }, { id: 'unread', label: 'Unread' }, { id: 'high', label: 'Urgent' },
];

interface Loaded {
  notifications: NotificationDocument[];
  invoices: Invoice[];
}

/**
 * The user's invoices for payment notifications. These are charged invoices (positive total), never
 * trial ones, so the subscription's trial rule is not needed here. A failed load is logged: no details.
 */
async function loadInvoices(userId: string): Promise<Invoice[]> {
  try {
    return (await getInvoices(userId)).map((raw) => toInvoice(raw, null));
  } catch (error) {
    console.error('Loading invoices for notifications failed', error);
    return [];
  }
}

/** The latest subscription, whose trial end dates trial_ending; a failed load is logged: none. */
async function loadSubscription(userId: string): Promise<SubscriptionDocument | null> {
  try {
    return await getLatestSubscription(userId);
  } catch (error) {
    console.error('Loading the subscription for notifications failed', error);
    return null;
  }
}

async function initNotifications(userId: string, labels: readonly string[]): Promise<Loaded> {
  const [invoices, subscription] = await Promise.all([loadInvoices(userId), loadSubscription(userId)]);
  for (const input of notificationsFromLabels(labels, window.location.origin, new Date(), invoices, subscription)) {
    // Regenerating must not mark a read notification unread again.
    const { read: _read, timestamp: _timestamp, ...rest } = input;
    try {
      await addNotification(userId, rest);
    } catch (error) {
      console.error('Adding a notification failed', error);
    }
  }
  return { notifications: await loadNotifications(userId), invoices };
}

function InvoiceDetails({ invoice }: { invoice: Invoice }) {
  return (
    <div className="account-stack">
      <dl className="account-fields">
        {invoiceDetails(invoice).map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="account-row">
        {invoice.hostedInvoiceUrl && <a className={buttonClassName('secondary', 'sm')} href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">View Invoice</a>}
        {invoice.invoicePdf && <a className={buttonClassName('secondary', 'sm')} href={invoice.invoicePdf} target="_blank" rel="noreferrer">Download PDF</a>}
      </div>
    </div>
  );
}

export function NotificationsSection({ userId, labels }: { userId: string; labels: readonly string[] }) {
  const [copied, setCopied] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const queryKey = ['notifications', userId, labels.join(',')];
  const loaded = useQuery({
    queryKey,
    queryFn: () => initNotifications(userId, labels),
    // spec §8: notification init errors are only logged (then the list is empty).
    meta: { failure: 'Notification init failed' },
  });

  /** Shows a change at once; the write behind it is only logged when it fails (spec §8). */
  function change(update: (list: NotificationDocument[]) => NotificationDocument[], write: Promise<unknown>, failure: string) {
    queryClient.setQueryData<Loaded>(queryKey, (data) => (data ? { ...data, notifications: update(data.notifications) } : data));
    write.catch((e: unknown) => console.error(failure, e));
  }
  function patch(id: string, read: boolean) {
    change((list) => list.map((n) => (n.notificationId === id ? { ...n, read } : n)), updateNotification(userId, id, { read }), 'Updating a notification failed');
  }
  function remove(id: string) {
    change((list) => list.filter((n) => n.notificationId !== id), dismissNotification(userId, id), 'Deleting a notification failed');
  }
  function copy(n: NotificationDocument, invoice: Invoice | null) {
    const text = notificationDetailsText({ ...n, delivered: n.timestamp ?? n.$createdAt }, invoice, new Date());
    // No clipboard (an insecure context) fails like a refused write.
    Promise.resolve().then(() => navigator.clipboard.writeText(text)).then(
      () => setCopied(MESSAGES.detailsCopied),
      (e: unknown) => {
        console.error('Copying notification details failed', e);
        setCopied(MESSAGES.copyFailed);
      },
    );
  }

  if (loaded.isPending) return <Skeleton label="Loading notifications..." lines={4} />;
  const items = loaded.data?.notifications ?? [];
  const invoices = loaded.data?.invoices ?? [];
  const shown = items.filter((n) => filter === 'all' || (filter === 'unread' ? !n.read : n.priority === 'high'));
  return (
    <div className="account-stack">
      <div role="group" aria-label="Filter notifications" className="account-row">
        {FILTERS.map((f) => (
          <Button key={f.id} size="sm" className="account-filter" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>{f.label}</Button>
        ))}
      </div>
      {shown.length === 0 ? <EmptyState icon="notifications">{MESSAGES.noNotifications}</EmptyState> : (
        <ul className="account-list" aria-label="Notifications">
          {shown.map((n) => {
            const open = expanded === n.notificationId;
            const invoice = open ? invoiceOfNotification(n, invoices) : null;
            const action = open ? actionHref(n.actionUrl, window.location.origin) : null;
            const delivered = n.timestamp ?? n.$createdAt;
            return (
              <li key={n.$id}>
                <Card className={n.read ? 'account-notification' : 'account-notification account-notification--unread'}>
                  <div className="account-notification__layout">
                    <Icon name={NOTIFICATION_ICONS[n.type] ?? 'notifications'} className="account-notification__icon" />
                    <div className="account-stack">
                      {/* Title left; its Unread chip and, once open, the delivered time on the right of the same line. */}
                      <div className="account-notification__header">
                        <button
                          type="button"
                          className="account-notification__toggle"
                          aria-expanded={open}
                          onClick={() => {
                            setExpanded(open ? null : n.notificationId);
                            setCopied('');
                            if (!n.read) patch(n.notificationId, true);
                          }}
                        >
                          {n.title}
                        </button>
                        {(!n.read || open) && (
                          <span className="account-notification__meta">
                            {!n.read && <Badge tone="accent">Unread</Badge>}
                            {open && <time className="account-muted" dateTime={delivered}>{relativeTime(delivered, new Date())}</time>}
                          </span>
                        )}
                      </div>
                      <p className="account-text">{n.message}</p>
                      {open && (
                        <>
                          {invoice && <InvoiceDetails invoice={invoice} />}
                          <div className="account-row">
                            {action && n.actionText && <a className={buttonClassName('primary', 'sm')} href={action}>{n.actionText}</a>}
                            <Button size="sm" onClick={() => patch(n.notificationId, false)}>Mark Unread</Button>
                            <Button size="sm" icon="delete" onClick={() => remove(n.notificationId)}>Delete</Button>
                            <Button size="sm" onClick={() => copy(n, invoice)}>Copy Details</Button>
                            <span role="status" className="account-muted">{copied}</span>
                          </div>
                        </>
                      )}
                    </div>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
