import { formatDate } from '@cadence/shared-auth';
import { DAY_MS, RELATIVE_TIME_MAX_DAYS } from '../constants.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** spec §9: 'Just now', minutes, hours, days, and a date after 7 days. */
export function relativeTime(timestamp: string, now: Date): string {
  const then = new Date(timestamp);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'hour');
  const days = Math.floor(elapsed / DAY_MS);
  if (days <= RELATIVE_TIME_MAX_DAYS) return plural(days, 'day');
  return formatDate(then);
}
