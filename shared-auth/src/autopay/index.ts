// @cadence/shared-auth/autopay (issue 33 "AutoPay"): what the `autopay` function answers, read the same
// way by the portal (the client) and the dashboard (the therapist), and the notice every upcoming
// charge gets. Pure: the remotes call the function through shared-auth's executeFunction.
// formatDate through the package's own name: in a remote that is the shared singleton (the shell's
// copy), not a second copy of the date code bundled with this subpath.
import { formatDate } from '@cadence/shared-auth';
import { formatMoney } from '../money/index.ts';

export interface AutoPayCharge { date: string; amount: number; kind: 'balance' | 'session' }

export interface AutoPaySummary {
  online: boolean;
  enabled: boolean;
  card: string | null;
  cards: Array<{ id: string; label: string }>;
  terms: string;
  termsVersion: string;
  consentBy: 'client' | 'therapist' | null;
  /** The consent the therapist named (the therapist's answer only). */
  consent: string | null;
  enabledAt: string | null;
  allowInsurance: boolean;
  usesInsurance: boolean;
  attentionReason: string | null;
  delayDays: number;
  currency: string;
  upcoming: AutoPayCharge[];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The function's answer as a summary (anything missing reads as off). */
export function autoPaySummaryOf(a: Record<string, unknown>): AutoPaySummary {
  return {
    online: a.online === true,
    enabled: a.enabled === true,
    card: text(a.card),
    cards: Array.isArray(a.cards) ? (a.cards as AutoPaySummary['cards']) : [],
    terms: text(a.terms) ?? '',
    termsVersion: text(a.termsVersion) ?? '',
    consentBy: a.consentBy === 'client' || a.consentBy === 'therapist' ? a.consentBy : null,
    consent: text(a.consent),
    enabledAt: text(a.enabledAt),
    allowInsurance: a.allowInsurance === true,
    usesInsurance: a.usesInsurance === true,
    attentionReason: text(a.attentionReason),
    delayDays: typeof a.delayDays === 'number' ? a.delayDays : 1,
    currency: text(a.currency) ?? 'USD',
    upcoming: Array.isArray(a.upcoming) ? (a.upcoming as AutoPayCharge[]) : [],
  };
}

/** "AutoPay will charge $120.00 to Visa •••• 4242 on Wed, Dec 2, 2026" (issue 33). */
export function autoPayNotice(charge: AutoPayCharge, card: string, currency: string): string {
  return `AutoPay will charge ${formatMoney(charge.amount, currency)} to ${card} on ${formatDate(charge.date)}`;
}
