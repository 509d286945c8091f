import * as z from 'zod';
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from '../practice/services.ts';
import { addDays, instantAt, isPlainDate, minutesOf, weekday, type PlainDate } from './calendar-dates.ts';
import { LOCATION_TYPES } from './appointment.ts';

// The appointment form's rules (issue #14): what the therapist picks, each field's message, and the
// RFC 5545 RRULE a repeat choice stands for. The server (the schedule-series function) checks the
// rule again and expands it with rrule-temporal; nothing here does date arithmetic for a series.

export const MAX_OCCURRENCES = 520;
export const MAX_INTERVAL = 52;

export const REPEATS = ['none', 'weekly', 'biweekly', 'monthly_weekday', 'monthly_day', 'custom'] as const;
export type Repeat = (typeof REPEATS)[number];
export const REPEAT_ENDS = ['never', 'count', 'until'] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];
export const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

export const APPOINTMENT_MESSAGES = {
  client: 'Choose a client.',
  service: 'Choose a service.',
  date: 'Enter the date, such as 2026-03-03.',
  time: 'Enter the start time, such as 10:00.',
  duration: `Enter a length from ${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES} minutes.`,
  endBeforeStart: 'The end must be after the start.',
  meetingLink: 'Enter the meeting link as a web address starting with https://.',
  adminNote: 'The note can be at most 1000 characters.',
  interval: `Enter a number of weeks from 1 to ${MAX_INTERVAL}.`,
  weekdays: 'Choose at least one day of the week.',
  count: `Enter how many appointments, from 1 to ${MAX_OCCURRENCES}.`,
  until: 'The end date must be on or after the first appointment.',
  untilFormat: 'Enter the end date, such as 2026-12-31.',
} as const;

const timeField = z.string().refine((value) => minutesOf(value) !== null, APPOINTMENT_MESSAGES.time);
const dateField = z.string().refine(isPlainDate, APPOINTMENT_MESSAGES.date);

export const appointmentFormSchema = z
  .object({
    clientId: z.string().min(1, APPOINTMENT_MESSAGES.client),
    serviceId: z.string().min(1, APPOINTMENT_MESSAGES.service),
    /** A series' first visit's own service (issue 37), '' when it is the same as the rest. */
    firstServiceId: z.string().default(''),
    date: dateField,
    time: timeField,
    durationMinutes: z.coerce
      .number({ error: APPOINTMENT_MESSAGES.duration })
      .int(APPOINTMENT_MESSAGES.duration)
      .min(MIN_DURATION_MINUTES, APPOINTMENT_MESSAGES.duration)
      .max(MAX_DURATION_MINUTES, APPOINTMENT_MESSAGES.duration),
    locationType: z.enum(LOCATION_TYPES),
    meetingLink: z.string().trim().max(2048, APPOINTMENT_MESSAGES.meetingLink),
    adminNote: z.string().trim().max(1000, APPOINTMENT_MESSAGES.adminNote),
    repeat: z.enum(REPEATS),
    interval: z.coerce.number().int(APPOINTMENT_MESSAGES.interval).min(1, APPOINTMENT_MESSAGES.interval).max(MAX_INTERVAL, APPOINTMENT_MESSAGES.interval),
    weekdays: z.array(z.enum(WEEKDAY_CODES)),
    ends: z.enum(REPEAT_ENDS),
    count: z.coerce.number({ error: APPOINTMENT_MESSAGES.count }).int(APPOINTMENT_MESSAGES.count).min(1, APPOINTMENT_MESSAGES.count).max(MAX_OCCURRENCES, APPOINTMENT_MESSAGES.count),
    until: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.meetingLink !== '' && !/^https:\/\/[^\s/]+\.[^\s]+$/i.test(values.meetingLink)) {
      ctx.addIssue({ code: 'custom', path: ['meetingLink'], message: APPOINTMENT_MESSAGES.meetingLink });
    }
    if (values.repeat === 'custom' && values.weekdays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: APPOINTMENT_MESSAGES.weekdays });
    }
    if (values.repeat !== 'none' && values.ends === 'until') {
      if (!isPlainDate(values.until)) ctx.addIssue({ code: 'custom', path: ['until'], message: APPOINTMENT_MESSAGES.untilFormat });
      else if (isPlainDate(values.date) && values.until < values.date) ctx.addIssue({ code: 'custom', path: ['until'], message: APPOINTMENT_MESSAGES.until });
    }
  });

export type AppointmentFormInput = z.input<typeof appointmentFormSchema>;
export type AppointmentFormValues = z.output<typeof appointmentFormSchema>;

/** A new appointment's form, at a slot the therapist picked. */
export function newAppointmentValues(date: PlainDate, time: string, durationMinutes: number, preset: Partial<AppointmentFormInput> = {}): AppointmentFormInput {
  return {
    clientId: '', serviceId: '', firstServiceId: '', date, time, durationMinutes, locationType: 'office', meetingLink: '', adminNote: '',
    repeat: 'none', interval: 1, weekdays: [WEEKDAY_CODES[weekday(date)]!], ends: 'never', count: 10, until: '',
    ...preset,
  };
}

/** "first Tuesday" for 3 March 2026; the fifth of a weekday is its last ("last Tuesday"). */
export function weekdayOfMonth(date: PlainDate): { ordinal: number; name: string; text: string } {
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  const name = WEEKDAY_NAMES[weekday(date)]!;
  const ordinal = nth >= 5 ? -1 : nth;
  return { ordinal, name, text: `${ordinal === -1 ? 'last' : ORDINALS[ordinal - 1]} ${name}` };
}

/** The repeat menu's choices, worded for the chosen date. */
export function repeatOptions(date: PlainDate): { value: Repeat; label: string }[] {
  const valid = isPlainDate(date);
  const name = valid ? WEEKDAY_NAMES[weekday(date)] : 'this day';
  return [
    { value: 'none', label: 'Does not repeat' },
    { value: 'weekly', label: `Weekly on ${name}` },
    { value: 'biweekly', label: `Every 2 weeks on ${name}` },
    { value: 'monthly_weekday', label: valid ? `Monthly on the ${weekdayOfMonth(date).text}` : 'Monthly on this weekday' },
    { value: 'monthly_day', label: valid ? `Monthly on day ${Number(date.slice(8, 10))}` : 'Monthly on this day' },
    { value: 'custom', label: 'Custom…' },
  ];
}

function untilText(until: PlainDate, timeZone: string): string {
  // RFC 5545: with a zoned DTSTART, UNTIL is a UTC time — here the last second of that day in the zone.
  const end = new Date(instantAt(addDays(until, 1), 0, timeZone).getTime() - 1000);
  return end.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** The RRULE body (no DTSTART) for a repeat choice, or null for a single appointment. */
export function recurrenceRule(values: AppointmentFormValues, timeZone: string): string | null {
  const day = WEEKDAY_CODES[weekday(values.date)]!;
  let parts: string[];
  switch (values.repeat) {
    case 'none':
      return null;
    case 'weekly':
      parts = ['FREQ=WEEKLY', `BYDAY=${day}`];
      break;
    case 'biweekly':
      parts = ['FREQ=WEEKLY', 'INTERVAL=2', `BYDAY=${day}`];
      break;
    case 'monthly_weekday':
      parts = ['FREQ=MONTHLY', `BYDAY=${weekdayOfMonth(values.date).ordinal}${day}`];
      break;
    case 'monthly_day':
      parts = ['FREQ=MONTHLY', `BYMONTHDAY=${Number(values.date.slice(8, 10))}`];
      break;
    case 'custom': {
      const days = WEEKDAY_CODES.filter((code) => values.weekdays.includes(code));
      parts = ['FREQ=WEEKLY', ...(values.interval > 1 ? [`INTERVAL=${values.interval}`] : []), `BYDAY=${days.join(',')}`];
      break;
    }
  }
  if (values.ends === 'count') parts.push(`COUNT=${values.count}`);
  if (values.ends === 'until') parts.push(`UNTIL=${untilText(values.until, timeZone)}`);
  return parts.join(';');
}
