import type { RuntimeConfig } from '@cadence/shared-auth';

/** A complete runtime config for tests (the shell loads the real one from /config.json). */
export const TEST_CONFIG: RuntimeConfig = {
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
  },
  mobileAppScheme: 'cadence',
  supportEmail: 'help@cadence.test',
};
