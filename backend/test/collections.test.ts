// The ids the functions fall back to are backend/appwrite.json's: a collection renamed there and not
// in lib/collections.js would make every function write to a collection that does not exist.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectionsFromEnv } from '../functions/lib/collections.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const project = JSON.parse(fs.readFileSync(path.join(backendDir, 'appwrite.json'), 'utf8')) as {
  databases: Array<{ $id: string }>;
  collections: Array<{ $id: string; databaseId: string }>;
};

describe('collectionsFromEnv', () => {
  it("defaults to backend/appwrite.json's database and every one of its collections the functions use", () => {
    const { databaseId, ...collections } = collectionsFromEnv({});
    expect(project.databases.map((d) => d.$id)).toEqual([databaseId]);
    expect(Object.values(collections).sort()).toEqual(project.collections.map((c) => c.$id).sort());
    for (const collection of project.collections) expect(collection.databaseId).toBe(databaseId);
  });

  it('takes each id from its function variable when set', () => {
    const env = {
      APPWRITE_DATABASE_ID: 'db', USERS_COLLECTION_ID: 'u', NOTIFICATIONS_COLLECTION_ID: 'n', USER_AGREEMENTS_COLLECTION_ID: 'a',
      CUSTOMERS_COLLECTION_ID: 'c', SUBSCRIPTIONS_COLLECTION_ID: 's', INVOICES_COLLECTION_ID: 'i',
      CHECKOUT_SESSIONS_COLLECTION_ID: 'cs', WEBHOOK_EVENTS_COLLECTION_ID: 'w', PRACTICE_SETTINGS_COLLECTION_ID: 'ps',
      CLIENTS_COLLECTION_ID: 'cl', APPOINTMENTS_COLLECTION_ID: 'ap', APPOINTMENT_REMINDERS_COLLECTION_ID: 'ar', CALENDAR_FEEDS_COLLECTION_ID: 'cf',
      SERVICES_COLLECTION_ID: 'sv', APPOINTMENT_SERIES_COLLECTION_ID: 'as',
      PROGRESS_NOTES_COLLECTION_ID: 'pn', NOTE_ADDENDA_COLLECTION_ID: 'na', NOTE_SIGNATURES_COLLECTION_ID: 'ns', DOCUMENT_SIGNATURES_COLLECTION_ID: 'ds', PRIVATE_NOTES_COLLECTION_ID: 'pv',
      AUDIT_LOG_COLLECTION_ID: 'al', LEDGER_ENTRIES_COLLECTION_ID: 'le', CARD_DISPUTES_COLLECTION_ID: 'cd', CLIENT_BALANCES_COLLECTION_ID: 'cb', LEDGER_TOTALS_COLLECTION_ID: 'lt', CLIENT_INVOICES_COLLECTION_ID: 'ci',
      DATA_EXPORTS_COLLECTION_ID: 'de', PORTAL_ACCESS_COLLECTION_ID: 'pa',
      CONSENT_REQUESTS_COLLECTION_ID: 'cr', ESIGN_CONSENTS_COLLECTION_ID: 'ec', CONSENT_SIGNATURES_COLLECTION_ID: 'csg', PORTAL_DOCUMENTS_COLLECTION_ID: 'pd', GOOD_FAITH_ESTIMATES_COLLECTION_ID: 'gfe',
      MEASURE_REQUESTS_COLLECTION_ID: 'mrq', MEASURE_RESPONSES_COLLECTION_ID: 'mrs', MEASURE_SCHEDULES_COLLECTION_ID: 'msc',
      FORMS_COLLECTION_ID: 'fo', FORM_PACKETS_COLLECTION_ID: 'fp', FORM_REQUESTS_COLLECTION_ID: 'frq', FORM_RESPONSES_COLLECTION_ID: 'frs',
      AVAILABILITY_COLLECTION_ID: 'av', BOOKING_RULES_COLLECTION_ID: 'br', BOOKING_REQUESTS_COLLECTION_ID: 'bq', SLOT_CLAIMS_COLLECTION_ID: 'sc', VIDEO_ROOMS_COLLECTION_ID: 'vr', VIDEO_SIGNALS_COLLECTION_ID: 'vs', VIDEO_LINKS_COLLECTION_ID: 'vl', PUBLIC_BOOKINGS_COLLECTION_ID: 'pb',
      CONVERSATIONS_COLLECTION_ID: 'cv', MESSAGES_COLLECTION_ID: 'msg', MESSAGE_EMAILS_COLLECTION_ID: 'me',
      AUTOPAY_ENROLLMENTS_COLLECTION_ID: 'ape', AUTOPAY_CHARGES_COLLECTION_ID: 'apc',
    };
    expect(collectionsFromEnv(env)).toEqual({
      databaseId: 'db', users: 'u', notifications: 'n', userAgreements: 'a', customers: 'c', subscriptions: 's', invoices: 'i',
      checkoutSessions: 'cs', webhookEvents: 'w', practiceSettings: 'ps', clients: 'cl', appointments: 'ap', appointmentReminders: 'ar', calendarFeeds: 'cf',
      services: 'sv', appointmentSeries: 'as', progressNotes: 'pn', noteAddenda: 'na', noteSignatures: 'ns', documentSignatures: 'ds', privateNotes: 'pv', auditLog: 'al',
      ledgerEntries: 'le', cardDisputes: 'cd', clientBalances: 'cb', ledgerTotals: 'lt', clientInvoices: 'ci', dataExports: 'de', portalAccess: 'pa',
      consentRequests: 'cr', esignConsents: 'ec', consentSignatures: 'csg', portalDocuments: 'pd', goodFaithEstimates: 'gfe', measureRequests: 'mrq', measureResponses: 'mrs', measureSchedules: 'msc',
      forms: 'fo', formPackets: 'fp', formRequests: 'frq', formResponses: 'frs',
      availability: 'av', bookingRules: 'br', bookingRequests: 'bq', slotClaims: 'sc', videoRooms: 'vr', videoSignals: 'vs', videoLinks: 'vl', publicBookings: 'pb',
      conversations: 'cv', messages: 'msg', messageEmails: 'me', autopayEnrollments: 'ape', autopayCharges: 'apc',
    });
  });
});
