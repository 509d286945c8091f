/** spec §4 "Profile status text", first match wins. */
export function profileStatusText(labels: readonly string[]): string {
  if (labels.includes('subscriptionCanceled')) return 'Subscription Canceled';
  if (labels.includes('paymentFailed')) return 'Payment Failed';
  if (labels.includes('trialActive')) return 'Free Trial';
  if (labels.includes('subscribed')) return 'Active Subscription';
  if (labels.includes('subscriptionExpired')) return 'Subscription Expired';
  return 'No active subscription';
}

const SETTINGS_STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial Active',
  past_due: 'Past Due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
};

/** spec §4 "Settings status text", from the subscription's status. */
export function settingsStatusText(status: string | null | undefined): string {
  return (status && Object.hasOwn(SETTINGS_STATUS_TEXT, status) ? SETTINGS_STATUS_TEXT[status] : undefined) ?? 'No Active Subscription';
}
