// Good Faith Estimates (No Surprises Act, issue 32; ../shared/reference/client-portal.md §4.1): when
// one is due, in business days with the practice's own holidays, and what it must say. Pure: the
// good-faith-estimates function drafts and delivers with it, the dashboard shows due dates and
// Today's reminder with the same code (dates are calendar days `YYYY-MM-DD`, never instants).

/**
 * @typedef {'weekly' | 'biweekly' | 'monthly'} Frequency
 * @typedef {{ from: string, to: string, windows?: unknown[] }} DateOverride an availability override (lib/slots.js); no windows is a day off
 * @typedef {{ basis: 'scheduled', scheduledOn: string, visitOn: string } | { basis: 'requested', requestedOn: string }} DueQuery
 * @typedef {{ dueOn: string | null, rule: 'scheduled-1' | 'scheduled-3' | 'requested-3' | 'none', businessDaysAway: number | null }} Due
 *
 * @typedef {object} EstimateInput
 * @property {Record<string, unknown>} client firstName, lastName, dateOfBirth
 * @property {Record<string, unknown> | null} practice practice_settings (name, therapist, NPI, TIN, address)
 * @property {Record<string, unknown>} service name, serviceCode
 * @property {number} fee expected charge per session, minor units
 * @property {string} currency
 * @property {Frequency} frequency
 * @property {number} months 1–12
 * @property {string} startOn the first (scheduled) session's date
 * @property {string} issuedOn
 * @property {readonly string[]} [diagnosisCodes] optional until assessed
 */

export const FREQUENCIES = /** @type {const} */ (['weekly', 'biweekly', 'monthly']);
export const FREQUENCY_LABELS = /** @type {Record<Frequency, string>} */ ({ weekly: 'Weekly', biweekly: 'Every 2 weeks', monthly: 'Monthly' });
export const MAX_MONTHS = 12;

/**
 * How often a client's coming sessions are booked, read from their start dates (the median gap
 * between consecutive ones: about 7 days weekly, 14 every 2 weeks, 28–31 monthly), or null when
 * fewer than three are booked or the gaps fit none. A guess the therapist is shown, never applied.
 * @param {string[]} starts ISO instants
 * @returns {Frequency | null}
 */
export function expectedFrequency(starts) {
  const times = starts.map((s) => Date.parse(s)).filter(Number.isFinite).sort((a, b) => a - b);
  if (times.length < 3) return null;
  const gaps = times.slice(1).map((t, i) => (t - (times[i] ?? t)) / 86_400_000).sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)] ?? 0;
  if (median >= 6 && median <= 8) return 'weekly';
  if (median >= 13 && median <= 15) return 'biweekly';
  if (median >= 27 && median <= 32) return 'monthly';
  return null;
}
/** Billed charges this far over the estimate may be disputed (CMS model notice): All Transactions warns. */
export const DISPUTE_THRESHOLD_MINOR = 40_000;

/**
 * The three disclaimers 45 CFR 149.610(c) requires (§4.1 items 7–9), in the wording of the HHS model
 * Good Faith Estimate (CMS-10791), which counts as good-faith compliance.
 */
export const GFE_DISCLAIMERS = /** @type {const} */ ({
  otherServices: 'This Good Faith Estimate shows the costs of items and services that are reasonably expected for your health care needs for an item or service. The estimate is based on information known at the time the estimate was created. It does not include any other items or services that may be recommended or needed, which would be scheduled or requested separately and would need an estimate of their own.',
  estimateOnly: 'The Good Faith Estimate is only an estimate: it does not include any unknown or unexpected costs that may arise during treatment, and actual items, services or charges may differ from it. You could be charged more if complications or special circumstances occur. This Good Faith Estimate is not a contract and does not require you to obtain the items or services from any of the providers or facilities identified in it.',
  dispute: 'If you are billed for at least $400 more than this Good Faith Estimate, you have the right to dispute the bill. You may contact the health care provider or facility listed to let them know the billed charges are higher than the Good Faith Estimate, ask them to update the bill to match it, ask to negotiate the bill, or ask if there is financial assistance available. You may also start a dispute resolution process (Patient-Provider Dispute Resolution) with the U.S. Department of Health and Human Services (HHS); you must start it within 120 calendar days (about 4 months) of the date on the original bill. To learn more and get a form to start the process, go to www.cms.gov/nosurprises or call 1-800-985-3059. Starting a dispute will not affect the quality of the care you receive. Keep a copy of this Good Faith Estimate in a safe place or take pictures of it: you may need it if you are billed a higher amount.',
});

/**
 * The standard notice of the right to a Good Faith Estimate: Appendix 1 of CMS-10791 ("Right to
 * Receive a Good Faith Estimate of Expected Charges", the revision under OMB 0938-1433), word for
 * word — HHS counts the model notice as good-faith compliance, so it is not reworded. Its due-date
 * sentences are the ones `gfeDue` computes (1 business day when scheduled 3+ business days
 * ahead, 3 when 10+, 3 after a request). Shown where clients schedule: the public booking page
 * `/book/<practice>` and the portal's booking.
 */
export const GFE_NOTICE = /** @type {const} */ ({
  title: 'Right to Receive a Good Faith Estimate of Expected Charges',
  heading: 'You have the right to receive a “Good Faith Estimate” explaining how much your health care will cost',
  paragraphs: [
    'Under the law, health care providers need to give patients who don’t have certain types of health care coverage or who are not using certain types of health care coverage an estimate of their bill for health care items and services before those items or services are provided.',
    'You have the right to receive a Good Faith Estimate for the total expected cost of any health care items or services upon request or when scheduling such items or services. This includes related costs like medical tests, prescription drugs, equipment, and hospital fees.',
    'If you schedule a health care item or service at least 3 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 1 business day after scheduling. If you schedule a health care item or service at least 10 business days in advance, make sure your health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after scheduling. You can also ask any health care provider or facility for a Good Faith Estimate before you schedule an item or service. If you do, make sure the health care provider or facility gives you a Good Faith Estimate in writing within 3 business days after you ask.',
    'If you receive a bill that is at least $400 more for any provider or facility than your Good Faith Estimate from that provider or facility, you can dispute the bill.',
    'Make sure to save a copy or picture of your Good Faith Estimate and the bill.',
    'For questions or more information about your right to a Good Faith Estimate, visit www.cms.gov/nosurprises/consumers, email FederalPPDRQuestions@cms.hhs.gov, or call 1-800-985-3059.',
  ],
});

/** The question asked on the client record and at booking; "No" makes the client self-pay. */
export const SELF_PAY_QUESTION = 'Will you use insurance for these sessions?';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** @param {unknown} value */
export function isDate(value) {
  const m = DATE.exec(String(value ?? ''));
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** @param {string} date */
const epochDay = (date) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
/** @param {number} day */
const dateOfDay = (day) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** @param {string} date @param {number} days */
export const addDays = (date, days) => dateOfDay(epochDay(date) + days);

/** Monday–Friday and not one of the practice's holidays. @param {string} date @param {ReadonlySet<string>} holidays */
export function isBusinessDay(date, holidays) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/**
 * The `n`th business day after `date` (n ≥ 1): "within n business days" ends on it.
 * @param {string} date
 * @param {number} n
 * @param {ReadonlySet<string>} holidays
 */
export function addBusinessDays(date, n, holidays) {
  let day = date;
  // A year of holidays cannot hide more than 366 days; the bound keeps a bad set from looping.
  for (let counted = 0, steps = 0; counted < n && steps < 366 * (n + 1); steps += 1) {
    day = addDays(day, 1);
    if (isBusinessDay(day, holidays)) counted += 1;
  }
  return day;
}

/**
 * Business days in (from, to]: how far the visit is from the day it was scheduled.
 * @param {string} from
 * @param {string} to
 * @param {ReadonlySet<string>} holidays
 */
export function businessDaysBetween(from, to, holidays) {
  let count = 0;
  for (let day = epochDay(from) + 1, end = epochDay(to); day <= end; day += 1) if (isBusinessDay(dateOfDay(day), holidays)) count += 1;
  return count;
}

/**
 * The practice's holidays: the days off among its availability overrides (an override with no
 * working windows), each range expanded to its dates.
 * @param {readonly DateOverride[]} overrides
 * @returns {Set<string>}
 */
export function holidaysOf(overrides) {
  /** @type {Set<string>} */
  const days = new Set();
  for (const o of overrides) {
    if (!isDate(o.from) || !isDate(o.to) || (Array.isArray(o.windows) && o.windows.length > 0)) continue;
    for (let d = epochDay(o.from), end = Math.min(epochDay(o.to), epochDay(o.from) + 366); d <= end; d += 1) days.add(dateOfDay(d));
  }
  return days;
}

/**
 * When the estimate is due (CMS-10791 instructions): 1 business day after scheduling when the visit
 * is 3+ business days away, 3 business days after when it is 10+ away, 3 business days after a
 * request. A visit scheduled fewer than 3 business days ahead needs none at scheduling (`none`).
 * @param {DueQuery} query
 * @param {ReadonlySet<string>} holidays
 * @returns {Due}
 */
export function gfeDue(query, holidays) {
  if (query.basis === 'requested') return { dueOn: addBusinessDays(query.requestedOn, 3, holidays), rule: 'requested-3', businessDaysAway: null };
  const away = businessDaysBetween(query.scheduledOn, query.visitOn, holidays);
  if (away >= 10) return { dueOn: addBusinessDays(query.scheduledOn, 3, holidays), rule: 'scheduled-3', businessDaysAway: away };
  if (away >= 3) return { dueOn: addBusinessDays(query.scheduledOn, 1, holidays), rule: 'scheduled-1', businessDaysAway: away };
  return { dueOn: null, rule: 'none', businessDaysAway: away };
}

/**
 * The session dates the estimate expects: from `startOn`, at the frequency, before `months` later
 * (a monthly session on the 31st falls on the month's last day).
 * @param {string} startOn
 * @param {Frequency} frequency
 * @param {number} months
 */
export function sessionDates(startOn, frequency, months) {
  const [y, m, d] = startOn.split('-').map(Number);
  const endDay = epochDay(monthsLater(/** @type {number} */ (y), /** @type {number} */ (m), /** @type {number} */ (d), months));
  /** @type {string[]} */
  const dates = [];
  if (frequency === 'monthly') {
    for (let k = 0; k < months; k += 1) dates.push(monthsLater(/** @type {number} */ (y), /** @type {number} */ (m), /** @type {number} */ (d), k));
    return dates;
  }
  const step = frequency === 'weekly' ? 7 : 14;
  for (let day = epochDay(startOn); day < endDay; day += step) dates.push(dateOfDay(day));
  return dates;
}

/** @param {number} y @param {number} m 1–12 @param {number} d @param {number} k */
function monthsLater(y, m, d, k) {
  const first = new Date(Date.UTC(y, m - 1 + k, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOfDay(Math.round(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last)) / DAY_MS));
}

/** @param {unknown} v */
const text = (v) => (typeof v === 'string' ? v.trim() : '');

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Everything the estimate says (45 CFR 149.610(c)), as stored with each version and drawn into its
 * PDF: the client, the primary service and its scheduled date, the itemised sessions by month with
 * the service code and expected charge, the provider (name, NPI, TIN, location) and the disclaimers.
 * @param {EstimateInput} input
 */
export function gfeContents(input) {
  const p = input.practice ?? {};
  const dates = sessionDates(input.startOn, input.frequency, input.months);
  const code = text(input.service['serviceCode']);
  const description = text(input.service['name']) || 'Psychotherapy session';
  /** @type {Map<string, number>} */
  const byMonth = new Map();
  for (const date of dates) byMonth.set(date.slice(0, 7), (byMonth.get(date.slice(0, 7)) ?? 0) + 1);
  const lines = [...byMonth].map(([month, quantity]) => ({
    period: `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`,
    description, code, quantity, unitCharge: input.fee, total: quantity * input.fee,
  }));
  const cityLine = [text(p['city']), [text(p['state']), text(p['postalCode'])].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    issuedOn: input.issuedOn,
    client: { name: [text(input.client['firstName']), text(input.client['lastName'])].filter(Boolean).join(' '), dateOfBirth: text(input.client['dateOfBirth']) },
    service: { description, code, scheduledOn: input.startOn, frequency: input.frequency, months: input.months, sessions: dates.length, until: coversUntil(input.startOn, input.months) },
    diagnosisCodes: [...(input.diagnosisCodes ?? [])].filter((c) => typeof c === 'string' && c.trim()),
    lines,
    currency: input.currency || 'USD',
    total: lines.reduce((sum, l) => sum + l.total, 0),
    provider: {
      practiceName: text(p['practiceName']),
      name: [text(p['therapistName']), text(p['credentials'])].filter(Boolean).join(', '),
      npi: text(p['npi']), tin: text(p['taxId']),
      location: [text(p['addressLine1']), text(p['addressLine2']), cityLine].filter(Boolean),
      state: text(p['state']),
    },
    separatelyScheduled: 'None expected. Any other service, such as an assessment or testing, is scheduled separately and gets its own estimate.',
    disclaimers: [GFE_DISCLAIMERS.otherServices, GFE_DISCLAIMERS.estimateOnly, GFE_DISCLAIMERS.dispute],
  };
}

/** The last day an estimate from `startOn` for `months` covers. @param {string} startOn @param {number} months */
export const coversUntil = (startOn, months) => addDays(monthsLaterOf(startOn, months), -1);

/** @param {string} date @param {number} months */
function monthsLaterOf(date, months) {
  const [y, m, d] = date.split('-').map(Number);
  return monthsLater(/** @type {number} */ (y), /** @type {number} */ (m), /** @type {number} */ (d), months);
}

/** @typedef {ReturnType<typeof gfeContents>} GfeContents */

/**
 * What the provider still has to fill in before the estimate can go out (the rule's provider
 * elements), in the practice's words.
 * @param {GfeContents} contents
 */
export function missingElements(contents) {
  /** @type {string[]} */
  const missing = [];
  if (!contents.client.dateOfBirth) missing.push('the client’s date of birth');
  if (!contents.provider.name) missing.push('the provider’s name');
  if (!contents.provider.npi) missing.push('the NPI');
  if (!contents.provider.tin) missing.push('the tax ID (TIN)');
  if (!contents.provider.location.length) missing.push('the practice’s address');
  if (!contents.service.code) missing.push('the service code');
  return missing;
}

/**
 * How far a self-pay client's billed charges are over their delivered estimate, when it is by the
 * dispute threshold or more (else null).
 * @param {number} billed charges billed in the estimate's period, minor units
 * @param {number} estimated the estimate's total
 */
export const overEstimate = (billed, estimated) => (billed - estimated >= DISPUTE_THRESHOLD_MINOR ? billed - estimated : null);
