import { describe, expect, it } from 'vitest';
import { currentInvoice, formatAmount, isPayable, isTrialInvoice, listedInvoices, toInvoice, type RawInvoice } from './invoice-rules.ts';

const trialing = { status: 'trialing' as const, trialStart: '2026-05-01T00:00:00.000Z', trialEnd: '2026-05-08T00:00:00.000Z' };
const active = { status: 'active' as const, trialStart: '2026-05-01T00:00:00.000Z', trialEnd: '2026-05-08T00:00:00.000Z' };
const base: RawInvoice = { $id: 'inv', stripeInvoiceId: 'in_1', status: 'paid', total: 1000, createdAt: '2026-06-08T00:00:00.000Z' };

describe('isTrialInvoice (spec §4)', () => {
  it('total 0 created on or before the trial end', () => {
    expect(isTrialInvoice({ ...base, total: 0, createdAt: '2026-05-01T00:00:00.000Z' }, active)).toBe(true);
    expect(isTrialInvoice({ ...base, total: 0, createdAt: '2026-05-08T00:00:00.000Z' }, active)).toBe(true);
  });
  it('not when created after the trial end, unless trialing + subscription_create', () => {
    const late = { ...base, total: 0, createdAt: '2026-05-09T00:00:00.000Z' };
    expect(isTrialInvoice(late, active)).toBe(false);
    expect(isTrialInvoice({ ...late, billingReason: 'subscription_create' }, trialing)).toBe(true);
    expect(isTrialInvoice({ ...late, billingReason: 'subscription_cycle' }, trialing)).toBe(false);
  });
  it('never with a positive total or without a subscription', () => {
    expect(isTrialInvoice({ ...base, createdAt: '2026-05-01T00:00:00.000Z' }, active)).toBe(false);
    expect(isTrialInvoice({ ...base, total: 0 }, null)).toBe(false);
  });
  it('reads amount when total is missing, and created when createdAt is missing', () => {
    expect(isTrialInvoice({ stripeInvoiceId: 'x', status: 'paid', amount: 0, created: Date.parse('2026-05-02T00:00:00Z') / 1000 }, active)).toBe(true);
  });
});

describe('toInvoice', () => {
  it('fills a trial invoice without a period from the trial start and end', () => {
    const invoice = toInvoice({ ...base, total: 0, createdAt: '2026-05-01T00:00:00.000Z' }, active);
    expect(invoice).toMatchObject({ isTrialInvoice: true, periodStart: trialing.trialStart, periodEnd: trialing.trialEnd });
  });
  it('keeps an existing period and reads the snake-case and brand/last4 forms', () => {
    const invoice = toInvoice({ id: 'a', stripeInvoiceId: 'x', status: 'paid', total: 1000, period_start: '2026-06-01', period_end: '2026-07-01', brand: 'visa', last4: '4242' }, active);
    expect(invoice).toMatchObject({ id: 'a', periodStart: '2026-06-01', periodEnd: '2026-07-01', cardBrand: 'visa', cardLast4: '4242', isTrialInvoice: false });
  });
});

describe('listed statuses and the current invoice (spec §4)', () => {
  const raws: RawInvoice[] = ['paid', 'void', 'uncollectible', 'open', 'past_due', 'draft'].map((status, i) => ({
    ...base, $id: status, status: status as RawInvoice['status'], total: 1000 + i,
  }));
  it('lists paid, void, uncollectible, open, past_due and trial invoices; not draft', () => {
    expect(listedInvoices(raws, active).map((i) => i.id)).toEqual(['paid', 'void', 'uncollectible', 'open', 'past_due']);
    const trialDraft = { ...base, $id: 'trial', status: 'draft' as const, total: 0, createdAt: '2026-05-01T00:00:00.000Z' };
    expect(listedInvoices([trialDraft], active).map((i) => i.id)).toEqual(['trial']);
  });
  it('current = first open or draft, positive total, not trial', () => {
    const list = [
      toInvoice({ ...base, $id: 'trialOpen', status: 'open', total: 0, createdAt: '2026-05-01T00:00:00.000Z' }, active),
      toInvoice({ ...base, $id: 'zero', status: 'open', total: 0 }, active),
      toInvoice({ ...base, $id: 'paid', status: 'paid' }, active),
      toInvoice({ ...base, $id: 'draft', status: 'draft' }, active),
      toInvoice({ ...base, $id: 'open', status: 'open' }, active),
    ];
    expect(currentInvoice(list)?.id).toBe('draft');
    expect(currentInvoice(list.slice(0, 3))).toBeNull();
  });
  it('Pay Now for open and past_due only', () => {
    expect(['open', 'past_due', 'paid', 'void'].map((status) => isPayable(toInvoice({ ...base, status: status as 'paid' }, active)))).toEqual([true, true, false, false]);
  });
});

describe('formatAmount (spec §9)', () => {
  it('dollars with 2 decimals and the trial suffix', () => {
    expect(formatAmount(1000)).toBe('$10.00');
    expect(formatAmount(5)).toBe('$0.05');
    expect(formatAmount(0, true)).toBe('$0.00 (Trial)');
  });
});
