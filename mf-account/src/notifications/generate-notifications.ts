import { formatBillingDate, type NotificationInput, type NotificationType, type SubscriptionFields } from '@cadence/shared-auth';
import type { IconName } from '@cadence/shared-ui';
import { DAY_MS, TRIAL_ENDING_NOTICE_DAYS } from '../constants.ts';
import { formatAmount, type Invoice } from '../payments/invoice-rules.ts';
import { paymentInvoice, paymentNotificationId } from './payment-invoice.ts';

/** One icon per notification type (spec §3); shared-ui's SVG icons, never emoji (issue 18). */
export const NOTIFICATION_ICONS: Record<NotificationType, IconName> = {
  payment_failed: 'warning',
  payment_overdue: 'warning',
  payment_success: 'success',
  payment_succeeded: 'success',
  trial_ending: 'calendar',
  subscription_canceled: 'error',
  subscription_paused: 'info',
  subscription_created: 'success',
  subscription_resumed: 'success',
  subscription_recovered: 'success',
  welcome: 'notifications',
  get_started: 'today',
  feature_announcement: 'info',
  system_maintenance: 'settings',
  portal_consent: 'info',
  measure_alert: 'warning',
  booking: 'today',
  autopay: 'info',
  card_dispute: 'warning',
};

/** spec §3: actionUrl is a validated URL (http, https or same-origin path) or null. */
export function validatedActionUrl(url: string | null | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The trial's end when it falls within its last TRIAL_ENDING_NOTICE_DAYS days, else null. Like
 * Stripe's customer.subscription.trial_will_end (3 days before), not from the trial's first day.
 */
export function trialEndingSoon(trialEnd: string | null | undefined, now: Date): Date | null {
  const end = trialEnd ? Date.parse(trialEnd) : Number.NaN;
  if (Number.isNaN(end)) return null;
  const left = end - now.getTime();
  return left > 0 && left <= TRIAL_ENDING_NOTICE_DAYS * DAY_MS ? new Date(end) : null;
}

/**
 * spec §3: notifications are derived from the user's labels. The notificationId is stable per label
 * (per label and invoice for payments, see paymentNotificationId), so generating again hits the same
 * document (create, then update on 409). `invoices` are the user's, newest first; `subscription` their
 * latest, whose trial end dates trial_ending (the date Profile's Next Payment shows).
 */
export function notificationsFromLabels(
  labels: readonly string[],
  origin: string,
  now: Date,
  invoices: readonly Invoice[] = [],
  subscription: Pick<SubscriptionFields, 'trialEnd'> | null = null,
): NotificationInput[] {
  const has = (label: string) => labels.includes(label);
  const timestamp = now.toISOString();
  const account = (query = '') => validatedActionUrl(`/account${query}`, origin);
  const list: NotificationInput[] = [
    {
      notificationId: 'welcome', type: 'welcome', priority: 'low', title: 'Welcome to Cadence',
      message: 'Your practice workspace is ready.', actionText: 'Open Dashboard', actionUrl: validatedActionUrl('/dashboard', origin),
    },
  ];
  if (!has('subscribed')) {
    list.push({ notificationId: 'get_started', type: 'get_started', priority: 'medium', title: 'Get started',
      message: 'Start your subscription to use every feature.', actionText: 'View Billing', actionUrl: account('?view=billing') });
  }
  const trialEnd = has('trialActive') ? trialEndingSoon(subscription?.trialEnd, now) : null;
  if (trialEnd) {
    list.push({ notificationId: 'trial_ending', type: 'trial_ending', priority: 'medium', title: 'Your free trial ends soon',
      message: `Your free trial ends on ${formatBillingDate(trialEnd)}; your card is charged $10.00 then.`,
      actionText: 'View Billing', actionUrl: account('?view=billing') });
  }
  const amount = (invoice: Invoice | null) => (invoice ? ` of ${formatAmount(invoice.totalCents)}` : '');
  if (has('paymentFailed')) {
    const invoice = paymentInvoice('payment_failed', invoices);
    list.push({ notificationId: paymentNotificationId('payment_failed', invoice), type: 'payment_failed', priority: 'high', title: 'Payment failed',
      message: `We could not charge your card for your payment${amount(invoice)}. Update your payment method to keep access.`,
      actionText: 'Update Payment', actionUrl: account('?view=billing') });
  }
  if (has('paymentCurrent') && !has('paymentFailed')) {
    const invoice = paymentInvoice('payment_success', invoices);
    list.push({ notificationId: paymentNotificationId('payment_success', invoice), type: 'payment_success', priority: 'low', title: 'Payment received',
      message: `Thank you: your payment${amount(invoice)} went through.`, actionText: 'View Invoices', actionUrl: account('?view=billing') });
  }
  if (has('subscriptionCanceled')) {
    list.push({ notificationId: 'subscription_canceled', type: 'subscription_canceled', priority: 'high', title: 'Subscription canceled',
      message: 'Your subscription will end at period end.', actionText: 'Resume', actionUrl: account('?view=billing') });
  }
  if (has('subscriptionPaused')) {
    list.push({ notificationId: 'subscription_paused', type: 'subscription_paused', priority: 'high', title: 'Subscription paused',
      message: 'Your subscription is paused.', actionText: 'View Billing', actionUrl: account('?view=billing') });
  }
  return list.map((n) => ({ ...n, timestamp, read: false, persistent: n.priority === 'high' }));
}
