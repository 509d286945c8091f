// The database and collection ids the functions write, read here only: each a function variable
// (backend/README.md), defaulting to backend/appwrite.json's ids (test/collections.test.ts).

/**
 * @typedef {object} Collections
 * @property {string} databaseId
 * @property {string} users
 * @property {string} notifications
 * @property {string} userAgreements
 * @property {string} customers
 * @property {string} subscriptions
 * @property {string} invoices
 * @property {string} checkoutSessions
 * @property {string} webhookEvents
 * @property {string} practiceSettings
 * @property {string} clients
 * @property {string} appointments
 * @property {string} appointmentReminders
 * @property {string} calendarFeeds
 * @property {string} services
 * @property {string} appointmentSeries
 * @property {string} progressNotes
 * @property {string} noteAddenda
 * @property {string} noteSignatures
 * @property {string} documentSignatures
 * @property {string} privateNotes
 * @property {string} auditLog
 * @property {string} ledgerEntries
 * @property {string} cardDisputes
 * @property {string} clientBalances
 * @property {string} ledgerTotals
 * @property {string} clientInvoices
 * @property {string} dataExports
 * @property {string} portalAccess
 * @property {string} consentRequests
 * @property {string} esignConsents
 * @property {string} consentSignatures
 * @property {string} portalDocuments
 * @property {string} goodFaithEstimates
 * @property {string} measureRequests
 * @property {string} measureResponses
 * @property {string} forms
 * @property {string} formPackets
 * @property {string} formRequests
 * @property {string} formResponses
 * @property {string} measureSchedules
 * @property {string} availability
 * @property {string} bookingRules
 * @property {string} bookingRequests
 * @property {string} slotClaims
 * @property {string} videoRooms
 * @property {string} videoSignals
 * @property {string} videoLinks
 * @property {string} publicBookings
 * @property {string} conversations
 * @property {string} messages
 * @property {string} messageEmails
 * @property {string} autopayEnrollments
 * @property {string} autopayCharges
 */

/**
 * @param {Record<string, string | undefined>} env the function's variables (process.env)
 * @returns {Collections}
 */
export function collectionsFromEnv(env) {
  return {
    databaseId: env.APPWRITE_DATABASE_ID || 'main',
    users: env.USERS_COLLECTION_ID || 'users',
    notifications: env.NOTIFICATIONS_COLLECTION_ID || 'notifications',
    userAgreements: env.USER_AGREEMENTS_COLLECTION_ID || 'user_agreements',
    customers: env.CUSTOMERS_COLLECTION_ID || 'customers',
    subscriptions: env.SUBSCRIPTIONS_COLLECTION_ID || 'subscriptions',
    invoices: env.INVOICES_COLLECTION_ID || 'invoices',
    checkoutSessions: env.CHECKOUT_SESSIONS_COLLECTION_ID || 'checkout_sessions',
    webhookEvents: env.WEBHOOK_EVENTS_COLLECTION_ID || 'webhook_events',
    practiceSettings: env.PRACTICE_SETTINGS_COLLECTION_ID || 'practice_settings',
    clients: env.CLIENTS_COLLECTION_ID || 'clients',
    appointments: env.APPOINTMENTS_COLLECTION_ID || 'appointments',
    appointmentReminders: env.APPOINTMENT_REMINDERS_COLLECTION_ID || 'appointment_reminders',
    calendarFeeds: env.CALENDAR_FEEDS_COLLECTION_ID || 'calendar_feeds',
    services: env.SERVICES_COLLECTION_ID || 'services',
    appointmentSeries: env.APPOINTMENT_SERIES_COLLECTION_ID || 'appointment_series',
    progressNotes: env.PROGRESS_NOTES_COLLECTION_ID || 'progress_notes',
    noteAddenda: env.NOTE_ADDENDA_COLLECTION_ID || 'note_addenda',
    noteSignatures: env.NOTE_SIGNATURES_COLLECTION_ID || 'note_signatures',
    documentSignatures: env.DOCUMENT_SIGNATURES_COLLECTION_ID || 'document_signatures',
    privateNotes: env.PRIVATE_NOTES_COLLECTION_ID || 'private_notes',
    auditLog: env.AUDIT_LOG_COLLECTION_ID || 'audit_log',
    ledgerEntries: env.LEDGER_ENTRIES_COLLECTION_ID || 'ledger_entries',
    cardDisputes: env.CARD_DISPUTES_COLLECTION_ID || 'card_disputes',
    clientBalances: env.CLIENT_BALANCES_COLLECTION_ID || 'client_balances',
    ledgerTotals: env.LEDGER_TOTALS_COLLECTION_ID || 'ledger_totals',
    clientInvoices: env.CLIENT_INVOICES_COLLECTION_ID || 'client_invoices',
    dataExports: env.DATA_EXPORTS_COLLECTION_ID || 'data_exports',
    portalAccess: env.PORTAL_ACCESS_COLLECTION_ID || 'portal_access',
    consentRequests: env.CONSENT_REQUESTS_COLLECTION_ID || 'consent_requests',
    esignConsents: env.ESIGN_CONSENTS_COLLECTION_ID || 'esign_consents',
    consentSignatures: env.CONSENT_SIGNATURES_COLLECTION_ID || 'consent_signatures',
    portalDocuments: env.PORTAL_DOCUMENTS_COLLECTION_ID || 'portal_documents',
    goodFaithEstimates: env.GOOD_FAITH_ESTIMATES_COLLECTION_ID || 'good_faith_estimates',
    measureRequests: env.MEASURE_REQUESTS_COLLECTION_ID || 'measure_requests',
    measureResponses: env.MEASURE_RESPONSES_COLLECTION_ID || 'measure_responses',
    forms: env.FORMS_COLLECTION_ID || 'forms',
    formPackets: env.FORM_PACKETS_COLLECTION_ID || 'form_packets',
    formRequests: env.FORM_REQUESTS_COLLECTION_ID || 'form_requests',
    formResponses: env.FORM_RESPONSES_COLLECTION_ID || 'form_responses',
    measureSchedules: env.MEASURE_SCHEDULES_COLLECTION_ID || 'measure_schedules',
    availability: env.AVAILABILITY_COLLECTION_ID || 'availability',
    bookingRules: env.BOOKING_RULES_COLLECTION_ID || 'booking_rules',
    bookingRequests: env.BOOKING_REQUESTS_COLLECTION_ID || 'booking_requests',
    slotClaims: env.SLOT_CLAIMS_COLLECTION_ID || 'slot_claims',
    videoRooms: env.VIDEO_ROOMS_COLLECTION_ID || 'video_rooms',
    videoSignals: env.VIDEO_SIGNALS_COLLECTION_ID || 'video_signals',
    videoLinks: env.VIDEO_LINKS_COLLECTION_ID || 'video_links',
    publicBookings: env.PUBLIC_BOOKINGS_COLLECTION_ID || 'public_bookings',
    conversations: env.CONVERSATIONS_COLLECTION_ID || 'conversations',
    messages: env.MESSAGES_COLLECTION_ID || 'messages',
    messageEmails: env.MESSAGE_EMAILS_COLLECTION_ID || 'message_emails',
    autopayEnrollments: env.AUTOPAY_ENROLLMENTS_COLLECTION_ID || 'autopay_enrollments',
    autopayCharges: env.AUTOPAY_CHARGES_COLLECTION_ID || 'autopay_charges',
  };
}
