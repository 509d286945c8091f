import { describe, expect, it } from 'vitest';
import { practiceSettingsSchema } from '../practice/practice-settings.ts';
import { appointmentFromDocument, cancellationStatus, feeForStatus, isDeletable, overlaps, sessionFee, statusEntry, statusHistory, type AppointmentDocument } from './appointment.ts';

const settings = practiceSettingsSchema.parse({
  practiceName: 'Calm Harbor', therapistName: 'Dana Reyes', timeZone: 'America/New_York', cancellationWindowHours: 24,
  lateCancelFeeType: 'percent', lateCancelFeePercent: 50, noShowFeeType: 'fixed', noShowFeeAmount: '75',
});

describe('an appointment', () => {
  it('charges the session fee when attended and the practice policy for late cancels and no-shows', () => {
    const fee = sessionFee({ fee: 15000 }, { feeOverride: 12000 });
    expect(fee).toBe(12000);
    expect(sessionFee({ fee: 15000 }, { feeOverride: null })).toBe(15000);
    expect(feeForStatus('show', fee, settings)).toBe(12000);
    expect(feeForStatus('late_cancelled', fee, settings)).toBe(6000);
    expect(feeForStatus('no_show', fee, settings)).toBe(7500);
    expect(feeForStatus('cancelled', fee, settings)).toBeNull();
    expect(feeForStatus('clinician_cancelled', fee, settings)).toBeNull();
  });

  it('suggests Late cancelled inside the cancellation window', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(cancellationStatus({ start: '2026-03-03T10:00:00Z' }, settings, now)).toBe('late_cancelled');
    expect(cancellationStatus({ start: '2026-03-04T13:00:00Z' }, settings, now)).toBe('cancelled');
  });

  it('keeps each status change as history and reads entries another tool wrote without crashing', () => {
    const entry = statusEntry('show', 'user1', new Date('2026-03-03T11:00:00Z'));
    expect(statusHistory({ statusHistory: [entry, 'not json', '{"status":"bogus","at":"x"}'] })).toEqual([{ status: 'show', at: '2026-03-03T11:00:00.000Z', by: 'user1' }]);
  });

  it('can be deleted only without a note or a charge, and overlaps only when the times cross', () => {
    expect(isDeletable({ noteState: 'none', status: 'scheduled' })).toBe(true);
    expect(isDeletable({ noteState: 'draft', status: 'scheduled' })).toBe(false);
    expect(isDeletable({ noteState: 'none', status: 'no_show' })).toBe(false);
    const at = (start: string, end: string) => ({ start: `2026-03-03T${start}:00Z`, end: `2026-03-03T${end}:00Z` });
    expect(overlaps(at('10:00', '10:45'), at('10:30', '11:00'))).toBe(true);
    expect(overlaps(at('10:00', '10:45'), at('10:45', '11:30'))).toBe(false);
  });

  it('reads a stored document with missing fields as defaults', () => {
    const read = appointmentFromDocument({ $id: 'a1', userId: 'u1', clientId: 'c1', serviceId: 's1', start: 'x', end: 'y' } as unknown as AppointmentDocument);
    expect(read).toMatchObject({ status: 'scheduled', statusHistory: [], noteState: 'none', seriesId: null, locationType: 'office' });
  });
});
