import { executeFunction, FunctionRefusedError, listDocumentPage, Query } from '@cadence/shared-auth';
import { ownedBy } from '../../shared/owned-by.ts';
import { practiceCollection, type OwnedDocument } from '../../shared/practice-collections.ts';

// Card payments in the office and refunds to the card (issue 33): every call goes to the
// card-payments function, which holds the platform's Stripe key and acts on the practice's own
// connected account; nothing about the card but its brand and last four reaches the browser.

/** A saved card of the client's, as the function lists it. */
export interface SavedCard {
  id: string;
  /** "Visa •••• 4242" */
  label: string;
  /** "04/2030" */
  expires: string | null;
}

/** The function refused: its words, and whether the client's bank asks the client to authenticate. */
export class CardRefusal extends Error {
  override name = 'CardRefusal';
  constructor(
    message: string,
    readonly field: string | null,
    readonly needsAuthentication: boolean,
  ) {
    super(message);
  }
}

interface Answer {
  success?: boolean;
  error?: string | null;
  field?: unknown;
  needsAuthentication?: unknown;
  online?: unknown;
  cards?: unknown;
  url?: unknown;
  sent?: unknown;
}

async function call(body: Record<string, unknown>): Promise<Answer> {
  try {
    return await executeFunction<Answer>('cardPayments', body);
  } catch (error) {
    if (error instanceof FunctionRefusedError) {
      const answer = error.answer as Answer;
      throw new CardRefusal(error.reason ?? 'That did not go through.', typeof answer.field === 'string' ? answer.field : null, answer.needsAuthentication === true);
    }
    throw error;
  }
}

/** Whether the practice takes cards, and the client's saved cards. */
export async function savedCards(clientId: string): Promise<{ online: boolean; cards: SavedCard[] }> {
  const answer = await call({ action: 'cards', clientId });
  const cards = Array.isArray(answer.cards) ? (answer.cards as SavedCard[]) : [];
  return { online: answer.online === true, cards };
}

/** Charges a saved card off-session; the ledger has the payment when this resolves. */
export async function chargeCard(input: { clientId: string; paymentMethodId: string; amount: number; idempotencyKey: string }): Promise<void> {
  await call({ action: 'charge', ...input });
}

/** Mails the client's portal login a sign-in link to pay (the practice's name only). */
export async function sendPayLink(clientId: string): Promise<boolean> {
  return (await call({ action: 'payLink', clientId })).sent === true;
}

/** A hosted Checkout link for `amount`, mailed to the client when `email`. */
export async function checkoutLink(input: { clientId: string; amount: number; email: boolean }): Promise<{ url: string; sent: boolean }> {
  const answer = await call({ action: 'link', ...input });
  if (typeof answer.url !== 'string') throw new CardRefusal('Stripe could not be reached. Please try again.', null, false);
  return { url: answer.url, sent: answer.sent === true };
}

/** Refunds part or all of a card payment to the card; the ledger has the refund when this resolves. */
export async function refundToCard(input: { entryId: string; amount: number; idempotencyKey: string }): Promise<void> {
  await call({ action: 'refund', ...input });
}

export interface CardDispute {
  paymentEntryId: string;
  disputeId: string;
  /** Stripe's: needs_response, under_review, won, lost, … */
  status: string;
}

/** The client's card disputes, by the payment they are about (the newest per payment). */
export async function listCardDisputes(userId: string, clientId: string): Promise<Map<string, CardDispute>> {
  const found = await listDocumentPage<OwnedDocument<CardDispute & { clientId: string; updatedAt: string }>>({
    ...practiceCollection('cardDisputes'),
    queries: [Query.equal('userId', userId), Query.equal('clientId', clientId), Query.orderAsc('updatedAt'), Query.limit(100)],
    total: false,
  });
  return new Map(found.documents.filter((d) => ownedBy(d, userId)).map((d) => [d.paymentEntryId, { paymentEntryId: d.paymentEntryId, disputeId: d.disputeId, status: d.status }]));
}

/** What a payment's dispute chip says. */
export function disputeLabel(status: string): string {
  if (status === 'won') return 'Dispute won';
  if (status === 'lost') return 'Dispute lost';
  return 'Disputed';
}
