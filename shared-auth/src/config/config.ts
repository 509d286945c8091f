/** RTCIceServer's fields, declared here so the app server's config needs no DOM types. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** Runtime configuration, served by the app server as /config.json (never baked into a build). */
export interface RuntimeConfig {
  /** Appwrite endpoint including /v1, e.g. "/v1" (same origin, proxied) or "https://cloud.appwrite.io/v1". */
  endpoint: string;
  projectId: string;
  databaseId: string;
  collections: {
    users: string;
    customers: string;
    subscriptions: string;
    invoices: string;
    checkoutSessions: string;
    userAgreements: string;
    notifications: string;
  };
  functions: {
    checkout: string;
    billingPortal: string;
    deletePendingUser: string;
    handleSignupConflict: string;
    handleIncompleteVerifiedUsers: string;
    deleteUserSelfservice: string;
    /** spec §4: the two consents of sign-up step 3, recorded by the server for the caller. */
    recordAgreements: string;
    /** issue 14: creates, splits and ends recurring appointment series for the caller. */
    scheduleSeries: string;
    /** issue 37: emails a consenting client that their appointment moved or was cancelled ({appointmentId, change, previousStart?}). */
    notifyClient: string;
    /** issue 14: the therapist's private calendar feed link (POST creates a new one, DELETE revokes it). */
    calendarFeed: string;
    /** issue 15: signs and locks a progress note ({noteId, password, revision?}; backend/functions/sign-note). */
    signNote: string;
    /** issue 15: adds a signed, immutable addendum to a signed note ({noteId, text, password}). */
    addAddendum: string;
    /** issue 17: "Export all my data" — the caller's practice as one ZIP (CSV per kind + FHIR R4 bundle). */
    exportData: string;
    /** issue 17: a finished client import in the audit log, written by the server ({action: 'import', importId, clientIds}). */
    recordImport: string;
    /** issue 16: charges follow attendance (event-triggered; never called by the browser). */
    attendanceCharges: string;
    /** issue 16: payments, adjustments, refunds, other charges and voids ({action, …, idempotencyKey}). */
    ledger: string;
    /** issue 16: client invoices — create, issue, void, email ({action, …}). */
    invoices: string;
    /** issue 16: invoice, superbill and statement PDFs ({document, …} → base64). */
    moneyDocuments: string;
    /** issue 31: the therapist invites a client record to the portal ({clientId}). */
    inviteClient: string;
    /** issue 31: a client's sign-in mail, code and link ({email} or {userId}); callable signed out. */
    portalSignIn: string;
    /** issue 31: the therapist sends a consent to sign ({clientId, templateId}) or lists the templates ({action:'templates'}). */
    sendConsent: string;
    /** issue 31: the client's consent to electronic records ({action:'disclosure'|'accept'|'withdraw', accessId, …}). */
    esignConsent: string;
    /** issue 31: the client signs a consent ({requestId, signerName, method, drawing?, intent:true}). */
    signConsent: string;
    /** issue 31: the client downloads one of their portal documents ({documentId} → base64 PDF). */
    portalDocuments: string;
    /** issue 32: the therapist drafts, delivers and downloads a self-pay client's Good Faith Estimate ({action:'draft'|'deliver'|'pdf', …}). */
    goodFaithEstimates: string;
    /** issue 31: the therapist sends a measure ({clientId, instrument: 'phq-9'|'gad-7'|'phq-2'|'gad-2'}). */
    sendMeasure: string;
    /** issue 31: the client reads ({action:'questionnaire', requestId}) and answers ({requestId, answers}) a measure. */
    submitMeasure: string;
    /** issue 31: the therapist's forms — templates, send a packet, review, ask for a correction ({action, …}). */
    sendForms: string;
    /** issue 31: the client saves a draft of ({action:'save', requestId, answers, revision}) or submits ({action:'submit', …}) a form. */
    fillForm: string;
    /** issue 32: online booking — a client's services, slots, book, mine, undo, reschedule, cancel; the therapist's decide ({action, …}). */
    bookSlot: string;
    /** issue 32: a new client books from the practice's public page ({action:'practice'|'slots'|'start'|'verify'|'confirm', practice, …}); guests may call it. */
    publicBooking: string;
    /** issue 34: the video room of a telehealth appointment — enter, admit, signal, here, leave, end ({action, appointmentId, …}). */
    videoRoom: string;
    /** issue 34: what an emailed room link opens ({token}); guests may call it. */
    videoLink: string;
    /** issue 33: Practice → Payments — the practice's own Stripe account: status, connect (account link), disconnect ({action, …}). */
    stripeConnect: string;
    /** issue 33: a portal client pays by card — summary, checkout (hosted Checkout URL), status ({action, practiceId, clientId, …}). */
    portalPay: string;
    /** issue 33: AutoPay for one client — summary, enable, disable (the client or the therapist), allowInsurance, retry ({action, clientId, practiceId?, …}). */
    autopay: string;
    /** issue 33: card payments in the office — cards, charge, payLink, link (Checkout for a QR code), refund ({action, …}). */
    cardPayments: string;
    /** issue 32: secure messages — status, send, read of a conversation ({action, conversationId, …}). */
    messages: string;
  };
  /**
   * issue 34: STUN/TURN servers for the video room's RTCPeerConnection (ICE_SERVERS, JSON). Empty
   * locally: host candidates only. TURN credentials are minted per call by the video-room function.
   */
  iceServers?: IceServer[];
  stripePublishableKey?: string;
  /** Custom URL scheme of the mobile app, without "://", e.g. "cadence". */
  mobileAppScheme: string;
  supportEmail: string;
}

/**
 * The local stack's configuration: the database, collection and function ids of
 * backend/appwrite.json (a test checks they agree), the same-origin `/v1` proxy, project `cadence`.
 * The app server serves it as /config.json with its environment overrides; tests use it as is.
 */
export function localRuntimeConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  return {
    endpoint: '/v1',
    projectId: 'cadence',
    databaseId: 'main',
    collections: {
      users: 'users',
      customers: 'customers',
      subscriptions: 'subscriptions',
      invoices: 'invoices',
      checkoutSessions: 'checkout_sessions',
      userAgreements: 'user_agreements',
      notifications: 'notifications',
    },
    functions: {
      checkout: 'checkout',
      billingPortal: 'billing-portal',
      deletePendingUser: 'delete-pending-user',
      handleSignupConflict: 'handle-signup-conflict',
      handleIncompleteVerifiedUsers: 'handle-incomplete-verified-users',
      deleteUserSelfservice: 'delete-user-selfservice',
      recordAgreements: 'record-agreements',
      scheduleSeries: 'schedule-series',
      notifyClient: 'notify-client',
      calendarFeed: 'calendar-feed',
      signNote: 'sign-note',
      addAddendum: 'add-addendum',
      exportData: 'export-data',
      recordImport: 'record-import',
      attendanceCharges: 'attendance-charges',
      ledger: 'ledger',
      invoices: 'invoices',
      moneyDocuments: 'money-documents',
      inviteClient: 'invite-client',
      portalSignIn: 'portal-sign-in',
      sendConsent: 'send-consent',
      esignConsent: 'esign-consent',
      signConsent: 'sign-consent',
      portalDocuments: 'portal-documents',
      goodFaithEstimates: 'good-faith-estimates',
      sendMeasure: 'send-measure',
      submitMeasure: 'submit-measure',
      sendForms: 'send-forms',
      fillForm: 'fill-form',
      bookSlot: 'book-slot',
      publicBooking: 'public-booking',
      videoRoom: 'video-room',
      videoLink: 'video-link',
      stripeConnect: 'stripe-connect',
      portalPay: 'portal-pay',
      autopay: 'autopay',
      cardPayments: 'card-payments',
      messages: 'messages',
    },
    stripePublishableKey: 'pk_test_local',
    mobileAppScheme: 'cadence',
    supportEmail: 'support@cadence.example',
    ...overrides,
  };
}

let current: RuntimeConfig | null = null;

/** Fetches /config.json once per page load (no-store: a deploy may change it at any time). */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  if (current) return current;
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`Failed to load ${url}: ${response.status}`);
  current = (await response.json()) as RuntimeConfig;
  return current;
}

/** The loaded configuration; the shell loads it before it renders anything. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config is not loaded yet: call loadConfig() first.');
  return current;
}

/** For tests and standalone remote harnesses. */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}
