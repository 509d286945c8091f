import { lookupCard, type TestCard } from '../cards.ts';

export interface ParsedCard {
  card: TestCard;
  exp: { month: number; year: number };
  name: string | null;
}

export type CardFormResult = { ok: true; value: ParsedCard } | { ok: false; message: string };

/** Validates the hosted card fields with Stripe's own wording. */
export function parseCardForm(form: Record<string, unknown>, nowUnix: number): CardFormResult {
  const text = (k: string): string => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
  const number = text('cardnumber');
  if (!number) return { ok: false, message: 'Your card number is incomplete.' };
  const card = lookupCard(number);
  if (!card) return { ok: false, message: 'Your card number is invalid.' };
  const exp = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text('exp'));
  if (!exp) return { ok: false, message: "Your card's expiration date is incomplete." };
  const month = Number(exp[1]);
  const year = exp[2]?.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (month < 1 || month > 12) return { ok: false, message: "Your card's expiration month is invalid." };
  const now = new Date(nowUnix * 1000);
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(text('cvc'))) return { ok: false, message: "Your card's security code is incomplete." };
  return { ok: true, value: { card, exp: { month, year }, name: text('name') || null } };
}
