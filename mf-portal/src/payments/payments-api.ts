import { executeFunction } from '@cadence/shared-auth';

// Paying a practice by card (issue 33; backend/README.md "Card payments through Stripe Connect"): what is
// owed and whether the practice takes cards online, a hosted Checkout on the practice's own Stripe
// account, and whether a finished payment is recorded yet. All through portal-pay.

export interface OpenInvoice { id: string; number: string; dueDate: string | null; open: number }

export interface PaymentSummary {
  online: boolean;
  balance: number;
  allowPrepayment: boolean;
  currency: string;
  invoices: OpenInvoice[];
  cardTerms: string;
}

export type PayChoice = { what: 'invoice'; invoiceId: string } | { what: 'balance' } | { what: 'amount'; amount: number };

type Answer = { success?: boolean; error?: string | null } & Record<string, unknown>;

export async function paymentSummary(practiceId: string, clientId: string): Promise<PaymentSummary> {
  const a = await executeFunction<Answer>('portalPay', { action: 'summary', practiceId, clientId });
  return {
    online: a.online === true,
    balance: typeof a.balance === 'number' ? a.balance : 0,
    allowPrepayment: a.allowPrepayment === true,
    currency: typeof a.currency === 'string' ? a.currency : 'USD',
    invoices: Array.isArray(a.invoices) ? (a.invoices as OpenInvoice[]) : [],
    cardTerms: typeof a.cardTerms === 'string' ? a.cardTerms : '',
  };
}

/** The hosted Checkout URL; it comes back to /portal?paid=<session>. */
export async function startPayment(practiceId: string, clientId: string, choice: PayChoice, saveCard: boolean): Promise<string> {
  const back = `${window.location.origin}/portal`;
  const a = await executeFunction<Answer>('portalPay', { action: 'checkout', practiceId, clientId, ...choice, saveCard, successUrl: back, cancelUrl: back });
  if (typeof a.url !== 'string') throw new Error('The payment could not be started. Please try again.');
  return a.url;
}

/** "recorded" once the practice's ledger has it; "processing" while Stripe's notice is on its way. */
export async function paymentState(practiceId: string, clientId: string, sessionId: string): Promise<'recorded' | 'processing' | 'unpaid' | null> {
  const a = await executeFunction<Answer>('portalPay', { action: 'status', practiceId, clientId, sessionId }, { acceptRefusal: true });
  return a.state === 'recorded' || a.state === 'processing' || a.state === 'unpaid' ? a.state : null;
}
