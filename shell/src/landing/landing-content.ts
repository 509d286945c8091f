import type { IconName } from '@cadence/shared-ui';

// What the landing page says about the product. Price and trial are spec §1/§9's figures; the
// features are what a therapist can use today (README "What a therapist finds"): move one from
// `comingFeatures` to `readyFeatures` when its screens ship, and drop the in-development note
// (spec §1 requires it until then) when nothing is left to come.

/** spec §1, §9: 10 USD per month after a 7-day free trial, cancel any time. */
export const PRICE_USD_PER_MONTH = 10;
export const TRIAL_DAYS = 7;

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

export const readyFeatures: readonly Feature[] = [
  { icon: 'schedule', title: 'Schedule', text: 'Day, week, month and agenda views; recurring sessions; drag or keyboard to reschedule, with Undo.' },
  { icon: 'today', title: 'Today and attendance', text: 'The day’s sessions in order, attendance in one click, late-cancel and no-show fees by your policy.' },
  { icon: 'notes', title: 'Progress notes', text: 'SOAP, DAP, BIRP, GIRP or free text, saved as you type, signed with your password and verifiable.' },
  { icon: 'clients', title: 'Clients', text: 'Every client’s details, diagnoses and history in one searchable list; import yours from a CSV file.' },
  { icon: 'payments', title: 'Payments and refunds', text: 'A ledger per client: charges follow attendance, payments, adjustments and refunds, with aging.' },
  { icon: 'invoices', title: 'Invoices and superbills', text: 'Invoices emailed with their PDF, superbills and statements for any period.' },
  { icon: 'reports', title: 'Reports', text: 'Income, sessions with no-show and late-cancel rates, fees by service, what clients owe.' },
  { icon: 'email', title: 'Reminders and calendar feed', text: 'Appointment reminders for clients who agreed, and your sessions in your own calendar app.' },
  { icon: 'account', title: 'Client portal', text: 'Clients fill in intake forms, sign consents, answer questionnaires and get their documents.' },
  { icon: 'calendar', title: 'Online booking', text: 'Clients book, move or cancel within your hours and rules; new clients from your booking page.' },
  { icon: 'empty', title: 'Secure messages', text: 'Write to clients inside Cadence, with attachments; the email only says there is a message.' },
  { icon: 'payments', title: 'Card payments', text: 'Clients pay by card on your own Stripe account, recorded in their ledger.' },
  { icon: 'desktop', title: 'Telehealth', text: 'Video sessions in the browser with a waiting room, peer to peer and never recorded.' },
];

export const comingFeatures: readonly Feature[] = [
  { icon: 'invoices', title: 'Insurance claims', text: 'Claims sent to payers from your superbills.' },
];

/** spec §1: the landing page states that the product is in development. */
export const IN_DEVELOPMENT_NOTE =
  'Cadence is in development: scheduling, notes, billing, reports, the client portal, online booking, card payments and telehealth work today; insurance claims are on their way.';

/** What Cadence does to keep clients' records private, each point true of the product today. */
export const PRIVACY_POINTS: readonly string[] = [
  'Every record is readable by you alone: the server checks it on each request, not just the screen.',
  'Psychotherapy notes are kept apart and encrypted; uploaded files are encrypted at rest.',
  'A signed note can’t change, and you can check it against its signature at any time.',
  'A security log of every sign-in and change that nobody can edit, which you can verify and download.',
  'Two-step verification, and nothing clinical in emails, reminders, links or your calendar feed.',
  'Export everything you keep, any time.',
];
