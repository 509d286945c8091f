// The public API of @cadence/shared-auth: only what other packages import (a new need adds its
// name here). Test seams live in '@cadence/shared-auth/testing', the query cache in '/query'.

// config
export { getConfig, loadConfig, type IceServer, type RuntimeConfig } from './config/config.ts';
export {
  AUTO_SIGN_OUT_MINUTES, AUTO_SIGN_OUT_WARNING_MS, DEFAULT_AUTO_SIGN_OUT_MINUTES, MAX_SESSIONS, MIN_PASSWORD_LENGTH,
  PROFILE_COMPLETE_MIN_MS, SESSION_EXTEND_INTERVAL_MS,
} from './config/constants.ts';

// the backend client: the one Appwrite client, its errors, function calls, ids
export { appwrite } from './client/appwrite-client.ts';
export { attempt, hasErrorType, isAppError, isNetworkError, toAppError } from './client/errors.ts';
export { listDocumentPage, type DocumentPageRequest } from './client/document-pages.ts';
export { deleteFile, downloadFile, uploadFile } from './client/files.ts';
export { base64Blob, saveFile } from './client/save-file.ts';
export { executeFunction, FunctionError, FunctionRefusedError, functionRunFailed, startFunction } from './client/functions.ts';
export { ownerPermissions } from './client/permissions.ts';
export { documentsChannel, subscribeLive, type LiveEvent } from './client/realtime.ts';
export {
  ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, CRISIS_NOTICE, downloadAttachment, fileSize, listConversations, markConversationRead, MESSAGE_MAX, messagingStatus,
  readByOtherSide, sendMessage, subscribeToMessaging, type Conversation, type Message, type MessagingStatus, type SenderRole, type Side,
} from './messages/messages.ts';
export { useConversation, type ConversationLoad } from './messages/use-conversation.ts';
export { useMessageDraft, type MessageDraftTexts } from './messages/use-message-draft.ts';
// the SDK's query builder, for the remotes' list queries (they import no appwrite runtime themselves)
export { Query } from 'appwrite';
export { uniqueId } from './client/unique-id.ts';

// auth: the session, the store, the account
export { sendEmailVerification, sendPasswordResetEmail, updatePassword } from './auth/account.ts';
export { useAuthStore } from './auth/auth-store.ts';
export {
  AUTO_SIGN_OUT_PREF, autoSignOutMinutes, extendCurrentSession, saveAutoSignOutMinutes, type AutoSignOutMinutes,
  type InactivitySignOutState,
} from './auth/auto-sign-out.ts';
export { classifySession, type AuthUser, type SessionValidation } from './auth/profile.ts';
export { getCurrentUser } from './auth/session.ts';
export { deleteOtherSessions, deleteSession, getSessions, type LoginSession } from './auth/sessions.ts';
export { profileStatusText, settingsStatusText } from './auth/status-texts.ts';
export {
  CHALLENGE_REQUIRED, confirmTotpSetup, isSecondFactorRequired, isWrongCode, listTwoStepFactors, MORE_FACTORS_REQUIRED,
  regenerateRecoveryCodes, startTotpSetup, turnOffTwoStep, twoStepEnabled, verifySecondFactor,
  type SecondFactor, type TotpSetup, type TwoStepFactors,
} from './auth/two-step.ts';

// dates: the one date and time style of the dashboard and the account area
export {
  formatDate, formatDateTime, formatMonth, formatTime, formatTimeOfDay, formatWeekdayDay, PRACTICE_LOCALE, type DateFormatOptions,
} from './dates/date-format.ts';

// the practice, as the account page sees it (issue #37)
export { ownedBy } from './practice/owned-by.ts';
export { loadPracticeToday, notesToWriteQueries, startOfDayIn, type PracticeToday } from './practice/practice-today.ts';
export { markedWithoutSignature, signedMarksAgree } from './practice/signed-marks.ts';

// billing
export {
  accessBanner, accessDecision, decideAccess, type AccessBanner, type AccessDecision, type PaymentReason,
} from './billing/access-decision.ts';
export { formatBillingDate, subscriptionNextPayment } from './billing/billing-dates.ts';
export { createBillingPortalSession, createCheckoutSession } from './billing/billing-sessions.ts';
export type { InvoiceDocument, SubscriptionDocument, SubscriptionFields } from './billing/billing-types.ts';
export { getActiveSubscription, getInvoices, getLatestSubscription, getSubscriptions } from './billing/billing.ts';

// notifications
export { notificationDocumentId } from './notifications/notification-id.ts';
export {
  addNotification, dismissNotification, loadNotifications, updateNotification,
  type NotificationDocument, type NotificationFields, type NotificationInput, type NotificationType,
} from './notifications/notifications.ts';

// the mobile app
export { appDeepLink, isMobileDevice } from './mobile/mobile-app.ts';
export { openDeepLink } from './mobile/open-deep-link.ts';
