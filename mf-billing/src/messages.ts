/** The spec's exact user-facing strings for the billing screens (spec §2, §4, §8). */
export const MESSAGES = {
  checkoutFailed: 'Failed to create checkout session',
  paymentInitFailed: 'Failed to initiate payment. Please try again.',
  portalFailed: 'Failed to open billing portal',
  portalFailedRetry: 'Failed to open billing portal. Please try again.',
  notYetActive: 'Subscription payment processed, but not yet active. This usually takes a few moments.',
  activationSlow: 'Subscription is taking longer than expected to activate. Please contact support if this continues.',
  statusCheckError: 'Error verifying subscription status. Please contact support.',
  plan: '$10.00 USD / month',
  paymentProcessing: 'Payment Processing',
  /** After a $0 trial checkout: when the first charge happens (the subscription's trial end). */
  trialStarted: (firstCharge: string) => `Your free trial has started. Your first payment of $10.00 is on ${firstCharge}.`,
  /** /payment-success signed out: not "not yet active", but log in to see it. */
  signedOut: "You're signed out. Log in to see your subscription.",
  loginPurpose: 'Log in to see your subscription.',
} as const;
