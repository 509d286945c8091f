// "Verify log" (issue 17): recomputes the therapist's audit hash chain in the browser with Web Crypto.
// The canonical form and genesis hash are the audit function's (backend/functions/lib/audit-chain.js;
// backend/test/audit-chain.test.ts keeps the two equal).

export const GENESIS_HASH = '0'.repeat(64);

export const CHAINED_FIELDS = ['userId', 'seq', 'at', 'actorId', 'action', 'entityType', 'entityId', 'ip', 'userAgent', 'prevHash'] as const;

export interface ChainEntry {
  $id?: string;
  userId: string;
  seq: number;
  at: string;
  actorId?: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  prevHash: string;
  hash: string;
}

export function canonicalEntry(entry: Partial<Record<(typeof CHAINED_FIELDS)[number], unknown>>): string {
  return JSON.stringify(['cadence-audit-v1', ...CHAINED_FIELDS.map((field) => {
    const value = entry[field];
    if (field === 'seq') return typeof value === 'number' ? value : Number(value ?? 0);
    return typeof value === 'string' ? value : '';
  })]);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type ChainBreakReason = 'hash' | 'link' | 'sequence';

export type ChainVerdict =
  | { ok: true; count: number }
  | { ok: false; count: number; seq: number; at: string; reason: ChainBreakReason };

/**
 * Entries oldest first (seq 1, 2, …). The first break: an entry whose contents no longer match its
 * hash (`hash`), whose prevHash is not the previous entry's hash (`link`), or a missing or repeated
 * number (`sequence`, e.g. an entry removed from the middle).
 */
export async function verifyChain(entries: readonly ChainEntry[], onProgress?: (done: number) => void): Promise<ChainVerdict> {
  let previous = GENESIS_HASH;
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i] as ChainEntry;
    const broken = (reason: ChainBreakReason): ChainVerdict => ({ ok: false, count: entries.length, seq: entry.seq, at: entry.at, reason });
    if (entry.seq !== i + 1) return broken('sequence');
    if (entry.prevHash !== previous) return broken('link');
    if ((await sha256Hex(canonicalEntry(entry))) !== entry.hash) return broken('hash');
    previous = entry.hash;
    if (onProgress && (i + 1) % 200 === 0) onProgress(i + 1);
  }
  return { ok: true, count: entries.length };
}

/** The Verify log message (spec wording for the Security log). */
export function verdictText(verdict: ChainVerdict): string {
  if (verdict.ok) return verdict.count === 0 ? 'There are no entries to verify yet.' : `All ${verdict.count} entries verified.`;
  const why = verdict.reason === 'hash' ? 'its contents do not match its hash'
    : verdict.reason === 'link' ? 'it does not follow the entry before it' : 'an entry before it is missing or repeated';
  return `The log is broken at entry #${verdict.seq} (${verdict.at}): ${why}. Entries from there on cannot be trusted.`;
}
