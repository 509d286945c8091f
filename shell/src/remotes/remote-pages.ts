import type { ComponentType } from 'react';
import { loadRemote } from './load-remote.ts';

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
  /** What the spinner says when loading it keeps the page waiting; none for a part that takes no space. */
  waitLabel?: string;
  load: () => Promise<M>;
}

function remotePage<M extends PageModule>(id: string, waitLabel?: string): RemotePage<M> {
  const [remote] = id.split('/');
  return {
    remote: remote ?? id,
    id,
    ...(waitLabel === undefined ? {} : { waitLabel }),
    load: async () => {
      const module = await loadRemote<M>(id);
      if (!module) throw new Error(`${id} did not load`);
      return module;
    },
  };
}

export const remotePages = {
  signup: remotePage<typeof import('mf_auth/SignupPage')>('mf_auth/SignupPage', 'Loading sign-up…'),
  login: remotePage<typeof import('mf_auth/LoginPage')>('mf_auth/LoginPage', 'Loading login…'),
  verifyEmail: remotePage<typeof import('mf_auth/VerifyEmailPage')>('mf_auth/VerifyEmailPage', 'Loading email verification…'),
  resetPassword: remotePage<typeof import('mf_auth/ResetPasswordPage')>('mf_auth/ResetPasswordPage', 'Loading password reset…'),
  account: remotePage<typeof import('mf_account/AccountPage')>('mf_account/AccountPage', 'Loading your account…'),
  accountCleanup: remotePage<typeof import('mf_account/AccountCleanupPage')>('mf_account/AccountCleanupPage', 'Loading account cleanup…'),
  dashboard: remotePage<typeof import('mf_dashboard/DashboardPage')>('mf_dashboard/DashboardPage', 'Loading your dashboard…'),
  paywall: remotePage<typeof import('mf_billing/Paywall')>('mf_billing/Paywall', 'Loading subscription options…'),
  paymentSuccess: remotePage<typeof import('mf_billing/PaymentSuccessPage')>('mf_billing/PaymentSuccessPage', 'Loading your payment…'),
  paymentCancelled: remotePage<typeof import('mf_billing/PaymentCancelledPage')>('mf_billing/PaymentCancelledPage', 'Loading your payment…'),
  subscriptionCheck: remotePage<typeof import('mf_billing/SubscriptionCheckPage')>('mf_billing/SubscriptionCheckPage', 'Loading your subscription…'),
  /** Not a route: the canceled/expired banner above a guarded page (spec §4), see RemoteSlot. */
  accessBanner: remotePage<typeof import('mf_billing/AccessBanner')>('mf_billing/AccessBanner'),
  changelog: remotePage<typeof import('mf_content/ChangelogPage')>('mf_content/ChangelogPage', 'Loading the changelog…'),
  terms: remotePage<typeof import('mf_content/TermsPage')>('mf_content/TermsPage', 'Loading the terms…'),
  privacy: remotePage<typeof import('mf_content/PrivacyPage')>('mf_content/PrivacyPage', 'Loading the privacy policy…'),
  faq: remotePage<typeof import('mf_content/FaqPage')>('mf_content/FaqPage', 'Loading the FAQ…'),
  contact: remotePage<typeof import('mf_content/ContactPage')>('mf_content/ContactPage', 'Loading the contact page…'),
  portal: remotePage<typeof import('mf_portal/PortalPage')>('mf_portal/PortalPage', 'Loading the client portal…'),
  publicBooking: remotePage<typeof import('mf_portal/PublicBookingPage')>('mf_portal/PublicBookingPage', 'Loading the booking page…'),
};

export type RemotePageName = keyof typeof remotePages;
