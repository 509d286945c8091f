// Bench-only stand-in for shell/src/remotes/federation.ts in the monolith build: the shell's
// loadRemote('mf_x/Page') becomes a plain dynamic import of the remote's source file (aliased in
// ../rspack.config.mjs), so each page is still its own lazily loaded chunk, as route splitting
// would give a single app. The import() calls must be literal for Rspack to split them.
const pages: Record<string, () => Promise<unknown>> = {
  'mf_auth/SignupPage': () => import('mf_auth/SignupPage'),
  'mf_auth/LoginPage': () => import('mf_auth/LoginPage'),
  'mf_auth/VerifyEmailPage': () => import('mf_auth/VerifyEmailPage'),
  'mf_auth/ResetPasswordPage': () => import('mf_auth/ResetPasswordPage'),
  'mf_account/AccountPage': () => import('mf_account/AccountPage'),
  'mf_account/AccountCleanupPage': () => import('mf_account/AccountCleanupPage'),
  'mf_dashboard/DashboardPage': () => import('mf_dashboard/DashboardPage'),
  'mf_billing/Paywall': () => import('mf_billing/Paywall'),
  'mf_billing/PaymentSuccessPage': () => import('mf_billing/PaymentSuccessPage'),
  'mf_billing/PaymentCancelledPage': () => import('mf_billing/PaymentCancelledPage'),
  'mf_billing/SubscriptionCheckPage': () => import('mf_billing/SubscriptionCheckPage'),
  'mf_billing/AccessBanner': () => import('mf_billing/AccessBanner'),
  'mf_content/ChangelogPage': () => import('mf_content/ChangelogPage'),
  'mf_content/TermsPage': () => import('mf_content/TermsPage'),
  'mf_content/PrivacyPage': () => import('mf_content/PrivacyPage'),
  'mf_content/FaqPage': () => import('mf_content/FaqPage'),
  'mf_content/ContactPage': () => import('mf_content/ContactPage'),
};

export const pageIds = Object.keys(pages);

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = pages[id];
  if (!load) throw new Error(`monolith: no page ${id}`);
  return (await load()) as T;
}
