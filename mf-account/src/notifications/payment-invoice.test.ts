import { describe, expect, it } from 'vitest';
import { toInvoice, type RawInvoice } from '../payments/invoice-rules.ts';
import { notificationsFromLabels } from './generate-notifications.ts';
import {
  invoiceDetails, invoiceOfNotification, isPaymentType, notificationDetailsText, paymentInvoice, paymentNotificationId,
} from './payment-invoice.ts';

const now = new Date('2026-07-10T12:00:00Z');
const raw = (id: string, status: RawInvoice['status'], total: number, extra: Partial<RawInvoice> = {}): RawInvoice => ({
  $id: id, stripeInvoiceId: `in_${id}`, number: `CAD-${id}`, status, total, createdAt: '2026-07-08T12:00:00.000Z',
  periodStart: '2026-07-08T12:00:00.000Z', periodEnd: '2026-08-08T12:00:00.000Z',
  hostedInvoiceUrl: `https://pay.test/i/${id}`, invoicePdf: `https://pay.test/i/${id}/pdf`, ...extra,
});
// Newest first, as getInvoices returns them.
const invoices = [
  raw('open2', 'open', 1000),
  raw('paid2', 'paid', 1000),
  raw('pastdue', 'past_due', 1000),
  raw('paid1', 'paid', 1000),
  raw('trial', 'paid', 0),
].map((r) => toInvoice(r, null));

describe('which invoice a payment notification is about (spec §2 "invoice details for payment types")', () => {
  it('payment types', () => {
    expect(['payment_failed', 'payment_overdue', 'payment_success', 'payment_succeeded'].every((t) => isPaymentType(t as 'payment_failed'))).toBe(true);
    expect(isPaymentType('welcome')).toBe(false);
    expect(isPaymentType('trial_ending')).toBe(false);
  });
  it('a failure: the newest open or past_due invoice; a success: the newest paid one with a positive total', () => {
    expect(paymentInvoice('payment_failed', invoices)?.id).toBe('open2');
    expect(paymentInvoice('payment_overdue', invoices.slice(1))?.id).toBe('pastdue');
    expect(paymentInvoice('payment_success', invoices)?.id).toBe('paid2');
    expect(paymentInvoice('payment_succeeded', invoices.slice(4))).toBeNull();
    expect(paymentInvoice('welcome', invoices)).toBeNull();
  });
  it('ids name the invoice; without one the id is the type', () => {
    expect(paymentNotificationId('payment_failed', invoices[0] ?? null)).toBe('payment_failed:open2');
    expect(paymentNotificationId('payment_failed', null)).toBe('payment_failed');
  });
  it('details come from the invoice named in the id, else by type, never for other types', () => {
    expect(invoiceOfNotification({ type: 'payment_success', notificationId: 'payment_success:paid1' }, invoices)?.id).toBe('paid1');
    expect(invoiceOfNotification({ type: 'payment_success', notificationId: 'payment_success:gone' }, invoices)).toBeNull();
    expect(invoiceOfNotification({ type: 'payment_failed', notificationId: 'payment_failed' }, invoices)?.id).toBe('open2');
    expect(invoiceOfNotification({ type: 'welcome', notificationId: 'welcome' }, invoices)).toBeNull();
  });
});

describe('generated payment notifications', () => {
  const ids = (labels: string[], list = invoices) => notificationsFromLabels(labels, 'https://app.test', now, list).map((n) => n.notificationId);
  it('one per failed or paid invoice, with its amount in the message', () => {
    expect(ids(['subscribed', 'paymentFailed'])).toEqual(['welcome', 'payment_failed:open2']);
    expect(ids(['subscribed', 'paymentCurrent'])).toEqual(['welcome', 'payment_success:paid2']);
    const [, failed] = notificationsFromLabels(['subscribed', 'paymentFailed'], 'https://app.test', now, invoices);
    expect(failed?.message).toContain('$10.00');
  });
  it('a new failed invoice is a new notification (a deleted one does not hide it)', () => {
    const later = [toInvoice(raw('open3', 'open', 1000), null), ...invoices];
    expect(ids(['subscribed', 'paymentFailed'], later)).toEqual(['welcome', 'payment_failed:open3']);
  });
  it('labels without invoices still notify, under the type alone', () => {
    expect(ids(['subscribed', 'paymentFailed'], [])).toEqual(['welcome', 'payment_failed']);
  });
});

describe('invoice details and Copy Details', () => {
  const paid = invoices[1];
  if (!paid) throw new Error('fixture');
  it('number, amount with 2 decimals, period and status', () => {
    expect(invoiceDetails(paid)).toEqual([
      ['Invoice', 'CAD-paid2'], ['Amount', '$10.00'], ['Period', 'July 8, 2026 – August 8, 2026'], ['Status', 'paid'],
    ]);
    expect(invoiceDetails({ ...paid, number: null })[0]).toEqual(['Invoice', '—']);
  });
  it('the copied text: title, message, invoice details, its page, the link and the delivered time', () => {
    const n = { title: 'Payment received', message: 'Thank you.', actionUrl: 'https://app.test/account?view=billing', delivered: '2026-07-10T11:55:00Z' };
    expect(notificationDetailsText(n, paid, now)).toBe([
      'Payment received', 'Thank you.', 'Invoice: CAD-paid2', 'Amount: $10.00', 'Period: July 8, 2026 – August 8, 2026', 'Status: paid',
      'View: https://pay.test/i/paid2', 'Link: https://app.test/account?view=billing', 'Delivered: 5 minutes ago',
    ].join('\n'));
    expect(notificationDetailsText({ ...n, actionUrl: null, delivered: 'bad' }, null, now)).toBe('Payment received\nThank you.');
  });
});
