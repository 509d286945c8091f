// The remotes the shell composes and the page-level modules each exposes (ARCHITECTURE.md table).
// Each remote's rspack.config.mjs, the deploy script, the bench and the shell's type seam
// (shell/tsconfig.json "paths", checked by shell/src/remotes/seam.test.ts) read this one list.
export const remotes = {
  mf_auth: {
    dir: 'mf-auth',
    exposes: {
      './SignupPage': './src/signup/signup-page.tsx',
      './LoginPage': './src/login/login-page.tsx',
      './VerifyEmailPage': './src/verify-email/verify-email-page.tsx',
      './ResetPasswordPage': './src/reset-password/reset-password-page.tsx',
    },
  },
  mf_account: {
    dir: 'mf-account',
    exposes: {
      './AccountPage': './src/account/account-page.tsx',
      './AccountCleanupPage': './src/cleanup/account-cleanup-page.tsx',
    },
  },
  mf_dashboard: {
    dir: 'mf-dashboard',
    exposes: {
      './DashboardPage': './src/dashboard/dashboard-page.tsx',
    },
    // Today (/dashboard) is one chunk of its own: what it shares with other sections is not split out
    // for it (they still share those pieces among themselves), so the dashboard's first page is one
    // file, not four (issue 30: ≤ 185 KB gzip first load). Other sections prefetch their own copies.
    wholeChunks: ['screen-today'],
  },
  mf_billing: {
    dir: 'mf-billing',
    exposes: {
      './Paywall': './src/paywall/paywall.tsx',
      './PaymentSuccessPage': './src/payment-success/payment-success-page.tsx',
      './PaymentCancelledPage': './src/payment-cancelled/payment-cancelled-page.tsx',
      './SubscriptionCheckPage': './src/subscription-check/subscription-check-page.tsx',
      // Not a page: the canceled/expired banner the shell's guard puts above a guarded page.
      './AccessBanner': './src/banner/access-banner.tsx',
    },
  },
  mf_content: {
    dir: 'mf-content',
    exposes: {
      './ChangelogPage': './src/changelog/changelog-page.tsx',
      './TermsPage': './src/legal/terms-page.tsx',
      './PrivacyPage': './src/legal/privacy-page.tsx',
      './FaqPage': './src/faq/faq-page.tsx',
      './ContactPage': './src/contact/contact-page.tsx',
    },
  },
  // Issue 31: the client portal, everything under /portal (its own routes, nav, footer and guard).
  mf_portal: {
    dir: 'mf-portal',
    exposes: {
      './PortalPage': './src/portal-page.tsx',
      // Issue 32: the practice's public booking page /book/<slug>, for new clients (no sign-in).
      './PublicBookingPage': './src/public-booking/public-booking-page.tsx',
    },
  },
};

/**
 * Every exposed module as the shell names it (`mf_auth/SignupPage`) with its source file relative to
 * the repository root. The shell's type seam and the bench's monolith are generated from this.
 */
export function exposedModules() {
  return Object.entries(remotes).flatMap(([name, { dir, exposes }]) =>
    Object.entries(exposes).map(([key, file]) => ({ id: `${name}/${key.slice(2)}`, file: `${dir}/${file.slice(2)}` })),
  );
}

/** Federation name of the remote that lives in a folder ("mf-auth" → "mf_auth"). */
export function remoteNameOf(dir) {
  const entry = Object.entries(remotes).find(([, remote]) => remote.dir === dir);
  if (!entry) throw new Error(`Unknown remote "${dir}". Known: ${Object.values(remotes).map((r) => r.dir).join(', ')}`);
  return entry[0];
}
