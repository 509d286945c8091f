import { addDays, type PlainDate } from '../schedule/calendar-dates.ts';

// Calendar months as the money screens count them (Today's money card, the reports, the totals).

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The first day of the month `months` before today's month (a period picker's default). */
export function monthStart(date: PlainDate): PlainDate {
  return `${date.slice(0, 7)}-01`;
}

export function monthEnd(date: PlainDate): PlainDate {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}
