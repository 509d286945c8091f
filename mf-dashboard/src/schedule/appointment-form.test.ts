import { describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, appointmentFormSchema, newAppointmentValues, recurrenceRule, repeatOptions, type AppointmentFormInput } from './appointment-form.ts';

const form = (changes: Partial<AppointmentFormInput> = {}) =>
  newAppointmentValues('2026-03-03', '10:00', 45, { clientId: 'c1', serviceId: 's1', ...changes });

function messages(values: AppointmentFormInput): Record<string, string> {
  const result = appointmentFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the appointment form', () => {
  it('accepts a filled-in appointment', () => {
    expect(messages(form())).toEqual({});
  });

  it('says what is wrong beside each field', () => {
    expect(messages(form({ clientId: '', serviceId: '' }))).toEqual({ clientId: APPOINTMENT_MESSAGES.client, serviceId: APPOINTMENT_MESSAGES.service });
    expect(messages(form({ durationMinutes: 0 }))).toEqual({ durationMinutes: APPOINTMENT_MESSAGES.duration });
    expect(messages(form({ time: '25:00', date: '2026-02-30' }))).toEqual({ time: APPOINTMENT_MESSAGES.time, date: APPOINTMENT_MESSAGES.date });
    expect(messages(form({ locationType: 'telehealth', meetingLink: 'zoom.us/j/1' }))).toEqual({ meetingLink: APPOINTMENT_MESSAGES.meetingLink });
    expect(messages(form({ repeat: 'weekly', ends: 'count', count: 521 }))).toEqual({ count: APPOINTMENT_MESSAGES.count });
    expect(messages(form({ repeat: 'weekly', ends: 'until', until: '2026-03-02' }))).toEqual({ until: APPOINTMENT_MESSAGES.until });
    expect(messages(form({ repeat: 'custom', weekdays: [] }))).toEqual({ weekdays: APPOINTMENT_MESSAGES.weekdays });
  });

  it('words the repeat choices for the chosen day', () => {
    expect(repeatOptions('2026-03-03').map((option) => option.label)).toEqual([
      'Does not repeat', 'Weekly on Tuesday', 'Every 2 weeks on Tuesday', 'Monthly on the first Tuesday', 'Monthly on day 3', 'Custom…',
    ]);
    expect(repeatOptions('2026-03-31')[3]!.label).toBe('Monthly on the last Tuesday');
  });

  it('writes the RFC 5545 rule each choice stands for', () => {
    const rule = (changes: Partial<AppointmentFormInput>) => recurrenceRule(appointmentFormSchema.parse(form(changes)), 'America/New_York');
    expect(rule({})).toBeNull();
    expect(rule({ repeat: 'weekly' })).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(rule({ repeat: 'biweekly', ends: 'count', count: 10 })).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10');
    expect(rule({ repeat: 'monthly_weekday' })).toBe('FREQ=MONTHLY;BYDAY=1TU');
    expect(rule({ repeat: 'monthly_day', date: '2026-03-31' })).toBe('FREQ=MONTHLY;BYMONTHDAY=31');
    expect(rule({ repeat: 'custom', interval: 3, weekdays: ['TH', 'MO'] })).toBe('FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TH');
    // UNTIL is the last second of that day in the practice's zone, in UTC (RFC 5545 with a zoned DTSTART).
    expect(rule({ repeat: 'weekly', ends: 'until', until: '2026-06-30' })).toBe('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260701T035959Z');
  });
});
