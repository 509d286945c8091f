import { executeFunction, FunctionRefusedError, type FunctionAnswer } from '../client/functions.ts';

/** spec §7: answer of the checkout and billing-portal functions. */
interface UrlAnswer extends FunctionAnswer {
  url?: string | null;
}

async function hostedUrl(name: 'checkout' | 'billingPortal', body: Record<string, string>): Promise<string> {
  const answer = await executeFunction<UrlAnswer>(name, body);
  if (typeof answer.url !== 'string' || !answer.url) throw new FunctionRefusedError(answer.error ?? null, 200, answer);
  return answer.url;
}

/** spec §2/§7 checkout {successUrl: /payment-success, cancelUrl: /payment-cancelled} (absolute); resolves to Stripe's page. */
export function createCheckoutSession(origin: string = globalThis.location.origin): Promise<string> {
  return hostedUrl('checkout', {
    successUrl: new URL('/payment-success', origin).toString(),
    cancelUrl: new URL('/payment-cancelled', origin).toString(),
  });
}

/** spec §7 billing-portal {returnUrl}: where Stripe's portal sends the user back; resolves to the portal. */
export function createBillingPortalSession(returnUrl: string = globalThis.location.href): Promise<string> {
  return hostedUrl('billingPortal', { returnUrl });
}
