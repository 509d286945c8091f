// The ledger's entry kinds, apart from ledger.ts: the totals Today's money card reads need only these.
export const ENTRY_KINDS = ['charge', 'payment', 'adjustment', 'refund'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
