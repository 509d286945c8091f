import { executeFunction } from '@cadence/shared-auth';

/** What Practice → Payments shows of the practice's own Stripe account (stripe-connect status). */
export interface StripeAccountStatus {
  connected: boolean;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
}

type Answer = { success?: boolean; error?: string | null; url?: unknown; message?: unknown } & Partial<StripeAccountStatus>;

const statusOf = (a: Answer): StripeAccountStatus => ({
  connected: a.connected === true,
  detailsSubmitted: a.detailsSubmitted === true,
  chargesEnabled: a.chargesEnabled === true,
  payoutsEnabled: a.payoutsEnabled === true,
  requirementsDue: Array.isArray(a.requirementsDue) ? a.requirementsDue.map(String) : [],
});

export async function getStripeStatus(): Promise<StripeAccountStatus> {
  return statusOf(await executeFunction<Answer>('stripeConnect', { action: 'status' }));
}

/** Stripe's hosted onboarding for this practice's account (made on first use); it comes back to Practice → Payments. */
export async function startStripeOnboarding(): Promise<string> {
  const back = `${window.location.origin}/dashboard/practice?tab=payments`;
  const answer = await executeFunction<Answer>('stripeConnect', { action: 'connect', returnUrl: `${back}&stripe=return`, refreshUrl: `${back}&stripe=refresh` });
  if (typeof answer.url !== 'string') throw new Error('Stripe could not be reached. Please try again.');
  return answer.url;
}

/** Stops online payments at once; answers what the therapist is told. */
export async function disconnectStripe(): Promise<string> {
  const answer = await executeFunction<Answer>('stripeConnect', { action: 'disconnect' });
  return typeof answer.message === 'string' ? answer.message : 'Online payments are off.';
}

/** Stripe's requirement ids in words ("external_account" → "Bank account for payouts"). */
export function requirementLabel(id: string): string {
  const known: Record<string, string> = {
    external_account: 'Bank account for payouts', business_type: 'Business type', 'business_profile.url': 'Business website',
    'business_profile.mcc': 'Business category', 'tos_acceptance.date': "Acceptance of Stripe's terms", 'tos_acceptance.ip': "Acceptance of Stripe's terms",
    'representative.first_name': 'Your first name', 'representative.last_name': 'Your last name',
  };
  return known[id] ?? id.replace(/[._]/g, ' ');
}
