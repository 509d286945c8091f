import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: prefix + 24 base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

/** Which stored type an id points at, for `expand`. Longest prefixes first (`cs_test_` before `cs_`). */
const PREFIXES: Array<[string, string]> = [
  ['cs_test_', 'checkout.session'],
  ['cus_', 'customer'],
  ['pm_', 'payment_method'],
  ['sub_', 'subscription'],
  ['seti_', 'setup_intent'],
  ['si_', 'subscription_item'],
  ['in_', 'invoice'],
  ['inpay_', 'invoice_payment'],
  ['pi_', 'payment_intent'],
  ['re_', 'refund'],
  ['du_', 'dispute'],
  ['acct_', 'account'],
  ['ch_', 'charge'],
  ['price_', 'price'],
  ['prod_', 'product'],
  ['clock_', 'test_helpers.test_clock'],
  ['evt_', 'event'],
  ['we_', 'webhook_endpoint'],
  ['bps_', 'billing_portal.session'],
];

export function typeOfId(id: string): string | undefined {
  return PREFIXES.find(([prefix]) => id.startsWith(prefix))?.[1];
}
