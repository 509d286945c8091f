import * as z from 'zod';

// Online booking (issue 32): the therapist's working hours in the practice's zone and each service's
// booking rules, as the book-slot function reads them (backend/functions/lib/slots.js; the limits
// are the booking_rules attributes of backend/appwrite.json). One zod schema per document, so the
// form's messages and what is stored agree.

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday',
};

export const AVAILABILITY_MESSAGES = {
  time: 'Enter a time such as 09:00.',
  order: 'The end must be after the start.',
  date: 'Enter a date.',
  dateOrder: 'The last day must be on or after the first.',
  notice: 'Enter the notice in hours, from 0 to 720.',
  horizon: 'Enter how many days ahead, from 1 to 365.',
  buffer: 'Enter a buffer in minutes, from 0 to 240.',
  perDay: 'Enter a daily cap from 1 to 48, or leave it empty for none.',
  perWeek: 'Enter a weekly cap from 1 to 200, or leave it empty for none.',
} as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: AVAILABILITY_MESSAGES.time });
export const windowSchema = z.object({ start: time, end: time }).refine((w) => w.end > w.start, { error: AVAILABILITY_MESSAGES.order, path: ['end'] });
export type Window = z.output<typeof windowSchema>;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: AVAILABILITY_MESSAGES.date });
export const overrideSchema = z
  .object({ from: date, to: date, windows: z.array(windowSchema) })
  .refine((o) => o.to >= o.from, { error: AVAILABILITY_MESSAGES.dateOrder, path: ['to'] });
export type Override = z.output<typeof overrideSchema>;

export const availabilitySchema = z.object({
  weekly: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(windowSchema)])) as Record<Weekday, z.ZodArray<typeof windowSchema>>),
  overrides: z.array(overrideSchema),
});
export type Availability = z.output<typeof availabilitySchema>;

/** A new practice's hours: weekdays 09:00–17:00. */
export const DEFAULT_AVAILABILITY: Availability = {
  weekly: Object.fromEntries(WEEKDAYS.map((day) => [day, day === 'SA' || day === 'SU' ? [] : [{ start: '09:00', end: '17:00' }]])) as Availability['weekly'],
  overrides: [],
};

export const BOOKABLE_BY = ['nobody', 'existing', 'new', 'both'] as const;
export const CONFIRMATION = ['instant', 'approval'] as const;
export const START_GRIDS = ['15', '30', '60', 'hour'] as const;
export const RULE_LABELS = {
  bookableBy: { nobody: 'Nobody (not bookable online)', existing: 'Existing clients', new: 'New clients', both: 'New and existing clients' },
  confirmation: { instant: 'Booked at once', approval: 'Needs my approval' },
  startGrid: { 15: 'Every 15 minutes', 30: 'Every 30 minutes', 60: 'Every 60 minutes', hour: 'On the hour' },
} as const;

/** '' (an empty field) is "no cap"; text from a form is read as a number. */
const whole = (min: number, max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? Number(v.trim() === '' ? Number.NaN : v) : v), z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }));
const cap = (max: number, message: string) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v), z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(max, { error: message }).nullable());

export const bookingRuleSchema = z.object({
  bookableBy: z.enum(BOOKABLE_BY),
  confirmation: z.enum(CONFIRMATION),
  noticeHours: whole(0, 720, AVAILABILITY_MESSAGES.notice),
  horizonDays: whole(1, 365, AVAILABILITY_MESSAGES.horizon),
  bufferBeforeMinutes: whole(0, 240, AVAILABILITY_MESSAGES.buffer),
  bufferAfterMinutes: whole(0, 240, AVAILABILITY_MESSAGES.buffer),
  startGrid: z.enum(START_GRIDS),
  maxPerDay: cap(48, AVAILABILITY_MESSAGES.perDay),
  maxPerWeek: cap(200, AVAILABILITY_MESSAGES.perWeek),
});
export type BookingRule = z.output<typeof bookingRuleSchema>;
export type BookingRuleInput = { [K in keyof BookingRule]: K extends 'bookableBy' | 'confirmation' | 'startGrid' ? BookingRule[K] : string };

/** A service's rules before the therapist sets any: not bookable online, approval, a day's notice. */
export const DEFAULT_RULE: BookingRule = {
  bookableBy: 'nobody', confirmation: 'approval', noticeHours: 24, horizonDays: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, startGrid: '60', maxPerDay: null, maxPerWeek: null,
};

/** The first message per field path ("weekly.MO.0.end"), for showing beside the field. */
/**
 * Checks `value` with `schema`: the problems by field when it fails (shown beside each field), else
 * none and `onValid` with the parsed value. Both Availability forms save through it.
 */
export function submitChecked<T>(schema: z.ZodType<T>, value: unknown, setProblems: (problems: Map<string, string>) => void, onValid: (data: T) => void): void {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    setProblems(problemsOf(checked.error));
    return;
  }
  setProblems(new Map());
  onValid(checked.data);
}

export function problemsOf(error: z.ZodError): Map<string, string> {
  const problems = new Map<string, string>();
  for (const issue of error.issues) {
    const key = issue.path.join('.');
    if (!problems.has(key)) problems.set(key, issue.message);
  }
  return problems;
}
