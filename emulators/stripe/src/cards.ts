/** What a test card does when charged (PROTOCOL §4.1). */
export type CardBehavior =
  | 'succeed' | 'charge_fail' | 'decline_generic' | 'decline_insufficient_funds'
  /** 3-D Secure on every payment (4000002760003184): on-session → requires_action; off-session → authentication_required. */
  | 'authenticate_always'
  /** 3-D Secure unless saved for off-session use (4000002500003155): off-session charges on a set-up card succeed. */
  | 'authenticate_unless_setup'
  /** Succeeds, then the cardholder disputes it (4000000000000259 → charge.dispute.created). */
  | 'dispute';

/** Subscription billing has no challenge UI: 3-D Secure and dispute cards pay like 4242 there. */
export const paysWithoutChallenge = (b: CardBehavior): boolean => b === 'succeed' || b === 'authenticate_always' || b === 'authenticate_unless_setup' || b === 'dispute';

export interface TestCard {
  number: string;
  brand: string;
  behavior: CardBehavior;
}

const KNOWN: Record<string, Omit<TestCard, 'number'>> = {
  '4242424242424242': { brand: 'visa', behavior: 'succeed' },
  '4000056655665556': { brand: 'visa', behavior: 'succeed' },
  '5555555555554444': { brand: 'mastercard', behavior: 'succeed' },
  '378282246310005': { brand: 'amex', behavior: 'succeed' },
  '4000000000000341': { brand: 'visa', behavior: 'charge_fail' },
  '4000000000000002': { brand: 'visa', behavior: 'decline_generic' },
  '4000000000009995': { brand: 'visa', behavior: 'decline_insufficient_funds' },
  '4000002500003155': { brand: 'visa', behavior: 'authenticate_unless_setup' },
  '4000002760003184': { brand: 'visa', behavior: 'authenticate_always' },
  '4000000000000259': { brand: 'visa', behavior: 'dispute' },
};

/** `pm_card_*` and `tok_*` shortcuts the API accepts in place of a card number. */
const ALIASES: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  tok_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  tok_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeCustomerFail: '4000000000000341',
  tok_chargeCustomerFail: '4000000000000341',
  pm_card_visa_chargeDeclined: '4000000000000002',
  tok_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  tok_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_threeDSecure2Required: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_createDispute: '4000000000000259',
  tok_createDispute: '4000000000000259',
};

export function aliasCard(alias: string): string | undefined {
  return ALIASES[alias];
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** undefined when the number is not a plausible card (the page says "Your card number is invalid."). */
export function lookupCard(raw: string): TestCard | undefined {
  const number = raw.replace(/[\s-]/g, '');
  const known = KNOWN[number];
  if (known) return { number, ...known };
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) return undefined;
  return { number, brand: brandOf(number), behavior: 'succeed' };
}
