import type { ComponentType } from 'react';
import { loadRemote } from './federation.ts';

// The seam: `typeof import('mf_x/Page')` resolves through shell/tsconfig.json "paths" to the
// remote's real source, so the shell type-checks its use of every exposed module while the
// runtime still loads it from whatever version /remotes.json points at.
// A page takes no props: it reads what it needs from the router and shared-auth. A remote that
// changed that contract fails this constraint at the shell's type-check.
type PageModule = { default: ComponentType };

export interface RemotePage<M extends PageModule = PageModule> {
  /** Federation name of the owning remote: keys the error boundary and the Retry. */
  remote: string;
  id: string;
  load: () => Promise<M>;
}

function remotePage<M extends PageModule>(id: string): RemotePage<M> {
  const [remote] = id.split('/');
  return {
    remote: remote ?? id,
    id,
    load: async () => {
      const module = await loadRemote<M>(id);
      if (!module) throw new Error(`${id} did not load`);
      return module;
    },
  };
}

export const remotePages = {
  signup: remotePage<typeof import('mf_auth/SignupPage')>('mf_auth/SignupPage'),
  login: remotePage<typeof import('mf_auth/LoginPage')>('mf_auth/LoginPage'),
  verifyEmail: remotePage<typeof import('mf_auth/VerifyEmailPage')>('mf_auth/VerifyEmailPage'),
  resetPassword: remotePage<typeof import('mf_auth/ResetPasswordPage')>('mf_auth/ResetPasswordPage'),
  account: remotePage<typeof import('mf_account/AccountPage')>('mf_account/AccountPage'),
  accountCleanup: remotePage<typeof import('mf_account/AccountCleanupPage')>('mf_account/AccountCleanupPage'),
  dashboard: remotePage<typeof import('mf_dashboard/DashboardPage')>('mf_dashboard/DashboardPage'),
  paywall: remotePage<typeof import('mf_billing/Paywall')>('mf_billing/Paywall'),
  paymentSuccess: remotePage<typeof import('mf_billing/PaymentSuccessPage')>('mf_billing/PaymentSuccessPage'),
  paymentCancelled: remotePage<typeof import('mf_billing/PaymentCancelledPage')>('mf_billing/PaymentCancelledPage'),
  subscriptionCheck: remotePage<typeof import('mf_billing/SubscriptionCheckPage')>('mf_billing/SubscriptionCheckPage'),
  /** Not a route: the canceled/expired banner above a guarded page (spec §4), see RemoteSlot. */
  accessBanner: remotePage<typeof import('mf_billing/AccessBanner')>('mf_billing/AccessBanner'),
  changelog: remotePage<typeof import('mf_content/ChangelogPage')>('mf_content/ChangelogPage'),
  terms: remotePage<typeof import('mf_content/TermsPage')>('mf_content/TermsPage'),
  privacy: remotePage<typeof import('mf_content/PrivacyPage')>('mf_content/PrivacyPage'),
  faq: remotePage<typeof import('mf_content/FaqPage')>('mf_content/FaqPage'),
  contact: remotePage<typeof import('mf_content/ContactPage')>('mf_content/ContactPage'),
};

export type RemotePageName = keyof typeof remotePages;
