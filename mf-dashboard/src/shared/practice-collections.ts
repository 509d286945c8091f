import { getConfig } from '@cadence/shared-auth';
import type { Models } from 'appwrite';

// The practice's collections (issues #13–#16), ids as in backend/appwrite.json. Browser-written, so a
// document counts only when ownedBy says so (owned-by.ts).
export const PRACTICE_COLLECTIONS = {
  practiceSettings: 'practice_settings',
  services: 'services',
  clients: 'clients',
  appointments: 'appointments',
  appointmentSeries: 'appointment_series',
  /** Written only by the calendar-feed function; the therapist reads their own. */
  calendarFeeds: 'calendar_feeds',
  progressNotes: 'progress_notes',
  /** Written only by the add-addendum function; the therapist reads their own. */
  noteAddenda: 'note_addenda',
  /** Written only by the sign-note function (one per signed note, id = the note's): what makes a note signed. */
  noteSignatures: 'note_signatures',
  privateNotes: 'private_notes',
  /** Money (issue #16): written only by the ledger, invoices and attendance-charges functions; read by their owner. */
  ledgerEntries: 'ledger_entries',
  clientBalances: 'client_balances',
  /** Issue 35: the practice's totals by month and kind, kept by the same functions. */
  ledgerTotals: 'ledger_totals',
  clientInvoices: 'client_invoices',
  /** Issue 33: disputes of card payments, written only by stripe-connect-webhook; read by their practice. */
  cardDisputes: 'card_disputes',
  /** Issue 31: a client record's portal link, written only by invite-client; the therapist reads it. */
  portalAccess: 'portal_access',
  /** Issue 31: consents sent to a portal client and their e-records decisions, written only by send-consent, esign-consent and sign-consent. */
  consentRequests: 'consent_requests',
  esignConsents: 'esign_consents',
  /** Issue 31: measures sent (send-measure, or its schedule), answered (submit-measure) and scheduled; written only by those functions. */
  measureRequests: 'measure_requests',
  measureResponses: 'measure_responses',
  measureSchedules: 'measure_schedules',
  /** Issue 31: forms sent to a portal client (send-forms) and the client's submitted answers (fill-form); read by their practice. */
  /** Issue 31: the therapist's own copies of the forms (the form editor), browser-written like the practice's. */
  forms: 'forms',
  formRequests: 'form_requests',
  formResponses: 'form_responses',
} as const;

export type PracticeCollection = keyof typeof PRACTICE_COLLECTIONS;

export function practiceCollection(name: PracticeCollection): { databaseId: string; collectionId: string } {
  return { databaseId: getConfig().databaseId, collectionId: PRACTICE_COLLECTIONS[name] };
}

/** A stored document of one of these collections: its fields and the therapist it belongs to. */
export type OwnedDocument<T> = Models.Document & T & { userId: string };
