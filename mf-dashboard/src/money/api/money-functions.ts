import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';
import type { ClientInvoiceDocument, LedgerEntryDocument, PaymentMethod } from '../ledger.ts';

// Every money write goes through a function with the server key (backend/functions/ledger,
// invoices, money-documents): entries are append-only and the browser may only ask.

type MoneyFunction = 'ledger' | 'invoices' | 'moneyDocuments';

/** An attended session a superbill or invoice left out, and why (backend lib/left-out-sessions.js). */
export interface LeftOutSession {
  appointmentId: string;
  /** YYYY-MM-DD in the practice's zone. */
  date: string;
  start: string;
  reason: 'no_charge' | 'no_fee' | 'not_charged';
  why: string;
}

/** The function refused: its own words, the form field they are about when it names one, and the sessions it left out when it says so. */
export class MoneyRefusal extends Error {
  override name = 'MoneyRefusal';
  constructor(
    message: string,
    readonly field: string | null,
    readonly status: number,
    readonly leftOut: readonly LeftOutSession[] = [],
  ) {
    super(message);
  }
}

async function run<T>(name: MoneyFunction, body: Record<string, unknown>): Promise<T> {
  try {
    return await executeFunction<T & { success?: boolean }>(name, body);
  } catch (error) {
    if (error instanceof FunctionRefusedError) {
      const { field, leftOut } = error.answer as { field?: unknown; leftOut?: unknown };
      throw new MoneyRefusal(error.reason ?? 'That was not recorded.', typeof field === 'string' ? field : null, error.status, Array.isArray(leftOut) ? (leftOut as LeftOutSession[]) : []);
    }
    throw error;
  }
}

export interface EntryAnswer {
  entry: LedgerEntryDocument;
  /** What went to charges (payments and adjustments). */
  allocated?: number;
  /** The client's credit after this entry. */
  credit?: number;
}

export interface PaymentInput {
  clientId: string;
  amount: number;
  method: PaymentMethod;
  date: string;
  reference?: string;
  memo?: string;
  invoiceId?: string;
  idempotencyKey: string;
}

export const recordPayment = (input: PaymentInput) => run<EntryAnswer>('ledger', { action: 'payment', ...input });

export interface AdjustmentInput {
  clientId: string;
  amount: number;
  type: 'discount' | 'write_off';
  reason: string;
  date: string;
  memo?: string;
  idempotencyKey: string;
}

export const recordAdjustment = (input: AdjustmentInput) => run<EntryAnswer>('ledger', { action: 'adjustment', ...input });

export interface RefundInput {
  clientId: string;
  amount: number;
  method: PaymentMethod;
  /** The payment it pays back part or all of; without it the refund comes out of the client's credit. */
  paymentId?: string;
  date: string;
  reference?: string;
  memo?: string;
  idempotencyKey: string;
}

export const recordRefund = (input: RefundInput) => run<EntryAnswer>('ledger', { action: 'refund', ...input });

export interface ChargeInput {
  clientId: string;
  amount: number;
  date: string;
  memo: string;
  idempotencyKey: string;
}

export const recordCharge = (input: ChargeInput) => run<EntryAnswer>('ledger', { action: 'charge', ...input });

/** Adds the reversing entry (the function keys it `void:<entryId>`, so an entry is voided once). */
export const voidEntry = (input: { entryId: string; reason: string }) => run<EntryAnswer>('ledger', { action: 'void', ...input });

/** What a repair of the practice's ledger totals found (issue 35): each month it fixed, as it was and as it is. */
export interface TotalsRepair {
  entries: number;
  months: number;
  fixed: { month: string; was: Record<string, number> | null; now: Record<string, number> }[];
}

/** Recomputes the practice's ledger totals from every entry (a practice whose entries predate them). */
export const repairLedgerTotals = () => run<TotalsRepair>('ledger', { action: 'repair' });

interface InvoiceAnswer {
  invoice: ClientInvoiceDocument;
}

/** A new draft invoice, and the period's attended sessions it could not bill. */
export const createInvoice = (input: { clientId: string; from: string; to: string; dueDate?: string }) =>
  run<InvoiceAnswer & { leftOut?: LeftOutSession[] }>('invoices', { action: 'create', ...input }).then((answer) => ({ invoice: answer.invoice, leftOut: answer.leftOut ?? [] }));
export const issueInvoice = (invoiceId: string) => run<InvoiceAnswer>('invoices', { action: 'issue', invoiceId }).then((answer) => answer.invoice);
export const emailInvoice = (invoiceId: string) => run<InvoiceAnswer>('invoices', { action: 'email', invoiceId }).then((answer) => answer.invoice);
export const voidInvoice = (invoiceId: string, reason: string) => run<InvoiceAnswer>('invoices', { action: 'void', invoiceId, reason }).then((answer) => answer.invoice);

export type MoneyDocumentRequest =
  | { document: 'invoice'; invoiceId: string }
  /** `share`: also listed in the client's portal documents, the client mailed that one is there (issue 31). */
  | { document: 'superbill' | 'statement'; clientId: string; from: string; to: string; share?: boolean }
  /** A superbill signed electronically by the provider first: their password, checked by Appwrite (issue 37). */
  | { document: 'superbill'; clientId: string; from: string; to: string; sign: true; password: string; share?: boolean };

export interface MoneyDocument {
  filename: string;
  contentType: string;
  base64: string;
  /** A superbill's attended sessions it does not list. */
  leftOut?: LeftOutSession[];
  /** A signed superbill's document_signatures record. */
  signatureId?: string;
}

/** An invoice, superbill or statement PDF, made by the money-documents function. */
export const moneyDocument = (request: MoneyDocumentRequest) => run<MoneyDocument>('moneyDocuments', { ...request });
