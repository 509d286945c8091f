// Issues 29 and 37: which service a booking starts with, which attended sessions still need a fee
// or a "No charge" decision, and the client list kept fresh after a write.
import { describe, expect, it } from 'vitest';
import type { ClientDocument } from '../clients/api/client-document.ts';
import { withClient } from '../clients/client-mutations.ts';
import type { ServiceDocument } from '../practice/api/service-document.ts';
import { defaultService } from './appointment-dialog.tsx';
import { attendedWithoutCharge, feeSetAfterwards, needsChargeDecision, noChargeDecision } from './no-charge.ts';
import { statusChange } from './use-set-status.ts';

const service = (id: string, name: string, fee: number | null, archived = false) => ({ $id: id, name, serviceCode: null, durationMinutes: 50, fee, currency: 'USD', archived }) as unknown as ServiceDocument;
const intake = service('intake', 'Intake assessment', null);
const therapy = service('therapy', 'Psychotherapy', 12000);
const old = service('old', 'Old service', 9000, true);

describe('the service a new booking starts with', () => {
  it('is the client’s default when it can be booked, and never a fallback: not the first alphabetically, not one without a fee, not an archived one', () => {
    const services = [intake, therapy, old];
    expect(defaultService(undefined, services)).toBeUndefined();
    expect(defaultService({ defaultServiceId: null }, services)).toBeUndefined();
    expect(defaultService({ defaultServiceId: 'therapy' }, services)).toBe(therapy);
    expect(defaultService({ defaultServiceId: 'intake' }, services)).toBeUndefined();
    expect(defaultService({ defaultServiceId: 'old' }, services)).toBeUndefined();
  });
});

describe('attended sessions with no charge', () => {
  const base = { status: 'show' as const, feeAmount: null, noChargeAt: null };
  it('need a decision until a fee is set or "No charge" is recorded with who and when', () => {
    expect(needsChargeDecision(base)).toBe(true);
    expect(needsChargeDecision({ ...base, feeAmount: 0 })).toBe(true);
    expect(needsChargeDecision({ ...base, feeAmount: 12000 })).toBe(false);
    expect(needsChargeDecision({ ...base, status: 'no_show' })).toBe(false);
    const decided = noChargeDecision('therapist1', new Date('2026-03-03T16:00:00.000Z'));
    expect(decided).toEqual({ noChargeAt: '2026-03-03T16:00:00.000Z', noChargeBy: 'therapist1' });
    expect(needsChargeDecision({ ...base, ...decided })).toBe(false);
    expect(attendedWithoutCharge({ ...base, ...decided })).toBe(true);
    expect(feeSetAfterwards(9000, 'USD')).toEqual({ feeAmount: 9000, currency: 'USD', noChargeAt: null, noChargeBy: null });
  });

  it('a new status takes a "No charge" decision back (it belonged to the attendance it was made for)', () => {
    const change = statusChange({ statusHistory: [], currency: 'USD' }, 'no_show', { service: therapy }, 'therapist1');
    expect(change).toMatchObject({ status: 'no_show', noChargeAt: null, noChargeBy: null });
  });
});

describe('the client list after a write', () => {
  const client = (id: string, lastName: string) => ({ $id: id, firstName: 'A', lastName }) as unknown as ClientDocument;
  it('holds the written client at once, in last-name order, replacing its older self', () => {
    const list = [client('1', 'Adams'), client('2', 'Chen')];
    expect(withClient(list, client('3', 'Baker')).map((c) => c.$id)).toEqual(['1', '3', '2']);
    expect(withClient(list, client('4', 'Zed')).map((c) => c.$id)).toEqual(['1', '2', '4']);
    expect(withClient(list, { ...client('1', 'Young') }).map((c) => c.$id)).toEqual(['2', '1']);
  });
});
