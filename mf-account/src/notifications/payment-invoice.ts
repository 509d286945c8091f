import type { NotificationFields, NotificationType } from '@cadence/shared-auth';
import { formatAmount, invoicePeriod, isPayable, type Invoice } from '../payments/invoice-rules.ts';
import { relativeTime } from './relative-time.ts';

/** spec §2: payment notifications show invoice details when expanded. */
const FAILED_TYPES: readonly NotificationType[] = ['payment_failed', 'payment_overdue'];
const PAID_TYPES: readonly NotificationType[] = ['payment_success', 'payment_succeeded'];

export function isPaymentType(type: NotificationType): boolean {
  return FAILED_TYPES.includes(type) || PAID_TYPES.includes(type);
}

/**
 * The invoice a payment notification is about, from the user's invoices (newest first): for a
 * failure the newest open or past_due one, for a success the newest paid one. Only charged invoices
 * (positive total) count, so a $0.00 trial invoice is never one.
 */
export function paymentInvoice(type: NotificationType, invoices: readonly Invoice[]): Invoice | null {
  const charged = invoices.filter((i) => i.totalCents > 0);
  if (FAILED_TYPES.includes(type)) return charged.find(isPayable) ?? null;
  if (PAID_TYPES.includes(type)) return charged.find((i) => i.status === 'paid') ?? null;
  return null;
}

/**
 * A payment notification is one event: this type for this invoice ('payment_failed:<invoice id>').
 * Deleting it hides that event only; the next failed or paid invoice is a new notification. With no
 * invoice known yet the id is the type alone.
 */
export function paymentNotificationId(type: NotificationType, invoice: Invoice | null): string {
  return invoice ? `${type}:${invoice.id}` : type;
}

/** The invoice whose details a notification shows: the one named in its id, else by its type; null for other types. */
export function invoiceOfNotification(
  notification: Pick<NotificationFields, 'type' | 'notificationId'>,
  invoices: readonly Invoice[],
): Invoice | null {
  if (!isPaymentType(notification.type)) return null;
  const prefix = `${notification.type}:`;
  if (notification.notificationId.startsWith(prefix)) {
    const id = notification.notificationId.slice(prefix.length);
    return invoices.find((i) => i.id === id) ?? null;
  }
  return paymentInvoice(notification.type, invoices);
}

/** The invoice details rows (label, value) shown in an expanded payment notification. */
export function invoiceDetails(invoice: Invoice): Array<[string, string]> {
  return [
    ['Invoice', invoice.number ?? '—'],
    ['Amount', formatAmount(invoice.totalCents, invoice.isTrialInvoice)],
    ['Period', invoicePeriod(invoice)],
    ['Status', invoice.status],
  ];
}

/** What Copy Details puts on the clipboard: title, message, the invoice details and the delivered time. */
export function notificationDetailsText(
  notification: Pick<NotificationFields, 'title' | 'message' | 'actionUrl'> & { delivered: string },
  invoice: Invoice | null,
  now: Date,
): string {
  const lines = [notification.title, notification.message];
  if (invoice) {
    lines.push(...invoiceDetails(invoice).map(([label, value]) => `${label}: ${value}`));
    if (invoice.hostedInvoiceUrl) lines.push(`View: ${invoice.hostedInvoiceUrl}`);
  }
  if (notification.actionUrl) lines.push(`Link: ${notification.actionUrl}`);
  const delivered = relativeTime(notification.delivered, now);
  if (delivered) lines.push(`Delivered: ${delivered}`);
  return lines.join('\n');
}
