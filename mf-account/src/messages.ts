/** The spec's exact user-facing strings for the account area (spec §2, §4, §5, §8). */
export const MESSAGES = {
  notProvided: 'Not provided',
  unverified: 'Unverified',
  verified: 'Verified',
  resendVerification: 'Resend Verification Email',
  verificationSent: 'Verification email sent! Check your inbox.',
  verificationFailed: (reason: string) => `Failed to send verification email: ${reason}`,
  plan: '$10.00 USD / month',

  invoicesLoading: 'Loading your payment history...',
  noInvoices: 'No invoices yet',
  manageBilling: 'Manage Billing',
  viewAllInvoices: 'View All Past Invoices',
  showLess: 'Show Less',
  trialSuffix: ' (Trial)',
  billingPortalFailed: 'Unable to open billing portal. Please try again.',

  activeSessions: (count: number, max: number) => `Active Sessions (${count}/${max} max)`,
  noSessions: 'No active sessions',
  terminateAllConfirm: 'Are you sure you want to terminate all other sessions? This will log you out from all other devices.',
  terminateFailed: 'Failed to terminate session. Please try again.',
  terminateAllFailed: 'Failed to terminate sessions. Please try again.',

  emailEditAlert: 'Email changes require password confirmation. Use the Change Email section below.',
  emailChanged: 'Email updated. Check your inbox to verify the new address.',
  emailChangeFailed: (reason: string) => `Failed to update email: ${reason}`,
  nameUpdateFailed: (reason: string) => `Failed to update name: ${reason}`,

  noCurrentPassword: 'Please enter your current password',
  noNewPassword: 'Please enter a new password',
  newPasswordTooShort: 'New password must be at least 8 characters',
  newPasswordsMismatch: 'New passwords do not match',
  passwordHint: 'Password must be at least 8 characters',
  passwordUpdated: 'Password updated successfully',
  passwordUpdateFailed: (reason: string) => `Failed to update password: ${reason}`,
  /** The {reason} when Appwrite refuses the current password (its own text speaks of an email). */
  currentPasswordIncorrect: 'Your current password is incorrect.',

  deletePhraseAlert: 'Please type "delete my account" exactly to confirm.',
  deleteFailed: (reason: string) => `Failed to delete account: ${reason}`,
  deleteThankYou: 'Your account has been deleted. Thank you for using Cadence.',

  noNotifications: 'No notifications',
  detailsCopied: 'Details copied',
  copyFailed: 'Could not copy the details',
} as const;
