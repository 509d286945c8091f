import { paysWithoutChallenge, type CardBehavior } from '../cards.ts';
import type { Ctx } from '../context.ts';
import { newId } from '../ids.ts';
import {
  addMonths, buildInvoice, buildInvoicePayment,
  type Customer, type Invoice, type InvoicePayment, type Subscription,
} from '../objects.ts';
import type { StoredObject } from '../store.ts';
import { DAY, FINALIZE_DELAY, JOB } from './jobs.ts';

export const behaviorKey = (pm: string): string => `pm.behavior.${pm}`;

export function cardBehavior(ctx: Ctx, pm: string): CardBehavior {
  return (ctx.store.kvGet(behaviorKey(pm)) as CardBehavior | undefined) ?? 'succeed';
}

export function periodEnd(sub: Subscription): number {
  return sub.items.data[0]?.current_period_end ?? sub.created;
}

export function periodStart(sub: Subscription): number {
  return sub.items.data[0]?.current_period_start ?? sub.created;
}

function save<T extends StoredObject>(ctx: Ctx, object: T): T {
  return ctx.store.put(object);
}

/** Which card pays: the subscription's default, else the customer's invoice default (Stripe's order). */
export function paymentMethodFor(ctx: Ctx, invoice: Invoice): string | null {
  const sub = subscriptionOf(ctx, invoice);
  if (sub?.default_payment_method) return sub.default_payment_method;
  const customer = ctx.store.get<Customer>('customer', invoice.customer);
  return customer?.invoice_settings.default_payment_method ?? null;
}

export function subscriptionOf(ctx: Ctx, invoice: Invoice): Subscription | undefined {
  const id = invoice.parent?.subscription_details.subscription;
  return id ? ctx.store.get<Subscription>('subscription', id) : undefined;
}

export function createSubscriptionInvoice(ctx: Ctx, sub: Subscription, billingReason: string, amount: number, start: number, end: number): Invoice {
  const customer = ctx.store.get<Customer>('customer', sub.customer);
  if (!customer) throw new Error(`subscription ${sub.id} has no customer`);
  const now = ctx.clock.now(sub.test_clock);
  const invoice = save(ctx, buildInvoice({ customer, subscription: sub, amount, billingReason, periodStart: start, periodEnd: end, publicUrl: ctx.config.publicUrl }, now));
  ctx.emit('invoice.created', invoice, { clock: sub.test_clock });
  return invoice;
}

export function finalizeInvoice(ctx: Ctx, invoice: Invoice): Invoice {
  if (invoice.status !== 'draft') return invoice;
  const now = ctx.clock.now(invoice.test_clock);
  const customer = ctx.store.get<Customer>('customer', invoice.customer);
  let number: string | null = null;
  if (customer) {
    const seq = Number(customer.next_invoice_sequence ?? 1);
    number = `${String(customer.invoice_prefix)}-${String(seq).padStart(4, '0')}`;
    save(ctx, { ...customer, next_invoice_sequence: seq + 1 });
  }
  const finalized: Invoice = {
    ...invoice, status: 'open', number, effective_at: now, automatically_finalizes_at: null,
    hosted_invoice_url: `${ctx.config.publicUrl}/i/${invoice.id}`, invoice_pdf: `${ctx.config.publicUrl}/i/${invoice.id}/pdf`,
    status_transitions: { ...invoice.status_transitions, finalized_at: now },
  };
  save(ctx, finalized);
  ctx.emit('invoice.finalized', finalized, { clock: invoice.test_clock });
  return finalized;
}

export type ChargeResult = { ok: true; invoice: Invoice } | { ok: false; invoice: Invoice; declineCode: 'generic_decline' | 'insufficient_funds' };

/**
 * One payment attempt on an open invoice. `automatic` attempts (renewals and Smart-Retries-like retries) drive
 * dunning; a manual attempt (hosted page, invoices.pay) that fails leaves the schedule alone.
 */
export function attemptPayment(ctx: Ctx, invoice: Invoice, pmId: string | null, automatic: boolean): ChargeResult {
  const clock = invoice.test_clock;
  const now = ctx.clock.now(clock);
  if (invoice.status !== 'open') return { ok: true, invoice };
  if (invoice.amount_remaining === 0) return { ok: true, invoice: markPaid(ctx, invoice, null, now) };
  const behavior = pmId ? cardBehavior(ctx, pmId) : 'decline_generic';
  const ok = pmId !== null && paysWithoutChallenge(behavior);
  const pi: StoredObject = {
    id: newId('pi'), object: 'payment_intent', amount: invoice.amount_remaining, amount_received: ok ? invoice.amount_remaining : 0,
    created: now, currency: invoice.currency, customer: invoice.customer, description: 'Subscription update', livemode: false, metadata: {},
    payment_method: pmId, payment_method_types: ['card'], status: ok ? 'succeeded' : 'requires_payment_method',
    last_payment_error: ok ? null : { type: 'card_error', code: 'card_declined', decline_code: behavior === 'decline_insufficient_funds' ? 'insufficient_funds' : 'generic_decline', message: 'Your card was declined.' },
  };
  save(ctx, pi);
  const payment = save(ctx, buildInvoicePayment(invoice, pi.id, now));
  const attempted: Invoice = { ...invoice, attempted: true, attempt_count: invoice.attempt_count + 1, default_payment_method: pmId };
  if (ok) {
    ctx.emit('payment_intent.succeeded', pi, { clock });
    return { ok: true, invoice: markPaid(ctx, attempted, payment, now) };
  }
  save(ctx, { ...payment, status: 'canceled', status_transitions: { canceled_at: now, paid_at: null } });
  ctx.emit('payment_intent.payment_failed', pi, { clock });
  const declineCode = behavior === 'decline_insufficient_funds' ? 'insufficient_funds' : 'generic_decline';
  return { ok: false, declineCode, invoice: markFailed(ctx, attempted, automatic, now) };
}

function markPaid(ctx: Ctx, invoice: Invoice, payment: InvoicePayment | null, now: number): Invoice {
  const clock = invoice.test_clock;
  ctx.store.cancelJobs(invoice.id);
  const paid: Invoice = {
    ...invoice, status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null,
    status_transitions: { ...invoice.status_transitions, paid_at: now },
  };
  save(ctx, paid);
  if (payment) {
    const settled = save(ctx, { ...payment, status: 'paid' as const, amount_paid: invoice.amount_remaining, status_transitions: { canceled_at: null, paid_at: now } });
    ctx.emit('invoice_payment.paid', settled, { clock });
  }
  ctx.emit('invoice.paid', paid, { clock });
  ctx.emit('invoice.payment_succeeded', paid, { clock });
  const sub = subscriptionOf(ctx, paid);
  if (sub && (sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'incomplete')) {
    updateSubscription(ctx, sub, { status: 'active' });
  }
  return paid;
}

function markFailed(ctx: Ctx, invoice: Invoice, automatic: boolean, now: number): Invoice {
  const clock = invoice.test_clock;
  const retryDay = automatic ? ctx.config.retryDays[invoice.attempt_count - 1] : undefined;
  const firstAttempt = invoice.status_transitions.finalized_at ?? now;
  const next = retryDay !== undefined ? Math.max(now + 1, firstAttempt + retryDay * DAY) : automatic ? null : invoice.next_payment_attempt;
  const failed: Invoice = { ...invoice, next_payment_attempt: next };
  save(ctx, failed);
  if (automatic) {
    ctx.store.cancelJobs(invoice.id, JOB.retryInvoice);
    if (next !== null) ctx.store.schedule({ clock: clock ?? '', due: next, kind: JOB.retryInvoice, target: invoice.id });
  }
  ctx.emit('invoice.payment_failed', failed, { clock });
  const sub = subscriptionOf(ctx, failed);
  if (!sub || sub.status === 'canceled') return failed;
  if (automatic && next === null) {
    // Retries exhausted: the account's dunning setting decides (PROTOCOL §4.3 C.3).
    if (ctx.config.dunningOutcome === 'canceled') cancelSubscription(ctx, sub, 'payment_failed');
    else if (ctx.config.dunningOutcome === 'unpaid') updateSubscription(ctx, sub, { status: 'unpaid' });
    else if (sub.status !== 'past_due') updateSubscription(ctx, sub, { status: 'past_due' });
  } else if (sub.status === 'active' || sub.status === 'trialing') {
    updateSubscription(ctx, sub, { status: 'past_due' });
  }
  return failed;
}

/** Applies a change and emits `customer.subscription.updated` with Stripe's previous_attributes. */
export function updateSubscription(ctx: Ctx, sub: Subscription, changes: Partial<Subscription>): Subscription {
  const previous: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    const before = sub[key];
    if (JSON.stringify(before) !== JSON.stringify(value)) previous[key] = before ?? null;
  }
  const next = save(ctx, { ...sub, ...changes });
  if (Object.keys(previous).length > 0) ctx.emit('customer.subscription.updated', next, { previous, clock: sub.test_clock });
  return next;
}

/** `at`: when it ended — the period end for a scheduled cancel, even if the clock has moved past it. */
export function cancelSubscription(ctx: Ctx, sub: Subscription, reason: 'cancellation_requested' | 'payment_failed', at?: number): Subscription {
  const now = at ?? ctx.clock.now(sub.test_clock);
  ctx.store.cancelJobs(sub.id);
  const canceled = save(ctx, {
    ...sub, status: 'canceled' as const, canceled_at: sub.canceled_at ?? now, ended_at: now,
    cancellation_details: { ...sub.cancellation_details, reason },
  });
  ctx.emit('customer.subscription.deleted', canceled, { clock: sub.test_clock });
  stopCollection(ctx, sub);
  return canceled;
}

/**
 * Stripe stops automatic collection of a canceled subscription's finalized invoices (API reference,
 * "Cancel a subscription"): an open invoice is no longer retried, though it can still be paid.
 */
function stopCollection(ctx: Ctx, sub: Subscription): void {
  const open = ctx.store.all<Invoice>('invoice').filter((i) => i.status === 'open' && i.auto_advance && subscriptionOf(ctx, i)?.id === sub.id);
  for (const invoice of open) {
    ctx.store.cancelJobs(invoice.id, JOB.retryInvoice);
    const updated = save(ctx, { ...invoice, auto_advance: false, next_payment_attempt: null });
    ctx.emit('invoice.updated', updated, { previous: { auto_advance: true, next_payment_attempt: invoice.next_payment_attempt }, clock: invoice.test_clock });
  }
}

/** Trial end and each renewal: roll the period, bill it, or end the subscription if a cancel is due. */
export function runPeriodEnd(ctx: Ctx, sub: Subscription): void {
  const end = periodEnd(sub);
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= end)) {
    cancelSubscription(ctx, sub, 'cancellation_requested', end);
    return;
  }
  const nextEnd = addMonths(end, 1);
  const items = { ...sub.items, data: sub.items.data.map((item) => ({ ...item, current_period_start: end, current_period_end: nextEnd })) };
  const changes: Partial<Subscription> = { items };
  if (sub.status === 'trialing') changes.status = 'active';
  const updated = updateSubscription(ctx, sub, changes);
  // Stripe keeps billing unpaid subscriptions but closes those invoices; here they simply are not billed.
  if (updated.status !== 'unpaid' && updated.status !== 'paused') {
    const amount = (updated.items.data[0]?.price.unit_amount ?? 0) * (updated.items.data[0]?.quantity ?? 1);
    const invoice = createSubscriptionInvoice(ctx, updated, 'subscription_cycle', amount, end, nextEnd);
    save(ctx, { ...invoice, automatically_finalizes_at: end + FINALIZE_DELAY });
    save(ctx, { ...updated, latest_invoice: invoice.id });
    ctx.store.schedule({ clock: sub.test_clock ?? '', due: end + FINALIZE_DELAY, kind: JOB.finalizeInvoice, target: invoice.id });
  }
  ctx.store.schedule({ clock: sub.test_clock ?? '', due: nextEnd, kind: JOB.periodEnd, target: sub.id });
}

export function scheduleSubscription(ctx: Ctx, sub: Subscription, now: number): void {
  const clock = sub.test_clock ?? '';
  if (sub.status === 'trialing' && sub.trial_end !== null) {
    // Fires 3 days before, or at once when the trial is shorter than that (Events.d.ts).
    ctx.store.schedule({ clock, due: Math.max(now, sub.trial_end - 3 * DAY), kind: JOB.trialWillEnd, target: sub.id });
  }
  ctx.store.schedule({ clock, due: periodEnd(sub), kind: JOB.periodEnd, target: sub.id });
}

export function runJob(ctx: Ctx, kind: string, target: string): void {
  switch (kind) {
    case JOB.trialWillEnd: {
      const sub = ctx.store.get<Subscription>('subscription', target);
      if (sub?.status === 'trialing') ctx.emit('customer.subscription.trial_will_end', sub, { clock: sub.test_clock });
      return;
    }
    case JOB.periodEnd: {
      const sub = ctx.store.get<Subscription>('subscription', target);
      if (sub) runPeriodEnd(ctx, sub);
      return;
    }
    case JOB.finalizeInvoice: {
      const invoice = ctx.store.get<Invoice>('invoice', target);
      if (invoice?.status !== 'draft') return;
      const open = finalizeInvoice(ctx, invoice);
      attemptPayment(ctx, open, paymentMethodFor(ctx, open), true);
      return;
    }
    case JOB.retryInvoice: {
      const invoice = ctx.store.get<Invoice>('invoice', target);
      if (invoice?.status === 'open' && invoice.auto_advance) attemptPayment(ctx, invoice, paymentMethodFor(ctx, invoice), true);
      return;
    }
    case JOB.expireSession: {
      const session = ctx.store.get<StoredObject & { status: string }>('checkout.session', target);
      if (session?.status === 'open') {
        const expired = ctx.store.put({ ...session, status: 'expired', url: null });
        ctx.emit('checkout.session.expired', expired);
      }
      return;
    }
  }
}

/** Runs every job due on `clock` up to `target`, in order, with the clock set to each job's due time. */
export function runDue(ctx: Ctx, clock: string, target: number, setTime: (t: number) => void): number {
  let ran = 0;
  for (;;) {
    const job = ctx.store.nextDue(clock, target);
    if (!job) break;
    setTime(job.due);
    ctx.store.transaction(() => {
      ctx.store.removeJob(job.id);
      runJob(ctx, job.kind, job.target);
    });
    ran++;
  }
  setTime(target);
  return ran;
}
