import type { IconName } from '@cadence/shared-ui';

// What the landing page says about the product. Price and trial are spec §1/§9's figures; the
// features follow the practice as it lands (ARCHITECTURE.md "The practice"): move one from
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
  {
    icon: 'settings',
    title: 'Practice settings',
    text: 'Your practice name, credentials, address, time zone, cancellation window and note template, set once.',
  },
  {
    icon: 'payments',
    title: 'Services and fees',
    text: 'The services you offer with their length and fee, ready for every session you book.',
  },
  {
    icon: 'clients',
    title: 'Clients',
    text: 'Every client’s contact details, status and tags in one searchable list, kept private to you.',
  },
  {
    icon: 'add',
    title: 'Client import',
    text: 'Bring the client list you already keep in a spreadsheet: upload a CSV file, check the preview, done.',
  },
];

export const comingFeatures: readonly Feature[] = [
  { icon: 'schedule', title: 'Schedule', text: 'Book sessions and see your week at a glance.' },
  { icon: 'notes', title: 'Session notes', text: 'Progress notes from your template, beside each session.' },
  { icon: 'invoices', title: 'Billing and invoices', text: 'Track what each client paid and send invoices.' },
];

/** spec §1: the landing page states that the product is in development. */
export const IN_DEVELOPMENT_NOTE =
  'Cadence is in development: practice settings, services and clients are ready today; scheduling, session notes, payments tracking and invoices are on their way.';
