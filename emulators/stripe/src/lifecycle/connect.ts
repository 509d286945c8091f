import { randomBytes } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { newId } from '../ids.ts';
import type { Metadata } from '../objects.ts';
import type { StoredObject } from '../store.ts';

/** What Stripe's hosted onboarding still needs from a new Standard account (PROTOCOL: Connect). */
export const ONBOARDING_REQUIREMENTS = [
  'business_profile.mcc', 'business_profile.url', 'business_type', 'external_account', 'representative.first_name',
  'representative.last_name', 'tos_acceptance.date', 'tos_acceptance.ip',
];

export interface Account extends StoredObject {
  type: 'standard' | 'express' | 'custom';
  email: string | null;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  metadata: Metadata;
  business_profile: { name: string | null; url: string | null; mcc: string | null; [k: string]: unknown };
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null; [k: string]: unknown };
}

/** The account link's single-use page (its token is the URL's last segment); not an API object. */
export interface AccountLinkRecord extends StoredObject {
  account: string;
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
}

function requirements(due: string[]): Account['requirements'] {
  return {
    alternatives: [], current_deadline: null, currently_due: due, disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [], eventually_due: due, past_due: due, pending_verification: [],
  };
}

export function buildAccount(p: { type: Account['type']; email: string | null; country: string; businessName: string | null; metadata: Metadata }, now: number): Account {
  return {
    id: newId('acct', 16), object: 'account',
    business_profile: { annual_revenue: null, estimated_worker_count: null, mcc: null, name: p.businessName, product_description: null, support_address: null, support_email: null, support_phone: null, support_url: null, url: null },
    business_type: null, capabilities: {}, charges_enabled: false,
    controller: { fees: { payer: 'account' }, is_controller: true, losses: { payments: 'stripe' }, requirement_collection: 'stripe', stripe_dashboard: { type: 'full' }, type: 'application' },
    country: p.country, created: now, default_currency: 'usd', details_submitted: false, email: p.email,
    external_accounts: { object: 'list', data: [], has_more: false, url: '/v1/accounts/external_accounts' },
    future_requirements: requirements([]), metadata: p.metadata, payouts_enabled: false, requirements: requirements(ONBOARDING_REQUIREMENTS),
    settings: { dashboard: { display_name: p.businessName, timezone: 'Etc/UTC' }, payments: { statement_descriptor: null } },
    tos_acceptance: { date: null, ip: null, user_agent: null }, type: p.type,
  };
}

/** Account links last five minutes and work once (Stripe: "single-use", `expires_at` = created + 300 s). */
export function createAccountLink(ctx: Ctx, account: Account, refreshUrl: string, returnUrl: string): StoredObject {
  const now = ctx.clock.now();
  const token = randomBytes(12).toString('hex');
  const record: AccountLinkRecord = { id: `acctlink_${token}`, object: 'account_link_record', account: account.id, refresh_url: refreshUrl, return_url: returnUrl, expires_at: now + 300, used: false };
  ctx.store.put(record);
  return { object: 'account_link', created: now, expires_at: record.expires_at, url: `${ctx.config.publicUrl}/setup/s/${account.id}/${token}` } as unknown as StoredObject;
}

/** The onboarding form's "Agree and submit": every requirement met, charges and payouts on, `account.updated`. */
export function completeOnboarding(ctx: Ctx, account: Account, form: { businessName: string; url: string | null }): Account {
  const now = ctx.clock.now();
  const previous = {
    charges_enabled: account.charges_enabled, details_submitted: account.details_submitted, payouts_enabled: account.payouts_enabled,
    requirements: account.requirements, capabilities: account.capabilities,
  };
  const next: Account = ctx.store.put({
    ...account, details_submitted: true, charges_enabled: true, payouts_enabled: true, business_type: 'individual',
    business_profile: { ...account.business_profile, name: form.businessName, url: form.url, mcc: '8099' },
    capabilities: { card_payments: 'active', transfers: 'active' }, requirements: requirements([]),
    settings: { dashboard: { display_name: form.businessName, timezone: 'Etc/UTC' }, payments: { statement_descriptor: form.businessName.slice(0, 22).toUpperCase() } },
    tos_acceptance: { date: now, ip: '127.0.0.1', user_agent: null },
  });
  ctx.emit('account.updated', next, { previous });
  return next;
}
